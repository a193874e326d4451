// Every operator TFLM's reference resolver registers has a kernel profile, each profile cites
// its source, and no operator is profiled twice.
#include "core/emulation/kernel_profile.h"
#include "core/emulation/tflm_registry.h"
#include "core/model/builtin_names.h"

#include <gtest/gtest.h>

#include <set>

namespace arenascope {
namespace {

constexpr std::int32_t kRegistered[] = {
#include "core/emulation/tflm_registered_builtins.inc"
};

constexpr std::string_view kRegisteredCustoms[] = {
#include "core/emulation/tflm_registered_customs.inc"
};

TEST(KernelRegistry, EveryRegisteredBuiltinHasAProfile)
{
    for (std::int32_t code : kRegistered) {
        EXPECT_NE(findKernelProfile(code, {}), nullptr) << builtinOperatorName(code) << " (" << code << ")";
        EXPECT_TRUE(tflmRegistersBuiltin(code));
    }
}

TEST(KernelRegistry, ProfilesAreUniqueAndCiteTheirSource)
{
    std::set<std::int32_t> builtins;
    std::set<std::string_view> customs;
    for (const KernelProfile& p : allKernelProfiles()) {
        EXPECT_FALSE(p.source.empty()) << p.name;
        if (!p.custom) {
            const auto code = builtinOperatorCode(p.name);
            ASSERT_TRUE(code.has_value()) << "not a builtin operator name: " << p.name;
            EXPECT_TRUE(builtins.insert(*code).second) << "twice: " << p.name;
            EXPECT_EQ(findKernelProfile(*code, {}), &p) << p.name;
        } else {
            EXPECT_TRUE(customs.insert(p.name).second) << "twice: " << p.name;
        }
    }
}

TEST(KernelRegistry, ProfiledCustomOperatorsAreRegistered)
{
    for (const KernelProfile& p : allKernelProfiles()) {
        if (p.custom) {
            EXPECT_TRUE(tflmRegistersCustom(p.name)) << p.name;
        }
    }
    EXPECT_GT(std::size(kRegisteredCustoms), 0u);
}

TEST(KernelRegistry, UnregisteredOperatorsStayUnregistered)
{
    // REDUCE_PROD has no TFLM kernel; CUSTOM "ethos-u" registers nothing in a reference build.
    EXPECT_FALSE(tflmRegistersBuiltin(81));
    EXPECT_EQ(findKernelProfile(81, {}), nullptr);
    EXPECT_FALSE(tflmRegistersCustom("ethos-u"));
}

} // namespace
} // namespace arenascope
