"""The teacher's guide's section "On your school's server" (lessons/README.md) and the
binder/ files it builds the JupyterHub image from.

What runs here: postBuild's own commands in a fresh venv (pip stood in for by a recorder:
tests/test_binder.py runs the real install), the hub configuration (``jupyterhub_config.py``,
the ``py`` block) executed against a traitlets Config, and its folders checked against the
guide's commands and snippets. tests/test_readme.py runs the section's Python snippets and
its ``paleo render`` commands. What cannot run here: the repo2docker build, ``docker run``,
``sudo``, JupyterHub itself, as this machine has no Docker daemon; the guide says those
steps need Docker.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import venv
from pathlib import Path, PurePosixPath
from typing import Any

from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "lessons/README.md"
TITLE = "## On your school's server"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
HOME = PurePosixPath("/home/jovyan")        # repo2docker's user's home, where the repo goes


def section() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(TITLE)
    end = text.index("\n## ", start + len(TITLE))
    return text[start:end]


def blocks(lang: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(section()) if m.group(1) == lang]


def shell_lines() -> list[list[str]]:
    return [shlex.split(line.split("  #")[0]) for block in blocks("bash")
            for line in block.splitlines() if line.strip()]


def hub_config() -> Any:
    """The guide's jupyterhub_config.py, executed as JupyterHub would (``c`` a Config)."""
    (code,) = blocks("py")
    c = Config()
    exec(compile(code, f"{GUIDE}: jupyterhub_config.py", "exec"), {"c": c})
    return c


def test_the_section_is_in_the_guide_and_its_contents() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert "[On your school's server](#on-your-schools-server)" in text
    assert "it needs Docker" in section()
    assert blocks("bash") and blocks("py") and blocks("python") and blocks("")


def test_every_shell_line_is_a_known_step() -> None:
    """The lines that need Docker (not run here) use the image name, the user and the
    folder that the hub configuration uses."""
    c = hub_config()
    image = c.DockerSpawner.image
    shared = next(k for k in c.DockerSpawner.volumes if k.startswith("/"))
    seen = set()
    for words in shell_lines():
        match words:
            case ["python3", "-m", "pip", "install", "jupyter-repo2docker"]:
                seen.add("install")
            case ["repo2docker", *options, "."]:
                assert options[options.index("--image-name") + 1] == image
                # the image's user owns the shared folder (uid 1000)
                assert options[options.index("--user-id") + 1] == "1000"
                assert options[options.index("--user-name") + 1] == HOME.name
                seen.add("build")
            case ["docker", "run", "--rm", used, *_]:
                assert used == image
                seen.add("check")
            case ["sudo", "mkdir", "-p", folder, "&&", "sudo", "chown", "1000:1000", owned]:
                assert folder == owned == shared
                seen.add("shared folder")
            case _:
                raise AssertionError(f"a shell line the test does not know: {words}")
    assert seen == {"install", "build", "check", "shared folder"}


def test_hub_config_puts_the_shared_folder_where_the_lessons_look() -> None:
    c = hub_config()
    assert c.JupyterHub.spawner_class == "dockerspawner.DockerSpawner"
    assert c.DockerSpawner.cmd == ["jupyterhub-singleuser"]
    assert PurePosixPath(c.DockerSpawner.notebook_dir) == HOME
    # JupyterLab opens on the lessons, which repo2docker copied to the home folder
    lessons = PurePosixPath(c.DockerSpawner.default_url.removeprefix("/lab/tree/"))
    assert (ROOT / lessons).is_dir() and (ROOT / lessons / "01-first-game.ipynb").exists()
    volumes = dict(c.DockerSpawner.volumes)
    assert volumes.pop("paleo-{username}") == str(HOME)
    ((_, mount),) = volumes.items()
    mount = PurePosixPath(mount)
    # a lesson's kernel runs in lessons/: its relative "class/5B" is in the shared folder
    assert mount == HOME / lessons / "class"
    snippets = "\n".join(blocks("python"))
    for folder in re.findall(r'(?:save_to=|load_class_logs\()"([^"]+)"', snippets):
        assert (HOME / lessons / folder).is_relative_to(mount), folder
    assert "record_to(\"class/5B\"" in section() and "paleo results class/5B" in section()
    # the boards that save on their own (PlayWidget, Voila) save there too
    saves = PurePosixPath(c.DockerSpawner.environment["PALEOWIDGETS_SAVE"])
    assert saves.is_relative_to(mount)
    assert f"`{saves.relative_to(HOME / lessons)}/`" in section()


def test_binder_has_what_repo2docker_needs() -> None:
    binder = ROOT / "binder"
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    packages = [line.strip() for line in (binder / "apt.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert {"fonts-nanum", "libcairo2", "fontconfig"} <= set(packages)
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", p) for p in packages), packages
    pins = [line for line in (binder / "requirements.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", p) for p in pins), pins
    assert os.access(binder / "postBuild", os.X_OK)
    assert (binder / "postBuild").read_text().startswith("#!/bin/bash\n")


def test_post_build_puts_the_server_config_in_the_environment(tmp_path: Path) -> None:
    """postBuild run as repo2docker runs it (from the repository, the environment's
    python and pip first on PATH): the config lands in sys.prefix/etc/jupyter, which is
    on Jupyter's config path for everybody, and nothing in $HOME, which a hub hides."""
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)
    calls = tmp_path / "pip-calls"
    pip = env_dir / "bin" / "pip"
    pip.write_text(f'#!/bin/bash\necho "$@" >> {calls}\n')   # the real install: test_binder
    pip.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    proc = subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env={"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HOME": str(home)})
    assert proc.returncode == 0, proc.stderr
    assert calls.read_text().split() == ["install", "--no-deps", "--no-cache-dir", "."]
    config = env_dir / "etc" / "jupyter"
    kit = ROOT / "jupyter-config"          # every file ./kit lessons loads, the same bytes
    files = sorted(p.relative_to(kit) for p in kit.rglob("*") if p.is_file())
    assert Path("jupyter_server_config.py") in files and Path("voila.py") in files
    assert sorted(p.relative_to(config) for p in config.rglob("*") if p.is_file()) == files
    for name in files:
        assert (config / name).read_bytes() == (kit / name).read_bytes()
    assert not list(home.iterdir())
    # the folder is the one jupyter_core reads for the environment it runs in
    from jupyter_core.paths import ENV_CONFIG_PATH
    assert ENV_CONFIG_PATH[0] == os.path.join(sys.prefix, "etc", "jupyter")
