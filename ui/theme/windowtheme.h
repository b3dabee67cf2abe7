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

/// The colours of a note drawn on a background of its own, for a palette's lightness
/// (paletteIsDark()): a light set on a light palette, a dark set on a dark one, so it is no
/// light island in the dark theme. Text on background is at least 4.5:1 (WCAG AA) in both.
struct NoteColours {
    QColor background;
    QColor text;
    QColor border;
};
/// The comparison's "Not directly comparable" banner (ui/resultspage.h): amber.
NoteColours warningNoteColours(const QPalette &palette);
/// The client-bound cells of the comparison's ratio table (ui/models/comparisontablemodel.h):
/// grey; the light set is kClientBoundCellBackground/-Foreground (core/charts/chartpalette.h).
NoteColours clientBoundCellColours(const QPalette &palette);
/// The WCAG 2 contrast ratio of two colours, 1 to 21.
double contrastRatio(const QColor &a, const QColor &b);

/// Applies `theme` to the application: Dark and Light set the Fusion style and darkPalette() or
/// Fusion's own light palette; FollowSystem restores the style and palette the application had
/// before the first call.
void applyWindowTheme(ChartTheme theme);

} // namespace vw
