"""A designer's expansion written to a folder, as a test would find one: nine kids (one of them
far stronger than the rest, one far weaker), a perk and a made-up rule, requiring fort-base."""

from __future__ import annotations

from pathlib import Path

MANIFEST = """id: {id}
name: {name}
version: "{version}"
requires: [fort-base]
"""

#: (id, name, suits, copies, public, private): ``strong-sam`` yields far more than any base
#: card, ``idle-ida`` almost nothing.
KIDS = [
    ("strong-sam", "Strong Sam", "[crown]", 3, "score 9", "gain 2 pizza"),
    ("idle-ida", "Idle Ida", "[book]", 3, "spend pizza then score", "pack"),
    ("pip", "Pip", "[glue]", 1, "gain pizza", "score"),
    ("moss", "Moss", "[shovel]", 1, "gain toy x shovel", "pack"),
    ("zed", "Zed", "[skateboard]", 1, "score x skateboard", "gain toy"),
    ("juno", "Juno", "[water_gun]", 1, "gain pizza/toy", "lookout"),
    ("kit", "Kit", "[crown, coin]", 1, "recruit", "score"),
    ("lark", "Lark", "[book, book]", 1, "score x book", "convert"),
    ("rue", "Rue", "[glue, shovel]", 1, "gain resource", "advance"),
]


def write_expansion(folder: Path, *, set_id: str = "yard-kids", name: str = "Yard Kids",
                    version: str = "0.1.0", kids: list[tuple] | None = None,
                    extra: str = "") -> Path:
    """Write the set into ``folder`` (created) and return it; ``extra`` is appended to the
    kids file (e.g. a perk or rule file's content goes in its own file instead)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.yaml").write_text(MANIFEST.format(id=set_id, name=name,
                                                          version=version))
    lines = ["kids:"]
    for kid_id, kid_name, suits, copies, public, private in kids or KIDS:
        lines += [f"  - id: {kid_id}", f"    name: {kid_name}", f"    suits: {suits}",
                  f"    copies: {copies}", f"    public: {public}", f"    private: {private}",
                  "    source: provisional"]
    (folder / "kids.yaml").write_text("\n".join(lines) + "\n" + extra)
    return folder
