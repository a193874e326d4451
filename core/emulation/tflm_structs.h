#pragma once
// Member lists of the TFLM structs that land in the arena, for layoutOf (struct_layout.h).
// Each definition names the TFLM header (tflite-micro @90b983c2) that declares the struct;
// members are listed in declaration order as compiled with -DTF_LITE_STATIC_MEMORY.
// Kernel op-data and builtin-options structs live beside their kernel profiles
// (kernels/op_data.h); this file holds the runtime's own structs and shared pieces.

#include "struct_layout.h"

namespace arenascope::tflm {

// Enums stored in arena structs, by their largest declared value.
inline constexpr std::uint32_t kTfLiteTypeMax = 23; // compiler/mlir/lite/core/c/tflite_types.h
inline constexpr std::uint32_t kTfLiteAllocationTypeMax = 8; // lite/core/c/common.h
inline constexpr std::uint32_t kTfLiteQuantizationTypeMax = 3; // lite/core/c/common.h
inline constexpr std::uint32_t kTfLitePaddingMax = 2; // lite/core/c/builtin_op_data.h
inline constexpr std::uint32_t kTfLiteFusedActivationMax = 7; // lite/core/c/builtin_op_data.h

// lite/core/c/common.h and tflite_types.h ---------------------------------------------
inline constexpr Field kQuantizationParamsFields[] = { f32(), i32() }; // TfLiteQuantizationParams
inline constexpr StructDef kTfLiteQuantizationParams { "TfLiteQuantizationParams", kQuantizationParamsFields };
inline constexpr Field kQuantizationFields[] = { plainEnum(kTfLiteQuantizationTypeMax), ptr() };
inline constexpr StructDef kTfLiteQuantization { "TfLiteQuantization", kQuantizationFields };
// The TF_LITE_STATIC_MEMORY TfLiteTensor: quantization, params, data, dims, bytes, type,
// allocation_type, is_variable (32 bytes with short enums, 40 with int enums, 64 on x86-64).
inline constexpr Field kTensorFields[] = { nested(kTfLiteQuantization), nested(kTfLiteQuantizationParams), ptr(), ptr(),
    sizeT(), plainEnum(kTfLiteTypeMax), plainEnum(kTfLiteAllocationTypeMax), boolean() };
inline constexpr StructDef kTfLiteTensor { "TfLiteTensor", kTensorFields };
inline constexpr Field kEvalTensorFields[] = { ptr(), ptr(), plainEnum(kTfLiteTypeMax) }; // data, dims, type
inline constexpr StructDef kTfLiteEvalTensor { "TfLiteEvalTensor", kEvalTensorFields };
inline constexpr Field kAffineQuantizationFields[] = { ptr(), ptr(), i32() }; // scale, zero_point, dimension
inline constexpr StructDef kTfLiteAffineQuantization { "TfLiteAffineQuantization", kAffineQuantizationFields };
// The TF_LITE_STATIC_MEMORY TfLiteNode: inputs, outputs, intermediates, user_data,
// builtin_data, custom_initial_data, custom_initial_data_size.
inline constexpr Field kNodeFields[] = { ptr(6), i32() };
inline constexpr StructDef kTfLiteNode { "TfLiteNode", kNodeFields };
// TfLitePaddingValues (lite/core/c/builtin_op_data.h): width, height, width_offset, height_offset.
inline constexpr Field kPaddingValuesFields[] = { i32(4) };
inline constexpr StructDef kTfLitePaddingValues { "TfLitePaddingValues", kPaddingValuesFields };

// micro/micro_allocator.h -------------------------------------------------------------
inline constexpr Field kNodeAndRegistrationFields[] = { nested(kTfLiteNode), ptr() };
inline constexpr StructDef kNodeAndRegistration { "NodeAndRegistration", kNodeAndRegistrationFields };
inline constexpr Field kScratchBufferRequestFields[] = { sizeT(), i32(), i32() }; // bytes, node, subgraph
inline constexpr StructDef kScratchBufferRequest { "ScratchBufferRequest", kScratchBufferRequestFields };
inline constexpr Field kPointerFields[] = { ptr() };
inline constexpr StructDef kScratchBufferHandle { "ScratchBufferHandle", kPointerFields }; // uint8_t* data
inline constexpr Field kSubgraphAllocationsFields[] = { ptr(), ptr() }; // node_and_registrations, tensors
inline constexpr StructDef kSubgraphAllocations { "SubgraphAllocations", kSubgraphAllocationsFields };
// vptr; non_persistent and persistent allocators, builtin data allocator, planner;
// model_is_allocating_; scratch_buffer_request_count_; scratch_buffer_head_; max_head_buffer_usage_.
inline constexpr Field kMicroAllocatorFields[] = { ptr(5), boolean(), sizeT(), ptr(), sizeT() };
inline constexpr StructDef kMicroAllocator { "MicroAllocator", kMicroAllocatorFields };
// micro/micro_allocator.cc: vptr, persistent allocator.
inline constexpr Field kBuiltinDataAllocatorFields[] = { ptr(2) };
inline constexpr StructDef kMicroBuiltinDataAllocator { "MicroBuiltinDataAllocator", kBuiltinDataAllocatorFields };

// micro/recording_micro_allocator.h: recording allocator pointer and 7 RecordedAllocations.
inline constexpr Field kRecordedAllocationFields[] = { sizeT(3) }; // requested, used, count
inline constexpr StructDef kRecordedAllocation { "RecordedAllocation", kRecordedAllocationFields };
inline constexpr Field kRecordingMicroAllocatorFields[]
    = { base(kMicroAllocator), ptr(), nested(kRecordedAllocation, 7) };
inline constexpr StructDef kRecordingMicroAllocator { "RecordingMicroAllocator", kRecordingMicroAllocatorFields };

// micro/micro_resource_variable.h: resource_variables_, max_variable_count_,
// num_resource_variables_; each MicroResourceVariable: container, shared_name,
// resource_buffer, bytes, default_value.
inline constexpr Field kResourceVariablesFields[] = { ptr(), i32(2) };
inline constexpr StructDef kMicroResourceVariables { "MicroResourceVariables", kResourceVariablesFields };
inline constexpr Field kResourceVariableFields[] = { ptr(3), sizeT(), i8() };
inline constexpr StructDef kMicroResourceVariable { "MicroResourceVariable", kResourceVariableFields };

// micro/micro_allocation_info.h: bytes, output_ptr, first_created, last_used, offline_offset,
// needs_allocating.
inline constexpr Field kAllocationInfoFields[] = { sizeT(), ptr(), i32(3), boolean() };
inline constexpr StructDef kAllocationInfo { "AllocationInfo", kAllocationInfoFields };

// micro/arena_allocator/ ----------------------------------------------------------------
// single_arena_buffer_allocator.h: two vptrs (both interfaces), buffer_head_, buffer_tail_,
// head_, tail_, temp_, temp_buffer_ptr_check_sum_, temp_buffer_count_.
inline constexpr Field kSingleArenaFields[] = { ptr(2), ptr(5), sizeT(), i32() };
inline constexpr StructDef kSingleArenaBufferAllocator { "SingleArenaBufferAllocator", kSingleArenaFields };
// recording_single_arena_buffer_allocator.h: + requested head/tail, used, count.
inline constexpr Field kRecordingSingleArenaFields[] = { base(kSingleArenaBufferAllocator), sizeT(4) };
inline constexpr StructDef kRecordingSingleArenaBufferAllocator { "RecordingSingleArenaBufferAllocator",
    kRecordingSingleArenaFields };
// persistent_arena_buffer_allocator.h: vptr, buffer_head_, buffer_tail_, tail_temp_.
inline constexpr Field kPersistentArenaFields[] = { ptr(4) };
inline constexpr StructDef kPersistentArenaBufferAllocator { "PersistentArenaBufferAllocator", kPersistentArenaFields };
// non_persistent_arena_buffer_allocator.h: vptr, buffer_head_, buffer_tail_, head_temp_,
// next_temp_, temp_buffer_ptr_check_sum_, temp_buffer_count_, resizable_buffer_allocated_.
inline constexpr Field kNonPersistentArenaFields[] = { ptr(5), sizeT(), i32(), boolean() };
inline constexpr StructDef kNonPersistentArenaBufferAllocator { "NonPersistentArenaBufferAllocator",
    kNonPersistentArenaFields };

// micro/memory_planner/ -----------------------------------------------------------------
// greedy_memory_planner.h: vptr, max_buffer_count_, buffer_count_, requirements_,
// buffer_sizes_sorted_, buffer_ids_sorted_, buffers_sorted_by_offset_, next_free_entry_,
// first_entry_index_, buffer_offsets_, need_to_calculate_offsets_.
inline constexpr Field kGreedyPlannerFields[] = { ptr(), i32(2), ptr(4), i32(2), ptr(), boolean() };
inline constexpr StructDef kGreedyMemoryPlanner { "GreedyMemoryPlanner", kGreedyPlannerFields };
// linear_memory_planner.h: vptr, size_t buffer_offsets_[1024], current_buffer_count_,
// next_free_offset_.
inline constexpr Field kLinearPlannerFields[] = { ptr(), sizeT(1024), i32(), sizeT() };
inline constexpr StructDef kLinearMemoryPlanner { "LinearMemoryPlanner", kLinearPlannerFields };

} // namespace arenascope::tflm
