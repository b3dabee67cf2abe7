// `vault-workbench export SESSION... --chart latency|throughput|errors --format png|svg|pdf
//  --out FILE [--width 1600 --height 1000 --dpi 144]`: draws the chart the window shows for
// these sessions (the first is the main one, the others overlays; knee, saturation and
// failure markers, USL fit, SLO line, client-bound bands): the same chart model
// (core/charts/chartmodel.h) through the same QtCharts renderer (ui/charts/qtchartrenderer.h),
// written by ui/charts/chartexport.h.
// Needs a QApplication: main.cpp creates one (offscreen platform when there is no display).
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// True for argv[1] == "export".
bool isExportCommand(int argc, char **argv);

/// Before the QApplication exists: selects the offscreen platform when neither DISPLAY nor
/// WAYLAND_DISPLAY is set (and QT_QPA_PLATFORM is not set either).
void prepareExportPlatform();

/// `args` are the arguments after "export". Exit code (cli.h): 0 written (path printed),
/// 2 usage error, unreadable session or unwritable file.
int exportCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp exportHelp();

} // namespace vw::cli
