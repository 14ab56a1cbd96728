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
  "crypto:util"
  "format:thrift,crypto"
  "schema:format"
  "compression:schema"
  "encoding:schema"
  "stats:compression,encoding"
  "index:stats"
  "page:index"
  "column:page"
  "variant:util"
  "record:column,variant"
  "json:record,variant"
  "file:record"
  "arrow:file"
  "dataset:file,arrow"
  "inspect:file,json"
  "capi:arrow,json,inspect,dataset"
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

# cmake/CheckLayering.cmake (ctest -R layering, script mode) needs only the
# DAG above; what follows defines targets and checks compiler flags.
if(CMAKE_SCRIPT_MODE_FILE)
  return()
endif()

# The libraries the layers make.
#
# parq_layer(NAME [PRIVATE_DEPS libs...] [EXTRA_SOURCES files...])
#   Compiles src/NAME/*.cc into the object library parq_NAME_objects and
#   archives those objects as parq_NAME, the per-layer static library that
#   tests, benchmarks and tools link (a test of a low layer links only the
#   layers below it).  With PARQ_BUILD_SHARED the same sources are compiled a
#   second time, position-independent, into parq_NAME_pic_objects for
#   libparq.so (see PARQ_PIC_OPTIONS for why the static code is not PIC).  A
#   layer with no sources yet is an INTERFACE library so the chain stays
#   intact.  The layers NAME links are those it uses in PARQ_LAYER_DAG, which
#   must be built before it; every layer of the DAG must be built (checked by
#   parq_add_library).
#
# parq_add_library()
#   After the last layer: the libraries consumers see, each from every
#   layer's objects:
#     parq_static  libparq.a           exported as parq::parq_static
#     parq_shared  libparq.so.<major>  exported as parq::parq (PARQ_BUILD_SHARED;
#                                      without it parq::parq is libparq.a)
#   Their include directory is include/ only (plus the build's configured
#   parq/version.h); src/ and the generated format structs stay private.
#   And the in-tree target `parq` that tests, benchmarks and tools link: every
#   layer's static library, with src/ and build/generated on the include path.

