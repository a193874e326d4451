#pragma once
// CSV exports of one Analysis, golden-testable and equal, figure for figure, to the plan JSON.
//
// Format (RFC 4180 except for the line end): UTF-8 without a byte-order mark, a header row,
// records ended by LF ("\n", every record including the last), fields separated by ",".
// A field containing a comma, a double quote, CR or LF is enclosed in double quotes and
// its quotes are doubled; a newline inside a tensor name therefore stays inside one field.
// Byte counts and offsets are plain decimal integers; a missing value (an offset of a tensor
// that is not in the arena) is an empty field; booleans are `true` / `false`.
//
// - tensorTableCsv: subgraph,index,name,kind,dtype,shape,bytes,aligned_bytes,padding,offset,
//   first_use,last_use,where: one row per tensor, in plan JSON `tensors` order (see
//   report_rows.h; shape is "1x49x40x1", empty for a scalar).
// - allocationLogCsv: phase,subgraph,operator,operator_name,category,region,requested,used,
//   padding,offset,label,failed: one row per allocation event in order, from the same run as
//   the plan JSON `events` (the user's arena size if one was given).
// - liveBytesCsv: step,live_bytes,plan_head_bytes,lower_bound_bytes: one row per allocation
//   scope. live_bytes is the sum of aligned bytes of planned buffers alive at the step;
//   plan_head_bytes the end of the highest of them in the memory plan (its maximum over the
//   steps is the JSON plan_bytes); lower_bound_bytes is the JSON lower_bound_bytes (the
//   largest live_bytes), repeated so a chart can draw it as a line.
//
// Usage:
//   Status st = writeFileAtomically("tensors.csv", tensorTableCsv(*analysis));

#include "core/analysis/analysis.h"

#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

std::string tensorTableCsv(const Analysis& analysis);
std::string allocationLogCsv(const Analysis& analysis);
std::string liveBytesCsv(const Analysis& analysis);

// One field, quoted only when RFC 4180 requires it.
std::string csvField(std::string_view text);
// Fields joined by "," and ended by "\n".
std::string csvRecord(const std::vector<std::string>& fields);

} // namespace arenascope
