#pragma once
// Each fact of a device log in words, without a model: what allocation it is about, which region
// of the arena, what its numbers mean, and which concept page (core/analysis/concepts.h)
// explains the idea behind it.
//
// Usage:
//   const FactText t = explainFact(fact);
//   std::cout << t.text << " (see " << t.conceptId << ")\n";

#include "log_facts.h"

#include <string>
#include <string_view>

namespace arenascope {

struct FactText {
    std::string text; // a few sentences, plain text
    std::string_view conceptId; // a concept id of core/analysis/concepts.h
};

FactText explainFact(const LogFact& fact);

} // namespace arenascope
