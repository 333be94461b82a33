# ctest's core_xxhash_linkage: which xxHash the built libheckel uses.
#   BUILTIN ON:  no object of libheckel.a and nothing in libheckel.so needs an
#                XXH symbol, libheckel.so has no libxxhash among its NEEDED
#                libraries, and no core source includes xxhash.h (the
#                compiler's own dependency list, system headers included).
#   BUILTIN OFF: libheckel needs XXH3_64bits_withSeed and no other XXH
#                symbol (xxHash's public API only), and libheckel.so needs
#                libxxhash; the sources that include xxh3.h include xxhash.h.
# cmake -DBUILTIN=ON|OFF -DNM=nm -DREADELF=readelf -DCC=cc -DARCHIVE=libheckel.a
#       -DSHARED=libheckel.so -DINCLUDE=dir -DSOURCES="a.c|b.c" -P check_xxhash_linkage.cmake
set(failures "")

function(undefined_xxh out file)
    execute_process(COMMAND "${NM}" -u ${ARGN} "${file}" OUTPUT_VARIABLE listing RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${NM} failed on ${file}")
    endif()
    string(REGEX MATCHALL "[A-Za-z0-9_]*XXH[A-Za-z0-9_]*" symbols "${listing}")
    list(REMOVE_DUPLICATES symbols)
    set(${out} "${symbols}" PARENT_SCOPE)
endfunction()

undefined_xxh(archive_symbols "${ARCHIVE}")
undefined_xxh(shared_symbols "${SHARED}" -D)
execute_process(COMMAND "${READELF}" -d "${SHARED}" OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${READELF} failed on ${SHARED}")
endif()
string(FIND "${dynamic}" "libxxhash" needs_libxxhash)

string(REPLACE "|" ";" SOURCES "${SOURCES}")
set(defines "")
if(NOT BUILTIN)
    set(defines -DHECKEL_SYSTEM_XXHASH)
endif()
set(including "")
foreach(source IN LISTS SOURCES)
    execute_process(COMMAND "${CC}" -M -I "${INCLUDE}" ${defines} "${source}"
        OUTPUT_VARIABLE dependencies RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${CC} -M failed on ${source}")
    endif()
    if(dependencies MATCHES "xxhash\\.h")
        get_filename_component(name "${source}" NAME)
        list(APPEND including "${name}")
    endif()
endforeach()

message(STATUS "libheckel.a needs: ${archive_symbols}")
message(STATUS "libheckel.so needs: ${shared_symbols}; NEEDED libxxhash: ${needs_libxxhash}")
message(STATUS "sources including xxhash.h: ${including}")
if(BUILTIN)
    if(archive_symbols OR shared_symbols)
        list(APPEND failures "built-in XXH3, yet libheckel needs ${archive_symbols} ${shared_symbols}")
    endif()
    if(NOT needs_libxxhash EQUAL -1)
        list(APPEND failures "built-in XXH3, yet libheckel.so needs libxxhash")
    endif()
    if(including)
        list(APPEND failures "built-in XXH3, yet ${including} include xxhash.h")
    endif()
else()
    foreach(symbols archive_symbols shared_symbols)
        if(NOT "${${symbols}}" STREQUAL "XXH3_64bits_withSeed")
            list(APPEND failures "system XXH3: ${symbols} is '${${symbols}}', not XXH3_64bits_withSeed alone")
        endif()
    endforeach()
    if(needs_libxxhash EQUAL -1)
        list(APPEND failures "system XXH3, yet libheckel.so does not need libxxhash")
    endif()
    if(NOT including)
        list(APPEND failures "system XXH3, yet no source includes xxhash.h")
    endif()
endif()
if(failures)
    message(FATAL_ERROR "${failures}")
endif()
