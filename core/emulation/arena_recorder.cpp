#include "arena_recorder.h"

#include "core/arena/split_arena.h"
#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

ArenaRecorder::ArenaRecorder(EmulationResult& result, const Target& target)
    : m_result(&result)
    , m_target(target)
{
}

void ArenaRecorder::useSingleArena(std::uint64_t bytes)
{
    m_single = std::make_unique<SingleArena>(bytes);
    m_persistent = m_single.get();
    m_nonPersistent = m_single.get();
    if (m_trace) {
        m_trace->split = false;
        m_tracing = std::make_unique<TracingAllocator>(*m_single, *m_single, *m_trace);
        m_persistent = m_tracing.get();
        m_nonPersistent = m_tracing.get();
    }
}

void ArenaRecorder::useSplitArenas(std::uint64_t persistentBytes, std::uint64_t nonPersistentBytes)
{
    m_ownedPersistent = std::make_unique<PersistentArena>(persistentBytes);
    m_ownedNonPersistent = std::make_unique<NonPersistentArena>(nonPersistentBytes);
    m_persistent = m_ownedPersistent.get();
    m_nonPersistent = m_ownedNonPersistent.get();
    if (m_trace) {
        m_trace->split = true;
        m_tracing = std::make_unique<TracingAllocator>(*m_ownedPersistent, *m_ownedNonPersistent, *m_trace);
        m_persistent = m_tracing.get();
        m_nonPersistent = m_tracing.get();
    }
}

Result<ArenaRecorder::AllAvailable> ArenaRecorder::tempOfAllAvailable(
    std::uint64_t alignment, Category category, std::string label)
{
    const std::uint64_t bytes = m_nonPersistent->availableMemory(alignment);
    if (m_tracing)
        m_tracing->nextTempTakesAllAvailable();
    auto r = temp(bytes, alignment, category, std::move(label));
    if (!r)
        return r.error();
    return AllAvailable { r.value(), bytes };
}

void ArenaRecorder::buffersFitAvailable(std::uint64_t buffers, std::uint64_t bytesEach)
{
    if (m_tracing)
        m_tracing->buffersFitAvailable(buffers, bytesEach);
}

AllocationEvent ArenaRecorder::event(Category category, Region region, std::uint64_t requested, std::uint64_t used,
    std::uint64_t offset, std::string label) const
{
    AllocationEvent e;
    e.phase = context.phase;
    e.subgraph = context.subgraph;
    e.op = context.op;
    e.category = category;
    e.region = region;
    e.requested = requested;
    e.used = used;
    e.offset = offset;
    e.label = std::move(label);
    e.tenant = context.tenant;
    return e;
}

void ArenaRecorder::record(AllocationEvent e)
{
    if (ready()) {
        e.headEndAfter = m_nonPersistent->headOffset();
        e.tempEndAfter = m_nonPersistent->tempOffset();
        e.tailBeginAfter = m_persistent->tailOffset();
    }
    e.sequence = m_sequence++;
    m_result->events.push_back(std::move(e));
}

Status ArenaRecorder::structInTail(RuntimeStruct s, const char* label)
{
    const StructLayout l = m_target.layout(s);
    auto r = persistent(l.size, l.align, Category::AllocatorObjects, label);
    if (!r)
        return r.error();
    return okStatus();
}

