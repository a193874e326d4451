#pragma once
// Where a TFLM check sits in an older snapshot. TF_LITE_ENSURE* print "<__FILE__>:<__LINE__>",
// so the same failed check reads differently per snapshot: lines move as code is added above
// them, files are split or renamed (pad.cc -> pad_common.cc), and checks are added (pooling's
// scale check, 2025-04) or changed. The kernels are written against the newest snapshot's
// lines; this table, generated from the sources by scripts/tflm_check_lines.py, says where each
// check sits in the older snapshots, or that it does not exist there yet.
//
// Usage:
//   const CheckSite s = checkSite(TflmVersion::V2025_01, "tensorflow/lite/micro/kernels/activations_common.cc", 95);
//   // s.file == "tensorflow/lite/micro/kernels/activations_common.cc", s.line == 112, s.present
//
// A check the table does not list sits where it sits in the newest snapshot.

#include "tflm_version.h"

#include <string_view>

namespace arenascope {

struct CheckSite {
    std::string_view file; // __FILE__ at that snapshot
    int line = 0; // __LINE__ at that snapshot (0 for a message-only check)
    bool present = true; // false: the snapshot has no such check (added later)
};

// `file` and `line` as the newest snapshot prints them.
CheckSite checkSite(TflmVersion v, std::string_view file, int line);

// The file a TF_LITE_ENSURE_MSG or MicroPrintf of `file` (newest) prints at snapshot `v`.
std::string_view checkFile(TflmVersion v, std::string_view file);

namespace detail {

// The older snapshots, one column each: V2025_11, V2025_01, V2024_05, V2023_02 (newest first
// after the newest).
inline constexpr int kCheckSiteColumns = 4;

// One check whose site differs in at least one older snapshot. oldFile nullptr: the same path;
// oldLine 0: absent.
struct CheckSiteRow {
    const char* file;
    int line;
    const char* oldFile[kCheckSiteColumns];
    int oldLine[kCheckSiteColumns];
};

// A file whose checks live elsewhere in an older snapshot (nullptr: the same path).
struct CheckFileRow {
    const char* file;
    const char* oldFile[kCheckSiteColumns];
};

// tflm_check_sites_data.cpp (generated), sorted by file then line.
extern const CheckSiteRow kCheckSiteRows[];
extern const std::size_t kCheckSiteRowCount;
extern const CheckFileRow kCheckFileRows[];
extern const std::size_t kCheckFileRowCount;

} // namespace detail

} // namespace arenascope
