#include "kernel_profile.h"

#include "kernels/profile_groups.h"
#include "kernels/reduce_profiles.h"

#include "core/model/builtin_names.h"

#include <unordered_map>
#include <vector>

namespace arenascope {

namespace {

constexpr std::int32_t kCustomCode = 32;

struct Index {
    std::vector<KernelProfile> all;
    std::unordered_map<std::int32_t, std::size_t> byCode;
    std::unordered_map<std::string_view, std::size_t> byCustomName;
};

const Index& index()
{
    static const Index idx = [] {
        Index i;
        for (auto group : { kernels::convProfiles(), kernels::denseProfiles(), kernels::elementwiseProfiles(),
                 kernels::sequenceProfiles(), kernels::signalProfiles(), kernels::unaryProfiles(),
                 kernels::shapeProfiles(), kernels::reduceProfiles(), kernels::logicProfiles() })
            i.all.insert(i.all.end(), group.begin(), group.end());
        for (std::size_t k = 0; k < i.all.size(); ++k) {
            const KernelProfile& p = i.all[k];
            if (p.custom)
                i.byCustomName.emplace(p.name, k);
            else if (const auto code = builtinOperatorCode(p.name))
                i.byCode.emplace(*code, k);
        }
        return i;
    }();
    return idx;
}

} // namespace

const KernelProfile* findKernelProfile(std::int32_t builtinCode, std::string_view customName)
{
    const Index& i = index();
    if (builtinCode == kCustomCode) {
        const auto it = i.byCustomName.find(customName);
        return it == i.byCustomName.end() ? nullptr : &i.all[it->second];
    }
    const auto it = i.byCode.find(builtinCode);
    return it == i.byCode.end() ? nullptr : &i.all[it->second];
}

std::span<const KernelProfile> allKernelProfiles()
{
    return index().all;
}

} // namespace arenascope
