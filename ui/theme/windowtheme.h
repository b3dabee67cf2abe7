// The whole window's look (View > Theme; ui/theme/charttheme.h keeps the choice): Light and
// Dark are the Fusion style with a light or a dark QPalette, for every widget of the
// application (menus, editor, tables, dialogs); Follow System is the style and palette the
// application started with. The charts follow through ChartThemeSettings. GUI thread only.
#pragma once

#include "theme/charttheme.h"

#include <QPalette>

namespace vw {

/// The dark palette of the Dark theme: dark window and bases, light text, a blue highlight;
/// disabled text dimmed.
QPalette darkPalette();

/// Applies `theme` to the application: Dark and Light set the Fusion style and darkPalette() or
/// Fusion's own light palette; FollowSystem restores the style and palette the application had
/// before the first call.
void applyWindowTheme(ChartTheme theme);

} // namespace vw
