#include "atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

namespace arenascope {

Status writeFileAtomically(const std::string& path, const std::string& contents)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    std::random_device rd;
    const fs::path tmp
        = target.parent_path() / ("." + target.filename().string() + ".tmp" + std::to_string(rd() % 1000000));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return makeError(ErrorCode::Io, std::string("cannot create a file here: ") + std::strerror(errno), path);
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
        out.flush();
        if (!out) {
            std::error_code ec;
            fs::remove(tmp, ec);
            return makeError(ErrorCode::Io, "writing failed (disk full?); the previous file is unchanged", path);
        }
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return makeError(ErrorCode::Io, "cannot replace the file: " + ec.message(), path);
    }
    return okStatus();
}

} // namespace arenascope
