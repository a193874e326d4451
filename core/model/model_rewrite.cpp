#include "model_rewrite.h"

#include <memory>

namespace arenascope {

Result<std::vector<std::uint8_t>> rewriteModel(const Model& model, const std::function<Status(tflite::ModelT&)>& edit)
{
    std::unique_ptr<tflite::ModelT> m(model.flatbuffer()->UnPack());
    for (const auto& b : m->buffers)
        if (b && b->offset > 1)
            return makeError(ErrorCode::Unsupported,
                "the model keeps buffers outside the FlatBuffer (offset/size): rewriting it would "
                "move them",
                model.path());
    // An options union whose table is absent unpacks to a type without a value, which Pack
    // cannot write: record it as no options, as TFLM reads it.
    for (auto& sg : m->subgraphs) {
        for (auto& op : sg->operators)
            if (op && op->builtin_options.type != tflite::BuiltinOptions::NONE && !op->builtin_options.value)
                op->builtin_options.type = tflite::BuiltinOptions::NONE;
        // The same for a tensor's quantization details.
        for (auto& t : sg->tensors) {
            if (!t)
                continue;
            if (auto& q = t->quantization;
                q && q->details.type != tflite::QuantizationDetails::NONE && !q->details.value)
                q->details.type = tflite::QuantizationDetails::NONE;
        }
    }
    ARENASCOPE_TRY(edit(*m));
    // The file is in memory, so its size fits a size_t (32-bit hosts: the browser edition).
    flatbuffers::FlatBufferBuilder fbb(static_cast<std::size_t>(model.fileSize()) + 1024);
    tflite::FinishModelBuffer(fbb, tflite::Model::Pack(fbb, m.get()));
    return std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

} // namespace arenascope
