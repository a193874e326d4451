#include "kernel_profile.h"

#include "kernels/cmsis_nn/cmsis_profiles.h"
#include "kernels/esp_nn/esp_profiles.h"
#include "kernels/profile_groups.h"

#include "core/model/builtin_names.h"

#include <initializer_list>
#include <unordered_map>
#include <vector>

namespace arenascope {

namespace {

constexpr std::int32_t kCustomCode = 32;

// A kernel set's profiles, looked up by builtin code or custom name.
struct Index {
    std::vector<KernelProfile> all;
    std::unordered_map<std::int32_t, std::size_t> byCode;
    std::unordered_map<std::string_view, std::size_t> byCustomName;

    const KernelProfile* find(std::int32_t builtinCode, std::string_view customName) const
    {
        if (builtinCode == kCustomCode) {
            const auto it = byCustomName.find(customName);
            return it == byCustomName.end() ? nullptr : &all[it->second];
        }
        const auto it = byCode.find(builtinCode);
        return it == byCode.end() ? nullptr : &all[it->second];
    }
};

Index makeIndex(std::initializer_list<std::span<const KernelProfile>> groups)
{
    Index i;
    for (auto group : groups)
        i.all.insert(i.all.end(), group.begin(), group.end());
    for (std::size_t k = 0; k < i.all.size(); ++k) {
        const KernelProfile& p = i.all[k];
        if (p.custom)
            i.byCustomName.emplace(p.name, k);
        else if (const auto code = builtinOperatorCode(p.name))
            i.byCode.emplace(*code, k);
    }
    return i;
}

const Index& referenceIndex()
{
    static const Index idx = makeIndex({
        kernels::convProfiles,
        kernels::transposeConvProfiles,
        kernels::fullyConnectedProfiles,
        kernels::batchMatmulProfiles,
        kernels::poolingProfiles,
        kernels::svdfProfiles,
        kernels::lstmProfiles,
        kernels::embeddingLookupProfiles,
        kernels::activationProfiles,
        kernels::elementwiseUnaryProfiles,
        kernels::arithmeticProfiles,
        kernels::comparisonsAndLogicalProfiles,
        kernels::selectProfiles,
        kernels::typeConversionProfiles,
        kernels::softmaxProfiles,
        kernels::l2NormProfiles,
        kernels::reduceProfiles,
        kernels::argMinMaxProfiles,
        kernels::cumsumProfiles,
        kernels::reshapeProfiles,
        kernels::shapeProfiles,
        kernels::fillProfiles,
        kernels::padProfiles,
        kernels::sliceProfiles,
        kernels::concatenationAndSplitProfiles,
        kernels::gatherProfiles,
        kernels::spaceDepthBatchProfiles,
        kernels::resizeProfiles,
        kernels::broadcastProfiles,
        kernels::transposeAndReverseProfiles,
        kernels::resourceVariableProfiles,
        kernels::controlFlowProfiles,
        kernels::circularBufferProfiles,
        kernels::detectionPostprocessProfiles,
        kernels::decodeProfiles,
        kernels::signalProfiles,
    });
    return idx;
}

const Index& cmsisIndex()
{
    static const Index idx = makeIndex({ kernels::cmsis::addProfiles, kernels::cmsis::batchMatmulProfiles,
        kernels::cmsis::convProfiles, kernels::cmsis::depthwiseConvProfiles, kernels::cmsis::fullyConnectedProfiles,
        kernels::cmsis::poolingProfiles, kernels::cmsis::softmaxProfiles, kernels::cmsis::svdfProfiles,
        kernels::cmsis::transposeConvProfiles, kernels::cmsis::lstmProfiles });
    return idx;
}

const Index& espIndex()
{
    static const Index idx = makeIndex({ kernels::esp::convProfiles, kernels::esp::depthwiseConvProfiles,
        kernels::esp::fullyConnectedProfiles, kernels::esp::softmaxProfiles });
    return idx;
}

const Index& ethosUIndex()
{
    static const Index idx = makeIndex({ kernels::ethosUProfiles });
    return idx;
}

} // namespace

std::span<const KernelProfile> coProcessorKernelProfiles()
{
    return ethosUIndex().all;
}

const KernelProfile* findKernelProfile(
    std::int32_t builtinCode, std::string_view customName, KernelSet kernels, CoProcessor coProcessor, TflmVersion tflm)
{
    if (coProcessor == CoProcessor::EthosU)
        if (const KernelProfile* p = ethosUIndex().find(builtinCode, customName))
            return p;
    if (kernels == KernelSet::CmsisNn)
        if (const KernelProfile* p = cmsisIndex().find(builtinCode, customName);
            p && kernels::cmsis::hasKernel(p->name, tflm))
            return p;
    if (kernels == KernelSet::EspNn)
        if (const KernelProfile* p = espIndex().find(builtinCode, customName))
            return p;
    return referenceIndex().find(builtinCode, customName);
}

std::span<const KernelProfile> allKernelProfiles()
{
    return referenceIndex().all;
}

std::span<const KernelProfile> cmsisNnKernelProfiles()
{
    return cmsisIndex().all;
}

std::span<const KernelProfile> espNnKernelProfiles()
{
    return espIndex().all;
}

} // namespace arenascope
