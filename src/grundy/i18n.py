"""The messages of terminal and web play, in English and Russian.

``MESSAGES`` maps a key to its text in each language; texts may hold ``{name}`` fields.
The web page receives the whole catalogue (``/api/messages``) and fills the fields itself.
Descriptions of moves come from the games in English; :data:`RU_MOVES` turns them into
Russian (:func:`say_move`) and :data:`RU_GAMES` gives the games' summaries in Russian, both
sent to the page too (``/api/phrases``).

>>> message("you_win", "ru")
'Вы выиграли.'
>>> message("win_in", "en", n=3)
'win in 3'
>>> language("ru_RU.UTF-8"), language("C.UTF-8")
('ru', 'en')
"""

from __future__ import annotations

import os
import re

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
    "with_perfect_play": {"en": "For who moved, with perfect play",
                          "ru": "Для сделавшего ход, при точной игре"},
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
    "plot_arithmetic": {"en": "{rule} from heap {start}", "ru": "{rule} с кучки {start}"},
    "plot_proved": {"en": "proved by the {by}", "ru": "доказано: {by}"},
    "plot_seen": {"en": "seen in heaps 0..{last}, not proved: {rule} from heap {start}",
                  "ru": "видно в кучках 0..{last}, не доказано: {rule} с кучки {start}"},
    "graph_near": {"en": "The whole graph is too big to read: positions at most {n} moves "
                         "away.",
                   "ru": "Весь граф слишком велик, чтобы его читать: позиции не дальше {n} "
                         "ходов."},
    "graph_near_one": {"en": "The whole graph is too big to read: the positions one move "
                             "away.",
                       "ru": "Весь граф слишком велик, чтобы его читать: позиции в один ход."},
    "graph_expand": {"en": "one move more", "ru": "на ход дальше"},
    "graph_no_more": {"en": "Farther is too big.", "ru": "Дальше — слишком много."},
    "moves_in_words": {"en": "Moves in words", "ru": "Ходы словами"},
    "not_heap_game": {"en": "Only for heap games.", "ru": "Только для игр с кучками."},
    "legend": {"en": "Hint colours: green wins, red loses, grey draws; a green glow marks "
                     "each part of a winning move of several parts (drag from one to the "
                     "other, or click them one after the other).",
               "ru": "Цвета подсказки: зелёный выигрывает, красный проигрывает, "
                     "серый — ничья; зелёное свечение — части выигрывающего хода из "
                     "нескольких частей (протяните от одной к другой или нажмите по очереди)."},
    "analysis": {"en": "Analysis", "ru": "Анализ"},
    "error": {"en": "Error: {error}", "ru": "Ошибка: {error}"},
    # Hints for moves of several parts, ratings for the player who moved, the session.
    "how_click": {"en": "on the picture: click {parts}", "ru": "на рисунке: нажмите {parts}"},
    "how_drag": {"en": "on the picture: drag from {first} to {second}",
                 "ru": "на рисунке: протяните от {first} к {second}"},
    "then": {"en": ", then ", "ru": ", затем "},
    "computer_can_win": {"en": "The computer is to move: it can win (an N-position).",
                         "ru": "Ходит компьютер: он может выиграть (N-позиция)."},
    "computer_loses": {"en": "The computer is to move and loses if you play perfectly "
                             "(a P-position).",
                       "ru": "Ходит компьютер: при вашей точной игре он проиграет "
                             "(P-позиция)."},
    "to_move_perfect": {"en": "For who is to move, with perfect play",
                        "ru": "Для того, кто ходит, при точной игре"},
    "pov_win": {"en": "{who}: win in {n}", "ru": "{who}: выигрыш за {n}"},
    "pov_loss": {"en": "{who}: loss in {n}", "ru": "{who}: проигрыш за {n}"},
    "pov_won": {"en": "{who}: won", "ru": "{who}: победа"},
    "pov_lost": {"en": "{who}: lost", "ru": "{who}: поражение"},
    "pov_winning": {"en": "{who}: winning move", "ru": "{who}: выигрывающий ход"},
    "pov_losing": {"en": "{who}: losing move", "ru": "{who}: проигрывающий ход"},
    "pov_draw": {"en": "draw", "ru": "ничья"},
    "undo": {"en": "Undo", "ru": "Отменить"},
    "redo": {"en": "Redo", "ru": "Вернуть"},
    "share": {"en": "Link to this game", "ru": "Ссылка на эту партию"},
    "link_copied": {"en": "Link copied.", "ru": "Ссылка скопирована."},
    "what_if": {"en": "What if: {position} (a branch; your game is kept)",
                "ru": "А если: {position} (ветка; ваша партия сохранена)"},
    "back_to_game": {"en": "Back to the game", "ru": "Вернуться к партии"},
    "pasted_graph": {"en": "Graph (edges 'a b' one a line, or graph6)",
                     "ru": "Граф (рёбра «a b» по одному в строке или graph6)"},
    "upload": {"en": "or a file", "ru": "или файл"},
    "tables_with_hints": {"en": "The P/N table and the nim-sequence of one heap are shown with "
                                "hints on.",
                          "ru": "Таблица P/N и последовательность ним-значений видны с "
                                "подсказкой."},
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


