"""What a hand's expected points turn out to be worth: the value reading's estimate set against the outcome.

The value reading (player.SkilledBot._gain) prices a hand as the chance of finishing it (value.finish_chance: a
model of draws, improving tiles and a hazard) times what it would score. The model is coarse, and coarse in a way
that biases choices: early in a round it prices a hand three steps from ready nearly as high as one a step from
ready. GAIN_CALIBRATION holds, per rule set, what a hand at each distance (to the nearest hand that may win here)
and each stage of the round went on to win on average, as a share of what the reading priced it at: measured by
`benchmarks/calibrate_gain.py` over games of four `hard` seats (the chosen discard's estimate against the points the
seat then won by its own win that round, 0 when it did not). A level that reads through it (Skill.calibrated)
compares a slower, bigger hand with a quicker one, a call with a pass and a push with a fold on the same scale as
what such hands are worth at this table.
"""

from __future__ import annotations

# own draws left at which each stage begins, the last open-ended: 0-3, 4-7, 8-11, 12-15, 16+
DRAW_STAGES = (4, 8, 12, 16)
MAX_DISTANCE = 4  # distances of 4 and more share a row

# rule set -> rows by distance 0..MAX_DISTANCE, each a factor per stage (benchmarks/calibrate_gain.py)
GAIN_CALIBRATION: dict[str, tuple[tuple[float, ...], ...]] = {
    'nanning': ((0.64, 0.51, 0.51, 0.74, 0.64), (0.65, 0.65, 0.49, 0.57, 0.88), (0.54, 0.54, 0.54, 0.46, 0.58), (0.42, 0.42, 0.42, 0.34, 0.42), (0.37, 0.37, 0.37, 0.37, 0.37)),
    'beihai': ((1.53, 0.78, 1.21, 1.73, 2.81), (4.1, 4.1, 2.96, 3.63, 5.0), (3.62, 3.62, 3.62, 3.37, 3.8), (3.68, 3.68, 3.68, 1.78, 3.86), (2.44, 2.44, 2.44, 2.44, 2.48)),
    'guiliu': ((1.11, 1.11, 0.94, 1.3, 1.11), (1.31, 1.31, 0.86, 1.21, 1.63), (0.98, 0.98, 0.28, 0.5, 1.14), (0.71, 0.71, 0.71, 0.36, 0.73), (0.35, 0.35, 0.35, 0.35, 0.35)),
    'guangdong': ((0.14, 0.9, 1.4, 1.31, 0.73), (0.46, 0.73, 0.83, 1.45, 0.9), (0.12, 1.59, 1.76, 1.38, 1.9), (1.2, 0.17, 1.05, 1.34, 1.42), (1.17, 0.1, 0.28, 1.2, 1.21)),
    'hainan': ((0.96, 0.82, 0.95, 1.04, 0.96), (0.99, 0.99, 0.84, 1.06, 1.17), (0.89, 0.89, 0.51, 0.85, 1.01), (0.7, 0.7, 0.7, 0.62, 0.72), (0.56, 0.56, 0.56, 0.56, 0.56)),
}


def stage(draws: int) -> int:
    for i, start in enumerate(DRAW_STAGES):
        if draws < start:
            return i
    return len(DRAW_STAGES)


def gain_factor(rule_set: str, distance: int, draws: int) -> float:
    """What a hand `distance` steps from a winning hand, `draws` own draws before the wall ends, won at this rule
    set's table for each point the value reading priced it at (1.0 where the rule set is not measured)."""
    rows = GAIN_CALIBRATION.get(rule_set)
    if not rows:
        return 1.0
    return rows[min(max(distance, 0), MAX_DISTANCE)][stage(draws)]
