#pragma once
// Op-data structs the data-movement and reduction kernels allocate in Init (reduce.cpp,
// pad.cpp: MIRROR_PAD, space_depth_batch.cpp: SPACE_TO_BATCH_ND), by their members as
// tflite-micro @90b983c2 declares them.

#include "core/emulation/struct_layout.h"

namespace arenascope::kernels::opdata {

// OpDataReduce (micro/kernels/reduce.h): multiplier, shift, scratch_accumulator_idx,
// scratch_resolved_axis_idx, scratch_input_iter_idx, input_zp, input_scale, output_zp,
// output_scale, num_output_elements, num_axis.
inline constexpr Field kOpDataReduceFields[] = { i32(6), f32(), i32(), f32(), i32(2) };
inline constexpr StructDef kOpDataReduce { "OpDataReduce", kOpDataReduceFields };
// Before 0efdd51a3 (2026-01): one scratch index (temp_buffer_idx) and resolved_axis_idx instead
// of the three scratch indices, 10 fields.
inline constexpr Field kOpDataReduce2025Fields[] = { i32(5), f32(), i32(), f32(), i32(2) };
inline constexpr StructDef kOpDataReduce2025 { "OpDataReduce", kOpDataReduce2025Fields };

// OpDataMirrorPad (micro/kernels/mirror_pad.cc): input_dims, output_size, offset,
// output_dims_num_elements_buffer_index, input_dims_num_elements_buffer_index.
inline constexpr Field kOpDataMirrorPadFields[] = { i32(5) };
inline constexpr StructDef kOpDataMirrorPad { "OpDataMirrorPad", kOpDataMirrorPadFields };

// SpaceToBatchParams (lite/kernels/internal/types.h): output_offset.
inline constexpr Field kSpaceToBatchParamsFields[] = { i32() };
inline constexpr StructDef kSpaceToBatchParams { "SpaceToBatchParams", kSpaceToBatchParamsFields };

} // namespace arenascope::kernels::opdata
