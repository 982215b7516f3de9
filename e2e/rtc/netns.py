"""Run a command inside a network namespace of its own (the WebRTC tests' only network).

``python -m e2e.rtc.netns -- <command...>`` re-executes the command inside ``unshare -n``
after setting up loopback and a veth pair 10.213.0.1/24 (v0) <-> 10.213.0.2/24 (v1) with a
default route via v1 (:data:`SETUP`). Chromium gathers no host candidate with loopback
alone, so the pair is needed; the browsers' ICE traffic can reach nothing but these two
addresses. ``unshare``, ``ip`` and ``sh`` are found on $PATH.

When the namespace cannot be made (no ``unshare`` or ``ip``, not root, or ``unshare``
refused), the runner prints one line saying why and still runs the command, outside any
namespace, with $NORDIC21_RTC_UNAVAILABLE set to the reason: e2e/rtc/conftest.py then
marks every test of the package skipped with that reason, so the run reports skips, never
a silent pass, and no WebRTC test sends a packet outside a namespace. The command's exit
status is the runner's (pytest's 5, "no tests collected", stays a failure).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

#: Set (to "1") by the runner inside the namespace it made.
MARK = "NORDIC21_RTC_NETNS"
#: Set by the runner to the reason when it could not make the namespace.
UNAVAILABLE = "NORDIC21_RTC_UNAVAILABLE"
HOST = "10.213.0.1"
PEER = "10.213.0.2"

#: The namespace's links settle before the command starts: both ends of the pair
#: carry (LOWER_UP) and no IPv6 address is still tentative (its duplicate check takes
#: 1-2 s). Chromium takes an address that settles while it runs for a network change
#: and fails the requests it has under way (net::ERR_NETWORK_CHANGED): the first
#: test's page then never booted. Checked every 50 ms, for 10 s at most.
SETTLED = (
    "ip link show v0 | grep -q LOWER_UP && ip link show v1 | grep -q LOWER_UP"
    ' && [ -n "$(ip -6 addr show dev v0 scope link)" ]'
    ' && [ -n "$(ip -6 addr show dev v1 scope link)" ]'
    ' && [ -z "$(ip -6 addr show tentative)" ]'
)
SETUP = (
    "set -e; ip link set lo up; ip link add v0 type veth peer name v1;"
    f" ip addr add {HOST}/24 dev v0; ip addr add {PEER}/24 dev v1;"
    " ip link set v0 up; ip link set v1 up;"
    f" ip route add default via {PEER} dev v0;"
    f" n=0; until {SETTLED}; do n=$((n + 1));"
    ' [ "$n" -lt 200 ] || { echo "e2e.rtc.netns: the links never settled" >&2; exit 1; };'
    " sleep 0.05; done;"
    ' exec "$@"'
)


def _is_local(address: str) -> bool:
    """Whether ``address`` belongs to an interface of this network namespace."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            return False
    return True


def inside() -> bool:
    """Whether we run inside a namespace this runner made (its mark, and its address)."""
    return os.environ.get(MARK) == "1" and _is_local(HOST)


def why_not() -> str | None:
    """Why the namespace cannot be made here, or None when it can be tried."""
    missing = [tool for tool in ("unshare", "ip") if shutil.which(tool) is None]
    if missing:
        return f"no {' or '.join(missing)} on PATH (Debian: util-linux, iproute2)"
    if os.geteuid() != 0:
        return "not root: `unshare -n` and veth links need root"
    return None


def main(argv: list[str]) -> int:
    """Run ``argv`` (after ``--``) inside a fresh network namespace; its exit status."""
    command = argv[1:] if argv[:1] == ["--"] else argv
    if not command:
        print("usage: python -m e2e.rtc.netns -- <command...>", file=sys.stderr)
        return 2
    reason = why_not()
    if reason is None:
        env = {**os.environ, MARK: "1"}
        env.pop(UNAVAILABLE, None)
        # A probe first: a sandbox may refuse unshare although we are root.
        probe = subprocess.run(
            ["unshare", "-n", "sh", "-c", SETUP, "sh", "true"],
            capture_output=True,
            text=True,
            check=False,
        )
        if probe.returncode == 0:
            return subprocess.call(["unshare", "-n", "sh", "-c", SETUP, "sh", *command], env=env)
        reason = f"unshare -n failed: {probe.stderr.strip().splitlines()[-1:] or probe.returncode}"
    print(f"e2e.rtc.netns: no network namespace ({reason}); WebRTC tests will skip")
    env = {**os.environ, UNAVAILABLE: reason}
    env.pop(MARK, None)
    return subprocess.call(command, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
