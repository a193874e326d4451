#pragma once
// Byte counts as people type them: "65536", "64K", "64KiB", "1M", "1000B".

#include <cstdint>
#include <string>

namespace arenascope {

// "64K" -> 65536, "1M" -> 1048576, "1000" -> 1000; false on bad text or above 4 GiB.
bool parseByteSize(const std::string& text, std::uint64_t& bytes);

} // namespace arenascope
