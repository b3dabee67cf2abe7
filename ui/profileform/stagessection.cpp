#include "stagessection.h"

#include "profile/loadmodels/loadmodelregistry.h"
#include "editing/profileedit.h"
#include "rampgenerator.h"
#include "util/duration.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <limits>

namespace vw {

namespace {
QString rateText(double r)
{
    QString s = QString::number(r, 'f', 3);
    while (s.contains(QLatin1Char('.'))
           && (s.endsWith(QLatin1Char('0')) || s.endsWith(QLatin1Char('.'))))
        s.chop(1);
    return s;
}
/// A stage's load as typed, within the model's bounds (closed: whole VUs; arrival-rate: a
/// rate of starts per second).
bool loadValid(const QString &text, const LoadBounds &b)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok && v >= b.min && v <= b.max && (b.decimals > 0 || v == std::floor(v));
}

/// The widest stage-load range of the registered models (the generator before a model is
/// chosen).
LoadBounds widestStageLoad()
{
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    LoadBounds out{std::numeric_limits<double>::max(), 0, 0};
    for (const QString &name : models.names()) {
        const LoadBounds &b = models.find(name)->stageLoadBounds;
        out.min = std::min(out.min, b.min);
        out.max = std::max(out.max, b.max);
        out.decimals = std::max(out.decimals, b.decimals);
    }
    return out;
}

/// The VU-pool bounds of the registered models (the max_vus box before a model is chosen).
LoadBounds vuPoolBounds()
{
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    for (const QString &name : models.names())
        if (!models.find(name)->vuPoolKey.isEmpty())
            return models.find(name)->vuPoolBounds;
    return {1, 1, 0};
}
} // namespace

