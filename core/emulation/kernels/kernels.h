#pragma once
// Init and Prepare steps of every emulated kernel (see kernel_profile.h for the table).

#include "core/emulation/kernel_context.h"

#include "arenascope_tflite_generated.h"

namespace arenascope::kernels {

Status convInit(KernelContext& ctx);
Status convPrepare(KernelContext& ctx);
Status depthwiseConvPrepare(KernelContext& ctx);
Status fullyConnectedInit(KernelContext& ctx);
Status fullyConnectedPrepare(KernelContext& ctx);
Status poolInit(KernelContext& ctx);
Status poolPrepare(KernelContext& ctx);
Status softmaxInit(KernelContext& ctx);
Status softmaxPrepare(KernelContext& ctx);
Status quantizeInit(KernelContext& ctx);
Status quantizePrepare(KernelContext& ctx);

Status addInit(KernelContext& ctx);
Status mulInit(KernelContext& ctx);
Status divInit(KernelContext& ctx);
Status binaryPrepare(KernelContext& ctx);
Status padInit(KernelContext& ctx);
Status padPrepare(KernelContext& ctx);
Status reshapePrepare(KernelContext& ctx);
Status castPrepare(KernelContext& ctx);
Status stridedSliceInit(KernelContext& ctx);
Status stridedSlicePrepare(KernelContext& ctx);
Status concatenationInit(KernelContext& ctx);
Status concatenationPrepare(KernelContext& ctx);
Status svdfInit(KernelContext& ctx);
Status svdfPrepare(KernelContext& ctx);
Status lstmInit(KernelContext& ctx);
Status lstmPrepare(KernelContext& ctx);

Status signalWindowInit(KernelContext& ctx);
Status signalWindowPrepare(KernelContext& ctx);
Status signalFftAutoScalePrepare(KernelContext& ctx);
Status signalRfftInit(KernelContext& ctx);
Status signalRfftPrepare(KernelContext& ctx);
Status signalEnergyInit(KernelContext& ctx);
Status signalEnergyPrepare(KernelContext& ctx);
Status signalFilterBankInit(KernelContext& ctx);
Status signalFilterBankPrepare(KernelContext& ctx);
Status signalFilterBankSquareRootPrepare(KernelContext& ctx);
Status signalSpectralSubtractionInit(KernelContext& ctx);
Status signalSpectralSubtractionPrepare(KernelContext& ctx);
Status signalPcanInit(KernelContext& ctx);
Status signalPcanPrepare(KernelContext& ctx);
Status signalFilterBankLogInit(KernelContext& ctx);
Status signalFilterBankLogPrepare(KernelContext& ctx);

} // namespace arenascope::kernels