#: The games' one-line summaries in Russian, by name (``grundy games`` gives them in English).
RU_GAMES: dict[str, str] = {
    "nim": "Ним: взять сколько угодно фишек из одной кучки",
    "subtract": "взять из одной кучки количество из набора (1,2 / 1-4 / squares / powers2)",
    "half": "«Конфеты»: откусить от кучки хотя бы 1 и не больше половины",
    "stones": "«Камни»: взять 1 или 2, если n = 0 mod 3; 1 или 3, если 1 mod 3; "
              "1, 2 или 3, если 2 mod 3",
    "octal": "игра «взять и разбить» по восьмеричному коду (0.77 — кегли, 4.07 ещё и делит)",
    "hex": "игра «взять и разбить» по шестнадцатеричному коду (цифра 8: оставить три кучки)",
    "kayles": "Кегли (octal:0.77): сбить одну кеглю или две соседние",
    "dawson": "Кегли Доусона (octal:0.07): сбить две соседние кегли",
    "grundy-game": "игра Гранди: разделить кучку на две неравные",
    "split23": "разделить кучку на 2 или 3 почти равные части (деление камней)",
    "daisy": "лепестки по кругу; сорвать один лепесток или два соседних",
    "wythoff": "игра Витхоффа: взять из одной кучки или поровну из обеих (ферзь в угол)",
    "moore": "ним Мура Nim_k: взять сразу из не более чем K кучек, из каждой хотя бы одну",
    "all-but": "взять из одной кучки любое количество, кроме указанных (значения растут: "
               "арифметически периодично)",
    "staircase": "ступенчатый ним: переложить монеты со ступеньки на ступеньку ниже "
                 "(монеты на ступеньках 1, 2, ...)",
    "nim-add": "ним, где вместо взятия можно добавить к кучке из запаса в K фишек",
    "northcott": "игра Норткотта: сдвинуть шашку по её ряду, не перепрыгивая другую "
                 "(ряды из W, B и .)",
    "turning-turtles": "монеты H/T в ряд; перевернуть одну или две, правую с орла на решку "
                       "(ним)",
    "mock-turtles": "монеты H/T в ряд; перевернуть одну, две или три, самую правую с орла "
                    "на решку",
    "ruler": "монеты H/T в ряд; перевернуть подряд идущие монеты, самую правую с орла на "
             "решку",
    "turning-corners": "монеты H/T на доске (ряды через /); перевернуть углы прямоугольника, "
                       "нижний правый с орла на решку",
    "graph": "фишки на ориентированном графе, присланном со страницы (graph:pasted); "
             "циклы разрешены (ничьи, значения ∞)",
    "node-kayles": "кегли на вершинах графа (присланного или семейного: gridRxC, queensN): "
                   "взять вершину вместе с соседями",
    "arc-kayles": "кегли на рёбрах графа (присланного или семейного: gridRxC, queensN): "
                  "взять ребро вместе с обоими концами",
    "chomp": "«Щёлк»: отравленный угол брать нельзя (игра 16)",
    "cram": "положить домино на две соседние свободные клетки (игра 8)",
    "kings": "поставить короля туда, где его не бьёт ни один король (игра 7)",
    "bishops": "поставить слона туда, где его не бьёт ни один слон (игра 6)",
    "chocolate": "ломать шоколадку; выигрывает тот, кто первым отломит дольку 1x1 (игра 13)",
    "two-numbers": "стереть большее число и написать любое меньшее натуральное (игра 14)",
    "chords": "точки на окружности, соединяемые хордами без пересечений и общих концов "
              "(игра 10)",
    "diagonals": "выпуклый многоугольник; провести диагональ, ни у одной вершины не больше "
                 "двух (игра 15)",
    "rows": "снять ряд соседних шашек из одной строки или столбца (игра 9)",
    "skewers": "куб из кубиков; проткнуть линию, в которой есть непроткнутый кубик (игра 12)",
}

