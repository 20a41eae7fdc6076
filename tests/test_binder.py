"""The pinned Binder requirements install in a fresh venv and run every lesson.

This is what repo2docker does with binder/: install requirements.txt, run postBuild (which
installs paleowidgets itself), then open JupyterLab on the lessons.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], cwd: Path) -> None:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"


def test_binder_requirements_install_and_run_the_lessons(tmp_path: Path) -> None:
    assert (ROOT / "binder/runtime.txt").read_text().strip() == \
        f"python-{sys.version_info.major}.{sys.version_info.minor}"
    env_dir = tmp_path / "binder-env"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    run([str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"], ROOT)
    # postBuild, as repo2docker runs it: from the repository root, with the env's pip first
    env_path = f"{env_dir / 'bin'}:/usr/bin:/bin"
    proc = subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={"PATH": env_path, "HOME": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    run([str(py), "-c", "import paleowidgets.widgets, ipycanvas, voila"], tmp_path)
    # the server config postBuild copies (TCP_NODELAY) is in the environment's own config
    # folder, on Jupyter's config path whatever the home folder (a JupyterHub mounts each
    # user's home over the image's), and loads with the pinned jupyter_server
    config = env_dir / "etc" / "jupyter"
    assert not (tmp_path / ".jupyter").exists()
    other_home = tmp_path / "a-pupils-home"
    other_home.mkdir()
    paths = subprocess.run([str(env_dir / "bin" / "jupyter"), "--paths", "--json"],
                           capture_output=True, text=True, timeout=120, check=True,
                           env={"PATH": env_path, "HOME": str(other_home)}).stdout
    assert str(config) in json.loads(paths)["config"], paths
    # each .py as Jupyter reads it (traitlets gives it get_config), in the pinned env
    load = ("import sys; from traitlets.config.loader import PyFileConfigLoader as L; "
            "print(dict(L(sys.argv[1]).load_config()))")
    for name in ("jupyter_server_config.py", "voila.py"):
        run([str(py), "-c", load, str(config / name)], tmp_path)
    assert (config / "jupyter_server_config.d").is_dir()   # the rest of jupyter-config/ too
    # The English pupil editions: a translation runs the same code (tests/test_lessons.py
    # checks its code tokens), so it needs nothing more from the environment.
    lessons = sorted(p for p in (ROOT / "lessons").glob("*.ipynb") if p.stem.count(".") == 0)
    assert lessons
    out = tmp_path / "executed"
    run([str(env_dir / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=600", "--output-dir", str(out),
         *map(str, lessons)], ROOT / "lessons")
    for path in lessons:
        nb = nbformat.read(out / path.name, as_version=4)
        errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
        assert not errors, (path.name, errors[:1])
