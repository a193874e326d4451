# FlatBuffers for the WebAssembly build: only its headers (the core uses no compiled part of it),
# from the host's libflatbuffers-dev, seen through a folder holding nothing else (the host's
# /usr/include would shadow emscripten's C library).
include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
arenascope_host_headers(flatbuffers flatbuffers::flatbuffers)
set(FlatBuffers_FOUND TRUE)
