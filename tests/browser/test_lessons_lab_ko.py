"""The Korean lessons, both editions, in JupyterLab: the check of test_lessons_lab.py, in a
module of its own so that ./kit test's two workers share the languages out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_lessons_lab import check_lesson, lab_page, lesson_id, lesson_root, lessons_in

pytestmark = pytest.mark.browser
__all__ = ["lab_page", "lesson_root"]     # the module's fixtures, shared


@pytest.mark.parametrize("lesson", lessons_in("ko"), ids=lesson_id)
def test_ko_lesson_runs_in_jupyterlab(lab_page: Any, lesson_root: Path, lesson: Path) -> None:
    check_lesson(lab_page, lesson_root, lesson)
