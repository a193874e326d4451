#pragma once
// How every front end names a planned buffer in one line (the verdict's largest buffers at the
// peak, the page's hover text): a tensor by its name and shape, a scratch buffer by its index
// and the operator that requested it.
//   "MobilenetV1/Conv2d_0/Relu6 [1x48x48x8]", "scratch 0 (CONV_2D #3)"

#include "emulation_result.h"

#include "core/model/model.h"

#include <string>

namespace arenascope {

std::string bufferName(const Model& model, const PlannedBuffer& buffer);

} // namespace arenascope
