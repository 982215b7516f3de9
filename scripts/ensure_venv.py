#!/usr/bin/env python3
"""Make the project's virtual environment, with any Python 3.11+ a newcomer has.

    python3 scripts/ensure_venv.py .venv

Debian's and Homebrew's Pythons refuse ``pip install`` outside a virtual environment
(PEP 668), so every Python tool of the project lives in ``.venv``. Debian ships the
``venv`` module's pip separately (``python3-venv``): as root with apt-get it is
installed, otherwise the message names the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path


def _make(target: Path) -> None:
    venv.EnvBuilder(with_pip=True, clear=True).create(target)


def main(argv: list[str]) -> int:
    """Create ``argv[1]`` (default ``.venv``) unless it already holds a working Python."""
    if sys.version_info < (3, 11):  # noqa: UP036 (a newcomer may run an older python3)
        print(f"Nordic 21 needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
        return 2
    target = Path(argv[1] if len(argv) > 1 else ".venv")
    python = target / "bin" / "python"
    if (
        python.exists()
        and subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode == 0
    ):
        return 0
    try:
        _make(target)
    except (subprocess.CalledProcessError, OSError) as error:
        package = f"python3.{sys.version_info.minor}-venv"
        if shutil.which("apt-get") and os.geteuid() == 0:
            print(f"venv has no pip ({error}); installing Debian's {package} ...")
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
            subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, env=env)
            _make(target)
        else:
            print(f"Could not make {target}: {error}. On Debian/Ubuntu: apt install {package}")
            return 2
    print(f"virtual environment: {target} ({sys.executable})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