#: The moves' words in Russian: (pattern, replacement) pairs, the pattern a regular
#: expression read alike by Python and JavaScript, the replacement with ``$1``, ``$2``...
#: for its groups.  Applied in order: whole descriptions first, then the words left over.
RU_MOVES: list[tuple[str, str]] = [
    (r"^add (\d+) to (\d+), making (\d+) \((\d+) left in the pool\)$",
     "добавить $1 к $2, получится $3 (в запасе останется $4)"),
    (r"^bite (\d+) off (\d+), leaving (\d+)$", "откусить $1 от $2, останется $3"),
    (r"^break (\d+)x(\d+) into (\d+)x(\d+) and (\d+)x(\d+), breaking off a 1x1: the game is "
     r"won$", "разломить $1x$2 на $3x$4 и $5x$6, отломив дольку 1x1: партия выиграна"),
    (r"^break (\d+)x(\d+) into (\d+)x(\d+) and (\d+)x(\d+)$", "разломить $1x$2 на $3x$4 и $5x$6"),
    # The bar as it lies: pieces named by their corner squares (a1-d3).
    (r"^break (\S+) into (\S+) and (\S+), breaking off a 1x1: the game is won$",
     "разломить $1 на $2 и $3, отломив дольку 1x1: партия выиграна"),
    (r"^break (\S+) into (\S+) and (\S+)$", "разломить $1 на $2 и $3"),
    (r"^draw the chord (\S+)$", "провести хорду $1"),
    (r"^join the last (\d+) points of a region$", "соединить последние $1 точки области"),
    (r"^pluck (\d+) petals? of (\d+), leaving nothing$",
     "сорвать лепестки ($1) из $2, ничего не останется"),
    (r"^draw the diagonal (\S+)$", "провести диагональ $1"),
    (r"^erase (\d+) and write (\d+)$", "стереть $1 и написать $2"),
    (r"^in a region of (\d+) points, draw a chord with (\d+) points? on each side$",
     "в области из $1 точек провести хорду: по $2 с каждой стороны"),
    (r"^in a region of (\d+) points, draw a chord with no point on one side and (\d+) on the "
     r"other$", "в области из $1 точек провести хорду: с одной стороны ни одной точки, с "
     "другой $2"),
    (r"^in a region of (\d+) points, draw a chord with (\d+) points? on one side and (\d+) on "
     r"the other$", "в области из $1 точек провести хорду: с одной стороны $2, с другой $3"),
    (r"^move (\d+) coins? from step (\d+) to step (\d+)$",
     "переложить монеты ($1) со ступеньки $2 на ступеньку $3"),
    (r"^move (\d+) coins? from step (\d+) to the ground$",
     "снять монеты ($1) со ступеньки $2 на землю"),
    (r"^move the black checker in row (\d+) from square (\d+) to (\d+) \(gap (\d+) -> (\d+)\)$",
     "передвинуть чёрную шашку в ряду $1 с поля $2 на $3 (промежуток $4 -> $5)"),
    (r"^move the white checker in row (\d+) from square (\d+) to (\d+) \(gap (\d+) -> (\d+)\)$",
     "передвинуть белую шашку в ряду $1 с поля $2 на $3 (промежуток $4 -> $5)"),
    (r"^move a token from (\S+) to (\S+)$", "передвинуть фишку с $1 на $2"),
    (r"^move from (\S+) to (\S+)$", "передвинуть с $1 на $2"),
    (r"^pierce the line (.+) \(along (\w)\)$", "проткнуть линию $1 (вдоль $2)"),
    (r"^place a domino on (\S+)$", "положить домино на $1"),
    (r"^pluck (\d+) petals? of (\d+), leaving a row of (\d+)$",
     "сорвать лепестки ($1) из $2, останется ряд из $3"),
    (r"^put a bishop on (\S+)$", "поставить слона на $1"),
    (r"^put a king on (\S+)$", "поставить короля на $1"),
    (r"^split (\d+) into (\d+) and (\d+)$", "разделить $1 на $2 и $3"),
    (r"^split (\d+) into (\d+), (\d+) and (\d+)$", "разделить $1 на $2, $3 и $4"),
    (r"^take (\S+) and every square above and to the right of it$",
     "взять $1 и все клетки выше и правее"),
    (r"^take (\d+) from an end of (\d+), leaving (\d+)$",
     "взять $1 с края ряда из $2, останется $3"),
    (r"^take (\d+) from each heap, leaving (\d+) and (\d+)$",
     "взять по $1 из каждой кучки, останутся $2 и $3"),
    (r"^take (\d+) from (\d+), leaving (\d+)$", "взять $1 из $2, останется $3"),
    (r"^take all (\d+)$", "взять все $1"),
    (r"^take node (\S+) and its neighbours (.+)$", "взять вершину $1 и её соседей $2"),
    (r"^take node (\S+)$", "взять вершину $1"),
    (r"^take the (\d+) checkers (\S+)$", "снять шашки ($1): $2"),
    (r"^take the checker on (\S+)$", "снять шашку с $1"),
    (r"^take the edge (\S+)$", "взять ребро $1"),
    (r"^turn coin (\d+) from heads to tails$", "перевернуть монету $1 с орла на решку"),
    (r"^turn over coins (\d+) to (\d+) \((\d+) from heads to tails\)$",
     "перевернуть монеты с $1 по $2 ($3 с орла на решку)"),
    (r"^turn over coins (.+) \((\d+) from heads to tails\)$",
     "перевернуть монеты $1 ($2 с орла на решку)"),
    (r"^turn the corners of rows (\d+) and (\d+), columns (\d+) and (\d+) \(row (\d+), column "
     r"(\d+) from heads to tails\)$",
     "перевернуть углы: ряды $1 и $2, столбцы $3 и $4 (ряд $5, столбец $6 с орла на решку)"),
    # What is left: takes from several heaps (Moore's Nim), splits into several parts.
    (r"^take ", "взять "),
    (r" from (\d+)", " из $1"),
    (r", leaving ", ", останется "),
    (r" and ", " и "),
]


#: A move in one component of a sum: ``in kayles 3: ...``; its words are said as the
#: component's own.
RU_WITHIN = r"^in ([^:]+): (.*)$"


def say_move(text: str, lang: str = "en") -> str:
    """A move's words in ``lang``: as given for ``en``, through :data:`RU_MOVES` for ``ru``.

    >>> say_move("take 2 from an end of 5, leaving 3", "ru")
    'взять 2 с края ряда из 5, останется 3'
    >>> say_move("take 1 from 3 and 2 from 4, leaving 2 and 2", "ru")
    'взять 1 из 3 и 2 из 4, останется 2 и 2'
    >>> say_move("in kayles 3: take 1 from an end of 3, leaving 2", "ru")
    'в kayles 3: взять 1 с края ряда из 3, останется 2'
    """
    if lang != "ru":
        return text
    within = re.fullmatch(RU_WITHIN, text)  # a move in one component of a sum
    if within:
        return f"в {within[1]}: {say_move(within[2], lang)}"
    for pattern, words in RU_MOVES:
        text = re.sub(pattern, re.sub(r"\$(\d)", r"\\\1", words), text)
    return text
