// Replays inputs through a fuzz target without libFuzzer: every file named on the command line
// (or found in a named folder) is passed to LLVMFuzzerTestOneInput once. The regression tests
// run each target over tests/fuzz/regressions/<target>/ with it, in every build.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void replay(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::cout << "replaying " << file.filename().string() << " (" << bytes.size() << " bytes)\n";
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path p(argv[i]);
        if (std::filesystem::is_directory(p)) {
            for (const auto& e : std::filesystem::directory_iterator(p))
                if (e.is_regular_file() && e.path().filename() != "README.md") {
                    replay(e.path());
                    ++count;
                }
        } else {
            replay(p);
            ++count;
        }
    }
    std::cout << count << " inputs replayed without a finding\n";
    return 0;
}
