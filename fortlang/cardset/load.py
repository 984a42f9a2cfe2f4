"""Finding, checking and loading card sets.

A set is a folder with a ``manifest.yaml`` and YAML card files (any depth). ``check_report``
collects every diagnostic of every path in one run; ``load_set`` returns a :class:`CardSet` or
raises :class:`FortError` with all of them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from fortlang.cardset import semantics, valid_cache
from fortlang.cardset.build import (
    FileResult,
    check_file,
    game_words,
    plugin_errors,
    usable_game,
    vocabulary_of,
)
from fortlang.cardset.schema import MANIFEST_NAMES
from fortlang.errors import ERROR, WARNING, Diagnostic, FortError, errors_in
from fortlang.model import CardSet, Manifest
from fortlang.registry import Vocabulary, default_vocabulary, game_problem
from fortlang.resources import data_dir
from fortlang.walk import Found, find_files, inside, outside_link

BASE_SET = "fort-base"
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class SetResult:
    path: Path
    files: list[FileResult] = field(default_factory=list)
    manifest: FileResult | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: The game its manifest names cannot be had (E350, E351): its card files are not read,
    #: since their kinds and words are that game's.
    game_missing: bool = False

    @property
    def manifest_id(self) -> str | None:
        m = self.manifest
        return m.manifest.id if m is not None and m.manifest is not None else None

    def all_diagnostics(self) -> list[Diagnostic]:
        out = [d for f in self.files for d in f.diagnostics]
        return out + self.diagnostics

    def cardset(self) -> CardSet:
        """The built set; call only when there are no errors."""
        assert self.manifest is not None and self.manifest.manifest is not None
        # each built card in the slot its kind names (CardKind.slot), in file order; the
        # slots in the order the game declares its kinds; a single kind's first card
        slots: dict[str, list[Any]] = {}
        ranks: dict[str, int] = {}
        cards: list[Any] = []
        for f in self.files:
            for e in f.entries:
                if not e.slot:
                    cards.append(e.item)
                    continue
                held = slots.setdefault(e.slot, [])
                ranks.setdefault(e.slot, e.rank)
                if not (e.single and held):
                    held.append(e.item)
        order = sorted(slots, key=lambda name: ranks[name])
        return CardSet(manifest=self.manifest.manifest,
                       slots=tuple((name, tuple(slots[name])) for name in order),
                       cards=tuple(cards))


@dataclass
class CheckReport:
    """Everything one ``fortlang check`` run found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[FileResult] = field(default_factory=list)
    sets: list[SetResult] = field(default_factory=list)

    @property
    def cards(self) -> int:
        return sum(f.card_count for f in self.files)

    @property
    def errors(self) -> int:
        return len(errors_in(self.diagnostics))

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    def source(self, path: str) -> str | None:
        for f in self.files:
            if f.path == path:
                return f.doc.text
        return None


def manifest_path(folder: Path) -> Path | None:
    for name in MANIFEST_NAMES:
        if (folder / name).is_file():
            return folder / name
    return None


def is_yaml(name: str) -> bool:
    return name.endswith(YAML_SUFFIXES)


def card_files(folder: Path) -> Found:
    """The card files of the set in ``folder`` (links out of it and unreadable folders are
    diagnostics; see fortlang.walk)."""
    found = find_files(folder, lambda name: is_yaml(name) and name not in MANIFEST_NAMES)
    return found


#: How a card file is read and checked: :func:`check_file`, or a caller's stand-in for it that
#: returns the same (the language server's, which keeps the results of unchanged files).
CheckFile = Callable[..., FileResult]


