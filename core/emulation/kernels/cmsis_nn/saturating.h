#pragma once
// Arithmetic for CMSIS-NN buffer sizes: sizes from a damaged model's dimensions can pass int64;
// they saturate (and then fail as too large for any arena) rather than wrapping.

#include <cstdint>
#include <initializer_list>

namespace arenascope::cmsisnn {

inline std::int64_t product(std::initializer_list<std::int64_t> factors)
{
    std::int64_t out = 1;
    for (std::int64_t f : factors)
        if (__builtin_mul_overflow(out, f, &out))
            return INT64_MAX;
    return out;
}

inline std::int64_t sum(std::int64_t a, std::int64_t b)
{
    std::int64_t out = 0;
    return __builtin_add_overflow(a, b, &out) ? INT64_MAX : out;
}

} // namespace arenascope::cmsisnn
