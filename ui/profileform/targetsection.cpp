#include "targetsection.h"

#include "editing/profileedit.h"
#include "util/duration.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace vw {

namespace {
void setIfDifferent(QLineEdit *e, const QString &text)
{
    if (e->text() != text)
        e->setText(text);
}
} // namespace

TargetSection::TargetSection(YamlEditSink sink, QWidget *parent)
    : QWidget(parent)
    , m_sink(std::move(sink))
{
    auto *form = new QFormLayout(this);
    m_address = new QLineEdit(this);
    m_address->setObjectName(QStringLiteral("formAddress"));
    m_address->setPlaceholderText(QStringLiteral("http://127.0.0.1:8200"));
    m_addresses = new QLineEdit(this);
    m_addresses->setObjectName(QStringLiteral("formAddresses"));
    m_addresses->setPlaceholderText(tr("other nodes, comma separated (optional)"));
    m_spread = new QComboBox(this);
    m_spread->setObjectName(QStringLiteral("formSpread"));
    m_spread->addItems({QStringLiteral("none"), QStringLiteral("round_robin")});
    m_namespace = new QLineEdit(this);
    m_namespace->setObjectName(QStringLiteral("formNamespace"));
    m_namespace->setPlaceholderText(tr("root namespace"));
    m_caFile = new QLineEdit(this);
    m_caFile->setObjectName(QStringLiteral("formCaFile"));
    m_caFile->setPlaceholderText(tr("system CA store"));
    m_skipVerify = new QCheckBox(tr("skip TLS verification (run warns)"), this);
    m_skipVerify->setObjectName(QStringLiteral("formSkipVerify"));
    m_timeout = new QLineEdit(this);
    m_timeout->setObjectName(QStringLiteral("formRequestTimeout"));
    m_timeout->setPlaceholderText(QStringLiteral("30s"));
    auto *token = new QLabel(tr("from VAULT_TOKEN, else BAO_TOKEN, else ~/.vault-token, else "
                                "the target panel's token field; never in the profile"),
                             this);
    token->setWordWrap(true);
    token->setObjectName(QStringLiteral("formTokenSource"));
    m_auth = new QLabel(this);
    m_auth->setObjectName(QStringLiteral("formAuth"));

    form->addRow(tr("Address"), m_address);
    form->addRow(tr("Other nodes"), m_addresses);
    form->addRow(tr("Spread"), m_spread);
    form->addRow(tr("Namespace"), m_namespace);
    form->addRow(tr("CA file"), m_caFile);
    form->addRow(QString(), m_skipVerify);
    form->addRow(tr("Request timeout"), m_timeout);
    form->addRow(tr("Token"), token);
    form->addRow(tr("Per-VU auth"), m_auth);

    connect(m_address, &QLineEdit::editingFinished, this,
            [this] { writeText(QStringLiteral("address"), m_address->text()); });
    connect(m_namespace, &QLineEdit::editingFinished, this,
            [this] { writeText(QStringLiteral("namespace"), m_namespace->text()); });
    connect(m_caFile, &QLineEdit::editingFinished, this,
            [this] { writeText(QStringLiteral("ca_file"), m_caFile->text()); });
    connect(m_timeout, &QLineEdit::editingFinished, this, [this] {
        const QString t = m_timeout->text().trimmed();
        const bool ok = t.isEmpty() || parseDurationMs(t).has_value();
        m_timeout->setStyleSheet(ok ? QString() : QStringLiteral("background: #fde2e1;"));
        if (ok)
            writeText(QStringLiteral("request_timeout"), t);
    });
    connect(m_addresses, &QLineEdit::editingFinished, this, &TargetSection::writeAddresses);
    connect(m_spread, &QComboBox::activated, this, &TargetSection::writeSpread);
    connect(m_skipVerify, &QCheckBox::clicked, this, &TargetSection::writeSkipVerify);
}

void TargetSection::load(const Profile &p)
{
    const TargetSpec &t = p.target;
    setIfDifferent(m_address, t.address);
    setIfDifferent(m_addresses, t.addresses.join(QStringLiteral(", ")));
    m_spread->setCurrentText(t.spread.isEmpty() ? QStringLiteral("none") : t.spread);
    setIfDifferent(m_namespace, t.vaultNamespace);
    setIfDifferent(m_caFile, t.caFile);
    m_skipVerify->setChecked(t.tlsSkipVerify);
    setIfDifferent(m_timeout, formatDurationMs(t.requestTimeoutMs));
    m_auth->setText(p.auth.enabled() ? tr("%1, one token per %2 (edit `auth:` in the YAML)")
                                           .arg(p.auth.method, p.auth.perVu ? tr("VU") : tr("run"))
                                     : tr("none: the requests carry the run's token"));
}

void TargetSection::writeAll()
{
    writeText(QStringLiteral("address"), m_address->text());
    writeAddresses();
    writeSpread();
    writeText(QStringLiteral("namespace"), m_namespace->text());
    writeText(QStringLiteral("ca_file"), m_caFile->text());
    writeSkipVerify();
    writeText(QStringLiteral("request_timeout"), m_timeout->text());
}

void TargetSection::writeText(const QString &key, const QString &text)
{
    const QString v = text.trimmed();
    const QStringList path{QStringLiteral("target"), key};
    if (v.isEmpty())
        m_sink([path](const QString &y, QString *e) { return removeYamlKey(y, path, e); });
    else
        m_sink([path, v](const QString &y, QString *e) {
            return setYamlValue(y, path, yamlScalar(v), e);
        });
}

void TargetSection::writeAddresses()
{
    QStringList list;
    for (const QString &a : m_addresses->text().split(QLatin1Char(',')))
        if (!a.trimmed().isEmpty())
            list << a.trimmed();
    const QStringList path{QStringLiteral("target"), QStringLiteral("addresses")};
    if (list.isEmpty()) {
        m_sink([path](const QString &y, QString *e) { return removeYamlKey(y, path, e); });
        return;
    }
    YAML::Node seq(YAML::NodeType::Sequence);
    for (const QString &a : list)
        seq.push_back(a.toStdString());
    seq.SetStyle(YAML::EmitterStyle::Flow);
    m_sink([path, seq](const QString &y, QString *e) { return setYamlValue(y, path, seq, e); });
}

void TargetSection::writeSpread()
{
    const QStringList path{QStringLiteral("target"), QStringLiteral("spread")};
    const QString s = m_spread->currentText();
    if (s == QLatin1String("none"))
        m_sink([path](const QString &y, QString *e) { return removeYamlKey(y, path, e); });
    else
        m_sink([path, s](const QString &y, QString *e) {
            return setYamlValue(y, path, yamlScalar(s), e);
        });
}

void TargetSection::writeSkipVerify()
{
    const QStringList path{QStringLiteral("target"), QStringLiteral("tls_skip_verify")};
    if (!m_skipVerify->isChecked())
        m_sink([path](const QString &y, QString *e) { return removeYamlKey(y, path, e); });
    else
        m_sink([path](const QString &y, QString *e) {
            return setYamlValue(y, path, YAML::Node(true), e);
        });
}

} // namespace vw
