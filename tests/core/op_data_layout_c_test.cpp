// Sizes of the op-data structs in kernels/kernel_op_data.h, lstm_op_data.h, signal_op_data.h
// and decode_op_data.h on each target. The 32-bit int-enum and x86-64 figures are the
// byte counts these profiles used before the structs were described by their members, which
// the TFLM oracle had confirmed; the cortex-m figures follow from arm-none-eabi's short enums.
#include "core/emulation/kernels/decode_op_data.h"
#include "core/emulation/kernels/kernel_op_data.h"
#include "core/emulation/kernels/lstm_op_data.h"
#include "core/emulation/kernels/signal_op_data.h"
#include "core/emulation/struct_layout.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

constexpr Abi kCortexM { 4, true };
constexpr Abi kIlp32 { 4, false };
constexpr Abi kX86_64 { 8, false };

struct Expected {
    const StructDef& def;
    std::uint32_t cortexM, ilp32, x86;
};

void expectSizes(std::initializer_list<Expected> table)
{
    for (const Expected& e : table) {
        SCOPED_TRACE(std::string(e.def.name));
        EXPECT_EQ(layoutOf(e.def, kCortexM).size, e.cortexM);
        EXPECT_EQ(layoutOf(e.def, kIlp32).size, e.ilp32);
        EXPECT_EQ(layoutOf(e.def, kX86_64).size, e.x86);
    }
}

using namespace kernels::decodedata;
using namespace kernels::lstmdata;
using namespace kernels::opdata;
using namespace kernels::signaldata;

TEST(OpDataLayoutC, LogicKernels)
{
    expectSizes({
        { kComparisonOpData, 32, 32, 32 },
        { kSelectOpData, 1, 1, 1 },
        { kCumsumOpData, 36, 36, 36 },
        { kConvParams, 56, 56, 56 },
        { kTransposeConvOpData, 72, 72, 80 },
        { kBatchMatmulOpData, 16, 16, 32 },
        { kBatchMatmulQuantization, 28, 28, 28 },
        { kEmbeddingLookupOpData, 8, 8, 16 },
        { kVarHandleOpData, 4, 4, 4 },
        { kIfOpData, 8, 8, 8 },
        { kWhileOpData, 8, 8, 8 },
        { kCallOnceOpData, 8, 8, 8 },
        { kCircularBufferOpData, 8, 8, 8 },
        { kDetectionPostprocessOpData, 112, 112, 112 },
    });
}

TEST(OpDataLayoutC, Lstm)
{
    // The short enum cell_gate_nonlinear_type leaves padding before the 4-aligned gates: the
    // same 688 bytes on every target.
    expectSizes({
        { kFullyConnectedParams, 40, 40, 40 },
        { kArithmeticParams, 104, 104, 104 },
        { kOpDataLstm, 688, 688, 688 },
    });
}

TEST(OpDataLayoutC, SignalKernels)
{
    expectSizes({
        { kSignalWindowParams, 8, 8, 8 },
        { kSignalRfftParams, 32, 32, 48 },
        { kSignalEnergyParams, 8, 8, 8 },
        { kSignalFilterBankParams, 36, 36, 64 },
        { kSignalSpectralSubtractionParams, 44, 44, 56 },
        { kSignalPcanParams, 4, 4, 4 },
        { kSignalLogParams, 8, 8, 8 },
        // Added with their profiles (no earlier byte count): signal/micro/kernels/*.cc.
        { kSignalCircularBuffer, 24, 24, 40 },
        { kSignalDelayParams, 20, 20, 32 },
        { kSignalFramerParams, 28, 28, 40 },
        { kSignalIrfftParams, 24, 24, 32 },
        { kSignalIrfftFloatState, 8, 8, 16 },
        { kSignalOverlapAddParams, 24, 24, 32 },
        { kSignalStackerParams, 36, 36, 56 },
    });
}

TEST(OpDataLayoutC, DecodeStates)
{
    // kernels/decode_state_lut.h, decode_state_prune.h, decode_state_huffman.h.
    expectSizes({
        { kDecodeStateLut, 36, 36, 72 },
        { kDecodeStatePrune, 40, 40, 80 },
        { kDecodeStateHuffman, 28, 28, 56 },
    });
}

} // namespace
} // namespace arenascope
