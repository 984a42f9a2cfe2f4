"""Diagnostics as ``fortlang check`` (card files, manifests: the file's whole set, so duplicate
ids across files and set composition are there) and ``fortlang test`` (scenario files) report
them, run over the editor's unsaved texts, converted to LSP."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from lsprotocol import types

from fortlang.cardset.schema import MANIFEST_NAMES
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.lsp.filecache import FileCache
from fortlang.lsp.source import CARDS, MANIFEST, SCENARIO, Source

SEVERITY = {ERROR: types.DiagnosticSeverity.Error}


@dataclass
class FileDiagnostics:
    """The diagnostics of one file and the text their positions are in."""

    path: str
    text: str
    diagnostics: list[Diagnostic]


def check(src: Source, texts: Mapping[str, str],
          files: FileCache | None = None) -> dict[str, FileDiagnostics]:
    """Every file the check of ``src`` covers (all the files of its set), with its
    diagnostics, by path; a file with none is listed too, so stale ones are cleared.
    ``files`` keeps the checked files from one call to the next."""
    too_large = oversized(src.text, src.path) or beyond_live_cap(src.text, src.path)
    if too_large is not None:  # as `check` says of the file on disk, before reading it
        return {src.path: FileDiagnostics(src.path, "", [too_large])}
    if src.kind == SCENARIO:
        return {src.path: FileDiagnostics(src.path, src.text, scenario_diagnostics(src))}
    if src.kind not in (CARDS, MANIFEST):
        return {}
    from fortlang.cardset import check_report

    target = src.set_folder if src.set_folder is not None else Path(src.path)
    # no judge: W305 sets up games for each design card; `fortlang check` says it, no edit
    report = check_report([target], texts, files.check) if files is not None \
        else check_report([target], texts)
    out = {f.path: FileDiagnostics(f.path, f.doc.text, []) for f in report.files}
    out.setdefault(src.path, FileDiagnostics(src.path, src.text, []))
    # What is about the set folder (no card files, a link out of it...): on its manifest.
    home = next((f.path for f in report.files if Path(f.path).name in MANIFEST_NAMES), src.path)
    for d in report.diagnostics:
        entry = out.get(d.file)
        if entry is None:
            entry, d = out[home], _about(d)
        entry.diagnostics.append(d)
    return out


def oversized(text: str, path: str) -> Diagnostic | None:
    """E304 for an editor's text over the cap `fortlang check` puts on a file (MAX_BYTES of
    UTF-8), which is then neither parsed nor checked; None for a text within it."""
    from fortlang.cardset.yamlsrc import MAX_BYTES

    if len(text) * 4 <= MAX_BYTES:  # no character takes more than 4 bytes
        return None
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_BYTES:
        return None
    return Diagnostic(ERROR, "E304", f"file too large: {size / 1e6:.1f} MB (card files hold at "
                      f"most {MAX_BYTES // (1024 * 1024)} MiB)", file=path,
                      hint="split the set into several card files")


#: The most UTF-8 bytes of an editor's text one check parses: the work a keystroke may cost is
#: bounded (a long action chain near `check`'s 4 MiB cap took seconds to parse); a larger text
#: gets one diagnostic instead, and `fortlang check` still checks it in full.
LIVE_BYTES = 1024 * 1024


def beyond_live_cap(text: str, path: str) -> Diagnostic | None:
    """E304 for an editor's text over LIVE_BYTES, which is then not parsed; None within it."""
    if len(text) * 4 <= LIVE_BYTES:
        return None
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= LIVE_BYTES:
        return None
    return Diagnostic(ERROR, "E304", f"file too large to check as you type: {size / 1e6:.1f} MB "
                      f"(the language server checks at most {LIVE_BYTES // (1024 * 1024)} MiB "
                      "per file)", file=path,
                      hint="run `fortlang check` on the set, or split the file")


def _about(d: Diagnostic) -> Diagnostic:
    """A diagnostic about another place, shown at the top of a file with that place named."""
    return replace(d, message=f"{d.file}: {d.message}", span=None)


def scenario_diagnostics(src: Source) -> list[Diagnostic]:
    """What ``fortlang test`` reports before running a scenario file (nothing when it reads),
    of whichever game its sets are."""
    from fortlang.scenario.games import load_scenarios

    try:
        load_scenarios(src.path, src.text)
    except FortError as e:
        return [d if d.file == src.path else _about(d) for d in e.diagnostics]
    return []


def to_lsp(src: Source, d: Diagnostic) -> types.Diagnostic:
    """One fortlang diagnostic as LSP's: same code and message, the hint after it (and in
    ``data``, for the quick fixes)."""
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return types.Diagnostic(
        range=src.range(d.span), message=message, code=d.code, source="fortlang",
        severity=SEVERITY.get(d.severity, types.DiagnosticSeverity.Warning),
        data={"hint": d.hint} if d.hint else None)
