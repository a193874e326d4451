# Writes the man page and the shell completions by running the built executable, and compresses
# them with the Debian changelog (cmake -P, from
# packaging/CMakeLists.txt): -DARENASCOPE=<executable> -DGZIP=<gzip> -DOUT=<folder>.
# Each file is written beside its final name and renamed once complete (no half-written output).
set(ENV{ASAN_OPTIONS} "detect_leaks=0") # a sanitizer build prints the same text
function(generate name)
  execute_process(COMMAND ${ARENASCOPE} ${ARGN} OUTPUT_FILE ${OUT}/${name}.part RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARENASCOPE} ${ARGN} failed (${rc})")
  endif()
  file(RENAME ${OUT}/${name}.part ${OUT}/${name})
endfunction()
generate(arenascope.1 --man)
generate(arenascope.bash --completion bash)
generate(_arenascope --completion zsh)
# gzip -9n: the most compression, no name or time stamp inside (a reproducible package; lintian).
function(compress name)
  execute_process(COMMAND ${GZIP} -9nc ${OUT}/${name} OUTPUT_FILE ${OUT}/${name}.gz.part RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${name} failed (${rc})")
  endif()
  file(RENAME ${OUT}/${name}.gz.part ${OUT}/${name}.gz)
endfunction()
compress(arenascope.1)
compress(changelog)
