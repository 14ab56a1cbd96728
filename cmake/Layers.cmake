# parq_layer(NAME [DEPS lower layers...] [PRIVATE_DEPS libs...])
# Builds src/NAME/*.cc into the static library parq_NAME.  A layer with no
# sources yet becomes an INTERFACE library so the chain stays intact.
function(parq_layer name)
  cmake_parse_arguments(L "" "" "DEPS;PRIVATE_DEPS;EXTRA_SOURCES" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cc)
  list(APPEND srcs ${L_EXTRA_SOURCES})
  set(target parq_${name})
  if(srcs)
    add_library(${target} STATIC ${srcs})
    target_include_directories(${target} PUBLIC
      ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
    target_link_libraries(${target} PUBLIC ${L_DEPS} Threads::Threads)
    if(L_PRIVATE_DEPS)
      target_link_libraries(${target} PRIVATE ${L_PRIVATE_DEPS})
    endif()
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE
      ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
    target_link_libraries(${target} INTERFACE ${L_DEPS} ${L_PRIVATE_DEPS})
  endif()
endfunction()
