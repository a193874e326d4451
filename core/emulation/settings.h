#pragma once
// The choices a user makes for one emulation.

#include "target.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace arenascope {

enum class PlannerKind { Greedy, Linear };
enum class InterpreterKind { Plain, Recording };

struct EmulationSettings {
    TargetKind target = TargetKind::CortexM;
    PlannerKind planner = PlannerKind::Greedy;
    InterpreterKind interpreter = InterpreterKind::Plain;
    bool preserveAllTensors = false;  // TFLM switches to the linear planner
    std::uint64_t arenaBytes = 64ULL * 1024 * 1024;
    // Separate persistent and non-persistent arenas (four-argument MicroAllocator::Create):
    // when set, arenaBytes is the persistent arena and this is the non-persistent one.
    std::optional<std::uint64_t> nonPersistentBytes;

    // What TFLM actually builds. preserve_all_tensors switches to the linear planner; the
    // four-argument MicroAllocator::Create (separate arenas) always builds a plain
    // MicroAllocator with a GreedyMemoryPlanner (there is no recording or linear variant).
    PlannerKind effectivePlanner() const
    {
        if (nonPersistentBytes)
            return PlannerKind::Greedy;
        return preserveAllTensors ? PlannerKind::Linear : planner;
    }
    InterpreterKind effectiveInterpreter() const
    {
        return nonPersistentBytes ? InterpreterKind::Plain : interpreter;
    }
};

std::string_view plannerName(PlannerKind kind);
std::string_view interpreterName(InterpreterKind kind);
std::optional<PlannerKind> parsePlanner(std::string_view name);
std::optional<InterpreterKind> parseInterpreter(std::string_view name);

} // namespace arenascope
