#include "tflm_check_sites.h"

#include <algorithm>

namespace arenascope {

namespace {

// Column of an older snapshot in the generated rows; -1 for the newest.
int column(TflmVersion v)
{
    switch (v) {
    case TflmVersion::V2025_11:
        return 0;
    case TflmVersion::V2025_01:
        return 1;
    case TflmVersion::V2024_05:
        return 2;
    case TflmVersion::V2023_02:
        return 3;
    case TflmVersion::V2026_08:
        break;
    }
    return -1;
}

} // namespace

CheckSite checkSite(TflmVersion v, std::string_view file, int line)
{
    const int c = column(v);
    CheckSite site { checkFile(v, file), line, true };
    if (c < 0)
        return { file, line, true };
    const detail::CheckSiteRow* begin = detail::kCheckSiteRows;
    const detail::CheckSiteRow* end = begin + detail::kCheckSiteRowCount;
    const auto* row = std::lower_bound(begin, end, std::pair { file, line }, [](const auto& r, const auto& key) {
        const std::string_view f(r.file);
        return f < key.first || (f == key.first && r.line < key.second);
    });
    if (row == end || std::string_view(row->file) != file || row->line != line)
        return site;
    if (row->oldLine[c] == 0)
        return { site.file, 0, false };
    return { row->oldFile[c] ? std::string_view(row->oldFile[c]) : file, row->oldLine[c], true };
}

std::string_view checkFile(TflmVersion v, std::string_view file)
{
    const int c = column(v);
    if (c < 0)
        return file;
    for (std::size_t i = 0; i < detail::kCheckFileRowCount; ++i) {
        const detail::CheckFileRow& r = detail::kCheckFileRows[i];
        // "": the file does not exist at that snapshot; keep the newest name.
        if (file == r.file && r.oldFile[c] && *r.oldFile[c])
            return r.oldFile[c];
    }
    return file;
}

} // namespace arenascope
