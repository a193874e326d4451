#pragma once
// Plots follow the window's palette (View > Dark Palette): background, axes, grid, legend
// and title text take the palette's colours. Exports are drawn with lightPalette()
// (ui/palette.h), so a PNG looks the same whatever the app shows.
//
// Usage:
//   stylePlot(m_plot, palette());               // on creation and on QEvent::PaletteChange
//   const QColor ink = plotInk(palette());      // text and neutral lines drawn on the plot

#include <QColor>
#include <QPalette>

class QCustomPlot;
class QCPAxis;
class QString;
class QWidget;

namespace arenascope {

// A new plot that fills `owner` edge to edge (no margins), dragged and zoomed with the mouse.
QCustomPlot* addFillingPlot(QWidget* owner);
void stylePlot(QCustomPlot* plot, const QPalette& palette);
QColor plotInk(const QPalette& palette);
bool isDark(const QPalette& palette);
// A byte axis in the unit the user chose for the arena size (0 B, 1 KiB, 2 MiB): ticks at
// round numbers of that unit, labelled with thousands separators; the axis label names it.
void setByteAxis(QCPAxis* axis, const QString& what, int unitIndex);

// Whole execution steps on `axis`, and no more labels than fit: about one per 70 pixels of the
// axis as it is drawn (on screen or in an export of any size), at 1, 2 or 5 times a power of ten.
void setStepAxis(QCPAxis* axis);

// A colour for text drawn beside a line of `color`: darker on light, lighter on dark.
QColor labelColor(const QColor& color, const QPalette& palette);

} // namespace arenascope
