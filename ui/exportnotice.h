// The status bar's word on the last export (issue 22: the export dialog said nothing after
// saving): "Exported to <path>" with a "Show in Folder" button (ui/exportfolder.h), or
// "Export failed: <why>", for the exports an ExportWriter (ui/exportwriter.h) writes. It stays
// until the next export (the status bar's messages come and go beside it). GUI thread only.
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QToolButton;
QT_END_NAMESPACE

namespace vw {

class ExportWriter;

class ExportNotice : public QWidget {
    Q_OBJECT
public:
    /// Follows `writer` (not owned); hidden until its first export finishes.
    explicit ExportNotice(ExportWriter *writer, QWidget *parent = nullptr);

    QLabel *label() const { return m_label; }
    /// "Show in Folder": the folder of the file written (hidden after a failure).
    QToolButton *showInFolderButton() const { return m_reveal; }
    /// The file last written, empty after a failure.
    QString path() const { return m_path; }

private:
    void onFinished(const QString &path, const QString &error);

    QLabel *m_label = nullptr;
    QToolButton *m_reveal = nullptr;
    QString m_path;
};

} // namespace vw
