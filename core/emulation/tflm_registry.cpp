#include "tflm_registry.h"

#include <algorithm>
#include <array>

namespace arenascope {

namespace {

constexpr std::int32_t kRegisteredBuiltins[] = {
#include "tflm_registered_builtins.inc"
};

constexpr std::string_view kRegisteredCustoms[] = {
#include "tflm_registered_customs.inc"
};

// Operators registered at 90b983c2 that an older snapshot has no kernel for, with the first
// snapshot that has one: micro_mutable_op_resolver.h (and the resolvers the harness used,
// python_ops_resolver.cc or, in 2023, all_ops_resolver.cc) at each snapshot.
constexpr std::int32_t kCustom = 32; // BuiltinOperator_CUSTOM

struct AddedIn {
    std::int32_t builtin; // -1: a custom operator, by name
    std::string_view custom;
    TflmVersion since;
};

constexpr std::array kAddedLater = {
    AddedIn { 7, {}, TflmVersion::V2024_05 }, // EMBEDDING_LOOKUP
    AddedIn { 126, {}, TflmVersion::V2024_05 }, // BATCH_MATMUL
    AddedIn { 89, {}, TflmVersion::V2026_08 }, // REDUCE_MIN
    AddedIn { 105, {}, TflmVersion::V2026_08 }, // REVERSE_V2
    AddedIn { 140, {}, TflmVersion::V2026_08 }, // REDUCE_ALL
    AddedIn { 151, {}, TflmVersion::V2026_08 }, // DYNAMIC_UPDATE_SLICE
    AddedIn { -1, "TFLM_DECODE", TflmVersion::V2026_08 },
    // The signal library's operators (signal/micro/kernels) came after 2023-02.
    AddedIn { -1, "SignalDelay", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalEnergy", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFftAutoScale", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFilterBank", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFilterBankLog", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFilterBankSpectralSubtraction", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFilterBankSquareRoot", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalFramer", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalIrfft", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalOverlapAdd", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalPCAN", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalRfft", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalStacker", TflmVersion::V2024_05 },
    AddedIn { -1, "SignalWindow", TflmVersion::V2024_05 },
};

} // namespace

bool tflmAddsLater(std::int32_t builtinCode, std::string_view customName, TflmVersion v)
{
    return std::any_of(kAddedLater.begin(), kAddedLater.end(), [&](const AddedIn& a) {
        const bool same = builtinCode == kCustom ? a.builtin < 0 && a.custom == customName : a.builtin == builtinCode;
        return same && !atLeast(v, a.since);
    });
}

bool tflmRegistersBuiltin(std::int32_t builtinCode, TflmVersion v)
{
    return std::find(std::begin(kRegisteredBuiltins), std::end(kRegisteredBuiltins), builtinCode)
        != std::end(kRegisteredBuiltins)
        && !tflmAddsLater(builtinCode, {}, v);
}

bool tflmRegistersCustom(std::string_view name, TflmVersion v)
{
    return std::find(std::begin(kRegisteredCustoms), std::end(kRegisteredCustoms), name) != std::end(kRegisteredCustoms)
        && !tflmAddsLater(kCustom, name, v);
}

std::string unresolvedBuiltinMessage(std::string_view name, std::int32_t opVersion, TflmVersion v)
{
    // 2023-02: tensorflow/lite/core/api/op_resolver.cc, with the operator's version and advice;
    // later: micro_op_resolver.cc.
    const std::string message = "Didn't find op for builtin opcode '" + std::string(name) + "'";
    if (!atLeast(v, TflmVersion::V2024_05))
        return message + " version '" + std::to_string(opVersion)
            + "'. An older version of this builtin might be supported. Are you using an old TFLite binary with a "
              "newer model?";
    return message;
}

} // namespace arenascope
