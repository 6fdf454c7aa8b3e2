"""The core: the game protocol (:mod:`grundy.core.game`) and positions, moves and sums of
games (:mod:`grundy.core.position`).  It knows no concrete game; rulesets build on it."""
