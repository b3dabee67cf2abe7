#!/usr/bin/env python3
"""Fails when an #include goes up the layers of docs/architecture.md ("Layers").

core/ folders, bottom to top (a folder may include its own folder and any folder below it):
  util, stats -> http -> vault -> localtarget -> ops -> profile -> editing -> import -> engine -> analysis
  -> session -> charts -> report -> study -> k8s
then ui/ (may include core/ and ui/), then app/ (anything). core/ never includes ui/ or app/,
nor a Qt Widgets, Charts, Gui or Svg header (core is headless).

Usage: check-layers.py [REPO_ROOT]   (exit 0 when every include keeps to the order)
"""
import pathlib
import re
import sys

CORE_ORDER = ["util", "stats", "http", "vault", "localtarget", "ops", "profile", "editing", "import",
              "engine", "analysis", "session", "charts", "report", "study", "k8s"]
# util and stats are both at the bottom; stats may use util, util must not use stats.
RANK = {name: i for i, name in enumerate(CORE_ORDER)}
GUI_HEADER = re.compile(r"#\s*include\s*<(Qt(Widgets|Charts|Gui|Svg)/|Q(Widget|Chart|Painter|Image|Pixmap|Color|Font|Svg)\w*>)")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_of(root, path):
    rel = path.relative_to(root).parts
    if rel[0] == "core" and len(rel) > 2:
        return ("core", rel[1])
    if rel[0] in ("ui", "app"):
        return (rel[0], None)
    return (None, None)


def target_of(inc):
    parts = inc.split("/")
    if len(parts) >= 2 and parts[0] in RANK:
        return ("core", parts[0])
    if parts[0] in ("ui",):
        return ("ui", None)
    return (None, None)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[1])
    problems = []
    files = [p for top in ("core", "ui", "app") for p in (root / top).rglob("*")
             if p.suffix in (".h", ".cpp")]
    ui_headers = {str(p.relative_to(root / "ui")) for p in (root / "ui").rglob("*.h")}
    for path in sorted(files):
        kind, folder = layer_of(root, path)
        text = path.read_text(encoding="utf-8", errors="replace")
        rel = path.relative_to(root)
        for inc in INCLUDE.findall(text):
            tkind, tfolder = target_of(inc)
            if kind == "core":
                if inc in ui_headers or inc.startswith(("ui/", "app/")):
                    problems.append(f"{rel}: core includes the GUI layer: {inc}")
                elif tkind == "core" and RANK[tfolder] > RANK[folder]:
                    problems.append(f"{rel}: core/{folder} includes core/{tfolder} above it: {inc}")
            elif kind == "ui" and inc.startswith("app/"):
                problems.append(f"{rel}: ui includes app: {inc}")
        if kind == "core":
            for m in GUI_HEADER.finditer(text):
                problems.append(f"{rel}: core includes a GUI header: {m.group(0)}")
    for p in problems:
        print(p)
    print(f"{len(files)} files checked, {len(problems)} upward include(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
