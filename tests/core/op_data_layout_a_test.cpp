// Op-data structs of the data-movement and reduction profiles (kernels/shape_op_data.h), laid
// out per target: arm-none-eabi with short enums (cortex-m), 32-bit with int enums (ilp32),
// x86-64. Sizes are what sizeof gives in the TFLM builds the oracle was measured with.
#include "core/emulation/kernels/shape_op_data.h"
#include "core/emulation/struct_layout.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

constexpr Abi kCortexM { 4, true };
constexpr Abi kIlp32 { 4, false };
constexpr Abi kX86_64 { 8, false };

struct Expected {
    const StructDef* def;
    std::uint32_t cortexM, ilp32, x86;
};

TEST(OpDataLayoutA, ShapeAndReduceOpDataPerTarget)
{
    using namespace kernels::opdata;
    const Expected table[] = {
        // The profile used 40 (10 members); micro/kernels/reduce.h @90b983c2 declares 11
        // (three scratch indices), and the MEAN/SUM/REDUCE_MAX oracle models' PersistentBufferData
        // is 4 bytes above what 40 gives on all three builds.
        { &kOpDataReduce, 44, 44, 44 },
        { &kOpDataMirrorPad, 20, 20, 20 },
        { &kSpaceToBatchParams, 4, 4, 4 },
    };
    for (const Expected& e : table) {
        SCOPED_TRACE(std::string(e.def->name));
        EXPECT_EQ(layoutOf(*e.def, kCortexM).size, e.cortexM);
        EXPECT_EQ(layoutOf(*e.def, kIlp32).size, e.ilp32);
        EXPECT_EQ(layoutOf(*e.def, kX86_64).size, e.x86);
        EXPECT_EQ(layoutOf(*e.def, kX86_64).align, 4u);
    }
}

} // namespace
} // namespace arenascope
