#pragma once
// The DecodeState classes TFLM_DECODE (decode.cpp) places in the tail, described by their
// members in declaration order so their size follows the target's layout rules
// (tflite-micro @90b983c2).

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::decodedata {

using namespace arenascope::tflm;

// kernels/decode_state*.h ---------------------------------------------------------------
// DecodeState: vptr, const TfLiteContext* context_, MicroProfilerInterface* micro_profiler_.
inline constexpr Field kDecodeStateFields[] = { ptr(3) };
inline constexpr StructDef kDecodeState { "DecodeState", kDecodeStateFields };
// DecodeStateLut: compressed_indices_, count_indices_, num_channels_, elements_per_channel_,
// value_table_, value_table_channel_stride_, compressed_bit_width_, use_alternate_axis_.
inline constexpr Field kDecodeStateLutFields[] = { base(kDecodeState), ptr(), sizeT(3), ptr(), i8(2), boolean() };
inline constexpr StructDef kDecodeStateLut { "DecodeStateLut", kDecodeStateLutFields };
// DecodeStatePrune: compressed_indices_, count_indices_, num_channels_, elements_per_channel_,
// value_table_, zero_points_, single_zero_point_, use_alternate_axis_.
inline constexpr Field kDecodeStatePruneFields[] = { base(kDecodeState), ptr(), sizeT(3), ptr(2), i8(), boolean() };
inline constexpr StructDef kDecodeStatePrune { "DecodeStatePrune", kDecodeStatePruneFields };
// DecodeStateHuffman: compressed_codewords_, count_codewords_, huffman_tables_,
// use_32bit_table_, initial_table_size_.
inline constexpr Field kDecodeStateHuffmanFields[] = { base(kDecodeState), ptr(), sizeT(), ptr(), boolean(), i8() };
inline constexpr StructDef kDecodeStateHuffman { "DecodeStateHuffman", kDecodeStateHuffmanFields };

} // namespace arenascope::kernels::decodedata
