"""The balance view's plot (issue 35 item 4): for each danger, each hero's chance of success
(bars) and, for a fight, the expected wounds (a second panel); matplotlib's Agg backend, the
optional extra ``balance`` as ``fortlang balance`` uses."""

from __future__ import annotations

import io
from typing import Any

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.escape import shown
from fortlang.games.fortune.table import Table


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend; E607 when the extra is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise FortError(Diagnostic(ERROR, "E607", "the odds plot needs matplotlib",
                                   file="fortlang odds --out",
                                   hint="pip install 'fortlang[balance]'")) from None
    matplotlib.use("Agg")
    matplotlib.rcParams["text.parse_math"] = False  # card names are never mathtext
    import matplotlib.pyplot as plt

    return plt


def odds_png(table: Table) -> bytes:
    """The plot as PNG bytes (written by the caller with the safe writers)."""
    plt = pyplot()
    dangers = [shown(table.names[d]) for d in table.dangers]
    width = 0.8 / max(1, len(table.rows))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(6.0, 1.4 * len(dangers)), 6.5),
                                      sharex=True)
    for i, row in enumerate(table.rows):
        xs = [j + (i - (len(table.rows) - 1) / 2) * width for j in range(len(dangers))]
        top.bar(xs, [100 * float(c.exact) for c in row.cells], width, label=shown(row.name))
        bottom.bar(xs, [float(c.wounds) if c.wounds is not None else 0.0 for c in row.cells],
                   width, label=shown(row.name))
    top.set_ylabel("chance of success (%)")
    top.set_ylim(0, 100)
    top.legend(fontsize="small")
    top.set_title("Each hero against each danger (exact)")
    bottom.set_ylabel("expected wounds (fights)")
    bottom.set_xticks(range(len(dangers)), dangers, rotation=20, ha="right")
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()
