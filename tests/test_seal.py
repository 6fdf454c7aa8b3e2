"""The seal on the files grundy reads back (:mod:`grundy.seal`): any single value or header
field changed, a file sealed with another key or written without a seal is refused; a
sealed file round-trips; an unsafe key file is refused with one line."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy.census.results import census_row
from grundy.census.runner import HEADER, CensusState, NotCensusState, row_seal
from grundy.heap.cache import _MAGIC, SequenceCache
from grundy.heap.checkpoint import BadCheckpoint, Checkpoint
from grundy.heap.window import WindowCheckpoint, state_seal
from grundy.seal import KEY_BYTES, BadKey, read_or_make_key
from test_attack import TIMEOUT

pytestmark = pytest.mark.slow

LONG = 10**6
#: Random positions changed in a file of LONG values.
POSITIONS = 300
NOT_SEALED = "its seal does not match"


@pytest.fixture
def other_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, the key of another user."""
    monkeypatch.setenv("GRUNDY_KEY_FILE", str(tmp_path / "other-user" / "seal.key"))


def sequence_file(path: Path, header: dict[str, Any], data: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_MAGIC + json.dumps(header).encode() + b"\n" + data.tobytes())


def split(path: Path) -> tuple[dict[str, Any], np.ndarray]:
    raw = path.read_bytes()
    line, _, data = raw[len(_MAGIC):].partition(b"\n")
    header = json.loads(line)
    return header, np.frombuffer(data, dtype=header["dtype"]).copy()


def changed(value: int, dtype: np.dtype[Any], rng: random.Random) -> int:
    """Another value of the type: one more, one less, or any other."""
    top = int(np.iinfo(dtype).max)
    other = rng.choice([value + 1, value - 1, rng.randrange(top + 1)])
    return other if 0 <= other <= top and other != value else (value + 1) % (top + 1)


