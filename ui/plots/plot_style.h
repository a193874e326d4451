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

namespace arenascope {

void stylePlot(QCustomPlot* plot, const QPalette& palette);
QColor plotInk(const QPalette& palette);
bool isDark(const QPalette& palette);
// A colour for text drawn beside a line of `color`: darker on light, lighter on dark.
QColor labelColor(const QColor& color, const QPalette& palette);

} // namespace arenascope
