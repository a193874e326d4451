#pragma once
// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: names a model file's exact
// bytes in baselines and measured test data.

#include <cstdint>
#include <span>
#include <string>

namespace arenascope {

std::string sha256Hex(std::span<const std::uint8_t> bytes);

} // namespace arenascope
