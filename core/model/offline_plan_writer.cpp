#include "offline_plan_writer.h"

#include "core/util/format.h"

#include "arenascope_tflite_generated.h"

#include <cstring>
#include <memory>

namespace arenascope {

namespace {
constexpr const char* kOfflinePlanName = "OfflineMemoryAllocation";
}

Result<std::vector<std::uint8_t>> withOfflinePlan(const Model& model, const std::vector<std::int32_t>& offsets)
{
    if (model.subgraphs().size() != 1)
        return makeError(ErrorCode::Unsupported,
            formatString("an offline plan can only describe single-subgraph models; this one has %zu "
                         "(TFLM indexes the plan by a tensor's index within its subgraph)",
                model.subgraphs().size()),
            model.path());
    if (offsets.size() != model.subgraphs()[0].tensors.size())
        return makeError(ErrorCode::InvalidArgument,
            formatString("%zu offsets for %zu tensors", offsets.size(), model.subgraphs()[0].tensors.size()),
            model.path());
    std::unique_ptr<tflite::ModelT> m(model.flatbuffer()->UnPack());
    for (const auto& b : m->buffers)
        if (b && b->offset > 1)
            return makeError(ErrorCode::Unsupported,
                "the model keeps buffers outside the FlatBuffer (offset/size): rewriting it would "
                "move them",
                model.path());

    std::vector<std::uint8_t> data(12 + 4 * offsets.size());
    const std::uint32_t header[3] = { 0, 1, static_cast<std::uint32_t>(offsets.size()) };
    std::memcpy(data.data(), header, sizeof header);
    std::memcpy(data.data() + 12, offsets.data(), 4 * offsets.size());

    tflite::MetadataT* existing = nullptr;
    for (auto& md : m->metadata)
        if (md && md->name == kOfflinePlanName)
            existing = md.get();
    if (existing && existing->buffer < m->buffers.size() && m->buffers[existing->buffer]) {
        m->buffers[existing->buffer]->data = std::move(data);
    } else {
        auto buffer = std::make_unique<tflite::BufferT>();
        buffer->data = std::move(data);
        m->buffers.push_back(std::move(buffer));
        auto md = std::make_unique<tflite::MetadataT>();
        md->name = kOfflinePlanName;
        md->buffer = static_cast<std::uint32_t>(m->buffers.size() - 1);
        m->metadata.push_back(std::move(md));
    }
    flatbuffers::FlatBufferBuilder fbb(model.fileSize() + 1024);
    tflite::FinishModelBuffer(fbb, tflite::Model::Pack(fbb, m.get()));
    return std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

} // namespace arenascope
