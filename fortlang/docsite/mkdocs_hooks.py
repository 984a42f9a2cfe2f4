"""mkdocs hooks of the generated site (named in each language's ``mkdocs.yml`` by
:func:`fortlang.docsite.site.mkdocs_config`): every rendered page, generated or hand-written,
goes through :func:`fortlang.docsite.pagefilter.polish`."""

from __future__ import annotations

from typing import Any

from fortlang.docsite.pagefilter import polish


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    extra = config["extra"] or {}
    return polish(html, config["theme"]["language"], page.file.url,
                  rules=bool(extra.get("fortlang_rules")),
                  letter=str(extra.get("fortlang_rule_letter") or "R"))