StagesSection::StagesSection(YamlEditSink sink, QWidget *parent)
    : QWidget(parent)
    , m_sink(std::move(sink))
{
    m_executor = new QComboBox(this);
    m_executor->setObjectName(QStringLiteral("formExecutor"));
    m_executor->addItems(LoadModelRegistry::builtin().names());
    m_warmup = new QLineEdit(this);
    m_warmup->setObjectName(QStringLiteral("formWarmup"));
    m_warmup->setPlaceholderText(QStringLiteral("0s"));
    m_maxVus = new QSpinBox(this);
    m_maxVus->setObjectName(QStringLiteral("formMaxVus"));
    m_maxVus->setRange(int(vuPoolBounds().min), int(vuPoolBounds().max));
    m_maxVus->setKeyboardTracking(false);

    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(QStringLiteral("formStages"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setMinimumHeight(160);
    auto *add = new QPushButton(tr("Add stage"), this);
    auto *remove = new QPushButton(tr("Remove stage"), this);

    m_rule = new QComboBox(this);
    m_rule->setObjectName(QStringLiteral("formRampRule"));
    m_rule->addItems({tr("A..N doubling"), tr("linear from A to B step S")});
    auto spin = [this](const char *name, double v) {
        auto *s = new QDoubleSpinBox(this);
        s->setObjectName(QLatin1String(name));
        const LoadBounds widest = widestStageLoad();
        s->setRange(widest.min, widest.max);
        s->setDecimals(widest.decimals);
        s->setValue(v);
        s->setMinimumWidth(60);
        return s;
    };
    m_from = spin("formRampFrom", 1);
    m_to = spin("formRampTo", 64);
    m_step = spin("formRampStep", 8);
    m_genDuration = new QLineEdit(QStringLiteral("30s"), this);
    m_genDuration->setObjectName(QStringLiteral("formRampDuration"));
    m_genWarmup = new QLineEdit(QStringLiteral("5s"), this);
    m_genWarmup->setObjectName(QStringLiteral("formRampWarmup"));
    auto *fillButton = new QPushButton(tr("Fill"), this);
    fillButton->setObjectName(QStringLiteral("formRampFill"));

    auto *form = new QFormLayout;
    form->addRow(tr("Load model"), m_executor);
    form->addRow(tr("Warm-up per stage"), m_warmup);
    form->addRow(tr("max_vus (arrival-rate)"), m_maxVus);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    // the generator on three short rows, so that the form fits a narrow editor pane
    auto *gen = new QGridLayout;
    gen->addWidget(new QLabel(tr("Generate"), this), 0, 0);
    gen->addWidget(m_rule, 0, 1, 1, 5);
    gen->addWidget(new QLabel(QStringLiteral("A"), this), 1, 0);
    gen->addWidget(m_from, 1, 1);
    gen->addWidget(new QLabel(QStringLiteral("N / B"), this), 1, 2);
    gen->addWidget(m_to, 1, 3);
    gen->addWidget(new QLabel(QStringLiteral("S"), this), 1, 4);
    gen->addWidget(m_step, 1, 5);
    gen->addWidget(new QLabel(tr("Duration"), this), 2, 0);
    gen->addWidget(m_genDuration, 2, 1);
    gen->addWidget(new QLabel(tr("Warm-up"), this), 2, 2);
    gen->addWidget(m_genWarmup, 2, 3);
    gen->addWidget(fillButton, 2, 4, 1, 2);
    m_genNote = new QLabel(this);
    m_genNote->setObjectName(QStringLiteral("formRampNote"));
    m_genNote->setWordWrap(true);
    m_genNote->hide();
    gen->addWidget(m_genNote, 3, 0, 1, 6);
    auto *lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(m_table);
    lay->addLayout(buttons);
    lay->addLayout(gen);

    connect(m_executor, &QComboBox::activated, this, &StagesSection::writeExecutor);
    connect(m_warmup, &QLineEdit::editingFinished, this, [this] {
        const QString t = m_warmup->text().trimmed();
        const bool ok = parseDurationMs(t).has_value();
        m_warmup->setStyleSheet(ok ? QString() : QStringLiteral("background: #fde2e1;"));
        if (ok)
            m_sink([t](const QString &y, QString *e) {
                return setYamlValue(y, {QStringLiteral("ramp"), QStringLiteral("warmup")},
                                    yamlScalar(t), e);
            });
    });
    connect(m_maxVus, &QSpinBox::valueChanged, this, [this](int v) {
        const QString key = currentType().vuPoolKey;
        if (m_loading || key.isEmpty())
            return;
        m_sink([v, key](const QString &y, QString *e) {
            return setYamlValue(y, {QStringLiteral("ramp"), key}, YAML::Node(v), e);
        });
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_loading)
            writeStages();
    });
    connect(add, &QPushButton::clicked, this, [this] {
        const int n = m_table->rowCount();
        const QString load = n ? m_table->item(n - 1, 0)->text() : QStringLiteral("1");
        const QString dur = n ? m_table->item(n - 1, 1)->text() : QStringLiteral("10s");
        m_loading = true;
        addRow(load, dur);
        m_loading = false;
        writeStages();
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_table->rowCount() <= 1)
            return; // a ramp needs a stage
        const int r = m_table->currentRow() >= 0 ? m_table->currentRow() : m_table->rowCount() - 1;
        m_table->removeRow(r);
        writeStages();
    });
    connect(fillButton, &QPushButton::clicked, this, &StagesSection::fill);
}

const LoadModelType &StagesSection::currentType() const
{
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    const LoadModelType *t = models.find(m_executor->currentText());
    return t ? *t : *models.find(defaultLoadModel()->name());
}

void StagesSection::addRow(const QString &load, const QString &duration)
{
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    m_table->setItem(r, 0, new QTableWidgetItem(load));
    m_table->setItem(r, 1, new QTableWidgetItem(duration));
}

