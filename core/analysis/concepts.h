#pragma once
// The concepts ArenaScope's views use, explained for someone new to TFLM: a one-line tooltip
// and a short help page each. The UI shows them as tooltips and in Help > Concepts (F1); the
// HTML report can link them. Plain text, no markup.
//
// Usage:
//   const Concept* c = findConcept("head");
//   label->setToolTip(c->tooltip);

#include <span>
#include <string_view>

namespace arenascope {

struct Concept {
    std::string_view id; // "head", "tail", ...: what the UI refers to
    std::string_view term; // "Head"
    std::string_view tooltip; // one sentence
    std::string_view page; // a few short paragraphs, separated by blank lines
};

std::span<const Concept> concepts();
const Concept* findConcept(std::string_view id);

} // namespace arenascope
