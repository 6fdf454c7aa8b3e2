"""Terminal play: scripted input through StringIO, and a real terminal through pexpect."""

from __future__ import annotations

import io
import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from grundy import InvalidArgument, TooBig
from grundy.terminal import play

ROOT = Path(__file__).resolve().parent.parent


def run(position: str, typed: str, **options: object) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = play(position, input=io.StringIO(typed), output=out, **options)  # type: ignore[arg-type]
    return code, out.getvalue().splitlines()


class TestPlay:
    def test_win_by_numbers(self) -> None:
        # nim 1 2: move 3 is "take 1 from 2" to nim 1 1; then whatever the computer does,
        # the single move left wins.
        code, lines = run("nim 1 2", "3\n1\n", lang="en")
        assert code == 0
        assert "  3. take 1 from 2, leaving 1  ->  nim 1 1" in lines
        assert lines[-1] == "You win."

    def test_win_by_typing_the_position(self) -> None:
        _, lines = run("nim 2 1", "nim 1 1\n1\n", lang="en")
        assert lines[-1] == "You win."
        _, lines = run("nim 2 1", "1 1\n1\n", lang="en")
        assert lines[-1] == "You win."

    def test_the_computer_wins(self) -> None:
        _, lines = run("nim 1 2", "1\n1\n", lang="en")
        assert any(line.startswith("The computer: take all 2") for line in lines)
        assert lines[-1] == "The computer wins."

    def test_computer_first(self) -> None:
        _, lines = run("nim 1 2", "1\n", first="computer", lang="en")
        assert lines[-1] == "The computer wins."
        assert sum(line.startswith("The computer:") for line in lines) == 2

    def test_misere(self) -> None:
        # Misère nim 1 2: take all 2, leaving one heap of 1 that the computer must take.
        _, lines = run("nim 1 2", "2\n", misere=True, lang="en")
        assert "misère play" in lines[0]
        assert lines[-1] == "You win."

    def test_hint_shows_the_nim_sum_in_binary(self) -> None:
        _, lines = run("nim 3 5 6 + kayles 2", "hint\nquit\n", lang="en")
        shown = "\n".join(lines)
        assert "You can win: an N-position. (win in" in shown
        assert "  nim 3     3   011" in shown
        assert "  nim-sum   2   010" in shown
        assert "Winning moves" in shown
        assert lines[-1].endswith("Game left.")  # after the prompt: input is not echoed

    def test_hint_in_a_lost_position(self) -> None:
        _, lines = run("nim 1 2 3", "hint\nquit\n", lang="en")
        assert any("With perfect play you lose" in line and "loss in" in line
                   for line in lines)

    @pytest.mark.slow
    def test_hint_by_symmetry_where_the_board_is_too_big(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        _, lines = run("cram 6x6", "hint\n1\n", first="computer", lang="en")
        assert any(line.startswith("By the symmetry strategy: place a domino on")
                   for line in lines)
        # Without a strategy to fall back on, the hint says why there is none; play goes on.
        monkeypatch.setattr("grundy.terminal.mirror_reply", lambda position, misere: None)
        _, lines = run("cram 6x6", "hint\nquit\n", first="computer", lang="en")
        assert any("No hint: solving cram" in line and "needs about" in line for line in lines)
        assert lines[-1].endswith("Game left.")

    def test_boards_with_too_many_moves_are_refused_up_front(self) -> None:
        # Cram 100x200 has the value 0 at once, but 39 700 moves to list every turn.
        with pytest.raises(TooBig, match="moves"):
            run("cram 100x200", "1\n", lang="en")

    def test_bad_input_asks_again(self) -> None:
        _, lines = run("nim 2", "9\nchess 3\n\n1\n", lang="en")
        assert sum("is not one of the moves" in line for line in lines) == 2
        assert lines[-1] == "You win."

    def test_end_of_input_leaves_cleanly(self) -> None:
        code, lines = run("nim 1 2", "", lang="en")
        assert code == 0
        assert lines[-1] == "Game left."

    def test_ctrl_c_leaves_cleanly(self) -> None:
        class Interrupting(io.StringIO):
            # The ignore: the stubs type the base class readline as returning bytes.
            def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
                raise KeyboardInterrupt

        out = io.StringIO()
        assert play("nim 1 2", input=Interrupting(), output=out, lang="en") == 130
        assert out.getvalue().splitlines()[-1] == "Game left."

    def test_russian(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("LANG", "ru_RU.UTF-8")
        _, lines = run("nim 1 2", "3\n1\n")
        assert lines[0].startswith("Позиция: nim 1 2")
        assert lines[-1] == "Вы выиграли."

    def test_bad_arguments(self) -> None:
        with pytest.raises(InvalidArgument, match="first"):
            play("nim 1", first="you")
        with pytest.raises(ValueError, match="unknown game"):
            play("chess 3")
        with pytest.raises(TooBig):
            play("grundy-game 60 60 60", misere=True)  # no misère quotient: search refused


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT / "src")}
    # A suite started in the background has SIGINT ignored; the child must not be.
    return pexpect.spawn(sys.executable, list(args), env=env, encoding="utf-8", timeout=20,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


class TestRealTerminal:
    SCRIPT = ("import sys; from grundy.terminal import play; "
              "sys.exit(play(sys.argv[1], misere=sys.argv[2] == '1'))")

    def test_play_to_the_end_in_a_pty(self) -> None:
        child = spawn("-c", self.SCRIPT, "nim 1 2", "0")
        child.expect_exact("> ")
        child.sendline("hint")
        child.expect_exact("nim-sum")
        child.expect_exact("> ")
        child.sendline("3")
        child.expect_exact("The computer:")
        child.expect_exact("> ")
        child.sendline("1")
        child.expect_exact("You win.")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0

    def test_ctrl_c_in_a_pty(self) -> None:
        child = spawn("-c", self.SCRIPT, "kayles 7", "0")
        child.expect_exact("> ")
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        assert "Traceback" not in (child.before or "")
        assert child.exitstatus == 130

    def test_end_of_input_in_a_pty(self) -> None:
        child = spawn("-c", self.SCRIPT, "kayles 7", "1")
        child.expect_exact("> ")
        child.sendeof()
        child.expect_exact("Game left.")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0

    def test_the_play_command(self) -> None:
        child = spawn("-m", "grundy", "play", "--first", "computer", "nim", "1", "1")
        child.expect_exact("> ")
        child.sendline("1")
        child.expect_exact("You win.")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0


class TestBoards:
    """Boards drawn as grids, moves typed as the squares or parts they take."""

    def test_chomp_by_square_names(self) -> None:
        # chomp 2x2 (drawn 2 rows of 2): b2 leaves the L of three squares, a P-position
        _, lines = run("chomp 2x2", "b2\n1\n", lang="en")
        assert lines[1:5] == ["chomp 2x2", "  2 ▆ ▆", "  1 ☠ ▆", "    a b"]
        assert "> You: take b2 and every square above and to the right of it  ->  chomp 2,1" \
            in lines
        assert lines[-1] == "You win."

    def test_a_domino_by_two_squares_and_pins_by_their_names(self) -> None:
        _, lines = run("cram 1x4", "b1-c1\n", lang="en")
        assert "> You: place a domino on b1-c1  ->  cram .##." in lines
        assert lines[-1] == "You win."
        _, lines = run("kayles 3", "1-2\n1\n", lang="en")  # the middle pin: two pins left
        assert "  1-: I1 I2 I3" in lines
        assert any(line.startswith("> You:") and line.endswith("kayles 1 1") for line in lines)
        assert lines[-1] == "You win."

    def test_numbers_still_mean_moves_and_unknown_parts_are_refused(self) -> None:
        _, lines = run("cram 1x4", "z9\n2\n", lang="en")
        assert any("z9" in line for line in lines)  # said not to be a move
        assert lines[-1] == "You win."
