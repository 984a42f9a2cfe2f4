"""The checked card files of the last check, kept for the next: an edit re-reads and
re-checks only the files whose text changed (on disk or in the editor), and the set checks run
over the kept results. A file is looked up by its exact text and vocabulary, so a kept result
is what :func:`~fortlang.cardset.build.check_file` would return again."""

from __future__ import annotations

from pathlib import Path

from fortlang.cardset.build import FileResult, check_file
from fortlang.cardset.yamlsrc import read_text
from fortlang.module import GameModule
from fortlang.registry import Vocabulary


class FileCache:
    def __init__(self) -> None:
        #: path -> (text, vocabulary, game, result) of its last check
        self._last: dict[str, tuple[str, Vocabulary | None, GameModule | None,
                                    FileResult]] = {}

    def check(self, path: Path | str, text: str | None = None,
              vocabulary: Vocabulary | None = None, game: GameModule | None = None
              ) -> FileResult:
        """What ``check_file(path, text, vocabulary, game)`` returns; the kept result when
        the text, vocabulary and game are those of the last check of ``path``."""
        name = str(path)
        if text is None:
            text, _problem = read_text(path)
            if text is None:  # unreadable: checked (and reported) every time, never kept
                self._last.pop(name, None)
                return check_file(path, None, vocabulary, game)
        kept = self._last.get(name)
        if kept is not None and kept[0] == text and kept[1] is vocabulary and kept[2] is game:
            return kept[3]
        result = check_file(path, text, vocabulary, game)
        self._last[name] = (text, vocabulary, game, result)
        return result
