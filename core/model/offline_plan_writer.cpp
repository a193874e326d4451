#include "offline_plan_writer.h"

#include "model_rewrite.h"

#include "core/util/format.h"

#include <cstring>
#include <memory>

namespace arenascope {

namespace {
constexpr const char* kOfflinePlanName = "OfflineMemoryAllocation";
}

Result<std::vector<std::uint8_t>> withOfflinePlan(const Model& model, const std::vector<std::int32_t>& offsets)
{
    if (offsets.size() != model.tensorCount())
        return makeError(ErrorCode::InvalidArgument,
            formatString("%zu offsets for %zu tensors", offsets.size(), model.tensorCount()), model.path());
    std::vector<std::uint8_t> data(12 + 4 * offsets.size());
    const std::uint32_t header[3]
        = { 0, static_cast<std::uint32_t>(model.subgraphs().size()), static_cast<std::uint32_t>(offsets.size()) };
    std::memcpy(data.data(), header, sizeof header);
    if (!offsets.empty()) // memcpy from a null pointer is undefined, even for 0 bytes
        std::memcpy(data.data() + 12, offsets.data(), 4 * offsets.size());
    return rewriteModel(model, [&data](tflite::ModelT& m) {
        tflite::MetadataT* existing = nullptr;
        for (auto& md : m.metadata)
            if (md && md->name == kOfflinePlanName)
                existing = md.get();
        if (existing && existing->buffer < m.buffers.size() && m.buffers[existing->buffer]) {
            m.buffers[existing->buffer]->data = std::move(data);
            return okStatus();
        }
        auto buffer = std::make_unique<tflite::BufferT>();
        buffer->data = std::move(data);
        m.buffers.push_back(std::move(buffer));
        auto md = std::make_unique<tflite::MetadataT>();
        md->name = kOfflinePlanName;
        md->buffer = static_cast<std::uint32_t>(m.buffers.size() - 1);
        m.metadata.push_back(std::move(md));
        return okStatus();
    });
}

} // namespace arenascope
