# The layers of src/ and the DAG between them, in one place.
#
# PARQ_LAYER_DAG lists every layer, bottom to top, with the layers it uses
# directly ("name:used,used").  A layer may use those and, through them,
# every layer they reach; nothing else.  Two layers neither of which reaches
# the other are siblings (compression and encoding; json and file) and never
# include each other.  parq_layer() links each layer to the layers it uses
# directly; cmake/CheckLayering.cmake (ctest -R layering) checks every
# #include of src/ against the same table.
set(PARQ_LAYER_DAG
  "util:"
  "io:util"
  "thrift:io"
  "format:thrift"
  "schema:format"
  "compression:schema"
  "encoding:schema"
  "stats:compression,encoding"
  "index:stats"
  "page:index"
  "column:page"
  "variant:util"
  "record:column"
  "json:record,variant"
  "file:record"
)

# PARQ_LAYERS: the names, bottom to top; PARQ_LAYER_USES_<name>: the layers
# <name> uses directly.
set(PARQ_LAYERS "")
foreach(entry ${PARQ_LAYER_DAG})
  if(NOT entry MATCHES "^([a-z_]+):([a-z_,]*)$")
    message(FATAL_ERROR "PARQ_LAYER_DAG: bad entry '${entry}' (want name:used,used)")
  endif()
  set(name ${CMAKE_MATCH_1})
  string(REPLACE "," ";" uses "${CMAKE_MATCH_2}")
  foreach(u ${uses})
    if(NOT u IN_LIST PARQ_LAYERS)
      message(FATAL_ERROR "PARQ_LAYER_DAG: ${name} uses ${u}, which is not listed before it")
    endif()
  endforeach()
  list(APPEND PARQ_LAYERS ${name})
  set(PARQ_LAYER_USES_${name} ${uses})
endforeach()

# Sets `out` to every layer that `name` reaches (not itself).
function(parq_layer_reach name out)
  set(reach "")
  set(todo ${PARQ_LAYER_USES_${name}})
  while(todo)
    list(POP_FRONT todo l)
    if(NOT l IN_LIST reach)
      list(APPEND reach ${l})
      list(APPEND todo ${PARQ_LAYER_USES_${l}})
    endif()
  endwhile()
  set(${out} ${reach} PARENT_SCOPE)
endfunction()

# parq_layer(NAME [PRIVATE_DEPS libs...] [EXTRA_SOURCES files...])
# Builds src/NAME/*.cc into the static library parq_NAME, linked to the
# layers NAME uses in PARQ_LAYER_DAG (built before it).  A layer with no
# sources yet becomes an INTERFACE library so the chain stays intact.
function(parq_layer name)
  cmake_parse_arguments(L "" "" "PRIVATE_DEPS;EXTRA_SOURCES" ${ARGN})
  if(L_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "parq_layer(${name}): unexpected ${L_UNPARSED_ARGUMENTS} (the layers it uses come from PARQ_LAYER_DAG)")
  endif()
  if(NOT name IN_LIST PARQ_LAYERS)
    message(FATAL_ERROR "parq_layer(${name}): not a layer of PARQ_LAYER_DAG (cmake/Layers.cmake)")
  endif()
  set(deps "")
  foreach(u ${PARQ_LAYER_USES_${name}})
    if(NOT TARGET parq_${u})
      message(FATAL_ERROR "parq_layer(${name}): build the layer ${u} it uses first")
    endif()
    list(APPEND deps parq_${u})
  endforeach()
  file(GLOB srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cc)
  list(APPEND srcs ${L_EXTRA_SOURCES})
  set(target parq_${name})
  if(srcs)
    add_library(${target} STATIC ${srcs})
    target_include_directories(${target} PUBLIC
      ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
    target_link_libraries(${target} PUBLIC ${deps} Threads::Threads)
    if(L_PRIVATE_DEPS)
      target_link_libraries(${target} PRIVATE ${L_PRIVATE_DEPS})
    endif()
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE
      ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
    target_link_libraries(${target} INTERFACE ${deps} ${L_PRIVATE_DEPS})
  endif()
endfunction()
