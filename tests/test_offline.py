"""No network (issue #16): the CLI and the app run, and answer, inside a network namespace that has only a loopback
interface (`unshare -rn`, then `ip link set lo up`). Inside, a connection to the outside is shown to fail first, so a
pass cannot come from a machine that had network after all. Skipped, with the reason, where user namespaces are not
allowed."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT

UNSHARE, IP = shutil.which("unshare"), shutil.which("ip") or "/usr/sbin/ip"


def namespace_works() -> str:
    """Empty when `unshare -rn` with a loopback works here, else why not."""
    if not UNSHARE or not os.path.exists(IP):
        return "unshare or ip is missing"
    probe = subprocess.run([UNSHARE, "-rn", "sh", "-c", f"{IP} link set lo up"], capture_output=True, text=True)
    return "" if probe.returncode == 0 else f"unshare -rn is not allowed here: {probe.stderr.strip()[:200]}"


WHY = namespace_works()
pytestmark = pytest.mark.skipif(bool(WHY), reason=WHY)

NO_ROUTE = textwrap.dedent("""
    import socket
    try:
        socket.create_connection(("1.1.1.1", 443), timeout=3)
        print("NETWORK")
    except OSError as err:
        print("no network:", err)
""")

APP_CLIENT = textwrap.dedent("""
    import json, os, socket, subprocess, sys, time, urllib.request
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    env = dict(os.environ, GRADIO_SERVER_PORT=str(port), GRADIO_SERVER_NAME="127.0.0.1")
    app = subprocess.Popen([sys.executable, "app.py"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                urllib.request.urlopen(url + "/", timeout=5); break
            except OSError:
                time.sleep(1)
        from gradio_client import Client
        out = Client(url, verbose=False).predict("Drug X lowers blood pressure.",
                                                 "Drug X lowered blood pressure in the trial.", "", 0.5, "paper",
                                                 "claims", api_name="/ground")
        print(json.dumps([v["label"] for v in out["verdicts"]]))
    finally:
        app.terminate(); app.wait(timeout=30)
""")


def in_namespace(code: str, timeout: int = 600) -> subprocess.CompletedProcess:
    env = dict(os.environ, HF_HUB_OFFLINE="1", GRADIO_ANALYTICS_ENABLED="False")
    script = f'{IP} link set lo up && {sys.executable} -c "$PROBE" && {sys.executable} -c "$CODE"'
    return subprocess.run([UNSHARE, "-rn", "sh", "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**env, "PROBE": NO_ROUTE, "CODE": code})


def test_cli_works_without_network(models_dir):
    code = ("import sys; from grounding.__main__ import main; sys.exit(main(['check', '--response', "
            "'Drug X lowers blood pressure.', '--context', 'Drug X lowered blood pressure in the trial.']))")
    proc = in_namespace(code)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("no network:"), proc.stdout[:200]
    assert "[Supported] Drug X lowers blood pressure." in proc.stdout


def test_app_serves_without_network(models_dir):
    proc = in_namespace(APP_CLIENT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert lines[0].startswith("no network:") and json.loads(lines[-1]) == ["Supported"], proc.stdout[-1000:]
