#pragma once
// `arenascope header`: a C/C++ header that states a model's smallest tensor arena, exactly, for
// firmware to include. The margin is a separate #define, never silently added; the arena's
// alignment and a ready aligned declaration come with it; a comment names the model, its
// sha256, the configuration and the TFLM source the figure follows.
//
//   #define KWS_ARENA_MIN_BYTES 6808u       // what AllocateTensors needs, to the byte
//   #define KWS_ARENA_MARGIN_BYTES 0u       // --margin, stated apart
//   #define KWS_ARENA_BYTES (KWS_ARENA_MIN_BYTES + KWS_ARENA_MARGIN_BYTES)
//   #define KWS_ARENA_ALIGNMENT 16u
//   KWS_ARENA_DEFINE(static);               // in one source file: an aligned uint8_t array
//
// Usage:
//   ArenaHeader h { "kws", path, sha256, configuration, tflm, fidelity, 6808, 0 };
//   std::string text = arenaHeaderText(h);

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct ArenaHeader {
    std::string name; // the C identifier prefix, lower case ("kws"); macros use it upper-cased
    std::string modelPath;
    std::string sha256;
    std::string configuration;
    std::string tflm;
    std::string fidelity; // provenance text: how the figure is proven
    std::uint64_t minArenaBytes = 0;
    std::uint64_t marginBytes = 0;
    std::uint32_t arenaOffset = 0; // the configuration's arena offset (the figure includes the loss)
    // Several models in one arena: their paths in the order the interpreters are built.
    std::vector<std::string> sharedArena;
};

// A C identifier from a file name or --name: "person_detect.tflite" -> "person_detect"; letters,
// digits and '_', not starting with a digit; nullopt when nothing is left.
std::optional<std::string> headerIdentifier(const std::string& text);

std::string arenaHeaderText(const ArenaHeader& h);

} // namespace arenascope
