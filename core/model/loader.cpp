#include "loader.h"

#include "model_limits.h"

#include "builtin_names.h"
#include "core/util/format.h"

#include "arenascope_tflite_generated.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

namespace arenascope {

namespace {

constexpr std::uint32_t kSchemaVersion = 3;
constexpr const char* kOfflinePlanName = "OfflineMemoryAllocation";

Error invalid(const std::string& name, std::string message)
{
    return makeError(ErrorCode::InvalidModel, std::move(message), name);
}

// TFLM's rule (schema_utils.cc): the larger of the two opcode fields wins.
std::int32_t builtinCodeOf(const tflite::OperatorCode& code)
{
    return std::max<std::int32_t>(code.builtin_code(), code.deprecated_builtin_code());
}

} // namespace

// Builds a Model from verified FlatBuffers tables, checking what the verifier cannot.
class ModelReader {
public:
    ModelReader(Model& model, const tflite::Model& root)
        : m_model(model)
        , m_root(root)
        , m_name(model.path())
    {
    }

    Status read()
    {
        if (m_root.version() != kSchemaVersion)
            return invalid(m_name,
                formatString(
                    "schema version %u is not supported (TFLM reads version %u)", m_root.version(), kSchemaVersion));
        m_model.m_schemaVersion = m_root.version();
        if (m_root.description())
            m_model.m_description = m_root.description()->str();
        if (!m_root.subgraphs() || m_root.subgraphs()->size() == 0)
            return invalid(m_name, "the model has no subgraph");
        if (!m_root.buffers())
            return invalid(m_name, "the model has no buffer table");
        ARENASCOPE_TRY(checkLimits());
        ARENASCOPE_TRY(readBuffers());
        for (std::uint32_t i = 0; i < m_root.subgraphs()->size(); ++i)
            ARENASCOPE_TRY(readSubgraph(i));
        ARENASCOPE_TRY(checkCallCycles());
        ARENASCOPE_TRY(readMetadata());
        return okStatus();
    }

private:
    // Byte count of each buffer's data, in the flatbuffer or (offset/size) beside it.
    Status readBuffers()
    {
        const auto& buffers = *m_root.buffers();
        m_bufferBytes.resize(buffers.size(), 0);
        for (std::uint32_t i = 0; i < buffers.size(); ++i) {
            const tflite::Buffer* buffer = buffers.Get(i);
            if (!buffer)
                continue;
            if (buffer->data()) {
                m_bufferBytes[i] = buffer->data()->size();
            } else if (buffer->offset() > 1) {
                const std::uint64_t end = buffer->offset() + buffer->size();
                if (end < buffer->offset() || end > m_model.fileSize())
                    return invalid(m_name,
                        formatString("buffer %u: external data [%llu, +%llu) lies beyond the "
                                     "end of the file (%llu bytes)",
                            i, static_cast<unsigned long long>(buffer->offset()),
                            static_cast<unsigned long long>(buffer->size()),
                            static_cast<unsigned long long>(m_model.fileSize())));
                m_bufferBytes[i] = buffer->size();
            }
        }
        return okStatus();
    }

