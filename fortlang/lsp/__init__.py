"""``fortlang lsp``: a language server for card files, manifests and scenario files.

It speaks the Language Server Protocol over stdio (pygls) and reuses the checker's pipeline,
so an editor shows exactly what ``fortlang check`` and ``fortlang test`` report:

* :mod:`.store`: the document store (the editor's texts, one parsed source per version);
* :mod:`.source`: one file, its positioned YAML tree and LSP positions (UTF-16);
* :mod:`.spot`: what the cursor is on (a key, an action, a card name...);
* :mod:`.diagnostics`: the checks of the file's whole set, with the editor's unsaved texts;
  :mod:`.filecache` keeps the checked card files, so an edit re-checks only what changed;
* :mod:`.context`, :mod:`.dsl`, :mod:`.schema_help`: what a place means (an action, a name,
  a field), the action's AST and positions, the schemas' fields and values;
* :mod:`.hover`, :mod:`.completion`, :mod:`.definition`, :mod:`.formatting`, :mod:`.actions`;
* :mod:`.server`: the features wired to the protocol.

Nothing here parses a card file or an action by itself: the YAML reader, the schemas, the
grammar (Lark's own parser state drives completion), the phrasebooks and ``fmt`` do.
"""
