# Runs thriftgen on golden.thrift into OUT_DIR and compares the result with
# the checked-in expected files.  Invoked by the thriftgen_golden test.
file(REMOVE_RECURSE ${OUT_DIR})
file(MAKE_DIRECTORY ${OUT_DIR})
execute_process(
  COMMAND ${THRIFTGEN} --namespace parq::golden --include-prefix golden/ --out-dir ${OUT_DIR}
          --name golden_types --json ${IDL}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "thriftgen failed on ${IDL} (exit ${rc})")
endif()
foreach(file golden_types.h golden_types.cc golden_types_json.h golden_types_json.cc)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT_DIR}/${file}
            ${EXPECTED_DIR}/${file}.expected
    RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "${file} differs from ${file}.expected.\n"
                        "If the generator change is intended, review and copy\n"
                        "  ${OUT_DIR}/${file}\nover the expected file.")
  endif()
endforeach()
