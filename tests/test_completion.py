"""``grundy --version`` and the shell completion scripts of ``grundy completion``."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys

import pytest

import grundy
from grundy.catalogue import game_list
from grundy.cli import main
from grundy.completion import SHELLS, completion_script, game_words


def test_version_is_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"grundy {importlib.metadata.version('grundy')}\n"
    assert grundy.__version__ == importlib.metadata.version("grundy")


def test_version_of_the_console_script() -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "--version"], capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout.strip() == f"grundy {grundy.__version__}"


@pytest.mark.parametrize("shell", SHELLS)
def test_each_shell_gets_a_script(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert script == completion_script(shell)
    for word in ("analyze", "sequence", "completion", "misere", "kayles", "subtract:"):
        assert word in script, word


def test_unknown_shell_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "tcsh"]) == 2
    assert "invalid choice: 'tcsh'" in capsys.readouterr().err


def test_game_words_are_the_registered_games() -> None:
    words = game_words()
    assert len(words) == len(game_list()) + 1
    assert {"nim", "kayles", "chomp", "octal:", "graph:", "+"} <= set(words)


BASH_COMPLETE = r"""
source "$1"
function=$(complete -p grundy | sed -E 's/.* -F ([^ ]+) .*/\1/')
shift
COMP_WORDS=(grundy "$@")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="${COMP_WORDS[*]}"
COMP_POINT=${#COMP_LINE}
"$function" grundy "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
"""


@pytest.fixture(scope="module")
def scripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each shell's script in a file (zsh's named as zsh wants it in ``fpath``)."""
    folder = tmp_path_factory.mktemp("completion")
    paths = {"bash": folder / "grundy.bash", "zsh": folder / "_grundy",
             "fish": folder / "grundy.fish"}
    for shell, path in paths.items():
        path.write_text(completion_script(shell), encoding="utf-8")
    return {shell: str(path) for shell, path in paths.items()}


CASES = [
    (["ana"], ["analyze"]),
    (["s"], ["sequence", "serve", "solve"]),
    (["analyze", "kay"], ["kayles"]),
    (["analyze", "kayles", "5", "+", "da"], ["dawson", "daisy"]),
    (["sequence", "oct"], ["octal:"]),
    (["table", "--mis"], ["--misere"]),
    (["graph", "--format", ""], ["dot", "svg", "png"]),
    (["solve", "misere"], ["misere-nim"]),
    (["completion", "f"], ["fish"]),
    (["--vers"], ["--version"]),
]


@pytest.mark.parametrize(("words", "expected"), CASES)
def test_bash_completes(scripts: dict[str, str], words: list[str], expected: list[str]) -> None:
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", BASH_COMPLETE, "complete",
                           scripts["bash"], *words], capture_output=True, text=True,
                          timeout=30, check=True)
    assert sorted(done.stdout.split()) == sorted(expected), done.stderr


@pytest.mark.parametrize(("words", "expected"), CASES)
def test_fish_completes(scripts: dict[str, str], words: list[str], expected: list[str]) -> None:
    line = " ".join(["grundy", *words])  # an empty last word: a space, completing anew
    done = subprocess.run(["fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                           scripts["fish"], line], capture_output=True, text=True, timeout=30,
                          check=True)
    offered = [row.split("\t")[0] for row in done.stdout.splitlines()]
    assert sorted(offered) == sorted(expected), done.stderr


def test_zsh_loads_the_script(scripts: dict[str, str]) -> None:
    """zsh parses the script, reads it from ``fpath`` and binds it to ``grundy``."""
    subprocess.run(["zsh", "-n", scripts["zsh"]], timeout=30, check=True)
    check = ('fpath=("$1" $fpath); autoload -U compinit && compinit -u -d "$2"; '
             'print -r -- "$_comps[grundy]"')
    folder = os.path.dirname(scripts["zsh"])
    done = subprocess.run(["zsh", "-f", "-c", check, "zsh", folder,
                           os.path.join(folder, "zcompdump")],
                          capture_output=True, text=True, timeout=30, check=True)
    assert done.stdout.strip() == "_grundy", done.stderr
