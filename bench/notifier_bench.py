#!/usr/bin/env python3
"""The update notifier at rest: its memory and how often it wakes (run by hand; issue 33).

    .venv/bin/python bench/notifier_bench.py [--seconds 60] [--display :99]

``appcenter-qt --notifier`` sits in the session all day, so what it costs while it waits is
the figure that matters. This starts, in one run, on one X display with a real tray host
(``trayer``, an XEmbed system tray; Plasma's StatusNotifierItem host is not available here):

* **ours**: ``appcenter-qt --notifier`` with its last check recorded just now, so the next
  one is a day away (the state it spends nearly all its life in);
* **reference**: a bare PySide6 ``QApplication`` with one ``QSystemTrayIcon`` shown, which
  is what any Qt tray icon costs before it does anything.

For each, after it settles: resident memory (``VmRSS``) and proportional set size (``Pss``
from ``smaps_rollup``), threads, and wake-ups: context switches of all its threads over
``--seconds``, given per hour. The load average is printed beside the figures, as other
jobs share the cores. Needs Xvfb and trayer (``.ci/apt-packages``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TREE = Path(__file__).resolve().parents[1]

REFERENCE = """
import sys
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QApplication, QSystemTrayIcon
app = QApplication(sys.argv)
pixmap = QPixmap(22, 22)
pixmap.fill()
icon = QSystemTrayIcon(QIcon(pixmap))
icon.show()
sys.exit(app.exec())
"""


def _status(pid: int) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


def _switches(pid: int) -> int:
    """Context switches of every thread of ``pid`` so far: each one is a wake-up."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = _status_of(task)
        except OSError:
            continue  # the thread ended meanwhile
        total += int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
    return total


def _status_of(task: Path) -> dict[str, str]:
    return dict(
        (key, value.strip())
        for key, _, value in (
            line.partition(":") for line in (task / "status").read_text().splitlines()
        )
    )


def _pss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def measure(name: str, command: list[str], env: dict[str, str], seconds: float) -> dict:
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(5)  # start-up: imports, the tray icon's embedding, the first timer
        if process.poll() is not None:
            raise SystemExit(f"{name} exited early: {process.stderr.read()[-800:]}")
        before = _switches(process.pid)
        load = Path("/proc/loadavg").read_text().split()[0]
        time.sleep(seconds)
        after = _switches(process.pid)
        status = _status(process.pid)
        return {
            "name": name,
            "rss_mib": int(status["VmRSS"].split()[0]) / 1024,
            "pss_mib": _pss_kib(process.pid) / 1024,
            "threads": int(status["Threads"]),
            "wakeups_per_hour": (after - before) * 3600 / seconds,
            "load": load,
        }
    finally:
        process.terminate()
        process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--display", default=":97")
    args = parser.parse_args()
    xvfb = subprocess.Popen(
        ["Xvfb", args.display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    )
    try:
        time.sleep(1)
        with tempfile.TemporaryDirectory() as scratch:
            root = Path(scratch)
            runtime = root / "runtime"
            runtime.mkdir(mode=0o700)
            state = root / "state" / "appcenter-qt"
            state.mkdir(parents=True)
            (state / "last-update-check").write_text(f"{int(time.time())}\n")
            env = {
                **os.environ,
                "DISPLAY": args.display,
                "QT_QPA_PLATFORM": "xcb",
                "XDG_RUNTIME_DIR": str(runtime),
                "XDG_STATE_HOME": str(root / "state"),
                "PYTHONPATH": str(TREE),
            }
            tray = subprocess.Popen(["trayer", "--edge", "top"], env=env, stderr=subprocess.DEVNULL)
            try:
                rows = [
                    measure(
                        "appcenter-qt --notifier",
                        [sys.executable, "-m", "appcenter_qt.app", "--notifier"],
                        env,
                        args.seconds,
                    ),
                    measure(
                        "bare Qt tray icon (reference)",
                        [sys.executable, "-c", REFERENCE],
                        env,
                        args.seconds,
                    ),
                ]
            finally:
                tray.terminate()
                tray.wait(timeout=10)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    print(f"idle over {args.seconds:.0f} s, after a 5 s start")
    print(f"{'':32} {'RSS MiB':>8} {'PSS MiB':>8} {'threads':>8} {'wake-ups/h':>11}  load")
    for row in rows:
        print(
            f"{row['name']:32} {row['rss_mib']:8.1f} {row['pss_mib']:8.1f} {row['threads']:8d}"
            f" {row['wakeups_per_hour']:11.0f}  {row['load']}"
        )
    ours, reference = rows
    print(
        f"ratio to the reference: RSS {ours['rss_mib'] / reference['rss_mib']:.2f}×,"
        f" wake-ups {ours['wakeups_per_hour'] / max(reference['wakeups_per_hour'], 1):.2f}×"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
