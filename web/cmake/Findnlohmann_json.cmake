# nlohmann/json for the WebAssembly build: header-only, from the host's nlohmann-json3-dev.
include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
arenascope_host_headers(nlohmann nlohmann_json::nlohmann_json)
set(nlohmann_json_FOUND TRUE)
