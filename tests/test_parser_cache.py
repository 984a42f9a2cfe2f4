"""The parser's table cache is never loaded from a place another user can write (it is a pickle:
loading it runs code). Lark's own ``cache=True`` used a predictable name in the shared temp
folder; fortlang keeps its cache in a private per-user folder and checks it before use."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest


class _Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({str(self.marker)!r}, 'w').close()",))


def _parse_in_a_fresh_process(tmp: Path, cache: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp), "XDG_CACHE_HOME": str(cache)}
    subprocess.run([sys.executable, "-c", "from fortlang.parser import parse_action; "
                    "parse_action('gain pizza x shovel')"], env=env, check=True, cwd=tmp)


def _poison(path: Path, marker: Path) -> None:
    """Keep lark's header line (the grammar hash), so the pickle after it would be loaded."""
    header = path.read_bytes().split(b"\n", 1)[0]
    path.write_bytes(header + b"\n" + pickle.dumps(_Payload(marker)))


def _cache_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and p.name != "pwned"]


def _written(folder: Path) -> list[Path]:
    found = _cache_files(folder)
    assert found, "the first run wrote no cache"
    return found


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path, Path]:
    tmp, cache = tmp_path / "tmp", tmp_path / "cache"
    tmp.mkdir()
    return tmp, cache, tmp_path / "pwned"


def test_nothing_is_loaded_from_the_shared_temp_folder(places):
    tmp, cache, marker = places
    _parse_in_a_fresh_process(tmp, cache)
    for path in _cache_files(tmp):  # whatever a cache put there, another user could rewrite
        _poison(path, marker)
    _parse_in_a_fresh_process(tmp, cache)
    assert not marker.exists()
    assert _cache_files(tmp) == []


def test_the_cache_lives_in_a_private_folder_of_the_user(places):
    tmp, cache, _ = places
    _parse_in_a_fresh_process(tmp, cache)
    folder = cache / "fortlang"
    assert folder.stat().st_mode & 0o777 == 0o700 and folder.stat().st_uid == os.geteuid()
    assert _cache_files(folder)


def test_a_cache_folder_others_can_write_is_not_used(places):
    tmp, cache, marker = places
    _parse_in_a_fresh_process(tmp, cache)
    folder = cache / "fortlang"
    for path in _written(folder):
        _poison(path, marker)
    folder.chmod(0o777)
    _parse_in_a_fresh_process(tmp, cache)
    assert not marker.exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_cache_file_owned_by_another_user_is_not_used(places):
    tmp, cache, marker = places
    _parse_in_a_fresh_process(tmp, cache)
    for path in _written(cache / "fortlang"):
        _poison(path, marker)
        os.chown(path, 65534, 65534)
    _parse_in_a_fresh_process(tmp, cache)
    assert not marker.exists()


def test_a_symlinked_cache_file_is_not_used(places):
    tmp, cache, marker = places
    _parse_in_a_fresh_process(tmp, cache)
    for path in _written(cache / "fortlang"):
        elsewhere = tmp / "planted"
        path.rename(elsewhere)
        _poison(elsewhere, marker)
        path.symlink_to(elsewhere)
    _parse_in_a_fresh_process(tmp, cache)
    assert not marker.exists()


def test_a_group_writable_umask_does_not_turn_the_caches_off(tmp_path: Path):
    """Issue 31: under umask 002 the caches made their own folder and files group-writable,
    then refused them for good. Both are written, private, and trusted by the next run."""
    from fortlang.parser_cache import usable

    cache = tmp_path / "home" / "cache"  # its parents are created by fortlang too
    cards = Path(__file__).resolve().parent.parent / "cards" / "fort-base"
    script = ("import os; os.umask(0o002); from fortlang.cardset import check_paths; "
              f"check_paths([{str(cards)!r}])")
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    for _ in range(2):
        subprocess.run([sys.executable, "-c", script], env=env, check=True, cwd=tmp_path)
    folder = cache / "fortlang"
    names = sorted(p.name for p in folder.iterdir())
    assert "schema-valid.txt" in names and any(n.endswith(".lark-cache") for n in names), names
    assert all(usable(folder / n) for n in names)
    for path in (cache, folder, *(folder / n for n in names)):
        assert not path.stat().st_mode & 0o077, oct(path.stat().st_mode)
