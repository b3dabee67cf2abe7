#!/usr/bin/env bash
# The manifests of `vault-workbench k8s render` checked by tools that know Kubernetes, with no
# cluster (docs/distributed.md, "Checking the manifests"):
#   check-manifests.sh validate BINARY PROFILE   kubernetes-validate --strict for Kubernetes
#                                                1.29 (backoffLimitPerIndex, podFailurePolicy)
#                                                and the newest schema it bundles
#   check-manifests.sh kustomize BINARY PROFILE  kubectl kustomize builds the folder
# Two option sets each (an IP address; a host name with a namespace, a CA Secret, a Vault
# namespace). Exit 77 (ctest: skipped) when the tool is not installed, saying so.
set -euo pipefail
mode=$1 bin=$2 profile=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

render() {
  "$bin" k8s render "$profile" --out-dir "$work/$1" "${@:2}" >/dev/null
}
render ip --parallelism 3 --addr http://10.0.0.5:8200
render named --parallelism 4 --addr https://vault.vault.svc:8200 --namespace load \
  --cacert-secret vault-ca --vault-namespace team-a --token-secret vault-token/t

case $mode in
  validate)
    # pip may not put its scripts folder on PATH: the module runs the same.
    if ! python3 -c 'import kubernetes_validate' 2>/dev/null; then
      echo "kubernetes-validate is not installed (pip install kubernetes-validate; scripts/lib.sh installs it): skipped"
      exit 77
    fi
    kv() { python3 -m kubernetes_validate "$@"; }
    newest=$(kv --version)
    for v in 1.29.0 "$newest"; do
      for d in ip named; do
        # kustomization.yaml is kustomize's, not a Kubernetes resource.
        (cd "$work/$d" && kv --strict -k "$v" configmap.yaml start.yaml \
          networkpolicy.yaml job.yaml)
      done
    done
    ;;
  kustomize)
    if ! command -v kubectl >/dev/null; then
      echo "kubectl is not on PATH: kubectl kustomize skipped"
      exit 77
    fi
    for d in ip named; do
      out=$(kubectl kustomize "$work/$d")
      for kind in ConfigMap NetworkPolicy Job; do
        grep -q "^kind: $kind\$" <<<"$out" || { echo "$d: no $kind in kubectl kustomize's output"; exit 1; }
      done
      [ "$(grep -c '^kind: ConfigMap$' <<<"$out")" -eq 2 ] || { echo "$d: expected 2 ConfigMaps"; exit 1; }
    done
    grep -q "namespace: load" <<<"$(kubectl kustomize "$work/named")" || { echo "named: no namespace"; exit 1; }
    echo "kubectl kustomize: both folders build"
    ;;
  *) echo "usage: $0 validate|kustomize BINARY PROFILE" >&2; exit 2 ;;
esac