    Status readSubgraph(std::uint32_t index)
    {
        const tflite::SubGraph* fb = m_root.subgraphs()->Get(index);
        const std::string where = m_name + ": subgraph " + std::to_string(index);
        if (!fb)
            return makeError(ErrorCode::InvalidModel, "the subgraph table is missing", where);
        Subgraph sg;
        sg.id = SubgraphId { index };
        if (fb->name())
            sg.name = fb->name()->str();
        const std::uint32_t tensorCount = fb->tensors() ? fb->tensors()->size() : 0;
        for (std::uint32_t t = 0; t < tensorCount; ++t) {
            auto tensor = readTensor(*fb->tensors()->Get(t), t, where);
            if (!tensor)
                return tensor.error();
            sg.tensors.push_back(std::move(tensor.value()));
        }
        auto readIndexList = [&](const flatbuffers::Vector<std::int32_t>* list, const char* what,
                                 std::vector<std::int32_t>& out, bool optionalAllowed) -> Status {
            if (!list)
                return okStatus();
            for (std::uint32_t k = 0; k < list->size(); ++k) {
                const std::int32_t v = list->Get(k);
                if ((v == -1 && optionalAllowed) || (v >= 0 && static_cast<std::uint32_t>(v) < tensorCount)) {
                    out.push_back(v);
                    continue;
                }
                return makeError(ErrorCode::InvalidModel,
                    formatString("%s[%u] = %d is out of range (%u tensors)", what, k, v, tensorCount), where);
            }
            return okStatus();
        };
        ARENASCOPE_TRY(readIndexList(fb->inputs(), "inputs", sg.inputs, false));
        ARENASCOPE_TRY(readIndexList(fb->outputs(), "outputs", sg.outputs, false));
        const std::uint32_t opCount = fb->operators() ? fb->operators()->size() : 0;
        const std::uint32_t opcodeCount = m_root.operator_codes() ? m_root.operator_codes()->size() : 0;
        for (std::uint32_t o = 0; o < opCount; ++o) {
            const tflite::Operator* fop = fb->operators()->Get(o);
            const std::string opWhere = where + ", operator " + std::to_string(o);
            if (!fop)
                return makeError(ErrorCode::InvalidModel, "the operator table is missing", opWhere);
            Operator op;
            op.id = OperatorId { o };
            op.flatbuffer = fop;
            op.opcodeIndex = fop->opcode_index();
            if (op.opcodeIndex >= opcodeCount)
                return makeError(ErrorCode::InvalidModel,
                    formatString("opcode index %u is out of range (%u operator codes)", op.opcodeIndex, opcodeCount),
                    opWhere);
            const tflite::OperatorCode* code = m_root.operator_codes()->Get(op.opcodeIndex);
            if (!code)
                return makeError(ErrorCode::InvalidModel, "the operator code table is missing", opWhere);
            op.builtinCode = builtinCodeOf(*code);
            op.version = code->version();
            if (code->custom_code())
                op.customName = code->custom_code()->str();
            // Called subgraphs are opaque in the subset schema's union for CALL; read the ones TFLM plans.
            switch (op.builtinCode) {
            case 118: // IF
                if (auto* o2 = fop->builtin_options_as_IfOptions()) {
                    op.calledSubgraphs.push_back(static_cast<std::uint32_t>(o2->then_subgraph_index()));
                    op.calledSubgraphs.push_back(static_cast<std::uint32_t>(o2->else_subgraph_index()));
                }
                break;
            case 119: // WHILE
                if (auto* o2 = fop->builtin_options_as_WhileOptions()) {
                    op.calledSubgraphs.push_back(static_cast<std::uint32_t>(o2->cond_subgraph_index()));
                    op.calledSubgraphs.push_back(static_cast<std::uint32_t>(o2->body_subgraph_index()));
                }
                break;
            case 129: // CALL_ONCE
                if (auto* o2 = fop->builtin_options_as_CallOnceOptions())
                    op.calledSubgraphs.push_back(static_cast<std::uint32_t>(o2->init_subgraph_index()));
                break;
            default:
                break;
            }
            for (std::uint32_t s : op.calledSubgraphs) {
                if (s >= m_root.subgraphs()->size())
                    return makeError(ErrorCode::InvalidModel,
                        formatString("%s calls subgraph %d, out of range (%u subgraphs)", op.displayName().c_str(),
                            static_cast<std::int32_t>(s), m_root.subgraphs()->size()),
                        opWhere);
            }
            ARENASCOPE_TRY(readIndexList(fop->inputs(), "inputs", op.inputs, true));
            ARENASCOPE_TRY(readIndexList(fop->outputs(), "outputs", op.outputs, false));
            ARENASCOPE_TRY(readIndexList(fop->intermediates(), "intermediates", op.intermediates, false));
            sg.operators.push_back(std::move(op));
        }
        // Who writes and reads each tensor (the indices were range-checked above); an operator
        // that lists a tensor twice is named once.
        sg.producers.resize(sg.tensors.size());
        sg.consumers.resize(sg.tensors.size());
        const auto note = [](std::vector<std::int32_t>& ops, std::int32_t op) {
            if (ops.empty() || ops.back() != op)
                ops.push_back(op);
        };
        for (std::size_t o = 0; o < sg.operators.size(); ++o) {
            const auto op = static_cast<std::int32_t>(o);
            for (std::int32_t t : sg.operators[o].outputs)
                if (t >= 0)
                    note(sg.producers[static_cast<std::size_t>(t)], op);
            for (std::int32_t t : sg.operators[o].inputs)
                if (t >= 0)
                    note(sg.consumers[static_cast<std::size_t>(t)], op);
        }
        m_model.m_subgraphs.push_back(std::move(sg));
        return okStatus();
    }