def read_set(folder: Path, texts: Mapping[str, str] | None = None,
             check: CheckFile = check_file) -> SetResult:
    """Read and check every file of the set in ``folder`` (no cross-set checks yet). A folder
    without a manifest is not a set: nothing in it is read. ``texts`` (path -> text) stands
    for files as an editor holds them, unsaved (the language server); ``check`` reads and
    checks each card file (not the manifest)."""
    texts = texts or {}
    result = SetResult(folder)
    mpath = manifest_path(folder)
    if mpath is None:
        result.diagnostics.append(Diagnostic(
            ERROR, "E331", "not a card set: no manifest.yaml here", file=str(folder),
            hint="a set folder holds a manifest.yaml (id, name, version) and card files"))
        return result
    if not inside(mpath, folder):
        result.diagnostics.append(outside_link(mpath, folder))
        return result
    result.manifest = check_file(mpath, texts.get(str(mpath)))
    result.files.append(result.manifest)
    vocab: Vocabulary | None = None  # the default game's, loaded when first needed
    manifest = result.manifest.manifest
    uses = manifest.uses if manifest is not None else ()
    problems: list[Diagnostic] = []
    if manifest is not None and game_problem(manifest.game) is not None:
        result.manifest.diagnostics.extend(_game_errors(manifest, result.manifest))
        result.game_missing = True
        return result
    game = usable_game(manifest.game) if manifest is not None else None
    own_words = game_words(game.name) if game is not None else None
    if game is not None and own_words is not None:
        vocab = own_words
        if uses:  # plugins extend Fort's words so far (issue 33 stage 5)
            node = result.manifest.manifest_node.get("uses") \
                if result.manifest.manifest_node is not None else None
            problems.append(result.manifest.doc.error(
                "E353", f"vocabulary plugins extend Fort's words; this set is of the game "
                f"`{game.name}` (issue 33)", node, "remove `uses`"))
            result.manifest.diagnostics.extend(problems)
            problems = []
    elif uses:
        vocab, problems = vocabulary_of(uses, result.manifest.manifest_node,
                                        result.manifest.doc)
        result.manifest.diagnostics.extend(problems)
    found = card_files(folder)
    paths = found.files + _unsaved(folder, texts, found.files)
    result.diagnostics.extend(found.diagnostics)
    if vocab is None:  # a set of Fort's cards, or of a game without words of its own
        vocab = default_vocabulary()
    result.files.extend(check(p, texts.get(str(p)), vocabulary=vocab, game=game) for p in paths)
    if problems:  # the set's words may be a plugin's that could not be loaded
        missing = [name for name, e in zip(uses, plugin_errors(uses), strict=True) if e]
        _point_at_missing(result.files[1:], missing)
    if not paths and not found.diagnostics:
        result.diagnostics.append(Diagnostic(
            ERROR, "E306", "the set has no card files", file=str(folder),
            hint="add YAML files with `kids:`, `made_up_rules:`, `perks:` or `board:`"))
    return result



def _game_errors(manifest: Manifest, file: FileResult) -> list[Diagnostic]:
    """E350 or E351 at the manifest's ``game:`` value when the game it names cannot be had
    (only its entry point is looked at, and its module imported, as for a vocabulary)."""
    e = game_problem(manifest.game)
    if e is None:
        return []
    node = file.manifest_node.get("game") if file.manifest_node is not None else None
    return [file.doc.error(e.code, e.message, node, e.hint)]


def _point_at_missing(files: Sequence[FileResult], uses: Sequence[str]) -> None:
    """An action that does not parse in a set whose vocabulary plugins could not be loaded
    (E340-E342, at the manifest) may be written in their words: each such error says so."""
    names = ", ".join(f"`{name}`" for name in uses)
    hint = f"this set uses {names}, which could not be loaded (E340-E342): its words " \
        "cannot be read"
    for file in files:
        file.diagnostics[:] = [replace(d, hint=f"{d.hint}; {hint}" if d.hint else hint)
                               if d.code == "E100" else d for d in file.diagnostics]


def _unsaved(folder: Path, texts: Mapping[str, str], found: list[Path]) -> list[Path]:
    """Card files an editor holds under ``folder`` that are not on disk yet (a new file not
    saved): part of the set as the editor shows it."""
    inside_folder = str(folder).rstrip(os.sep) + os.sep
    seen = {str(p) for p in found}
    return sorted(Path(p) for p in texts if p.startswith(inside_folder) and p not in seen
                  and is_yaml(p) and Path(p).name not in MANIFEST_NAMES
                  and not os.path.lexists(p))


def bundled_dir() -> Path:
    return data_dir("cards")


