#pragma once
// Several models in one arena: TFLM's multi-tenancy. Firmware that runs a wake word and a VAD,
// or a keyword spotter and a recogniser, builds one MicroAllocator on one arena and one
// MicroInterpreter per model on it, then calls AllocateTensors on each in turn
// (micro_allocator.cc, micro_interpreter.cc; TFLM's own micro_interpreter_test builds two).
//
//   arena:  | head: the largest plan of any model so far | temp | ... | tail B | tail A | allocator |
//
// What carries from one model to the next (SharedAllocator in emulation.h):
// - the tail: every model's persistent allocations stay, stacked below the earlier ones';
// - the head: each model is planned from the arena start, and the head is reserved for the
//   largest plan so far (max_head_buffer_usage_), so the models' activations overlap each other;
// - temp memory is released between models; a model's scratch requests start a small head again;
// - a model that fails leaves the allocator mid-allocation (model_is_allocating_): every later
//   AllocateTensors fails with "Model allocation started before finishing previously allocated
//   model" (those tenants are Blocked);
// - the linear planner is never reset: later models get the offsets of earlier models' buffers
//   (overlapping live buffers: wrong outputs) and the head grows by every model's buffers.
// The planner and the interpreter kind belong to the shared allocator (MicroAllocator::Create,
// RecordingMicroAllocator), as do the target, kernels and TFLM snapshot (one firmware): they
// come from one EmulationSettings. Resource variables are each interpreter's own.
//
// Usage:
//   std::vector<Tenant> t = {{kws, "kws.tflite"}, {vad, "vad.tflite"}};
//   SharedArenaResultPtr r = emulateSharedArena(t, firmwareSettings);  // settings.arenaSize: the arena
//   for (const TenantOutcome& o : r->tenants) ...

#include "emulation_result.h"
#include "emulation_settings.h"

#include "core/arena/arena_trace.h"
#include "core/model/model.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

// The most models ArenaScope puts in one arena (each costs an emulation per size tried).
inline constexpr std::size_t kMaxTenants = 100;

struct Tenant {
    ModelPtr model;
    std::string name; // how messages name it: the file name
    // MicroResourceVariables::Create(allocator, n) for its interpreter; nullopt: the count of
    // VAR_HANDLE operators (none when it has none), as TFLM's benchmarks create them.
    std::optional<std::uint32_t> resourceVariables = 0;
};

enum class TenantStatus { Ok, Error, Blocked };
std::string_view tenantStatusName(TenantStatus s); // "ok", "error", "blocked"

struct TenantOutcome {
    EmulationResultPtr result; // its own events, plan, tensors and failure
    TenantStatus status = TenantStatus::Ok;
    std::uint64_t arenaUsedAfter = 0; // arena_used_bytes() right after its AllocateTensors
    std::uint64_t headAfter = 0;
    std::uint64_t tailAfter = 0;
    std::uint64_t tailAdded = 0; // its share of the tail (its construction and allocation)
    std::int64_t planBytes = 0; // its memory plan (linear planner: the planner's running total)
};

enum class Construction {
    AllFirst, // every interpreter constructed, then AllocateTensors on each (static interpreters)
    Interleaved, // construct, allocate, construct the next (TFLM's micro_interpreter_test)
};

struct SharedArenaResult {
    EmulationSettings settings; // the firmware's; arenaSize: the arena
    std::vector<TenantOutcome> tenants;
    bool ok = false; // every tenant allocated
    std::uint64_t headBytes = 0; // at the end
    std::uint64_t tailBytes = 0;
    std::uint64_t arenaUsedBytes = 0;
    std::vector<std::string> warnings; // what TFLM does not say (the linear planner's overlap)
    // Every tenant's events in the order they happened, tagged with the tenant.
    std::vector<AllocationEvent> events() const;
    // The first tenant that did not allocate, if any.
    const TenantOutcome* firstFailure() const;
};

using SharedArenaResultPtr = std::shared_ptr<const SharedArenaResult>;

// `trace` (if given) receives every allocator call and a checkpoint after each tenant.
SharedArenaResultPtr emulateSharedArena(std::span<const Tenant> tenants, const EmulationSettings& firmware,
    Construction construction = Construction::AllFirst, ArenaTrace* trace = nullptr);

} // namespace arenascope