    Result<Tensor> readTensor(const tflite::Tensor& fb, std::uint32_t index, const std::string& where)
    {
        const std::string tensorWhere = where + ", tensor " + std::to_string(index);
        Tensor t;
        t.id = TensorId { index };
        if (fb.name())
            t.name = fb.name()->str();
        t.type = static_cast<DataType>(static_cast<std::int8_t>(fb.type()));
        t.isVariable = fb.is_variable();
        if (fb.shape()) {
            for (std::uint32_t d = 0; d < fb.shape()->size(); ++d) {
                const std::int32_t dim = fb.shape()->Get(d);
                if (dim < 0)
                    return makeError(
                        ErrorCode::InvalidModel, formatString("dimension %u is negative (%d)", d, dim), tensorWhere);
                t.shape.push_back(dim);
            }
        }
        std::uint64_t count = 1;
        for (std::int32_t dim : t.shape) {
            const auto d = static_cast<std::uint64_t>(dim);
            if (d != 0 && count > std::numeric_limits<std::uint64_t>::max() / d)
                return makeError(ErrorCode::InvalidModel, "element count overflows 64 bits", tensorWhere);
            count *= d;
        }
        t.elementCount = count;
        if (auto size = tflmTypeSize(t.type)) {
            if (count > std::numeric_limits<std::uint64_t>::max() / *size)
                return makeError(ErrorCode::InvalidModel, "byte size overflows 64 bits", tensorWhere);
            t.bytes = count * *size;
        } else {
            t.sizeKnown = false;
        }
        t.buffer = fb.buffer();
        if (t.buffer >= m_bufferBytes.size())
            return makeError(ErrorCode::InvalidModel,
                formatString("buffer index %u is out of range (%zu buffers)", t.buffer, m_bufferBytes.size()),
                tensorWhere);
        t.dataBytes = m_bufferBytes[t.buffer];
        // TFLM only takes data that sits inside the flatbuffer (GetFlatbufferTensorBuffer).
        const tflite::Buffer* buffer = m_root.buffers()->Get(t.buffer);
        t.hasData = buffer && buffer->data() && buffer->data()->size() > 0;
        if (t.hasData)
            m_model.m_constantBytes += t.dataBytes;
        if (const auto* q = fb.quantization()) {
            // A FlatBuffers writer aligns an int64 vector to 8 bytes; the verifier checks only 4.
            // A misaligned one is a damaged file, and reading it would be undefined behaviour.
            if (q->zero_point() && q->zero_point()->size() > 0
                && (q->zero_point()->Data() - m_model.bytes().data())
                        % static_cast<std::ptrdiff_t>(sizeof(std::int64_t))
                    != 0)
                return makeError(ErrorCode::InvalidModel,
                    "the zero_point vector is not 8-byte aligned (a FlatBuffers writer always aligns it): the file is "
                    "damaged",
                    tensorWhere);
            t.quant.channels = q->scale() ? q->scale()->size() : 0;
            t.quant.zeroPoints = q->zero_point() ? q->zero_point()->size() : 0;
            t.quant.present = t.quant.channels > 0 && t.quant.zeroPoints > 0;
            t.quant.quantizedDimension = q->quantized_dimension();
        }
        return t;
    }

