// libFuzzer target (a): load a model from bytes. Any input must give a model or a clear
// error, never a crash, a hang or unbounded memory.
#include "core/model/loader.h"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto r = arenascope::loadModelBytes(std::vector<std::uint8_t>(data, data + size), "fuzz");
    if (r)
        (void)r.value()->tensorCount();
    return 0;
}
