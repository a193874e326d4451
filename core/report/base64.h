#pragma once
// Base64 (RFC 4648, standard alphabet, "=" padding, no line breaks), for data: URIs that
// keep the HTML report one self-contained file.

#include <cstdint>
#include <span>
#include <string>

namespace arenascope {

std::string base64Encode(std::span<const std::uint8_t> bytes);

} // namespace arenascope
