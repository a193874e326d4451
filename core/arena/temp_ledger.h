#pragma once
// TFLM's bookkeeping of live temp buffers: a count and an XOR checksum of their addresses.
// ResetTempAllocations refuses while either is off ("Number of allocated temp buffers: ...").
// Shared by both non-persistent allocators.

#include "align.h"
#include "arena_messages.h"

#include <cstdint>

namespace arenascope {

class TempLedger {
public:
    void allocated(std::uint64_t offset)
    {
        m_checksum ^= kChecksumBase + offset;
        ++m_count;
    }
    void released(std::uint64_t offset)
    {
        m_checksum ^= kChecksumBase + offset;
        --m_count;
    }
    // okStatus() when every temp buffer was released, else TFLM's message.
    Status checkAllReleased() const
    {
        if (m_count != 0 || m_checksum != 0)
            return arenaMessages::tempNotFreed(m_count, m_checksum == 0);
        return okStatus();
    }

private:
    std::int64_t m_count = 0;
    std::uint64_t m_checksum = 0;
};

} // namespace arenascope
