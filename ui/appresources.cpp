#include "appresources.h"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>
#include <mutex>

// Q_INIT_RESOURCE declares the registration function in the enclosing namespace, so it is
// called from the global one.
static void vwInitCompiledResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace vw {

namespace {

const QString kIconPath = QStringLiteral(":/icons/vault-workbench.svg");

} // namespace

void initResources()
{
    static std::once_flag once;
    std::call_once(once, [] { vwInitCompiledResources(); });
}

QIcon applicationIcon()
{
    initResources();
    QIcon icon(kIconPath);
    if (!icon.pixmap(QSize(32, 32)).isNull())
        return icon;
    QSvgRenderer renderer(kIconPath);
    QIcon fallback;
    if (!renderer.isValid())
        return fallback;
    for (int size : {16, 24, 32, 48, 64, 128, 256}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        renderer.render(&painter);
        painter.end();
        fallback.addPixmap(pixmap);
    }
    return fallback;
}

} // namespace vw
