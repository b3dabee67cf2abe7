// `vault-workbench k8s ...` (docs/distributed.md, "Kubernetes"):
//   k8s render PROFILE --parallelism N --addr URL --out-dir DIR [...]  manifests (core/k8s/)
//   k8s up|run|collect|down DIR                                         kubectl (k8sdriver.h)
//   k8s shard run ...   what a pod runs: `run`, then its session framed on stdout
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

int k8sCommand(const QStringList &args);
CommandHelp k8sHelp();

} // namespace vw::cli
