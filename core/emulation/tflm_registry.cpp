#include "tflm_registry.h"

#include "tflm_changes.h"

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

// Operators registered at 90b983c2 that an older snapshot has no kernel for, with the change
// that registered them (tflm_changes.h: MicroMutableOpResolver's Add* function and the resolvers
// the harness used, python_ops_resolver.cc or, in 2023, all_ops_resolver.cc): a snapshot
// registers the operator when it has the change.
constexpr std::int32_t kCustom = 32; // BuiltinOperator_CUSTOM

struct AddedIn {
    std::int32_t builtin; // -1: a custom operator, by name
    std::string_view custom;
    TflmChange since;
};

constexpr std::array kAddedLater = {
    AddedIn { -1, "SignalWindow", TflmChange::RegistersSignalWindow },
    AddedIn { -1, "SignalRfft", TflmChange::RegistersSignalRfft },
    AddedIn { -1, "SignalFramer", TflmChange::RegistersSignalFramer },
    AddedIn { -1, "SignalOverlapAdd", TflmChange::RegistersSignalOverlapAdd },
    AddedIn { -1, "SignalDelay", TflmChange::RegistersSignalDelay },
    AddedIn { -1, "SignalStacker", TflmChange::RegistersSignalStacker },
    AddedIn { -1, "SignalEnergy", TflmChange::RegistersSignalEnergy },
    AddedIn { -1, "SignalFilterBank", TflmChange::RegistersSignalFilterBanks },
    AddedIn { -1, "SignalFilterBankLog", TflmChange::RegistersSignalFilterBanks },
    AddedIn { -1, "SignalFilterBankSpectralSubtraction", TflmChange::RegistersSignalFilterBanks },
    AddedIn { -1, "SignalFilterBankSquareRoot", TflmChange::RegistersSignalFilterBanks },
    AddedIn { -1, "SignalFftAutoScale", TflmChange::RegistersSignalFftAutoScale },
    AddedIn { -1, "SignalIrfft", TflmChange::RegistersSignalIrfft },
    AddedIn { 7, {}, TflmChange::RegistersEmbeddingLookup }, // EMBEDDING_LOOKUP
    AddedIn { -1, "SignalPCAN", TflmChange::RegistersSignalPcan },
    AddedIn { 126, {}, TflmChange::RegistersBatchMatmul }, // BATCH_MATMUL
    AddedIn { 105, {}, TflmChange::RegistersReverseV2 }, // REVERSE_V2
    AddedIn { 89, {}, TflmChange::RegistersReduceMin }, // REDUCE_MIN
    AddedIn { -1, "TFLM_DECODE", TflmChange::RegistersDecode },
    AddedIn { 151, {}, TflmChange::RegistersDynamicUpdateSlice }, // DYNAMIC_UPDATE_SLICE
    AddedIn { 140, {}, TflmChange::RegistersReduceAll }, // REDUCE_ALL
};

} // namespace

bool tflmAddsLater(std::int32_t builtinCode, std::string_view customName, TflmVersion v)
{
    return std::any_of(kAddedLater.begin(), kAddedLater.end(), [&](const AddedIn& a) {
        const bool same = builtinCode == kCustom ? a.builtin < 0 && a.custom == customName : a.builtin == builtinCode;
        return same && !tflmHas(v, a.since);
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