def _shortest(path: Path) -> Path:
    """``path`` relative to the working directory when it is below it (for shorter messages)."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def _set_folders(folder: Path) -> Found:
    """``folder`` itself if it is a set, else the sets below it (as ``files``)."""
    if manifest_path(folder) is not None:
        return Found([folder])
    found = find_files(folder, lambda name: name in MANIFEST_NAMES)
    return Found(sorted({p.parent for p in found.files}), found.diagnostics)


def bundled_folders() -> tuple[list[Path], list[Diagnostic]]:
    """The bundled set folders whose vocabularies are installed, and a warning (W340, with the
    install hint) for each other one: an expansion written with a plugin ships beside the base
    game, and the bundled sets stay usable where the plugin is not installed. Named
    explicitly, such a set is E340. Only the entry points are looked at: nothing is imported."""
    from fortlang.plugins import installed

    usable: list[Path] = []
    skipped: list[Diagnostic] = []
    for folder in _set_folders(bundled_dir()).files:
        mpath = manifest_path(folder)
        m = check_file(mpath).manifest if mpath is not None else None
        missing = [u for u in (m.uses if m is not None else ()) if u not in installed()]
        if m is None or not missing:
            usable.append(folder)
            continue
        skipped.append(Diagnostic(
            WARNING, "W340", f"bundled set `{m.id}` skipped: it uses vocabulary "
            f"`{missing[0]}`, which is not installed", file=str(_shortest(mpath or folder)),
            hint=f"install the plugin that provides `{missing[0]}` to check and play it "
                 f"(for the bundled example: `pip install ./examples/vocabulary-plugin`)"))
    return usable, skipped


@cache
def _bundled_games() -> dict[str, str]:
    """Every bundled set's id, with the game it is for."""
    games = {}
    for folder in _set_folders(bundled_dir()).files:
        m = check_file(manifest_path(folder))  # type: ignore[arg-type]
        if m.manifest is not None:
            games[m.manifest.id] = m.manifest.game
    return games


def _bundled_ids() -> frozenset[str]:
    return frozenset(_bundled_games())


#: What ``check_report(judge=...)`` calls: (a set without errors, the sets without errors by
#: id) -> its further diagnostics.
SetJudge = Callable[["SetResult", Mapping[str, "SetResult"]], Iterable[Diagnostic]]


def check_report(paths: Sequence[Path | str] = (),
                 texts: Mapping[str, str] | None = None,
                 check: CheckFile = check_file, *, judge: SetJudge | None = None
                 ) -> CheckReport:
    """Check files and sets (no paths: the bundled sets), collecting every diagnostic.
    ``texts`` maps a file's path, as the walk names it, to the text to check instead of what
    is on disk (an editor's unsaved buffer); ``check`` reads and checks each card file of a
    set (see :func:`read_set`). ``judge``: more diagnostics for each set without errors, given
    the others by id, once every set is checked (``fortlang check`` passes
    :func:`fortlang.cardset.deadcards.run`, W305, which sets up games: the language server, at
    each pause in typing, and ``fmt``, errors only, pass none)."""
    report = CheckReport()
    texts = texts or {}
    targets = [Path(p) for p in paths] or [_shortest(bundled_dir())]
    lone_files: list[FileResult] = []
    for target in targets:
        if not paths:  # the bundled sets: those whose vocabularies are installed (W340)
            folders, skipped = bundled_folders()
            report.diagnostics.extend(skipped)
            report.sets.extend(read_set(_shortest(f)) for f in folders)
        elif target.is_dir():
            found = _set_folders(target)
            folders = found.files
            report.diagnostics.extend(found.diagnostics)
            if not folders and not found.diagnostics:
                report.diagnostics.append(Diagnostic(
                    ERROR, "E331", "no card set here: no manifest.yaml found", file=str(target),
                    hint="a set folder holds a manifest.yaml (id, name, version) and card files"))
            report.sets.extend(read_set(f, texts, check) for f in folders)
        elif target.exists() or str(target) in texts:
            lone_files.append(check_file(target, texts.get(str(target))))
        else:
            report.diagnostics.append(Diagnostic(ERROR, "E300", "no such file or directory",
                                                 file=str(target)))
    known = _bundled_ids() | {s.manifest_id for s in report.sets if s.manifest_id}
    graph = {m.id: m.requires for m in _manifests(report.sets)}
    games = {**_bundled_games(), **{m.id: m.game for m in _manifests(report.sets)}}
    for s in report.sets:
        scope = semantics.Scope(s.files, s.manifest, frozenset(known), graph, games)
        s.diagnostics.extend(semantics.run(scope, with_set_checks=s.manifest is not None
                                           and not s.game_missing))
    clean: dict[str, SetResult] = {}
    for s in report.sets:  # the first of two sets with one id; E334 where they are played
        if s.manifest_id and not errors_in(s.all_diagnostics()):
            clean.setdefault(s.manifest_id, s)
    for s in report.sets:  # once every set is checked: a set is dealt with those it requires
        if judge is not None and s.manifest_id is not None and clean.get(s.manifest_id) is s:
            s.diagnostics.extend(judge(s, clean))
        report.files.extend(s.files)
        report.diagnostics.extend(s.all_diagnostics())
    for f in lone_files:
        f.diagnostics.extend(semantics.run(semantics.Scope([f]), with_set_checks=False))
        report.files.append(f)
        report.diagnostics.extend(f.diagnostics)
    rank = {f.path: i for i, f in enumerate(report.files)}
    report.diagnostics.sort(key=lambda d: (rank.get(d.file, -1),
                                           (d.span.line, d.span.column) if d.span else (0, 0)))
    valid_cache.save()  # the files that passed their schema, for the next run
    return report


