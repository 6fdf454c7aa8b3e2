"""The messages of terminal and web play, in English and Russian.

``MESSAGES`` maps a key to its text in each language; texts may hold ``{name}`` fields.
The web page receives the whole catalogue (``/api/messages``) and fills the fields itself.
Descriptions of moves come from the games and stay in English.

>>> message("you_win", "ru")
'Вы выиграли.'
>>> message("win_in", "en", n=3)
'win in 3'
>>> language("ru_RU.UTF-8"), language("C.UTF-8")
('ru', 'en')
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "ru")

MESSAGES: dict[str, dict[str, str]] = {
    "title": {"en": "Impartial games", "ru": "Беспристрастные игры"},
    "position": {"en": "Position: {position}", "ru": "Позиция: {position}"},
    "normal_play": {"en": "normal play: whoever cannot move loses",
                    "ru": "обычная игра: кто не может сделать ход, проигрывает"},
    "misere_play": {"en": "misère play: whoever cannot move wins",
                    "ru": "игра в поддавки: кто не может сделать ход, выигрывает"},
    "moves": {"en": "Your moves:", "ru": "Ваши ходы:"},
    "more_moves": {"en": "  ... and {n} more (type the position you want to leave)",
                   "ru": "  ... и ещё {n} (наберите позицию, которую хотите оставить)"},
    "help": {"en": "Type a move's number, the parts of the picture it takes (b3; a1 a2; 1-4) "
                   "or the position you want to leave; 'hint' for help, 'quit' to leave.",
             "ru": "Наберите номер хода, части рисунка, которые он берёт (b3; a1 a2; 1-4), "
                   "или позицию, которую хотите оставить; 'hint' — подсказка, "
                   "'quit' — выход."},
    "not_a_move": {"en": "{text!r} is not one of the moves: type its number, the position "
                         "it leaves, 'hint' or 'quit'.",
                   "ru": "{text!r} — не ход из списка: наберите его номер, позицию "
                         "после него, 'hint' или 'quit'."},
    "you_played": {"en": "You: {move}  ->  {position}", "ru": "Вы: {move}  ->  {position}"},
    "computer_played": {"en": "The computer: {move}  ->  {position}",
                        "ru": "Компьютер: {move}  ->  {position}"},
    "you_win": {"en": "You win.", "ru": "Вы выиграли."},
    "computer_wins": {"en": "The computer wins.", "ru": "Компьютер выиграл."},
    "bye": {"en": "Game left.", "ru": "Игра прервана."},
    "you_can_win": {"en": "You can win: an N-position.",
                    "ru": "Вы можете выиграть: N-позиция."},
    "you_lose": {"en": "With perfect play you lose: a P-position. Hold on as long as you can.",
                 "ru": "При точной игре соперника вы проиграете: P-позиция. "
                       "Держитесь как можно дольше."},
    "draw": {"en": "Neither side can force a win: a draw.",
             "ru": "Никто не может добиться победы: ничья."},
    "win_in": {"en": "win in {n}", "ru": "выигрыш за {n}"},
    "lose_in": {"en": "loss in {n}", "ru": "проигрыш за {n}"},
    "remoteness": {"en": "Remoteness (moves to the end with perfect play) {n}: {far}",
                   "ru": "Ходов до конца при точной игре: {n}, {far}"},
    "nim_value": {"en": "Nim-value: {value}", "ru": "Ним-значение: {value}"},
    "nim_sum_why": {"en": "The nim-sum of the components, bit by bit without carry:",
                    "ru": "Ним-сумма компонент, поразрядно без переноса:"},
    "winning_moves": {"en": "Winning moves (each leaves a position where the player to move "
                            "loses):",
                      "ru": "Выигрывающие ходы (каждый оставляет позицию, в которой ходящий "
                            "проигрывает):"},
    "found_by": {"en": "Found by {method}.", "ru": "Найдено: {method}."},
    "mirror_move": {"en": "By the symmetry strategy: {move}, then answer every move with its "
                          "mirror image.",
                    "ru": "По стратегии симметрии: {move}, а потом отвечайте на каждый ход "
                          "симметричным."},
    "too_big_to_hint": {"en": "No hint: {error}", "ru": "Подсказки нет: {error}"},
    # The web page's own words.
    "game": {"en": "Game", "ru": "Игра"},
    "misere": {"en": "misère (last move loses)", "ru": "поддавки (последний ход проигрывает)"},
    "against": {"en": "Opponent", "ru": "Соперник"},
    "computer": {"en": "the computer", "ru": "компьютер"},
    "friend": {"en": "a friend", "ru": "друг"},
    "first": {"en": "Who starts", "ru": "Кто начинает"},
    "me": {"en": "me", "ru": "я"},
    "start": {"en": "Start", "ru": "Начать"},
    "hint": {"en": "Hint", "ru": "Подсказка"},
    "your_turn": {"en": "Your turn.", "ru": "Ваш ход."},
    "thinking": {"en": "The computer is thinking…", "ru": "Компьютер думает…"},
    "player_turn": {"en": "Player {n} to move.", "ru": "Ходит игрок {n}."},
    "player_wins": {"en": "Player {n} wins.", "ru": "Выиграл игрок {n}."},
    "choose": {"en": "Choose a game or type a position, then Start.",
               "ru": "Выберите игру или наберите позицию и нажмите «Начать»."},
    "history": {"en": "History", "ru": "История"},
    "who": {"en": "Who", "ru": "Кто"},
    "move": {"en": "Move", "ru": "Ход"},
    "after": {"en": "Position after", "ru": "Позиция после"},
    "value_after": {"en": "Value", "ru": "Значение"},
    "with_perfect_play": {"en": "With perfect play", "ru": "При точной игре"},
    "you": {"en": "you", "ru": "вы"},
    "player": {"en": "player {n}", "ru": "игрок {n}"},
    "graph": {"en": "Game graph", "ru": "Граф игры"},
    "graph_missing": {"en": "No picture: {error}", "ru": "Нет рисунка: {error}"},
    "table": {"en": "P/N table of one heap ('-' the player to move loses, '+' wins)",
              "ru": "Таблица P/N для одной кучки («-» ходящий проигрывает, «+» выигрывает)"},
    "sequence": {"en": "Nim-sequence of one heap", "ru": "Последовательность ним-значений"},
    "plot_period": {"en": "period {period} from heap {start}",
                    "ru": "период {period} с кучки {start}"},
    "plot_no_period": {"en": "no period seen", "ru": "периода не видно"},
    "graph_near": {"en": "The whole graph is too big: positions at most {n} moves away.",
                   "ru": "Весь граф слишком велик: позиции не дальше {n} ходов."},
    "graph_expand": {"en": "one move more", "ru": "на ход дальше"},
    "graph_no_more": {"en": "Farther is too big.", "ru": "Дальше — слишком много."},
    "moves_in_words": {"en": "Moves in words", "ru": "Ходы словами"},
    "not_heap_game": {"en": "Only for heap games.", "ru": "Только для игр с кучками."},
    "legend": {"en": "Hint colours: green wins, red loses, grey draws.",
               "ru": "Цвета подсказки: зелёный выигрывает, красный проигрывает, "
                     "серый — ничья."},
    "analysis": {"en": "Analysis", "ru": "Анализ"},
    "error": {"en": "Error: {error}", "ru": "Ошибка: {error}"},
}


def language(lang: str | None = None) -> str:
    """``ru`` when ``lang`` (default: the ``LANG`` variable) starts with ``ru``, else ``en``.

    >>> language("en_GB.UTF-8")
    'en'
    """
    chosen = os.environ.get("LANG", "") if lang is None else lang
    return "ru" if chosen.lower().startswith("ru") else "en"


def message(key: str, lang: str = "en", **fields: object) -> str:
    """The message ``key`` in ``lang`` (``en`` or ``ru``), its fields filled in.

    >>> message("player_wins", "en", n=2)
    'Player 2 wins.'
    """
    return MESSAGES[key][lang if lang in LANGUAGES else "en"].format(**fields)
