# The library's layers, and the one library they make.
#
# parq_layer(NAME [DEPS lower layers...] [PRIVATE_DEPS libs...] [EXTRA_SOURCES files...])
#   Compiles src/NAME/*.cc once, into the object library parq_NAME_objects
#   (position-independent: the same objects go into libparq.a and libparq.so),
#   and archives them as parq_NAME, the per-layer static library that tests,
#   benchmarks and tools link (a test of a low layer links only the layers
#   below it).  A layer with no sources yet is an INTERFACE library so the
#   chain stays intact.  Each call appends NAME to the global list of layers
#   (the property PARQ_LAYERS): the calls in the top CMakeLists.txt, bottom to
#   top, are the one list of layers; a new layer is one more call.
#
# parq_add_library()
#   After the last layer: the libraries consumers see, built from every
#   layer's objects (nothing is compiled twice):
#     parq_shared  libparq.so.<major>  exported as parq::parq
#     parq_static  libparq.a           exported as parq::parq_static
#   Their include directory is include/ only (plus the build's configured
#   parq/version.h); src/ and the generated format structs stay private.
#   And the in-tree target `parq` that tests, benchmarks and tools link: every
#   layer's static library, with src/ and build/generated on the include path.

# Directories private to the build: the layers' own headers and the
# generated Thrift structs.
set(PARQ_PRIVATE_INCLUDE_DIRS ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
# Public headers: include/ and the configured parq/version.h.
set(PARQ_PUBLIC_INCLUDE_DIRS ${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/include)

include(CheckCXXCompilerFlag)
# -fPIC would let the compiler assume any exported function may be replaced
# at load time (ELF interposition) and so not inline or clone it within its
# own file; parq's functions are never interposed, so the PIC objects keep
# the code the non-PIC build had (libparq.a and the in-tree tools use them).
check_cxx_compiler_flag(-fno-semantic-interposition PARQ_HAVE_NO_SEMANTIC_INTERPOSITION)

function(parq_layer name)
  cmake_parse_arguments(L "" "" "DEPS;PRIVATE_DEPS;EXTRA_SOURCES" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.cc)
  list(APPEND srcs ${L_EXTRA_SOURCES})
  set(target parq_${name})
  # The objects of a layer see the usage requirements of the objects below
  # it (not their archives, which a subproject build never makes).
  set(object_deps)
  foreach(dep ${L_DEPS})
    if(TARGET ${dep}_objects)
      list(APPEND object_deps ${dep}_objects)
    else()
      list(APPEND object_deps ${dep})
    endif()
  endforeach()
  if(srcs)
    add_library(${target}_objects OBJECT ${srcs})
    set_target_properties(${target}_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
    if(PARQ_HAVE_NO_SEMANTIC_INTERPOSITION)
      target_compile_options(${target}_objects PRIVATE -fno-semantic-interposition)
    endif()
    target_include_directories(${target}_objects PUBLIC
      "$<BUILD_INTERFACE:${PARQ_PUBLIC_INCLUDE_DIRS};${PARQ_PRIVATE_INCLUDE_DIRS}>")
    target_compile_features(${target}_objects PUBLIC cxx_std_20)
    target_link_libraries(${target}_objects PUBLIC ${object_deps} Threads::Threads)
    if(L_PRIVATE_DEPS)
      target_link_libraries(${target}_objects PRIVATE ${L_PRIVATE_DEPS})
    endif()

    add_library(${target} STATIC $<TARGET_OBJECTS:${target}_objects>)
    target_include_directories(${target} PUBLIC ${PARQ_PUBLIC_INCLUDE_DIRS} ${PARQ_PRIVATE_INCLUDE_DIRS})
    target_compile_features(${target} PUBLIC cxx_std_20)
    target_link_libraries(${target} PUBLIC ${L_DEPS} Threads::Threads)
    if(L_PRIVATE_DEPS)
      target_link_libraries(${target} PRIVATE ${L_PRIVATE_DEPS})
    endif()
    # Outside a top-level build only what a target asks for is made.
    if(NOT PROJECT_IS_TOP_LEVEL)
      set_target_properties(${target} PROPERTIES EXCLUDE_FROM_ALL ON)
    endif()
    set_property(GLOBAL APPEND PROPERTY PARQ_LAYER_OBJECTS ${target}_objects)
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${PARQ_PUBLIC_INCLUDE_DIRS} ${PARQ_PRIVATE_INCLUDE_DIRS})
    target_link_libraries(${target} INTERFACE ${L_DEPS} ${L_PRIVATE_DEPS})
    add_library(${target}_objects INTERFACE)
    target_link_libraries(${target}_objects INTERFACE ${object_deps} ${L_PRIVATE_DEPS})
  endif()
  set_property(GLOBAL APPEND PROPERTY PARQ_LAYERS ${name})
  set_property(GLOBAL APPEND PROPERTY PARQ_LAYER_LINK_DEPS ${L_PRIVATE_DEPS})
endfunction()

function(parq_add_library)
  get_property(layers GLOBAL PROPERTY PARQ_LAYERS)
  get_property(object_targets GLOBAL PROPERTY PARQ_LAYER_OBJECTS)
  get_property(link_deps GLOBAL PROPERTY PARQ_LAYER_LINK_DEPS)
  list(REMOVE_DUPLICATES link_deps)
  set(objects)
  foreach(t ${object_targets})
    list(APPEND objects $<TARGET_OBJECTS:${t}>)
  endforeach()

  add_library(parq_shared SHARED ${objects})
  add_library(parq_static STATIC ${objects})
  set_target_properties(parq_shared PROPERTIES
    OUTPUT_NAME parq EXPORT_NAME parq
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  set_target_properties(parq_static PROPERTIES OUTPUT_NAME parq EXPORT_NAME parq_static)
  foreach(t parq_shared parq_static)
    target_include_directories(${t} PUBLIC
      "$<BUILD_INTERFACE:${PARQ_PUBLIC_INCLUDE_DIRS}>"
      "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
    target_compile_features(${t} PUBLIC cxx_std_20)
    target_link_libraries(${t} PUBLIC Threads::Threads PRIVATE ${link_deps})
    # In a subproject build that installs nothing, only the flavour the
    # consumer links is made.
    if(NOT PROJECT_IS_TOP_LEVEL AND NOT PARQ_INSTALL)
      set_target_properties(${t} PROPERTIES EXCLUDE_FROM_ALL ON)
    endif()
  endforeach()
  add_library(parq::parq ALIAS parq_shared)
  add_library(parq::parq_static ALIAS parq_static)

  # The in-tree library of tests, benchmarks and tools: the per-layer
  # archives (a test binary links only what it uses from them) and the
  # private headers.
  add_library(parq INTERFACE)
  foreach(layer ${layers})
    target_link_libraries(parq INTERFACE parq_${layer})
  endforeach()
endfunction()
