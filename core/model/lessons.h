#pragma once
// Lesson models: small, valid models the project writes itself (deterministically, with
// ModelBuilder), each teaching one thing about the tensor arena, with a one-paragraph guide
// of what to look at and what to try. `arenascope make-lessons DIR` writes them; they ship as
// models/lessons/<id>.tflite and Help > Lessons opens them.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace arenascope {

struct Lesson {
    std::string_view id; // file name without .tflite: "flash_vs_ram"
    std::string_view title; // "Fits in flash, fails in RAM"
    std::string_view guide; // what to look at, what to try
    std::vector<std::uint8_t> (*build)();
    // A lesson about several models in one arena: the lesson whose model shares the arena with
    // this one, allocated after it (empty: a lesson of one model).
    std::string_view sharesArenaWith = {};
};

std::span<const Lesson> lessons();

} // namespace arenascope
