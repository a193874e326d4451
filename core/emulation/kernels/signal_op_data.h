#pragma once
// The structs the signal library's custom operators (signal.cpp) place in the tail, described by
// their members in declaration order so their size follows the target's layout rules. Each
// definition names the tflite-micro @90b983c2 file that declares it.

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::signaldata {

using namespace arenascope::tflm;

// TfLiteType (tflite_types.h) members.
inline constexpr Field kTypeEnum = plainEnum(kTfLiteTypeMax);

// signal/ -------------------------------------------------------------------------------
// signal/src/circular_buffer.h: CircularBuffer { size_t capacity, read, write; int32_t empty,
// buffer_size; int16_t* buffer }.
inline constexpr Field kSignalCircularBufferFields[] = { sizeT(3), i32(2), ptr() };
inline constexpr StructDef kSignalCircularBuffer { "CircularBuffer", kSignalCircularBufferFields };
// signal/micro/kernels/window.cc: TFLMSignalWindowParams { shift; input_size }.
inline constexpr Field kSignalWindowParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalWindowParams { "TFLMSignalWindowParams", kSignalWindowParamsFields };
// signal/micro/kernels/rfft.cc: TfLiteAudioFrontendRfftParams { fft_length, input_size,
// input_length, output_length; TfLiteType fft_type; T* work_area; int scratch_buffer_index;
// int8_t* state }.
inline constexpr Field kSignalRfftParamsFields[] = { i32(4), kTypeEnum, ptr(), i32(), ptr() };
inline constexpr StructDef kSignalRfftParams { "TfLiteAudioFrontendRfftParams", kSignalRfftParamsFields };
// signal/micro/kernels/irfft.cc: TfLiteAudioFrontendIrfftParams { fft_length, input_size,
// input_length, output_length; TfLiteType fft_type; int8_t* state }.
inline constexpr Field kSignalIrfftParamsFields[] = { i32(4), kTypeEnum, ptr() };
inline constexpr StructDef kSignalIrfftParams { "TfLiteAudioFrontendIrfftParams", kSignalIrfftParamsFields };
// signal/src/irfft_float.cc: IrfftFloatState { int32_t fft_length; kiss_fftr_cfg cfg }.
inline constexpr Field kSignalIrfftFloatStateFields[] = { i32(), ptr() };
inline constexpr StructDef kSignalIrfftFloatState { "IrfftFloatState", kSignalIrfftFloatStateFields };
// signal/micro/kernels/energy.cc: TFLMSignalEnergyParams { end_index; start_index }.
inline constexpr Field kSignalEnergyParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalEnergyParams { "TFLMSignalEnergyParams", kSignalEnergyParamsFields };
// signal/src/filter_bank.h: FilterbankConfig { num_channels; channel_frequency_starts,
// channel_weight_starts, channel_widths, weights, unweights; output_scale;
// input_correction_bits }.
inline constexpr Field kSignalFilterbankConfigFields[] = { i32(), ptr(5), i32(2) };
inline constexpr StructDef kSignalFilterbankConfig { "FilterbankConfig", kSignalFilterbankConfigFields };
// signal/micro/kernels/filter_bank.cc: TFLMSignalFilterBankParams { config; uint64_t* work_area }.
inline constexpr Field kSignalFilterBankParamsFields[] = { nested(kSignalFilterbankConfig), ptr() };
inline constexpr StructDef kSignalFilterBankParams { "TFLMSignalFilterBankParams", kSignalFilterBankParamsFields };
// signal/src/filter_bank_spectral_subtraction.h: SpectralSubtractionConfig { num_channels,
// smoothing, one_minus_smoothing, min_signal_remaining, alternate_smoothing,
// alternate_one_minus_smoothing, smoothing_bits, spectral_subtraction_bits; bool clamping }.
inline constexpr Field kSignalSpectralSubtractionConfigFields[] = { i32(8), boolean() };
inline constexpr StructDef kSignalSpectralSubtractionConfig { "SpectralSubtractionConfig",
    kSignalSpectralSubtractionConfigFields };
// signal/micro/kernels/filter_bank_spectral_subtraction.cc: TFLMSignalSpectralSubtractionParams
// { config; uint32_t* noise_estimate; size_t noise_estimate_size }.
inline constexpr Field kSignalSpectralSubtractionParamsFields[]
    = { nested(kSignalSpectralSubtractionConfig), ptr(), sizeT() };
inline constexpr StructDef kSignalSpectralSubtractionParams { "TFLMSignalSpectralSubtractionParams",
    kSignalSpectralSubtractionParamsFields };
// signal/micro/kernels/pcan.cc: TfLitePcanParams { int snr_shift }.
inline constexpr Field kSignalPcanParamsFields[] = { i32() };
inline constexpr StructDef kSignalPcanParams { "TfLitePcanParams", kSignalPcanParamsFields };
// signal/micro/kernels/filter_bank_log.cc: TFLMSignalLogParams { input_correction_bits;
// output_scale }.
inline constexpr Field kSignalLogParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalLogParams { "TFLMSignalLogParams", kSignalLogParamsFields };
// signal/micro/kernels/delay.cc: TFLMSignalFrontendDelayParams { frame_size, delay_length,
// outer_dims; int8_t** state_buffers; CircularBuffer** circular_buffers }.
inline constexpr Field kSignalDelayParamsFields[] = { i32(3), ptr(2) };
inline constexpr StructDef kSignalDelayParams { "TFLMSignalFrontendDelayParams", kSignalDelayParamsFields };
// signal/micro/kernels/framer.cc: TFLMSignalFramerParams { frame_size, frame_step, outer_dims,
// n_frames; bool prefill; state_buffers; circular_buffers }.
inline constexpr Field kSignalFramerParamsFields[] = { i32(4), boolean(), ptr(2) };
inline constexpr StructDef kSignalFramerParams { "TFLMSignalFramerParams", kSignalFramerParamsFields };
// signal/micro/kernels/overlap_add.cc: TFLMSignalOverlapAddParams<T> { frame_size,
// frame_step, outer_dims, n_frames; TfLiteType type; T** state_buffers }.
inline constexpr Field kSignalOverlapAddParamsFields[] = { i32(4), kTypeEnum, ptr() };
inline constexpr StructDef kSignalOverlapAddParams { "TFLMSignalOverlapAddParams", kSignalOverlapAddParamsFields };
// signal/micro/kernels/stacker.cc: TFLMSignalStackerParams { num_channels,
// stacker_left_context, stacker_right_context, stacker_step; size_t buffer_size, step_size;
// bool stacker_has_first_frame; int8_t* state; CircularBuffer* circular_buffer }.
inline constexpr Field kSignalStackerParamsFields[] = { i32(4), sizeT(2), boolean(), ptr(2) };
inline constexpr StructDef kSignalStackerParams { "TFLMSignalStackerParams", kSignalStackerParamsFields };

} // namespace arenascope::kernels::signaldata