class TestSequenceCheckpoint:
    def refused(self, folder: Path, why: str = NOT_SEALED, key: str = "octal:0.77") -> None:
        with pytest.raises(BadCheckpoint, match=why) as caught:
            Checkpoint(folder, key).load()
        message = str(caught.value)
        assert "\n" not in message and message.startswith("damaged checkpoint ")
        assert message.endswith("; remove it to start again")

    def test_round_trip(self, tmp_path: Path) -> None:
        values = np.arange(LONG, dtype=np.uint64) % 7
        Checkpoint(tmp_path, "octal:0.77").save(values)
        assert np.array_equal(Checkpoint(tmp_path, "octal:0.77").load(), values)

    def test_every_value_of_a_short_file_changed(self, tmp_path: Path) -> None:
        rng = random.Random(1)
        Checkpoint(tmp_path, "octal:0.77").save(np.arange(300, dtype=np.uint16))
        path = tmp_path / "sequence.checkpoint"
        header, data = split(path)
        for heap in range(len(data)):
            forged = data.copy()
            forged[heap] = changed(int(data[heap]), data.dtype, rng)
            sequence_file(path, header, forged)
            self.refused(tmp_path)

    def test_random_values_of_a_long_file_changed(self, tmp_path: Path) -> None:
        rng = random.Random(2)
        Checkpoint(tmp_path, "octal:0.77").save(np.arange(LONG, dtype=np.uint32) % 200)
        path = tmp_path / "sequence.checkpoint"
        start = len(path.read_bytes()) - LONG
        with path.open("r+b") as file:
            for heap in [0, LONG - 1, *rng.sample(range(LONG), POSITIONS)]:
                file.seek(start + heap)
                old = file.read(1)[0]
                file.seek(start + heap)
                file.write(bytes([changed(old, np.dtype(np.uint8), rng)]))
                file.flush()
                self.refused(tmp_path)
                file.seek(start + heap)
                file.write(bytes([old]))
        assert len(Checkpoint(tmp_path, "octal:0.77").load()) == LONG

    def test_each_header_field_changed(self, tmp_path: Path) -> None:
        Checkpoint(tmp_path, "octal:0.77").save(np.arange(300, dtype=np.uint16))
        path = tmp_path / "sequence.checkpoint"
        header, data = split(path)
        sequence_file(path, {**header, "key": "octal:0.07"}, data)
        self.refused(tmp_path, key="octal:0.07")   # read as that game's, the seal is wrong
        sequence_file(path, {**header, "dtype": "|u1", "length": 600}, data)
        self.refused(tmp_path)
        sequence_file(path, {**header, "seal": "0" * 64}, data)
        self.refused(tmp_path)
        sequence_file(path, {**header, "seal": header["seal"][::-1]}, data)
        self.refused(tmp_path)

    def test_sealed_with_another_key(self, tmp_path: Path, other_key: None) -> None:
        folder = tmp_path / "ck"
        Checkpoint(folder, "octal:0.77").save(np.arange(100, dtype=np.uint8))
        assert Checkpoint(folder, "octal:0.77").load() is not None
        os.environ["GRUNDY_KEY_FILE"] = str(tmp_path / "mine" / "seal.key")
        self.refused(folder)

    def test_written_without_a_seal(self, tmp_path: Path) -> None:
        values = np.arange(100, dtype=np.uint8)
        sequence_file(tmp_path / "sequence.checkpoint",
                      {"key": "octal:0.77", "dtype": "|u1", "length": 100,
                       "sha256": hashlib.sha256(values.data).hexdigest()}, values)
        self.refused(tmp_path, "it was written without a seal, by an older version of grundy")

    def test_the_command_refuses_a_changed_value_exit_2(self, tmp_path: Path) -> None:
        values = np.arange(5000, dtype=np.uint8)   # no game's: only the seal is looked at
        Checkpoint(tmp_path, "octal:0.77").save(values)
        path = tmp_path / "sequence.checkpoint"
        header, data = split(path)
        data[4321] ^= 1
        sequence_file(path, header, data)
        done = subprocess.run([sys.executable, "-m", "grundy", "sequence", "--no-cache",
                               "kayles", "--to", "6000", "--checkpoint", str(tmp_path)],
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert NOT_SEALED in done.stderr and "remove it to start again" in done.stderr


class TestSequenceCache:
    KEY = "octal:0.77"

    def test_round_trip_and_every_value_of_a_short_file(self, tmp_path: Path) -> None:
        rng = random.Random(3)
        cache = SequenceCache(tmp_path)
        cache.store(self.KEY, np.arange(300) % 9)
        assert cache.load(self.KEY).tolist() == (np.arange(300) % 9).tolist()
        header, data = split(cache.path(self.KEY))
        for heap in range(len(data)):
            forged = data.copy()
            forged[heap] = changed(int(data[heap]), data.dtype, rng)
            sequence_file(cache.path(self.KEY), header, forged)
            assert cache.load(self.KEY) is None, heap

    def test_random_values_of_a_long_file(self, tmp_path: Path) -> None:
        rng = random.Random(4)
        cache = SequenceCache(tmp_path)
        cache.store(self.KEY, np.arange(LONG) % 251)
        path = cache.path(self.KEY)
        start = len(path.read_bytes()) - LONG
        with path.open("r+b") as file:
            for heap in rng.sample(range(LONG), POSITIONS):
                file.seek(start + heap)
                old = file.read(1)[0]
                file.seek(start + heap)
                file.write(bytes([old ^ (1 << rng.randrange(8))]))
                file.flush()
                assert cache.load(self.KEY) is None, heap
                file.seek(start + heap)
                file.write(bytes([old]))
        assert len(cache.load(self.KEY)) == LONG

    def test_header_fields_another_key_and_no_seal(self, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        cache = SequenceCache(tmp_path)
        cache.store(self.KEY, np.arange(300, dtype=np.uint16))
        path = cache.path(self.KEY)
        header, data = split(path)
        sequence_file(path, {**header, "dtype": "|u1", "length": 600}, data)
        assert cache.load(self.KEY) is None
        sequence_file(path, {**{k: v for k, v in header.items() if k != "seal"},
                             "sha256": hashlib.sha256(data.data).hexdigest()}, data)
        assert cache.load(self.KEY) is None
        sequence_file(path, header, data)
        assert cache.load(self.KEY) is not None
        monkeypatch.setenv("GRUNDY_KEY_FILE", str(tmp_path / "other" / "seal.key"))
        assert cache.load(self.KEY) is None
        cache.store(self.KEY, np.arange(300, dtype=np.uint16))   # replaced, under this key
        assert cache.load(self.KEY) is not None


class TestWindowCheckpoint:
    def save(self, folder: Path, head: np.ndarray, seal: str | None = None) -> dict[str, Any]:
        arrays: dict[str, Any] = {"key": np.array("octal:0.77"),
                                  "numbers": np.arange(14, dtype=np.int64), "head": head}
        arrays["seal"] = np.array(state_seal(arrays).hexdigest() if seal is None else seal)
        folder.mkdir(parents=True, exist_ok=True)
        np.savez(folder / WindowCheckpoint.FILE_NAME, **arrays)
        return arrays

    def refused(self, folder: Path, why: str = NOT_SEALED) -> None:
        with pytest.raises(BadCheckpoint, match=why) as caught:
            WindowCheckpoint(folder, "octal:0.77").load(1 << 26)
        assert "\n" not in str(caught.value)
        assert str(caught.value).endswith("; remove it to start again")

    def test_round_trip_and_every_value_of_a_short_file(self, tmp_path: Path) -> None:
        rng = random.Random(5)
        kept = self.save(tmp_path, np.arange(200, dtype=np.uint8))
        loaded = WindowCheckpoint(tmp_path, "octal:0.77").load(1 << 26)
        assert loaded is not None and loaded["head"].tolist() == list(range(200))
        for name in ("numbers", "head"):
            for index in range(len(kept[name])):
                forged = {key: value.copy() for key, value in kept.items()}
                array = forged[name]
                array[index] = (changed(int(array[index]), array.dtype, rng)
                                if array.dtype.kind == "u" else array[index] + rng.choice([-1, 1]))
                np.savez(tmp_path / WindowCheckpoint.FILE_NAME, **forged)
                self.refused(tmp_path)

    def test_random_values_of_a_long_file(self, tmp_path: Path) -> None:
        rng = random.Random(6)
        head = (np.arange(LONG) % 200).astype(np.uint8)
        kept = self.save(tmp_path, head)
        for index in rng.sample(range(LONG), 60):
            forged = dict(kept, head=head.copy())
            forged["head"][index] = changed(int(head[index]), head.dtype, rng)
            np.savez(tmp_path / WindowCheckpoint.FILE_NAME, **forged)
            self.refused(tmp_path)

    def test_the_key_another_seal_and_no_seal(self, tmp_path: Path, other_key: None) -> None:
        kept = self.save(tmp_path, np.arange(50, dtype=np.uint8))
        np.savez(tmp_path / WindowCheckpoint.FILE_NAME, **dict(kept, key=np.array("octal:0.07")))
        self.refused(tmp_path)
        self.save(tmp_path, np.arange(50, dtype=np.uint8), seal="0" * 64)
        self.refused(tmp_path)
        np.savez(tmp_path / WindowCheckpoint.FILE_NAME,
                 **{key: value for key, value in kept.items() if key != "seal"})
        self.refused(tmp_path, "it was written without a seal, by an older version of grundy")
        self.save(tmp_path, np.arange(50, dtype=np.uint8))   # sealed with the other key
        os.environ["GRUNDY_KEY_FILE"] = str(tmp_path / "mine" / "seal.key")
        self.refused(tmp_path)


class TestCensusState:
    def lines(self, path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").split("\n")

    def refused(self, path: Path, why: str = NOT_SEALED) -> None:
        with pytest.raises(NotCensusState, match=why) as caught:
            CensusState(str(path), 100, None).finished()
        assert "\n" not in str(caught.value) and "line 2" in str(caught.value)

    def test_round_trip_and_every_field_changed(self, tmp_path: Path) -> None:
        rng = random.Random(7)
        path = tmp_path / "census.state"
        row = census_row("0.7", 100)
        CensusState(str(path), 100, None).save(row)
        assert CensusState(str(path), 100, None).finished() == {"0.7": row}
        header, line, end = self.lines(path)
        data = json.loads(line)
        fields = [("to",), ("seconds",), *(("row", name) for name in data["row"])]
        for field in fields:
            forged = json.loads(line)
            parent = forged["row"] if len(field) == 2 else forged
            old = parent[field[-1]]
            parent[field[-1]] = (not old if isinstance(old, bool) else
                                 old + rng.choice([-1, 1, 100]) if isinstance(old, int) else
                                 old + "7" if isinstance(old, str) else 5)
            path.write_text("\n".join([header, json.dumps(forged), end]), encoding="utf-8")
            self.refused(path)

    def test_another_key_and_no_seal(self, tmp_path: Path, other_key: None) -> None:
        path = tmp_path / "census.state"
        CensusState(str(path), 100, None).save(census_row("0.7", 100))
        header, line, end = self.lines(path)
        data = json.loads(line)
        data["seal"] = row_seal({**data, "to": 99}).hexdigest()
        path.write_text("\n".join([header, json.dumps(data), end]), encoding="utf-8")
        self.refused(path)
        del data["seal"]
        path.write_text("\n".join([HEADER, json.dumps(data), end]), encoding="utf-8")
        self.refused(path, "it was written without a seal, by an older version of grundy")
        path.write_text("\n".join([header, line, end]), encoding="utf-8")
        assert CensusState(str(path), 100, None).finished()
        os.environ["GRUNDY_KEY_FILE"] = str(tmp_path / "mine" / "seal.key")
        self.refused(path)


class TestKeyFile:
    def test_made_once_private_and_kept(self, tmp_path: Path) -> None:
        path = tmp_path / "data" / "seal.key"
        key = read_or_make_key(path)
        assert len(key) == KEY_BYTES and path.read_bytes() == key
        assert oct(path.stat().st_mode & 0o777) == "0o600"
        assert read_or_make_key(path) == key
        assert read_or_make_key(tmp_path / "another.key") != key
        assert [p.name for p in path.parent.iterdir()] == ["seal.key"]   # no temporary left

    def test_no_place_for_it_a_key_for_the_process(self, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        (tmp_path / "file").write_text("")
        monkeypatch.setenv("GRUNDY_KEY_FILE", str(tmp_path / "file" / "seal.key"))
        Checkpoint(tmp_path / "ck", "kayles").save(np.arange(10, dtype=np.uint8))
        assert Checkpoint(tmp_path / "ck", "kayles").load().tolist() == list(range(10))

    @pytest.mark.parametrize("kind", ["mode 644", "mode 400", "short", "directory", "symlink",
                                      "fifo", "owner"])
    def test_an_unsafe_key_file_is_refused(self, tmp_path: Path, kind: str) -> None:
        path = tmp_path / "seal.key"
        read_or_make_key(tmp_path / "good.key")
        if kind.startswith("mode"):
            path.write_bytes(bytes(KEY_BYTES))
            path.chmod(int(kind.split()[1], 8))
        elif kind == "short":
            path.write_bytes(bytes(5))
            path.chmod(0o600)
        elif kind == "directory":
            path.mkdir()
        elif kind == "symlink":
            path.symlink_to(tmp_path / "good.key")
        elif kind == "fifo":
            os.mkfifo(path)
        else:
            if os.geteuid() != 0:
                pytest.skip("needs root to give a file to another user")
            path.write_bytes(bytes(KEY_BYTES))
            path.chmod(0o600)
            os.chown(path, 65534, 65534)
        with pytest.raises(BadKey, match=f"the key file {path} ") as caught:
            read_or_make_key(path)
        assert "\n" not in str(caught.value)
        done = subprocess.run([sys.executable, "-m", "grundy", "sequence", "--no-cache",
                               "kayles", "--to", "20", "--checkpoint", str(tmp_path / "ck")],
                              capture_output=True, text=True, timeout=TIMEOUT, check=False,
                              env={**os.environ, "GRUNDY_KEY_FILE": str(path)})
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith(f"grundy: the key file {path} "), done.stderr
