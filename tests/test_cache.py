"""The on-disk sequence cache: round trips, damaged files, concurrent writers, read-only disks."""

from __future__ import annotations

import errno
import multiprocessing
import os
import tempfile
from pathlib import Path

import numpy as np
import pytest

from grundy.errors import InvalidArgument
from grundy.heap import cache as cache_module
from grundy.heap.cache import ENVIRONMENT_VARIABLE, SequenceCache, default_directory, file_name

KEY = "octal:0.77"


def sequence(length: int, top: int = 200) -> np.ndarray:
    return (np.arange(length, dtype=np.int64) * 7 % (top + 1)).astype(np.uint32)


def kept(cache: SequenceCache) -> list[int] | None:
    loaded = cache.load(KEY)
    return None if loaded is None else loaded.tolist()


class TestRoundTrip:
    @pytest.mark.parametrize("top", [0, 200, 300, 70000, 2**40])
    def test_values_and_narrowest_dtype(self, tmp_path: Path, top: int) -> None:
        cache = SequenceCache(tmp_path)
        values = np.arange(0, top + 1, max(1, (top + 1) // 1000), dtype=np.uint64)
        values[-1] = top
        cache.store(KEY, values)
        loaded = cache.load(KEY)
        assert loaded is not None
        assert loaded.tolist() == values.tolist()
        assert loaded.dtype == min((np.dtype(t) for t in (np.uint8, np.uint16, np.uint32,
                                                             np.uint64)
                                    if np.iinfo(t).max >= top), key=lambda d: d.itemsize)
        assert loaded.flags.writeable

    def test_empty_sequence(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        cache.store(KEY, np.zeros(0, dtype=np.uint8))
        loaded = cache.load(KEY)
        assert loaded is not None and len(loaded) == 0

    def test_missing_key(self, tmp_path: Path) -> None:
        assert SequenceCache(tmp_path).load("octal:0.07") is None

    def test_keys_do_not_mix(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        cache.store("a/b:c", sequence(10))
        cache.store("a_b_c", sequence(20))
        first, second = cache.load("a/b:c"), cache.load("a_b_c")
        assert first is not None and len(first) == 10
        assert second is not None and len(second) == 20

    @pytest.mark.parametrize("key", ["octal:0.77", "../../etc/passwd", "a" * 300, "ä/ö\\:*?",
                                     ".", ""])
    def test_file_names_are_safe(self, tmp_path: Path, key: str) -> None:
        name = file_name(key)
        assert "/" not in name and "\\" not in name and name.isascii()
        assert len(name) < 100 and not name.startswith(".")
        cache = SequenceCache(tmp_path)
        cache.store(key, sequence(5))
        assert cache.path(key).parent == tmp_path
        loaded = cache.load(key)
        assert loaded is not None and len(loaded) == 5

    def test_only_a_longer_sequence_replaces(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        cache.store(KEY, sequence(100))
        cache.store(KEY, sequence(50))
        assert len(kept(cache) or []) == 100
        cache.store(KEY, sequence(100, top=3))
        assert max(kept(cache) or [0]) == 200
        cache.store(KEY, sequence(150))
        assert len(kept(cache) or []) == 150
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp")] == []

    def test_bad_values(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        with pytest.raises(InvalidArgument):
            cache.store(KEY, np.array([1, -1]))
        with pytest.raises(InvalidArgument):
            cache.store(KEY, np.zeros((2, 2), dtype=np.uint8))


class TestDirectory:
    def test_environment_variable(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "here"))
        assert default_directory() == tmp_path / "here"
        cache = SequenceCache()
        cache.store(KEY, sequence(3))
        assert (tmp_path / "here" / file_name(KEY)).exists()

    def test_default_is_the_user_cache_directory(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
        assert default_directory().name == "grundy"


class TestDamagedFiles:
    def stored(self, folder: Path) -> tuple[SequenceCache, Path]:
        cache = SequenceCache(folder)
        cache.store(KEY, sequence(1000))
        return cache, cache.path(KEY)

    @pytest.mark.parametrize("keep", [0, 5, 18, 40, 100, 1000])
    def test_truncated_file_is_absent_and_overwritten(self, tmp_path: Path, keep: int) -> None:
        cache, path = self.stored(tmp_path)
        data = path.read_bytes()
        path.write_bytes(data[:keep])
        assert cache.load(KEY) is None
        cache.store(KEY, sequence(10))
        assert len(kept(cache) or []) == 10

    def test_every_flipped_byte_is_caught(self, tmp_path: Path) -> None:
        cache, path = self.stored(tmp_path)
        data = path.read_bytes()
        for where in list(range(0, len(data) - 1000)) + list(range(len(data) - 1000,
                                                                     len(data), 97)):
            damaged = bytearray(data)
            damaged[where] ^= 0x20
            path.write_bytes(bytes(damaged))
            assert cache.load(KEY) is None, where

    def test_extra_bytes_and_garbage(self, tmp_path: Path) -> None:
        cache, path = self.stored(tmp_path)
        path.write_bytes(path.read_bytes() + b"\0")
        assert cache.load(KEY) is None
        path.write_bytes(os.urandom(5000))
        assert cache.load(KEY) is None

    def test_a_directory_in_the_way(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        cache.path(KEY).mkdir()
        assert cache.load(KEY) is None
        cache.store(KEY, sequence(5))  # cannot replace a directory: skipped quietly
        assert cache.load(KEY) is None


    def test_a_fifo_in_the_way_is_a_miss_at_once(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        os.mkfifo(cache.path(KEY))
        assert cache.load(KEY) is None  # opening it to read would wait for a writer
        cache.store(KEY, sequence(5))  # replaced by the rename, as any file is
        assert cache.load(KEY).tolist() == sequence(5).tolist()


class TestUnwritable:
    def test_directory_below_a_file(self, tmp_path: Path) -> None:
        blocker = tmp_path / "file"
        blocker.write_text("not a directory")
        cache = SequenceCache(blocker / "cache")
        cache.store(KEY, sequence(5))
        assert cache.load(KEY) is None

    def test_read_only_file_system(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        cache = SequenceCache(tmp_path)
        cache.store(KEY, sequence(5))

        def refuse(*args: object, **kwargs: object) -> None:
            raise OSError(errno.EROFS, "Read-only file system")

        monkeypatch.setattr(cache_module.tempfile, "NamedTemporaryFile", refuse)
        cache.store(KEY, sequence(50))
        assert len(kept(cache) or []) == 5

    @pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                        reason="permissions do not bind the superuser")
    def test_read_only_directory(self, tmp_path: Path) -> None:
        cache = SequenceCache(tmp_path)
        cache.store(KEY, sequence(5))
        tmp_path.chmod(0o555)
        try:
            cache.store(KEY, sequence(50))
            assert len(kept(cache) or []) == 5
        finally:
            tmp_path.chmod(0o755)


# -- several processes at once ------------------------------------------------------

def _writer(folder: str, length: int, rounds: int) -> None:
    cache = SequenceCache(Path(folder))
    for _ in range(rounds):
        cache.store(KEY, sequence(length))


def _reader(folder: str, rounds: int, lengths: tuple[int, ...]) -> None:
    cache = SequenceCache(Path(folder))
    valid = {n: sequence(n).tolist() for n in lengths}
    for _ in range(rounds):
        loaded = cache.load(KEY)
        if loaded is not None and loaded.tolist() != valid.get(len(loaded)):
            raise SystemExit(f"torn read of {len(loaded)} values")


class TestConcurrentWriters:
    def test_two_writers_and_a_reader(self) -> None:
        lengths = (30000, 60000)
        context = multiprocessing.get_context("fork")
        with tempfile.TemporaryDirectory() as folder:
            workers = [context.Process(target=_writer, args=(folder, n, 40)) for n in lengths]
            workers.append(context.Process(target=_reader, args=(folder, 150, lengths)))
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(60)
            assert [worker.exitcode for worker in workers] == [0, 0, 0]
            loaded = SequenceCache(Path(folder)).load(KEY)
            assert loaded is not None and loaded.tolist() == sequence(60000).tolist()
            assert sorted(p.name for p in Path(folder).iterdir()) == [".lock", file_name(KEY)]