def check_paths(paths: Iterable[Path | str] = ()) -> list[Diagnostic]:
    """Every diagnostic (errors and warnings) for the given files and set folders."""
    return check_report(list(paths)).diagnostics


def load_set(path: Path | str, known_sets: Iterable[str] = ()) -> CardSet:
    """The card set in folder ``path``. Raises :class:`FortError` carrying every error."""
    folder = Path(path)
    result = read_set(folder)
    siblings = _sibling_manifests(folder)
    known = _bundled_ids() | set(known_sets) | {m.id for m in siblings}
    graph = {m.id: m.requires for m in siblings}
    games = {**_bundled_games(), **{m.id: m.game for m in siblings}}
    scope = semantics.Scope(result.files, result.manifest, frozenset(known), graph, games)
    result.diagnostics.extend(semantics.run(scope, with_set_checks=not result.game_missing))
    valid_cache.save()
    errors = errors_in(result.all_diagnostics())
    if errors:  # each quoting its own file's line
        raise FortError(errors, sources={f.path: f.doc.text for f in result.files})
    return result.cardset()


def _manifests(sets: Iterable[SetResult]) -> list[Manifest]:
    return [s.manifest.manifest for s in sets
            if s.manifest is not None and s.manifest.manifest is not None]


def _sibling_manifests(folder: Path) -> list[Manifest]:
    out: list[Manifest] = []
    parent = folder.resolve().parent
    try:
        siblings = sorted(parent.iterdir())
    except OSError:  # gone or unreadable meanwhile: no siblings to know of
        return out
    for sibling in siblings:
        mpath = manifest_path(sibling) if sibling.is_dir() else None
        if mpath is not None:
            m = check_file(mpath).manifest
            if m is not None:
                out.append(m)
    return out


def _bundled() -> tuple[CardSet, ...]:
    """The bundled sets played with: those whose vocabularies and games are installed (a
    game module alone plays its own sets without Fort's; ``check`` of the bundled sets still
    says why one cannot be read, E350 at its manifest)."""
    return _load_sets(tuple(f for f in bundled_folders()[0] if _game_installed(f)))


def _game_installed(folder: Path) -> bool:
    mpath = manifest_path(folder)
    m = check_file(mpath).manifest if mpath is not None else None
    return m is None or game_problem(m.game) is None


@cache
def _load_sets(folders: tuple[Path, ...]) -> tuple[CardSet, ...]:
    """The sets in ``folders``, loaded once per process for each list of folders (a plugin
    installed later brings its set in, and nothing is left over once it is gone)."""
    return tuple(load_set(folder) for folder in folders)


def load_bundled() -> dict[str, CardSet]:
    """Every bundled set by id (loaded once per process)."""
    return {s.id: s for s in _bundled()}


def base_set() -> CardSet:
    """The bundled ``fort-base`` set, loaded once per process: what the engine plays with."""
    return load_bundled()[BASE_SET]
