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

// The tail (persistent runtime bookkeeping) has one colour in every view, legend and export: the
// timeline fills the tail's band with tailFill(), the arena map draws each tail category in a
// shade of the same colour so its boundaries stay visible.
inline QColor tail()
{
    return QColor(0x9c, 0x75, 0x5f);
}
inline QColor tailFill()
{
    QColor c = tail();
    c.setAlpha(90);
    return c;
}
inline QColor tailCategory(Category c)
{
    // Neighbouring categories alternate between four shades of the tail colour.
    return tail().lighter(100 + 14 * (static_cast<int>(c) % 4));
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

// Several models in one arena: each tenant's lane, tail share and list row (apart from the
// buffer kinds' colours, which the buffers keep).
inline QColor tenant(int index)
{
    static const QColor kColors[] = { QColor(0xed, 0xc9, 0x48), QColor(0xff, 0x9d, 0xa7), QColor(0x8c, 0xd1, 0x7d),
        QColor(0xba, 0xb0, 0xac), QColor(0x86, 0xbc, 0xb6), QColor(0xd3, 0x72, 0x95) };
    return kColors[static_cast<std::size_t>(index < 0 ? 0 : index) % std::size(kColors)];
}

} // namespace arenascope::colors
