#include "test_support.h"

#include <algorithm>
#include <fstream>

namespace arenascope::test {

std::filesystem::path sharedDir()
{
    std::filesystem::path p(ARENASCOPE_SHARED_DIR);
    std::error_code ec;
    return std::filesystem::is_directory(p, ec) ? p : std::filesystem::path();
}

std::filesystem::path sharedModelsDir()
{
    auto d = sharedDir();
    if (d.empty())
        return {};
    auto m = d / "models" / "tflm";
    std::error_code ec;
    return std::filesystem::is_directory(m, ec) ? m : std::filesystem::path();
}

std::filesystem::path oracleDir()
{
    auto d = sharedDir();
    if (d.empty())
        return {};
    auto o = d / "oracle";
    std::error_code ec;
    return std::filesystem::is_directory(o, ec) ? o : std::filesystem::path();
}

std::vector<std::filesystem::path> sharedModels()
{
    std::vector<std::filesystem::path> out;
    const auto dir = sharedModelsDir();
    if (dir.empty())
        return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".tflite")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint8_t> readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace arenascope::test
