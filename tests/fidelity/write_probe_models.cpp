// Writes the probe models (probe_models.h) into a folder, for measuring them with
// ../shared/harness: write_probe_models DIR
#include "graph_zoo.h"
#include "probe_models.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_probe_models DIR\n");
        return 2;
    }
    std::filesystem::create_directories(argv[1]);
    std::vector<arenascope::test::ProbeModel> all = arenascope::test::espProbeModels();
    const auto& ethos = arenascope::test::ethosUProbeModels();
    all.insert(all.end(), ethos.begin(), ethos.end());
    const auto& zoo = arenascope::test::graphZooModels();
    all.insert(all.end(), zoo.begin(), zoo.end());
    for (const auto& m : all) {
        std::ofstream out(std::filesystem::path(argv[1]) / m.name, std::ios::binary);
        out.write(reinterpret_cast<const char*>(m.bytes.data()), static_cast<std::streamsize>(m.bytes.size()));
        if (!out) {
            std::fprintf(stderr, "cannot write %s\n", m.name.c_str());
            return 1;
        }
    }
    return 0;
}