    // A subgraph reached again while it is still being entered would recurse forever in
    // TFLM's lifetime marking: refuse it.
    Status checkCallCycles()
    {
        const auto& sgs = m_model.m_subgraphs;
        enum class Mark { None, Active, Done };
        std::vector<Mark> mark(sgs.size(), Mark::None);
        // Iterative DFS: a hostile model must not exhaust the stack either.
        struct Frame {
            std::uint32_t sg;
            std::size_t op;
            std::size_t call;
        };
        for (std::uint32_t start = 0; start < sgs.size(); ++start) {
            if (mark[start] != Mark::None)
                continue;
            std::vector<Frame> stack { { start, 0, 0 } };
            mark[start] = Mark::Active;
            while (!stack.empty()) {
                Frame& f = stack.back();
                const auto& ops = sgs[f.sg].operators;
                if (f.op >= ops.size()) {
                    mark[f.sg] = Mark::Done;
                    stack.pop_back();
                    continue;
                }
                const auto& calls = ops[f.op].calledSubgraphs;
                if (f.call >= calls.size()) {
                    ++f.op;
                    f.call = 0;
                    continue;
                }
                const std::uint32_t next = calls[f.call++];
                if (mark[next] == Mark::Active)
                    return invalid(m_name,
                        formatString("subgraph %u, operator %zu (%s) calls subgraph %u, which is "
                                     "already on the call path: control flow forms a cycle",
                            f.sg, f.op, ops[f.op].displayName().c_str(), next));
                if (mark[next] == Mark::None) {
                    mark[next] = Mark::Active;
                    stack.push_back({ next, 0, 0 });
                }
            }
        }
        return okStatus();
    }

    Status readMetadata()
    {
        if (!m_root.metadata())
            return okStatus();
        for (std::uint32_t i = 0; i < m_root.metadata()->size(); ++i) {
            const tflite::Metadata* md = m_root.metadata()->Get(i);
            if (!md)
                continue;
            MetadataEntry e;
            if (md->name())
                e.name = md->name()->str();
            e.buffer = md->buffer();
            if (e.buffer >= m_bufferBytes.size())
                return invalid(m_name,
                    formatString("metadata \"%s\": buffer index %u is out of range (%zu buffers)", e.name.c_str(),
                        e.buffer, m_bufferBytes.size()));
            e.bytes = m_bufferBytes[e.buffer];
            if (e.name == kOfflinePlanName)
                ARENASCOPE_TRY(readOfflinePlan(e));
            m_model.m_metadata.push_back(std::move(e));
        }
        return okStatus();
    }

    // Counts past model_limits.h are refused before anything is read.
    Status checkLimits() const
    {
        const std::uint64_t subgraphs = m_root.subgraphs()->size();
        std::uint64_t tensors = 0;
        std::uint64_t operators = 0;
        for (std::uint32_t i = 0; i < m_root.subgraphs()->size(); ++i) {
            const tflite::SubGraph* sg = m_root.subgraphs()->Get(i);
            tensors += sg && sg->tensors() ? sg->tensors()->size() : 0;
            operators += sg && sg->operators() ? sg->operators()->size() : 0;
        }
        auto over = [&](const char* what, std::uint64_t count, std::uint64_t limit) {
            return invalid(m_name,
                formatString("the model has %s %s, more than ArenaScope opens (%s)", formatCount(count).c_str(), what,
                    formatCount(limit).c_str()));
        };
        if (subgraphs > kMaxSubgraphs)
            return over("subgraphs", subgraphs, kMaxSubgraphs);
        if (tensors > kMaxTensors)
            return over("tensors", tensors, kMaxTensors);
        if (operators > kMaxOperators)
            return over("operators", operators, kMaxOperators);
        return okStatus();
    }

