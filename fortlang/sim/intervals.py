"""The intervals and flags of many games' figures, every game's (issue 33 item 5): Wilson's
interval of a proportion (a win rate), Student's t of a mean (what one play yields), and the
flags of a card whose yield stands out (``simulate``'s against the median, ``balance``'s
outliers). Fort's figures (fortlang.games.fort.sim.stats) and a module's
(fortlang.sim.module_games, module_balance) read them alike; docs/simulate.md explains them."""

from __future__ import annotations

import math
import statistics
from typing import Any


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


#: Two-sided 95% quantiles of Student's t for 1-30 degrees of freedom; the normal 1.96 beyond.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)

#: Fewer plays than this and a card is not ranked against the median (its interval is too wide
#: to mean anything, and a t-interval needs a few samples).
MIN_PLAYS = 10


def t_interval(total: float, total_sq: float, n: int) -> tuple[float, float] | None:
    """The 95% t-interval of a mean from the sum and sum of squares of ``n`` samples."""
    if n < 2:
        return None
    mean = total / n
    var = max((total_sq - n * mean * mean) / (n - 1), 0.0)
    t = _T975[n - 2] if n - 1 <= len(_T975) else 1.96
    half = t * math.sqrt(var / n)
    return (mean - half, mean + half)


def flag_against_median(cards: dict[str, dict[str, Any]], margin: float = 0.0) -> float | None:
    """Flag each card whose effect interval lies wholly above ``median + margin`` or below
    ``median - margin``, the median effect of the cards played at least MIN_PLAYS times
    (``margin``: the difference in points per play a designer would act on; 0 flags every
    statistically clear difference); returns that median."""
    ranked = [c for c in cards.values() if c["effect_n"] >= MIN_PLAYS and c["effect_ci95"]]
    if not ranked:
        return None
    median = statistics.median(c["effect"] for c in ranked)
    for c in ranked:
        low, high = c["effect_ci95"]
        c["flag"] = "above" if low > median + margin else \
            "below" if high < median - margin else None
    return median


#: Tukey's fences: a card is an outlier beyond this many interquartile ranges past a quartile.
FENCE_IQR = 1.5


def flag_outliers(cards: dict[str, dict[str, Any]], margin: float = 0.0,
                  unit: str = "points per play") -> dict[str, Any]:
    """The balance report's default flag (issue 36): a card is flagged only when its yield is
    an outlier among the ranked cards (beyond Tukey's fences, Q1 - 1.5 IQR and Q3 + 1.5 IQR,
    widened by ``margin``) and its interval, widened for as many comparisons as there are
    ranked cards (Bonferroni), lies wholly beyond the fence. Every card that is flagged gets a
    ``flag_reason``; returns the fences and the number of comparisons.

    With enough games nearly every card's yield differs clearly from the median (cards are not
    all worth the same), so the median test flags most of a set; this one flags what stands out.
    The widened interval scales the 95% t-interval by z(1 - 0.025/m) / 1.96 (normal quantiles:
    a card played fewer than MIN_PLAYS times is not ranked). ``unit`` names what ``effect``
    counts, in the flags' words."""
    ranked = {k: c for k, c in cards.items() if c["effect_n"] >= MIN_PLAYS and c["effect_ci95"]}
    for c in cards.values():
        c["flag"], c["flag_reason"] = None, None
    m = len(ranked)
    if m < 4:  # no quartiles to speak of
        return {"comparisons": m, "lower": None, "upper": None, "level": None}
    q1, _, q3 = statistics.quantiles(sorted(c["effect"] for c in ranked.values()), n=4)
    spread = FENCE_IQR * (q3 - q1)
    lower, upper = q1 - spread - margin, q3 + spread + margin
    level = 1 - 0.05 / m
    widen = statistics.NormalDist().inv_cdf(1 - 0.025 / m) / 1.96
    for c in ranked.values():
        low, high = c["effect_ci95"]
        half = (high - low) / 2 * widen
        low, high = c["effect"] - half, c["effect"] + half
        where = ("above", f"above the set's usual range (at most {upper:+.2f}")
        if high < lower:
            where = ("below", f"below the set's usual range (at least {lower:+.2f}")
        elif low <= upper:
            continue
        c["flag"] = where[0]
        c["flag_reason"] = (f"yields {c['effect']:+.2f} {unit}; its interval "
                            f"{low:+.2f} … {high:+.2f} ({100 * level:.2f}%, widened for "
                            f"{m} cards compared) lies wholly {where[1]}: quartiles "
                            f"{q1:+.2f} … {q3:+.2f} ± 1.5 × their spread"
                            + (f", ± {margin:g}" if margin else "") + f", over {c['effect_n']}"
                            " plays)")
    return {"comparisons": m, "lower": round(lower, 3), "upper": round(upper, 3),
            "level": round(level, 5)}
