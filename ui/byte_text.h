#pragma once
// A byte count as every view writes it ("82,296 B"): core's formatBytes as a QString.

#include "core/util/format.h"

#include <QString>

#include <cstdint>

namespace arenascope {

inline QString bytesText(std::uint64_t bytes)
{
    return QString::fromStdString(formatBytes(bytes));
}

} // namespace arenascope