    Status readOfflinePlan(const MetadataEntry& e)
    {
        const tflite::Buffer* buffer = m_root.buffers()->Get(e.buffer);
        if (!buffer || !buffer->data() || buffer->data()->size() < 12)
            return invalid(m_name, "OfflineMemoryAllocation metadata is shorter than its 12-byte header");
        const std::uint8_t* p = buffer->data()->data();
        auto word = [p](std::size_t k) {
            std::uint32_t v = 0;
            std::memcpy(&v, p + 4 * k, 4);
            return v;
        };
        OfflinePlan plan;
        plan.version = word(0);
        plan.subgraphs = word(1);
        plan.tensorCount = word(2);
        const std::uint64_t need = 12ULL + 4ULL * plan.tensorCount;
        if (buffer->data()->size() < need)
            return invalid(m_name,
                formatString("OfflineMemoryAllocation metadata lists %u offsets but holds only "
                             "%u bytes (%llu needed)",
                    plan.tensorCount, buffer->data()->size(), static_cast<unsigned long long>(need)));
        plan.offsets.resize(plan.tensorCount);
        for (std::uint32_t k = 0; k < plan.tensorCount; ++k)
            plan.offsets[k] = static_cast<std::int32_t>(word(3 + k));
        // Several entries: TFLM checks each one's count and keeps the last.
        if (m_model.m_offlinePlan)
            plan.entryTensorCounts = m_model.m_offlinePlan->entryTensorCounts;
        plan.entryTensorCounts.push_back(plan.tensorCount);
        m_model.m_offlinePlan = std::move(plan);
        return okStatus();
    }

    Model& m_model;
    const tflite::Model& m_root;
    std::string m_name;
    std::vector<std::uint64_t> m_bufferBytes;
};

Result<ModelPtr> loadModelBytes(std::vector<std::uint8_t> bytes, const std::string& name)
{
    if (bytes.empty())
        return invalid(name, "the file is empty (0 bytes)");
    if (bytes.size() > kMaxModelFileBytes)
        return invalid(name,
            formatString("the file is too large to be a model (%llu bytes; at most %llu)",
                static_cast<unsigned long long>(bytes.size()), static_cast<unsigned long long>(kMaxModelFileBytes)));
    if (bytes.size() < 8)
        return invalid(name,
            formatString("the file is too short to be a model (%zu bytes; a FlatBuffers "
                         "header alone takes 8)",
                bytes.size()));
    auto model = std::make_shared<Model>(name, std::move(bytes));
    const auto& data = model->bytes();
    {
        // Depth and table limits keep hostile files from making verification slow.
        flatbuffers::Verifier::Options options;
        options.max_depth = 64;
        options.max_tables = 10'000'000;
        options.check_alignment = true;
        flatbuffers::Verifier verifier(data.data(), data.size(), options);
        if (!verifier.VerifyBuffer<tflite::Model>(nullptr))
            return invalid(name,
                formatString("the file is not a valid TFLite FlatBuffer (verification failed; "
                             "%zu bytes, truncated or corrupted?)",
                    data.size()));
    }
    if (!tflite::ModelBufferHasIdentifier(data.data())) {
        std::string id(reinterpret_cast<const char*>(data.data()) + 4, 4);
        for (char& c : id)
            if (c < 32 || c > 126)
                c = '?';
        return invalid(name, "file identifier is \"" + id + "\", expected \"TFL3\": not a TFLite model");
    }
    const tflite::Model* root = tflite::GetModel(data.data());
    auto writable = std::const_pointer_cast<Model>(std::shared_ptr<const Model>(model));
    ModelReader reader(*writable, *root);
    ARENASCOPE_TRY(reader.read());
    return ModelPtr(model);
}

Result<ModelPtr> loadModelFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        return makeError(ErrorCode::Io, "no such file", path);
    if (fs::is_directory(status))
        return makeError(ErrorCode::Io, "is a directory, not a model file", path);
    if (!fs::is_regular_file(status))
        return makeError(ErrorCode::Io, "is not a regular file", path);
    const auto size = fs::file_size(path, ec);
    if (ec)
        return makeError(ErrorCode::Io, "cannot read the file size: " + ec.message(), path);
    if (size > kMaxModelFileBytes)
        return invalid(path,
            formatString("the file is too large to be a model (%llu bytes; at most %llu)",
                static_cast<unsigned long long>(size), static_cast<unsigned long long>(kMaxModelFileBytes)));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, std::string("cannot open the file: ") + std::strerror(errno), path);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        return makeError(ErrorCode::Io, "cannot read the whole file", path);
    return loadModelBytes(std::move(bytes), path);
}

} // namespace arenascope
