// A reader of the Prometheus text exposition format (version 0.0.4), the subset servers send:
// "# HELP" / "# TYPE" lines, other comments, and samples
//     name{label="value",...} value [timestamp]
// with label values escaped as \\, \" and \n, and values in Go's float syntax (+Inf, -Inf,
// NaN included). OpenBao/Vault answer it at GET /v1/sys/metrics?format=prometheus when
// telemetry has prometheus_retention_time set. Debian packages no parser of it, so this small
// one is ours (tests: tests/unit/tst_prometheustext.cpp on a saved OpenBao answer).
#pragma once

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

namespace vw {

struct PromSample {
    QString name; ///< e.g. "vault_core_handle_request_sum"
    QMap<QString, QString> labels; ///< e.g. {"quantile": "0.99"}
    double value = 0;
};

struct PromText {
    QList<PromSample> samples; ///< in text order
    QHash<QString, QString> types; ///< metric family -> "counter", "gauge", "summary", ...

    /// The value of the first sample named `name` whose labels include every pair of
    /// `labels`; NaN when there is none.
    double value(const QString &name, const QMap<QString, QString> &labels = {}) const;
    bool has(const QString &name) const;
};

/// Parses `text`. On a malformed line returns false with *error naming its line and column
/// (1-based): "line 12, column 31: expected '=' after label name". *out holds the samples of
/// the lines before it.
bool parsePrometheusText(const QByteArray &text, PromText *out, QString *error);

} // namespace vw
