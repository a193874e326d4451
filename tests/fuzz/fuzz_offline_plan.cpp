// libFuzzer target (c): the offline-plan metadata round trip. A model that loads gets offsets
// derived from the input written into it (OfflineMemoryAllocation), is loaded again and must
// read back exactly those offsets; then it is emulated.
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/offline_plan_writer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace arenascope;
    auto loaded = loadModelBytes(std::vector<std::uint8_t>(data, data + size), "fuzz");
    if (!loaded)
        return 0;
    const Model& model = *loaded.value();
    std::vector<std::int32_t> offsets(model.tensorCount());
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        const auto v
            = static_cast<std::int32_t>(data[i % size]) | (static_cast<std::int32_t>(data[(i + 1) % size]) << 8);
        offsets[i] = (v % 4096) * 16 - 16; // -16 .. 65,520 in steps of 16, -1 never (online is -1)
    }
    auto written = withOfflinePlan(model, offsets);
    if (!written)
        return 0;
    auto reloaded = loadModelBytes(std::move(written.value()), "fuzz-rewritten");
    if (!reloaded || !reloaded.value()->offlinePlan() || reloaded.value()->offlinePlan()->offsets != offsets)
        std::abort(); // the writer produced a model the reader does not read back
    (void)emulate(*reloaded.value(), EmulationSettings {});
    return 0;
}
