"""The seal on the files grundy writes and reads back: an HMAC-SHA256 with a key of the user.

Checkpoints (:mod:`grundy.heap.checkpoint`), window checkpoints
(:mod:`grundy.heap.window`), the sequence cache (:mod:`grundy.heap.cache`) and the rows of a
census state (:mod:`grundy.census.runner`) carry a seal: the HMAC-SHA256, under the user's
key, of every header field and every value they hold.  Reading them back, the seal is
computed again and compared (in constant time); a file whose seal does not match, or that
has none, is refused.

What the seal proves: the file was written by grundy running as this user (with this key),
and not one bit of what it holds has changed since -- so a single forged value anywhere
in a file of any length is refused, which the sampled re-check of the values against the
rules (:mod:`grundy.heap.recheck`) cannot promise.  What it does not prove: that the values
are right.  A file written by a faulty build is sealed all the same; the rules re-check,
kept as a second line, catches such values where it samples them.  Anyone who can read the
key (the user, or root) can seal what they like: the seal guards against other users,
other programs, copies from elsewhere and careless edits, not against the key's owner.

What each seal covers: a sequence file (checkpoint or cache) its magic line, game key,
type, length and every value; a window checkpoint every array (the game key among them)
by name, type, shape and bytes; a census state line its limit, time budget and every field
of its row (with the file's first line).  A seal does not tie a file to its place: a sealed
file of the same game moved from another folder of the user's, an older sealed checkpoint
put back, or census lines reordered or left out are accepted -- each is still what this
user's grundy wrote for that game (a row left out is computed again).

The key: 32 random bytes (:mod:`secrets`), made on first use in the file
``seal.key`` of the user's data directory (``platformdirs.user_data_dir("grundy")``, or the
file named by ``$GRUNDY_KEY_FILE``), written to a temporary file of mode 0600 and linked into
place, so two processes starting at once agree on one key.  A key file that is not a regular
file owned by the user with mode 0600 and 32 bytes long is refused (:class:`BadKey`), not
replaced: someone else may have been able to read or write it.  Where no key can be kept (no
writable home), a key made for the process alone is used, without a word: the files of that
run are sealed and read back within the run, and a later run refuses them as sealed with
another key -- as it should, since nothing it could check vouches for them.

>>> seal = Seal(b"k" * 32)
>>> tag = seal.of(b"header", b"values")
>>> seal.verifies(tag, b"header", b"values"), seal.verifies(tag, b"header", b"valueS")
(True, False)
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from pathlib import Path

from platformdirs import user_data_dir

from grundy.errors import InvalidArgument
from grundy.places import chosen_path

#: An environment variable naming the key file (instead of the user's data directory).
ENVIRONMENT_VARIABLE = "GRUNDY_KEY_FILE"
#: The key's length in bytes.
KEY_BYTES = 32
#: What a file written before files were sealed is told (it is refused).
UNSEALED = "it was written without a seal, by an older version of grundy"


class BadKey(InvalidArgument):
    """A key file that is not a regular file of the user's own with mode 0600 and 32 bytes."""


class Seal:
    """Seals (HMAC-SHA256, in hexadecimal) under one key.  Each part is length-prefixed, so
    that no two different lists of parts have the same seal.

    >>> Seal(b"k" * 32).of(b"ab", b"c") == Seal(b"k" * 32).of(b"a", b"bc")
    False
    """

    def __init__(self, key: bytes) -> None:
        self._key = key

    def start(self) -> Sealing:
        """A seal to which parts are added one at a time (long data need not be joined)."""
        return Sealing(hmac.new(self._key, digestmod=hashlib.sha256))

    def of(self, *parts: bytes | memoryview) -> str:
        """The seal of ``parts``."""
        sealing = self.start()
        for part in parts:
            sealing.add(part)
        return sealing.hexdigest()

    def verifies(self, seal: object, *parts: bytes | memoryview) -> bool:
        """True when ``seal`` is the seal of ``parts`` (compared in constant time)."""
        return isinstance(seal, str) and hmac.compare_digest(seal, self.of(*parts))


