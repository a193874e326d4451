#pragma once
// The app's two palettes: the style's light one and a dark one (View > Dark Palette). Plots
// follow whichever is set (plots/plot_style.h); exports always use the light one.

#include <QPalette>

namespace arenascope {

QPalette lightPalette();
QPalette darkPalette();

} // namespace arenascope
