#pragma once
// The commands a team's CI runs (README: Use in CI):
//   baseline MODEL... [--config C ...] --out arena-baseline.json   record the figures
//   check --baseline FILE [MODEL...] [--max-growth X] [--budget N]  exit 1 when an arena grew
//   header MODEL --config C --out model_arena.h                     the smallest arena as a #define
// Exit codes as every command: 0 ok, 1 a regression (or no arena fits), 2 bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

int runBaseline(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runHeader(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace arenascope
