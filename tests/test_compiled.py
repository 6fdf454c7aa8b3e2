"""Where compiled kernels are cached: a ``NUMBA_CACHE_DIR`` that names a missing folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.compiled import can_cache


def test_a_missing_cache_folder_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "not" / "yet" / "there"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    assert can_cache()
    assert folder.is_dir()


def test_a_cache_folder_that_cannot_be_made_turns_caching_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker / "cache"))
    assert not can_cache()
