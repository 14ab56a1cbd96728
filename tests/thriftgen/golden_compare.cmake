# Runs thriftgen on golden.thrift into OUT_DIR and compares the result with
# the checked-in expected files.  Invoked by the thriftgen_golden test.
file(REMOVE_RECURSE ${OUT_DIR})
file(MAKE_DIRECTORY ${OUT_DIR})
execute_process(
  COMMAND ${THRIFTGEN} --namespace parq::golden --include-prefix golden/ --out-dir ${OUT_DIR}
          --name golden_types ${IDL}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "thriftgen failed on ${IDL} (exit ${rc})")
endif()
foreach(ext h cc)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT_DIR}/golden_types.${ext}
            ${EXPECTED_DIR}/golden_types.${ext}.expected
    RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "golden_types.${ext} differs from golden_types.${ext}.expected.\n"
                        "If the generator change is intended, review and copy\n"
                        "  ${OUT_DIR}/golden_types.${ext}\nover the expected file.")
  endif()
endforeach()
