"""Safe, positioned YAML reading: hostile input becomes diagnostics, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fortlang.cardset.build import check_file
from fortlang.cardset.yamlsrc import MAX_DEPTH, read_document, resolve_plain


@pytest.mark.parametrize(("text", "value"), [
    ("12", 12), ("-3", -3), ("0x1f", 31), ("0o17", 15), ("1.5", 1.5), ("true", True),
    ("False", False), ("~", None), ("null", None), ("", None),
    ("no", "no"), ("yes", "yes"), ("on", "on"), ("1.0.0", "1.0.0"),
    ("gain 2 pizza", "gain 2 pizza"),
    ("2 if level = 2", "2 if level = 2"),
], ids=lambda v: repr(v))
def test_plain_scalars_follow_the_yaml_1_2_core_schema(text: str, value: object):
    assert resolve_plain(text) == value


def codes(text: str) -> list[str]:
    return [d.code for d in read_document("t.yaml", text).diagnostics]


def test_aliases_are_refused_where_they_occur():
    doc = read_document("t.yaml", "a: &x [1, 2]\nb: [*x, *x]\n")
    (d,) = doc.diagnostics
    assert d.code == "E303" and (d.span.line, d.span.column) == (2, 5)
    assert "1 more" in d.message
    assert doc.root.get("b").to_data() == [None, None]  # nothing expanded


def test_billion_laughs_costs_as_much_as_its_text():
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 30)]
    doc = read_document("t.yaml", "\n".join(lines))
    assert [d.code for d in doc.diagnostics] == ["E303"]
    assert len(str(doc.root.to_data())) < 10_000


def test_duplicate_keys_name_the_first_line():
    doc = read_document("t.yaml", "kids: []\nboard: {}\nkids: []\n")
    (d,) = doc.diagnostics
    assert d.code == "E302" and d.span.line == 3 and "line 1" in d.hint


def test_tags_are_refused_and_never_constructed():
    assert codes("a: !!python/object/apply:os.system [echo]\n") == ["E303"]


def test_syntax_error_is_positioned():
    (d,) = read_document("t.yaml", "a: [1, 2\nb: c\n").diagnostics
    assert d.code == "E301" and d.span.line == 2


def test_several_documents_are_refused():
    assert codes("a: 1\n---\nb: 2\n") == ["E301"]


def test_deep_nesting_is_capped():
    doc = read_document("t.yaml", "[" * 10_000 + "]" * 10_000)
    assert [d.code for d in doc.diagnostics] == ["E804"]
    depth, node = 0, doc.root
    while node.kind == "seq" and node.value:
        depth, node = depth + 1, node.value[0]
    assert depth == MAX_DEPTH


def test_bom_is_dropped_and_positions_stay_on_the_text(tmp_path: Path):
    path = tmp_path / "k.yaml"
    path.write_bytes("\ufeffa: 1\n".encode())
    doc = read_document(path)
    assert doc.bom and doc.root.get("a").column == 3


@pytest.mark.parametrize(("data", "code"), [
    (b"kids:\n  - id: caf\xe9\n", "E103"),
    (b"kids:\n\x00\x01\x02", "E103"),
    (b"", "E305"),
    (b"just a string\n", "E310"),
    (b"- a\n- b\n", "E310"),
], ids=["latin-1", "binary", "empty", "scalar", "list"])
def test_unreadable_or_shapeless_files_are_diagnostics(tmp_path: Path, data: bytes, code: str):
    path = tmp_path / "cards.yaml"
    path.write_bytes(data)
    result = check_file(path)
    assert [d.code for d in result.diagnostics] == [code]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("kids:- []{}&*!|>'\"#\n\t abc,?%@`\\0x"))))
def test_arbitrary_text_never_raises(text: str):
    result = check_file("fuzz.yaml", text)
    assert all(d.file == "fuzz.yaml" for d in result.diagnostics)


def test_deep_nesting_stops_reading_at_once():
    # libyaml spends time in proportion to the depth on every token: reading on through
    # 100,000 open brackets took over 30 s; stopping at the cap takes milliseconds.
    import time

    text = "kids: " + "[" * 100_000 + "]" * 100_000 + "\nboard: {}\n"
    start = time.perf_counter()
    doc = read_document("t.yaml", text)
    assert time.perf_counter() - start < 5
    (d,) = doc.diagnostics
    assert d.code == "E804" and "not read" in d.message
    assert (d.span.line, d.span.column) == (1, 7 + MAX_DEPTH - 1)


def test_a_file_of_too_many_values_stops_reading():
    from fortlang.cardset.yamlsrc import MAX_NODES

    doc = read_document("t.yaml", "kids: [" + ", ".join(["a"] * (MAX_NODES + 10)) + "]\n")
    assert [d.code for d in doc.diagnostics] == ["E304"]
    assert not doc.complete
    # and nothing is validated or built from the part that was read
    assert [d.code for d in check_file("t.yaml", doc.text).diagnostics] == ["E304"]


def test_schema_errors_stop_at_a_bound():
    from fortlang.cardset.schema import MAX_ERRORS

    result = check_file("t.yaml", "kids: [" + ", ".join(["a"] * 50_000) + "]\n")
    codes = [d.code for d in result.diagnostics]
    assert codes == ["E310"] * MAX_ERRORS + ["E307"]
    assert result.entries == []