# Directories private to the build: the layers' own headers and the
# generated Thrift structs.
set(PARQ_PRIVATE_INCLUDE_DIRS ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
# Public headers: include/ and the configured parq/version.h.
set(PARQ_PUBLIC_INCLUDE_DIRS ${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/include)

# The objects of libparq.so.  The static library keeps the compiler's default
# code (position-independent executable code on Debian): PIC objects, even
# with these options, measured 1.3 % slower on the wide-footer decode
# (parq-bench meta, 1.385 ms against 1.367) because the Thrift arena's
# thread_local pointer costs an extra load per allocation in initial-exec
# form, where an executable reaches it in one instruction.
#   -fno-semantic-interposition: without it PIC lets the compiler assume any
#     exported function may be replaced at load time, so it would not inline
#     or clone one within its own file; parq's are never replaced.
#   -ftls-model=initial-exec: otherwise every access to that thread_local
#     calls __tls_get_addr; one pointer of static TLS, which glibc's reserve
#     covers even when libparq.so is dlopen()ed.
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-fno-semantic-interposition PARQ_HAVE_NO_SEMANTIC_INTERPOSITION)
set(PARQ_PIC_OPTIONS -ftls-model=initial-exec)
if(PARQ_HAVE_NO_SEMANTIC_INTERPOSITION)
  list(APPEND PARQ_PIC_OPTIONS -fno-semantic-interposition)
endif()

# What a layer's object libraries and its archive share: the public and
# private include directories, C++20, the layers below (`deps`: their
# object libraries for an object library, so that a subproject build never
# makes the archives) and `private_deps`.  Outside a top-level build each is
# made only when a linked target needs it.
function(parq_layer_target target deps private_deps)
  target_include_directories(${target} PUBLIC ${PARQ_PUBLIC_INCLUDE_DIRS} ${PARQ_PRIVATE_INCLUDE_DIRS})
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_link_libraries(${target} PUBLIC ${deps} Threads::Threads)
  if(private_deps)
    target_link_libraries(${target} PRIVATE ${private_deps})
  endif()
  if(NOT PROJECT_IS_TOP_LEVEL)
    set_target_properties(${target} PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
endfunction()

function(parq_layer name)
  cmake_parse_arguments(L "" "" "PRIVATE_DEPS;EXTRA_SOURCES" ${ARGN})
  if(L_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "parq_layer(${name}): unexpected ${L_UNPARSED_ARGUMENTS} (the layers it uses come from PARQ_LAYER_DAG)")
  endif()
  if(NOT name IN_LIST PARQ_LAYERS)
    message(FATAL_ERROR "parq_layer(${name}): not a layer of PARQ_LAYER_DAG (cmake/Layers.cmake)")
  endif()
  set(L_DEPS)
  foreach(u ${PARQ_LAYER_USES_${name}})
    if(NOT TARGET parq_${u})
      message(FATAL_ERROR "parq_layer(${name}): build the layer ${u} it uses first")
    endif()
    list(APPEND L_DEPS parq_${u})
  endforeach()
  file(GLOB srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cc)
  list(APPEND srcs ${L_EXTRA_SOURCES})
  set(target parq_${name})
  set(object_deps)
  set(pic_object_deps)
  foreach(dep ${L_DEPS})
    list(APPEND object_deps ${dep}_objects)
    list(APPEND pic_object_deps ${dep}_pic_objects)
  endforeach()
  if(srcs)
    add_library(${target}_objects OBJECT ${srcs})
    parq_layer_target(${target}_objects "${object_deps}" "${L_PRIVATE_DEPS}")
    set_property(GLOBAL APPEND PROPERTY PARQ_LAYER_OBJECTS ${target}_objects)
    if(PARQ_BUILD_SHARED)
      add_library(${target}_pic_objects OBJECT ${srcs})
      parq_layer_target(${target}_pic_objects "${pic_object_deps}" "${L_PRIVATE_DEPS}")
      set_target_properties(${target}_pic_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
      target_compile_options(${target}_pic_objects PRIVATE ${PARQ_PIC_OPTIONS})
      set_property(GLOBAL APPEND PROPERTY PARQ_LAYER_PIC_OBJECTS ${target}_pic_objects)
    endif()

    add_library(${target} STATIC $<TARGET_OBJECTS:${target}_objects>)
    parq_layer_target(${target} "${L_DEPS}" "${L_PRIVATE_DEPS}")
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${PARQ_PUBLIC_INCLUDE_DIRS} ${PARQ_PRIVATE_INCLUDE_DIRS})
    target_link_libraries(${target} INTERFACE ${L_DEPS} ${L_PRIVATE_DEPS})
    add_library(${target}_objects INTERFACE)
    target_link_libraries(${target}_objects INTERFACE ${object_deps} ${L_PRIVATE_DEPS})
    if(PARQ_BUILD_SHARED)
      add_library(${target}_pic_objects INTERFACE)
      target_link_libraries(${target}_pic_objects INTERFACE ${pic_object_deps} ${L_PRIVATE_DEPS})
    endif()
  endif()
  set_property(GLOBAL APPEND PROPERTY PARQ_BUILT_LAYERS ${name})
  set_property(GLOBAL APPEND PROPERTY PARQ_LAYER_LINK_DEPS ${L_PRIVATE_DEPS})
endfunction()

# A library consumers link (libparq.a or libparq.so) from the object
# libraries `object_targets`.
function(parq_public_library target type object_targets)
  set(objects)
  foreach(t ${object_targets})
    list(APPEND objects $<TARGET_OBJECTS:${t}>)
  endforeach()
  add_library(${target} ${type} ${objects})
  target_include_directories(${target} PUBLIC
    "$<BUILD_INTERFACE:${PARQ_PUBLIC_INCLUDE_DIRS}>"
    "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  target_compile_features(${target} PUBLIC cxx_std_20)
  get_property(link_deps GLOBAL PROPERTY PARQ_LAYER_LINK_DEPS)
  list(REMOVE_DUPLICATES link_deps)
  target_link_libraries(${target} PUBLIC Threads::Threads PRIVATE ${link_deps})
  # In a subproject build that installs nothing, only the flavour the
  # consumer links is made.
  if(NOT PROJECT_IS_TOP_LEVEL AND NOT PARQ_INSTALL)
    set_target_properties(${target} PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
endfunction()

function(parq_add_library)
  get_property(object_targets GLOBAL PROPERTY PARQ_LAYER_OBJECTS)
  parq_public_library(parq_static STATIC "${object_targets}")
  set_target_properties(parq_static PROPERTIES OUTPUT_NAME parq EXPORT_NAME parq_static)
  add_library(parq::parq_static ALIAS parq_static)
  if(PARQ_BUILD_SHARED)
    get_property(pic_object_targets GLOBAL PROPERTY PARQ_LAYER_PIC_OBJECTS)
    parq_public_library(parq_shared SHARED "${pic_object_targets}")
    set_target_properties(parq_shared PROPERTIES
      OUTPUT_NAME parq EXPORT_NAME parq
      VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
    add_library(parq::parq ALIAS parq_shared)
  else()
    add_library(parq::parq ALIAS parq_static)
  endif()

  # The in-tree library of tests, benchmarks and tools: the per-layer
  # archives (a test binary links only what it uses from them) and the
  # private headers.
  add_library(parq INTERFACE)
  get_property(layers GLOBAL PROPERTY PARQ_BUILT_LAYERS)
  if(NOT layers STREQUAL PARQ_LAYERS)
    message(FATAL_ERROR "parq_add_library: the layers built (${layers}) are not those of PARQ_LAYER_DAG (${PARQ_LAYERS})")
  endif()
  foreach(layer ${layers})
    target_link_libraries(parq INTERFACE parq_${layer})
  endforeach()
endfunction()
