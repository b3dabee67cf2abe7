// The `ramp:` part of the profile form: the load model (closed: VUs per stage; arrival-rate:
// starts per second per stage and the max_vus pool; docs/profile-format.md), the warm-up, the
// stages in an editable table, and a ramp generator ("A..N doubling" or "linear from A to B
// step S", with a stage duration and warm-up) that fills the table. Each change writes
// `ramp.executor`, `ramp.warmup`, `ramp.max_vus` or the whole `ramp.stages` list (one stage a
// line, `- { vus: 8, duration: 10s }`). GUI thread only.
#pragma once

#include "formedit.h"
#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/profile.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;
QT_END_NAMESPACE

namespace vw {

class StagesSection : public QWidget {
    Q_OBJECT
public:
    explicit StagesSection(YamlEditSink sink, QWidget *parent = nullptr);

    void load(const Profile &p);
    /// Writes executor, warm-up, max_vus and the stages as the form shows them.
    void writeAll();

    enum class Rule { Doubling, Linear };
    /// Sets the generator's fields and presses Fill: the table and the warm-up get the stages
    /// of `rule` (to == N for doubling), each `duration` long.
    void generate(Rule rule, double from, double to, double step, const QString &duration,
                  const QString &warmup);

    QTableWidget *table() const { return m_table; }
    QLineEdit *warmupEdit() const { return m_warmup; }

private:
    /// The load model chosen in the combo box (from the registry, which holds its keys and
    /// bounds: core/profile/loadmodels/loadmodelregistry.h).
    const LoadModelType &currentType() const;
    void fill();
    /// The table as the `stages` list in `type`'s load key; nullopt and *error when a cell is
    /// not valid.
    std::optional<YAML::Node> stagesNode(const LoadModelType &type, QString *error) const;
    void writeStages();
    void markBadCells(const LoadModelType &type);
    void writeExecutor();
    void addRow(const QString &load, const QString &duration);

    YamlEditSink m_sink;
    bool m_loading = false;
    QString m_loadedExecutor; ///< the model of the text last loaded
    QComboBox *m_executor = nullptr;
    QLineEdit *m_warmup = nullptr;
    QSpinBox *m_maxVus = nullptr;
    QTableWidget *m_table = nullptr;
    QComboBox *m_rule = nullptr;
    QDoubleSpinBox *m_from = nullptr;
    QDoubleSpinBox *m_to = nullptr;
    QDoubleSpinBox *m_step = nullptr;
    QLabel *m_genNote = nullptr; ///< why Fill did nothing (no stage, more than 1,000, bad duration)
    QLineEdit *m_genDuration = nullptr;
    QLineEdit *m_genWarmup = nullptr;
};

} // namespace vw
