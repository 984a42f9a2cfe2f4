"""The cache of parsed action texts is bounded in bytes, not in entries (issue 31 item 8): the
language server parses each version of a long action, and 65,536 entries of a megabyte each
is no bound at all (30 edits of one long action took the server from 69 to 250 MB)."""

from __future__ import annotations

from fortlang.cardset import dsl
from fortlang.cardset.dsl import ACTION, parse_text


def test_the_parse_cache_keeps_at_most_its_byte_budget() -> None:
    dsl.parse_text_cache_clear()
    long_action = " then ".join(["gain pizza"] * 20000)  # 320 kB of text
    for edit in range(40):  # 40 versions of one long action, as an editor sends them
        ast, diagnostics = parse_text(long_action + " then gain toy" * (edit + 1), ACTION)
        assert ast is not None and not diagnostics
    assert dsl.parse_text_cache_bytes() <= dsl.PARSE_CACHE_BYTES
    assert dsl.PARSE_CACHE_BYTES < 40 * len(long_action)  # the bound is what kept it small


def test_the_parse_cache_still_answers_a_text_seen_before_from_the_cache() -> None:
    dsl.parse_text_cache_clear()
    first = parse_text("gain pizza then pack", ACTION)
    assert parse_text("gain pizza then pack", ACTION) is first