void StagesSection::load(const Profile &p)
{
    m_loading = true;
    const RampSpec &ramp = p.ramp;
    m_loadedExecutor = ramp.model->name();
    m_executor->setCurrentText(m_loadedExecutor);
    const bool open = ramp.model->isOpen();
    m_table->setHorizontalHeaderLabels(
        {open ? tr("Rate (starts/s)") : tr("VUs"), tr("Duration (warm-up included)")});
    if (m_warmup->text() != formatDurationMs(ramp.warmupMs))
        m_warmup->setText(formatDurationMs(ramp.warmupMs));
    QJsonObject config;
    ramp.model->toJson(&config);
    const LoadModelType &type = currentType();
    m_maxVus->setEnabled(!type.vuPoolKey.isEmpty());
    for (QDoubleSpinBox *s : {m_from, m_to, m_step}) {
        // the profile's own bounds, from the load model (VUs are whole, rates have decimals)
        s->setDecimals(type.stageLoadBounds.decimals);
        s->setRange(type.stageLoadBounds.min, type.stageLoadBounds.max);
    }
    m_maxVus->setValue(type.vuPoolKey.isEmpty() ? 1 : config.value(type.vuPoolKey).toInt(1));
    QList<QStringList> rows;
    for (const StageSpec &s : ramp.stages)
        rows << QStringList{open ? rateText(s.rate) : QString::number(s.vus),
                            formatDurationMs(s.durationMs)};
    bool same = rows.size() == m_table->rowCount();
    for (int r = 0; same && r < rows.size(); ++r)
        for (int c = 0; same && c < 2; ++c)
            same = m_table->item(r, c) && m_table->item(r, c)->text() == rows[r][c];
    if (!same) { // rebuilt only when the text says otherwise: a cell being edited stays
        m_table->setRowCount(0);
        for (const QStringList &row : std::as_const(rows))
            addRow(row[0], row[1]);
    }
    m_loading = false;
}

std::optional<YAML::Node> StagesSection::stagesNode(const LoadModelType &type, QString *error) const
{
    const bool whole = type.stageLoadBounds.decimals == 0;
    const std::string key = type.stageLoadKey.toStdString();
    YAML::Node seq(YAML::NodeType::Sequence);
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const QString load =
            m_table->item(r, 0) ? m_table->item(r, 0)->text().trimmed() : QString();
        const QString dur = m_table->item(r, 1) ? m_table->item(r, 1)->text().trimmed() : QString();
        const double v = load.toDouble();
        if (!loadValid(load, type.stageLoadBounds) || !parseDurationMs(dur)) {
            *error = tr("stage %1 needs %2 from %3 to %4 (%5) and a duration with a unit (10s)")
                         .arg(r + 1)
                         .arg(whole ? tr("a whole number") : tr("a number"))
                         .arg(type.stageLoadBounds.min)
                         .arg(type.stageLoadBounds.max, 0, 'f', 0)
                         .arg(type.stageLoadKey);
            return std::nullopt;
        }
        YAML::Node m(YAML::NodeType::Map);
        if (whole)
            m[key] = qint64(v);
        else
            m[key] = yamlScalar(rateText(v).toDouble());
        m["duration"] = dur.toStdString();
        m.SetStyle(YAML::EmitterStyle::Flow);
        seq.push_back(m);
    }
    return seq;
}

void StagesSection::markBadCells(const LoadModelType &type)
{
    const bool was = m_loading;
    m_loading = true; // a background is a change of the item too
    const QBrush bad(QColor(0xfd, 0xe2, 0xe1));
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < 2; ++c)
            if (QTableWidgetItem *it = m_table->item(r, c)) {
                const QString t = it->text().trimmed();
                const bool ok =
                    c == 0 ? loadValid(t, type.stageLoadBounds) : parseDurationMs(t).has_value();
                it->setBackground(ok ? QBrush() : bad);
            }
    m_loading = was;
}

void StagesSection::writeStages()
{
    markBadCells(currentType());
    QString why;
    const std::optional<YAML::Node> stages = stagesNode(currentType(), &why);
    if (!stages) {
        m_table->setToolTip(why);
        return;
    }
    m_table->setToolTip(QString());
    const YAML::Node seq = *stages;
    m_sink([seq](const QString &y, QString *e) {
        return setYamlValue(y, {QStringLiteral("ramp"), QStringLiteral("stages")}, seq, e);
    });
}

