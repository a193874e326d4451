#pragma once
// Paths and helpers shared by the core tests.

#include "core/emulation/emulation_result.h"
#include "core/emulation/emulation_settings.h"
#include "core/model/model.h"
#include "core/solver/buffer_set.h"

#include <filesystem>
#include <string>
#include <vector>

namespace arenascope::test {

// ../shared beside the project root; empty path when absent.
std::filesystem::path sharedDir();
std::filesystem::path sharedModelsDir(); // sharedDir()/models/tflm
std::filesystem::path oracleDir(); // sharedDir()/oracle
// Every .tflite under sharedModelsDir(), sorted; empty when absent.
std::vector<std::filesystem::path> sharedModels();
std::vector<std::uint8_t> readFile(const std::filesystem::path& path);

// A plan with no byte to spare: the capacity x time rectangle (100 steps) cut again and
// again, in time or in bytes (multiples of 16), into `count` buffers; shuffled.
BufferSet perfectPacking(unsigned seed, std::size_t count, std::int64_t capacity);

// The arenascope binary run as a user runs it (ARENASCOPE_CLI, defined for the core tests).
struct CliResult {
    int exitCode = -1;
    std::string out; // stdout and stderr together
};
CliResult runCommand(const std::string& binary, const std::vector<std::string>& args);
#ifdef ARENASCOPE_CLI
inline CliResult arenascope(const std::vector<std::string>& args)
{
    return runCommand(ARENASCOPE_CLI, args);
}
#endif
// Builds that allocate differently, by name: the default, x86_64 with the linear planner,
// CMSIS-NN on an M4, ESP-NN on an S3, the 71fba59b snapshot's recording interpreter (with
// `recordingVariables` resource variables), an arena starting 5 bytes past alignment and, with
// `splitArenas`, a separate non-persistent arena.
struct NamedSettings {
    std::string name;
    EmulationSettings settings;
};
std::vector<NamedSettings> buildVariety(std::uint32_t recordingVariables, bool splitArenas);
// Requested bytes of every kernel AllocatePersistentBuffer of a run, in order.
std::vector<std::uint64_t> kernelPersistent(const EmulationResult& r);

// A shell word: 'it'\''s'.
std::string shellQuote(const std::string& s);

} // namespace arenascope::test

// Skips the current test with a clear message when ../shared is not there.
#define ARENASCOPE_REQUIRE_SHARED()                                                                                    \
    do {                                                                                                               \
        if (::arenascope::test::sharedModelsDir().empty())                                                             \
            GTEST_SKIP() << "../shared/models is absent: shared-model tests are skipped";                              \
    } while (false)
