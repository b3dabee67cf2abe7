#include "sessionopener.h"

#include "models/sessionset.h"
#include "profileeditorpage.h"
#include "runpanel.h"
#include "sessionfiles.h"

namespace vw {

SessionOpener::SessionOpener(SessionSet *sessions, ProfileEditorPage *editor, RunPanel *runPanel,
                             std::function<bool()> isRunning, QObject *parent)
    : QObject(parent)
    , m_sessions(sessions)
    , m_editor(editor)
    , m_runPanel(runPanel)
    , m_isRunning(std::move(isRunning))
    , m_loader(new SessionLoader(this))
{
    connect(m_loader, &SessionLoader::loaded, this, &SessionOpener::onLoaded);
    connect(m_loader, &SessionLoader::failed, this, &SessionOpener::onFailed);
    connect(m_loader, &SessionLoader::notSession, this, &SessionOpener::notSession);
    connect(m_loader, &SessionLoader::progress, this, [this](const QString &, int position) {
        if (position == 1)
            m_loadErrors.clear(); // a new batch: earlier errors stay in the banner until now
    });
    connect(m_loader, &SessionLoader::idle, this, [this] { m_profileNamed = false; });
}

void SessionOpener::openSession(const QString &path)
{
    m_loader->load(path, SessionLoader::Placement::Main);
}

void SessionOpener::addOverlaySession(const QString &path)
{
    m_loader->load(path, SessionLoader::Placement::Overlay);
}

void SessionOpener::openFiles(const QStringList &paths)
{
    // The loader tells sessions from profiles off the GUI thread (notSession() opens a
    // profile) and keeps the order; the first file not named as a profile is asked for as
    // the main session, the others as overlays.
    bool mainAsked = false;
    for (const QString &p : paths) {
        // a profile named with the sessions ("profile.yaml a.json r3.json") is the one the
        // editor shows, not the main session's
        m_profileNamed = m_profileNamed || isProfileFileName(p);
        const bool asMain = !mainAsked && !isProfileFileName(p);
        mainAsked = mainAsked || asMain;
        m_loader->load(p,
                       asMain ? SessionLoader::Placement::Main : SessionLoader::Placement::Overlay);
    }
}

void SessionOpener::onLoaded(const QString &path, const Session &session,
                             SessionLoader::Placement placement)
{
    // Decided now, not when asked: a run may have started, or the main session may have
    // arrived, while the file was being read.
    const bool running = m_isRunning();
    const bool asMain =
        placement == SessionLoader::Placement::Main ? !running : !m_sessions->hasMain() && !running;
    if (asMain) {
        m_sessions->setMain(session, path);
        if (!m_editor->isModified() && !m_profileNamed && !session.profileYaml.isEmpty())
            m_editor->setInitialText(QString::fromUtf8(session.profileYaml));
        emit message(tr("Session %1 opened").arg(m_sessions->mainEntry()->label));
        if (!m_loadErrors.isEmpty()) {
            // showing the new main session cleared the banner: the files of this batch that
            // failed stay named in it (until dismissed or the next batch), before the
            // session's own note
            QStringList lines = m_loadErrors;
            if (!m_runPanel->errorText().isEmpty())
                lines << m_runPanel->errorText();
            m_runPanel->showError(lines.join(QLatin1Char('\n')));
            emit message(tr("Session %1 opened; %n file(s) could not be opened (see the banner)",
                            nullptr, int(m_loadErrors.size()))
                             .arg(m_sessions->mainEntry()->label));
        }
    } else {
        // a session shown already is not overlaid twice (SessionSet::addOverlay())
        const bool shown = m_sessions->indexOf(session, path) >= 0;
        const int i = m_sessions->addOverlay(session, path);
        const QString label = i < 0 ? m_sessions->mainEntry()->label : m_sessions->overlay(i).label;
        emit message(shown ? tr("%1 is shown already").arg(label) : tr("Overlaid %1").arg(label));
    }
    emit opened(path);
}

void SessionOpener::onFailed(const QString &path, const QString &error)
{
    const QString text = tr("Cannot open session %1: %2").arg(path, error);
    m_loadErrors << text;
    m_runPanel->showError(m_loadErrors.join(QLatin1Char('\n')));
    emit message(text);
    emit openFailed(path, error);
}

} // namespace vw
