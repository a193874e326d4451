#include "test_support.h"

#include <array>
#include <cstdio>
#include <sys/wait.h>

#include <algorithm>
#include <fstream>
#include <random>

namespace arenascope::test {

namespace {

// `p` when it is a directory, else the empty path.
std::filesystem::path ifDirectory(const std::filesystem::path& p)
{
    std::error_code ec;
    return std::filesystem::is_directory(p, ec) ? p : std::filesystem::path();
}

// `relative` under sharedDir() when both exist, else the empty path.
std::filesystem::path inSharedDir(const std::filesystem::path& relative)
{
    const auto d = sharedDir();
    return d.empty() ? std::filesystem::path() : ifDirectory(d / relative);
}

} // namespace

std::filesystem::path sharedDir()
{
    return ifDirectory(ARENASCOPE_SHARED_DIR);
}

std::filesystem::path sharedModelsDir()
{
    return inSharedDir(std::filesystem::path("models") / "tflm");
}

std::filesystem::path oracleDir()
{
    return inSharedDir("oracle");
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

BufferSet perfectPacking(unsigned seed, std::size_t count, std::int64_t capacity)
{
    struct Rect {
        std::int64_t t0, t1, o0, o1;
    };
    std::mt19937 rng(seed);
    std::vector<Rect> rects { { 0, 100, 0, capacity } };
    for (int attempts = 0; rects.size() < count && attempts < 100'000; ++attempts) {
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, rects.size() - 1)(rng);
        const Rect r = rects[i];
        if (rng() % 2 == 0 && r.t1 - r.t0 > 1) {
            const std::int64_t m = std::uniform_int_distribution<std::int64_t>(r.t0 + 1, r.t1 - 1)(rng);
            rects[i] = { r.t0, m, r.o0, r.o1 };
            rects.push_back({ m, r.t1, r.o0, r.o1 });
        } else if ((r.o1 - r.o0) / 16 > 1) {
            const std::int64_t m
                = r.o0 + 16 * std::uniform_int_distribution<std::int64_t>(1, (r.o1 - r.o0) / 16 - 1)(rng);
            rects[i] = { r.t0, r.t1, r.o0, m };
            rects.push_back({ r.t0, r.t1, m, r.o1 });
        }
    }
    std::shuffle(rects.begin(), rects.end(), rng);
    BufferSet set;
    for (const Rect& r : rects)
        set.buffers.push_back(SolverBuffer { std::to_string(set.buffers.size()), r.t0, r.t1, r.o1 - r.o0 });
    return set;
}

std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

CliResult runCommand(const std::string& binary, const std::vector<std::string>& args)
{
    std::string cmd = shellQuote(binary);
    for (const auto& a : args)
        cmd += " " + shellQuote(a);
    cmd += " 2>&1";
    CliResult run;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe)
        return run;
    std::array<char, 4096> buffer {};
    while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        run.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

std::vector<std::uint64_t> kernelPersistent(const EmulationResult& r)
{
    std::vector<std::uint64_t> v;
    for (const AllocationEvent& e : r.events)
        if (e.category == Category::KernelPersistent)
            v.push_back(e.requested);
    return v;
}

std::vector<NamedSettings> buildVariety(std::uint32_t recordingVariables, bool splitArenas)
{
    std::vector<NamedSettings> out;
    out.push_back({ "cortex-m", EmulationSettings {} });
    EmulationSettings s;
    s.target = TargetKind::X86_64;
    s.planner = PlannerKind::Linear;
    out.push_back({ "x86_64 linear", s });
    s = {};
    s.kernels = KernelSet::CmsisNn;
    s.cpu = Cpu::CortexM4;
    out.push_back({ "cmsis-nn m4", s });
    s = {};
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = EspChip::Esp32S3;
    out.push_back({ "esp-nn s3", s });
    s = {};
    s.tflm = TflmVersion::V2024_05;
    s.interpreter = InterpreterKind::Recording;
    s.resourceVariables = recordingVariables;
    out.push_back(
        { recordingVariables == 0 ? std::string("71fba59b recording")
                                  : "71fba59b recording, " + std::to_string(recordingVariables) + " variables",
            s });
    s = {};
    s.arenaOffset = 5;
    out.push_back({ "arena offset 5", s });
    if (splitArenas) {
        s = {};
        s.nonPersistentBytes = kMeasureArenaBytes;
        out.push_back({ "split arenas", s });
    }
    return out;
}

} // namespace arenascope::test
