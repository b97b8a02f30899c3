"""Each module's syntax tree, parsed once in a test process. Several checks read all of the package's code:
the names the documents quote (test_docs.py), the text keys (test_texts.py), the import graph
(import_graph.py), the docstrings (test_docstrings.py), the pygame modules the game uses
(release/test_packaging.py). Parsing is most of what each one costs (some 0.7 CPU-s for the package), and a
worker that runs several of them parses the package once.

Keyed by the source text, so a file that changed in between is parsed again. The trees are shared: a check
reads them and never changes one."""

from __future__ import annotations

import ast
import functools


@functools.cache
def tree(source: str) -> ast.Module:
    """The syntax tree of `source`."""
    return ast.parse(source)


@functools.cache
def nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of the tree of `source`, in the order of ast.walk."""
    return tuple(ast.walk(tree(source)))
