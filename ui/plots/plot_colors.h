#pragma once
// One palette for every plot and view, so a kind has the same colour everywhere.

#include "core/emulation/emulation_result.h"

#include <QColor>

namespace arenascope::colors {

inline QColor bufferKind(BufferKind kind)
{
    switch (kind) {
    case BufferKind::Activation:
        return QColor(0x4e, 0x79, 0xa7);
    case BufferKind::ModelInput:
        return QColor(0x59, 0xa1, 0x4f);
    case BufferKind::ModelOutput:
        return QColor(0xf2, 0x8e, 0x2b);
    case BufferKind::Scratch:
        return QColor(0xb0, 0x7a, 0xa1);
    case BufferKind::OfflinePlaced:
        return QColor(0x76, 0xb7, 0xb2);
    }
    return QColor(Qt::gray);
}

inline QColor tailCategory(Category c)
{
    switch (c) {
    case Category::AllocatorObjects:
        return QColor(0x9c, 0x75, 0x5f);
    case Category::EvalTensors:
        return QColor(0xed, 0xc9, 0x48);
    case Category::NodeAndRegistrations:
        return QColor(0xbc, 0x80, 0xbd);
    case Category::BuiltinOptions:
        return QColor(0xd3, 0x9e, 0x7a);
    case Category::KernelPersistent:
        return QColor(0x17, 0xbe, 0xcf);
    case Category::ScratchHandles:
        return QColor(0x8c, 0xd1, 0x7d);
    case Category::Variables:
        return QColor(0x86, 0xbc, 0xb6);
    case Category::PersistentTensors:
        return QColor(0xa0, 0xcb, 0xe8);
    case Category::IoTensorArrays:
        return QColor(0x79, 0x70, 0x6e);
    case Category::QuantizationData:
        return QColor(0xff, 0x9d, 0xa7);
    default:
        return QColor(0xba, 0xb0, 0xac);
    }
}

inline QColor failure()
{
    return QColor(0xd6, 0x27, 0x28);
}
inline QColor fits()
{
    return QColor(0x2c, 0x7f, 0x2c);
}
inline QColor selection()
{
    return QColor(0xff, 0xd7, 0x00);
}
inline QColor temp()
{
    return QColor(0x9a, 0x9a, 0x9a);
}

} // namespace arenascope::colors
