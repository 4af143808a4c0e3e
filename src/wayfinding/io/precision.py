"""How precisely a scenario file prints its optima, and the slack of the programs that
computed them: what :func:`wayfinding.io.scenario.matches_optimal` compares within.

Examples
--------
>>> printed_precision("2.41421"), effective_decimals("3", 5, 6)
((5, 6), 5)
"""

from __future__ import annotations

import re

__all__ = ["DEFAULT_SIGNIFICANT", "GENERATOR_SLACK", "effective_decimals", "printed_precision"]

_NUMBER = re.compile(r"^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$")
#: What a value with no file around it is assumed to be printed with (C's ``%g``).
DEFAULT_SIGNIFICANT = 6

#: Relative allowance for the arithmetic of the program that computed the printed optima:
#: one single-precision ulp (2**-23). Scenario generators are known to use ``float``;
#: with sqrt 2 rounded to single precision, ``a + b * float32(sqrt 2)`` lies below the
#: exact ``a + b * sqrt 2`` by ``b * 2.4e-8``, which is enough to flip the last printed
#: digit when the exact value sits just above a rounding boundary. In
#: ``../shared/movingai`` this happens to 760 of 212,055 optima (exact cost above the
#: printed value plus half a unit by at most 1.5e-8 relative, always upward). The
#: allowance is far smaller than the gap between two different octile path costs (at
#: least 5e-4 for paths under 1,000 steps), so a wrong cost is still refused.
GENERATOR_SLACK = 2.0**-23


def printed_precision(text: str) -> tuple[int, int]:
    """``(decimals, significant digits)`` of a number as printed.

    Trailing zeros count (``"3.00"`` has 2 decimals and 3 significant digits); leading
    zeros do not.

    Examples
    --------
    >>> printed_precision("234.567"), printed_precision("3.00"), printed_precision("0")
    ((3, 6), (2, 3), (0, 0))
    """
    match = _NUMBER.match(text.strip())
    if match is None or not (match.group(1) or match.group(2)):
        raise ValueError(f"not a plain number: {text!r}")
    whole, fraction, exponent = match.group(1), match.group(2) or "", match.group(3)
    shift = int(exponent) if exponent else 0
    decimals = max(0, len(fraction) - shift)
    significant = len((whole + fraction).lstrip("0"))
    return decimals, significant


def effective_decimals(text: str, file_decimals: int, file_significant: int) -> int:
    """Decimals to which a printed optimum is exact, knowing how its file prints numbers.

    ``file_decimals`` is the most decimals any value of the file prints, and
    ``file_significant`` the most significant digits. A value ``P`` with ``k`` integer
    digits is exact to ``max(decimals printed in P, min(file_decimals,
    file_significant - k))`` decimals: in a ``%g`` file (6 significant digits, trailing
    zeros trimmed) "3" stands for 3.00000, in a ``%.2f`` file "3.00" for 3.00.

    A file that prints no decimals at all gives no evidence of its precision; it is taken
    as ``%g`` (6 significant digits), since no known writer prints whole numbers only.

    Examples
    --------
    >>> effective_decimals("3", 5, 6), effective_decimals("234.567", 5, 6)
    (5, 3)
    >>> effective_decimals("3.00", 2, 4), effective_decimals("3.00000000", 8, 11)
    (2, 8)
    >>> effective_decimals("3", 0, 2)
    5
    """
    if file_decimals == 0:
        file_significant = max(file_significant, DEFAULT_SIGNIFICANT)
        file_decimals = DEFAULT_SIGNIFICANT - 1
    own, _ = printed_precision(text)
    value = abs(float(text))
    integer_digits = len(str(int(value))) if value >= 1 else 0
    return max(own, min(file_decimals, file_significant - integer_digits))
