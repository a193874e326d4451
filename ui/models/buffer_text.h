#pragma once
// What a planned buffer is, in words, for the timeline's tooltip: the tensor (name, type,
// shape, who produces and consumes it) or the scratch request, and its bytes, offsets and
// lifetime. `model` is the model the plan belongs to (with several models in one arena, the
// buffer's tenant's).

#include "core/emulation/emulation_result.h"
#include "core/model/model.h"

#include <QString>

namespace arenascope {

QString bufferTooltip(const Model& model, const PlannedBuffer& buffer);

} // namespace arenascope