class Sealing:
    """A seal being computed: :meth:`add` parts, then :meth:`hexdigest`."""

    def __init__(self, mac: hmac.HMAC) -> None:
        self._mac = mac

    def add(self, part: bytes | memoryview) -> None:
        """Add one part (its length first)."""
        self._mac.update(memoryview(part).nbytes.to_bytes(8, "little"))
        self._mac.update(part)

    def hexdigest(self) -> str:
        """The seal of the parts added."""
        return self._mac.hexdigest()

    def verifies(self, seal: object) -> bool:
        """True when ``seal`` is the seal of the parts added (in constant time)."""
        return isinstance(seal, str) and hmac.compare_digest(seal, self.hexdigest())


def key_path() -> Path:
    """``$GRUNDY_KEY_FILE`` if set, else ``seal.key`` in the user's data directory (as
    :func:`grundy.places.chosen_path` shows)."""
    return chosen_path(ENVIRONMENT_VARIABLE, lambda: Path(user_data_dir("grundy")) / "seal.key")


_seals: dict[Path, Seal] = {}


def user_seal() -> Seal:
    """The seal of the user's key (:func:`key_path`), the key made on first use; a key for
    this process alone when none can be kept.  :class:`BadKey` when the key file is unsafe."""
    path = key_path()
    if path not in _seals:
        _seals[path] = Seal(read_or_make_key(path))
    return _seals[path]


def read_or_make_key(path: Path) -> bytes:
    """The key in ``path``, made there first when there is none; a key for this process
    alone when none can be made there.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     made = read_or_make_key(Path(folder) / "seal.key")
    ...     read = read_or_make_key(Path(folder) / "seal.key")
    ...     made == read, len(made), oct(os.stat(Path(folder) / "seal.key").st_mode & 0o777)
    (True, 32, '0o600')
    """
    kept = _read_key(path)
    if kept is not None:
        return kept
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-key-")
    except OSError:
        return key  # no writable place for it: a key for this process
    try:
        with os.fdopen(descriptor, "wb") as out:  # mkstemp made it 0600, the user's own
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
        # A link fails where a file is: the key of a process that made one first stays.
        os.link(temporary, path)
    except FileExistsError:
        pass
    except OSError:
        return key
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    kept = _read_key(path)
    return key if kept is None else kept


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``, None when there is none; :class:`BadKey` when it is not safe."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _unsafe(path, "is a symbolic link, not a regular file") from None
        if error.errno == errno.EACCES and os.path.lexists(path):
            raise _unsafe(path, "cannot be read: it is not yours") from None
        if error.errno in (errno.ENOTDIR, errno.EACCES):
            return None  # no home to keep it in: a key for this process
        raise _unsafe(path, f"cannot be read ({error.strerror})") from None
    status = os.fstat(descriptor)
    why = None
    if not stat.S_ISREG(status.st_mode):
        why = "is not a regular file"
    elif hasattr(os, "geteuid") and status.st_uid != os.geteuid():
        why = f"belongs to user {status.st_uid}, not to you ({os.geteuid()})"
    elif os.name == "posix" and stat.S_IMODE(status.st_mode) != 0o600:
        why = f"has mode {stat.S_IMODE(status.st_mode):o}, not 600"
    if why is not None:
        os.close(descriptor)
        raise _unsafe(path, why)
    with os.fdopen(descriptor, "rb") as source:
        key = source.read(KEY_BYTES + 1)
    if len(key) != KEY_BYTES:
        raise _unsafe(path, f"holds {len(key)} bytes, not {KEY_BYTES}")
    return key


def _unsafe(path: Path, why: str) -> BadKey:
    return BadKey(f"the key file {path} {why}; remove it to make a new key (files sealed "
                  "with the old one are then refused)")