void StagesSection::writeExecutor()
{
    // the stages change their load key (vus <-> rate, same numbers) with the model; the VU
    // pool key (max_vus) is set for a model that has one (the peak of the loads) and the
    // other models' pool keys are removed
    const LoadModelType &type = currentType();
    const QString name = type.name;
    if (type.stageLoadBounds.decimals == 0) { // a rate becomes whole VUs (rounded up)
        m_loading = true;
        for (int r = 0; r < m_table->rowCount(); ++r)
            if (QTableWidgetItem *it = m_table->item(r, 0)) {
                bool ok = false;
                const double v = it->text().toDouble(&ok);
                if (ok && v > 0)
                    it->setText(QString::number(std::max<qint64>(1, qint64(std::ceil(v)))));
            }
        m_loading = false;
    }
    QString why;
    const std::optional<YAML::Node> stages = stagesNode(type, &why);
    if (!stages) { // the YAML keeps its model: so does the combo box
        m_table->setToolTip(why);
        m_executor->setCurrentText(m_loadedExecutor);
        return;
    }
    const YAML::Node seq = *stages;
    double peak = 1;
    for (int r = 0; r < m_table->rowCount(); ++r)
        peak = std::max(peak, m_table->item(r, 0)->text().toDouble());
    const QString poolKey = type.vuPoolKey;
    const int maxVus = poolKey.isEmpty()
                           ? 0
                           : std::clamp(int(std::ceil(peak)), int(type.vuPoolBounds.min),
                                        int(type.vuPoolBounds.max));
    QStringList otherPoolKeys;
    const LoadModelRegistry &models = LoadModelRegistry::builtin();
    for (const QString &n : models.names())
        if (const QString k = models.find(n)->vuPoolKey; !k.isEmpty() && k != poolKey)
            otherPoolKeys << k;
    m_sink([name, poolKey, otherPoolKeys, seq, maxVus](const QString &y,
                                                       QString *e) -> std::optional<QString> {
        std::optional<QString> t = setYamlValue(
            y, {QStringLiteral("ramp"), QStringLiteral("executor")}, yamlScalar(name), e);
        if (t && !poolKey.isEmpty())
            t = setYamlValue(*t, {QStringLiteral("ramp"), poolKey}, YAML::Node(maxVus), e);
        for (const QString &k : otherPoolKeys)
            if (t)
                t = removeYamlKey(*t, {QStringLiteral("ramp"), k}, e);
        if (t)
            t = setYamlValue(*t, {QStringLiteral("ramp"), QStringLiteral("stages")}, seq, e);
        return t;
    });
}

void StagesSection::writeAll()
{
    writeExecutor();
    m_warmup->editingFinished();
}

void StagesSection::generate(Rule rule, double from, double to, double step,
                             const QString &duration, const QString &warmup)
{
    m_rule->setCurrentIndex(rule == Rule::Doubling ? 0 : 1);
    m_from->setValue(from);
    m_to->setValue(to);
    m_step->setValue(step);
    m_genDuration->setText(duration);
    m_genWarmup->setText(warmup);
    fill();
}

void StagesSection::fill()
{
    const QList<double> loads = m_rule->currentIndex() == 0
                                    ? doublingLoads(m_from->value(), m_to->value())
                                    : linearLoads(m_from->value(), m_to->value(), m_step->value());
    const QString dur = m_genDuration->text().trimmed();
    const QString warm = m_genWarmup->text().trimmed();
    if (loads.isEmpty() || !parseDurationMs(dur) || (!warm.isEmpty() && !parseDurationMs(warm))) {
        m_genNote->setText(loads.isEmpty()
                               ? tr("The rule makes no stage or more than 1,000: change A, B or S.")
                               : tr("Duration and warm-up are durations such as 10s or 1m."));
        m_genNote->show();
        return;
    }
    m_genNote->hide();
    const LoadModelType &type = currentType();
    m_loading = true;
    m_table->setRowCount(0);
    for (double v : loads)
        addRow(type.stageLoadBounds.decimals > 0 ? rateText(v)
                                                 : QString::number(qint64(std::round(v))),
               dur);
    if (!warm.isEmpty())
        m_warmup->setText(warm);
    m_loading = false;
    // stages and warm-up in one undo step
    QString why;
    const std::optional<YAML::Node> stages = stagesNode(type, &why);
    if (!stages)
        return;
    const YAML::Node seq = *stages;
    m_sink([seq, warm](const QString &y, QString *e) -> std::optional<QString> {
        std::optional<QString> t =
            setYamlValue(y, {QStringLiteral("ramp"), QStringLiteral("stages")}, seq, e);
        if (t && !warm.isEmpty())
            t = setYamlValue(*t, {QStringLiteral("ramp"), QStringLiteral("warmup")},
                             yamlScalar(warm), e);
        return t;
    });
}

} // namespace vw