Result<std::uint64_t> ArenaRecorder::persistent(std::uint64_t bytes, std::uint64_t alignment, Category category,
    std::string label, std::optional<RecordedType> recorded, std::uint64_t recordedCount)
{
    const std::uint64_t before = m_persistent->persistentUsedBytes();
    auto r = m_persistent->allocatePersistent(bytes, alignment);
    AllocationEvent e = event(category, Region::Tail, bytes, 0, r ? r.value() : 0, std::move(label));
    if (!r) {
        e.failed = true;
        record(std::move(e));
        return r.error();
    }
    e.used = m_persistent->persistentUsedBytes() - before;
    // SingleArenaBufferAllocator checks the tail only against the head, not against temp
    // allocations a kernel still holds: TFLM then silently writes over them. Keep going as
    // TFLM does, but remember the hazard.
    if (m_single && r.value() < m_single->tempOffset() && !m_result->tempOverwrite) {
        TempOverwrite o;
        o.label = e.label;
        o.subgraph = e.subgraph;
        o.op = e.op;
        o.offset = r.value();
        o.bytes = m_single->tempOffset() - r.value();
        m_result->warnings.push_back(formatString(
            "%s (%llu bytes at offset %llu) was placed over %llu bytes of temp memory still in use: TFLM does "
            "not check this, so the kernel's data overwrites its temp tensors and the outcome depends on the "
            "overwritten bytes",
            o.label.c_str(), static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(o.offset),
            static_cast<unsigned long long>(o.bytes)));
        m_result->tempOverwrite = std::move(o);
    }
    if (recorded) {
        RecordedAllocation& rec = m_result->recording[static_cast<std::size_t>(*recorded)];
        rec.requested += bytes;
        rec.used += e.used;
        rec.count += recordedCount;
    }
    record(std::move(e));
    return r;
}

Result<std::uint64_t> ArenaRecorder::temp(
    std::uint64_t bytes, std::uint64_t alignment, Category category, std::string label, std::int32_t tensor)
{
    const std::uint64_t before = m_nonPersistent->tempOffset();
    auto r = m_nonPersistent->allocateTemp(bytes, alignment);
    AllocationEvent e = event(category, Region::Temp, bytes, 0, r ? r.value() : 0, std::move(label));
    e.tensor = tensor;
    if (!r) {
        e.failed = true;
        record(std::move(e));
        return r.error();
    }
    e.used = m_nonPersistent->tempOffset() - before;
    // The greedy planner's scratch takes whatever is left: not a demand of the model.
    if (category != Category::PlannerScratch)
        m_result->tempPeakBytes
            = std::max(m_result->tempPeakBytes, m_nonPersistent->tempOffset() - m_nonPersistent->headOffset());
    record(std::move(e));
    return r;
}

Result<TempTensor> ArenaRecorder::tempTensor(
    const Subgraph& subgraph, const std::vector<std::int32_t>& list, std::size_t i, const char* role)
{
    TempTensor out;
    if (i >= list.size() || list[i] < 0)
        return out; // an omitted optional tensor: TFLM returns nullptr, allocating nothing
    const Tensor& t = subgraph.tensors[static_cast<std::size_t>(list[i])];
    // Short labels (no heap allocation); the tensor index travels in the event.
    const StructLayout tl = m_target.layout(RuntimeStruct::TfLiteTensor);
    auto s = temp(tl.size, tl.align, Category::TempTensors, std::string(role) + " tensor", list[i]);
    if (!s) {
        m_tempTensorStructFailed = true;
        return s.error();
    }
    out.valid = true;
    out.tensor = list[i];
    out.structOffset = s.value();
    if (t.quant.present) {
        const StructLayout q = m_target.layout(RuntimeStruct::TfLiteAffineQuantization);
        auto a = temp(q.size, q.align, Category::TempTensors, "quantization", list[i]);
        if (!a)
            return a.error();
        out.quantOffset = a.value();
        auto z = temp(m_target.intArrayBytes(t.quant.channels), 4, Category::TempTensors, "zero points", list[i]);
        if (!z)
            return z.error();
        out.zeroPointOffset = z.value();
    }
    return out;
}

Status ArenaRecorder::resetTemp()
{
    const std::uint64_t inUse = m_nonPersistent->tempOffset() - m_nonPersistent->headOffset();
    ARENASCOPE_TRY(m_nonPersistent->resetTemp());
    if (inUse > 0) {
        AllocationEvent e = event(
            Category::TempTensors, Region::Temp, inUse, 0, m_nonPersistent->headOffset(), "temp memory released");
        e.kind = EventKind::TempReset;
        record(std::move(e));
    }
    return okStatus();
}

void ArenaRecorder::releaseTemp(const TempTensor& t)
{
    if (!t.valid)
        return;
    if (t.zeroPointOffset)
        m_nonPersistent->deallocateTemp(*t.zeroPointOffset);
    if (t.quantOffset)
        m_nonPersistent->deallocateTemp(*t.quantOffset);
    m_nonPersistent->deallocateTemp(t.structOffset);
}

} // namespace arenascope
