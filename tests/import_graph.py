"""Who imports whom inside one package, read from the source (no module is run).

Every import counts, at the top of a file or inside a function: a circle hidden in a function still
makes the two modules depend on each other. Relative imports are resolved; `from a import b` counts as
an import of the module `a.b` where that is a module, else of `a`.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import source_trees


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module below `root` (the package folder) by dotted name; a package is its __init__."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join([package, *parts])] = path
    return names


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".")
    # A package's own __init__ is its base for "."; a plain module's base is its parent.
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports_of(module: str, path: Path) -> set[str]:
    """Dotted names this file imports, made absolute; an imported object is named `module.object`."""
    return set(_imports_in(module, path.name == "__init__.py", path.read_text(encoding="utf-8")))


# Several layer tests read the same files; parsing is what costs, so each text is parsed once per process (keyed
# by the text itself, so a file a test rewrites is read afresh).
@functools.lru_cache(maxsize=None)
def _imports_in(module: str, is_package: bool, source: str) -> frozenset[str]:
    found: set[str] = set()
    for node in source_trees.nodes(source):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            origin = _absolute(module, is_package, node.level, node.module)
            # `from a import b` is resolved to the module a.b where there is one, else to a.
            found.update(origin if alias.name == "*" else f"{origin}.{alias.name}" for alias in node.names)
    return frozenset(found)


def private_imports(root: Path, package: str) -> list[str]:
    """Names with a leading underscore that one module of the package takes from another, as "importer:
    module.name": a private helper is its own module's business, so sharing it means it should be public."""
    found = []
    for module, path in module_names(root, package).items():
        for name in sorted(imports_of(module, path)):
            owner, _, last = name.rpartition(".")
            if owner.startswith(package) and last.startswith("_") and not last.startswith("__") and owner != module:
                found.append(f"{module}: {name}")
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The most specific module of the package that `name` points into, if any."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (itself left out)."""
    modules = module_names(root, package)
    graph = {}
    for module, path in modules.items():
        targets = {_known(name, modules) for name in imports_of(module, path)}
        graph[module] = targets - {None, module}
    return graph


def external_imports(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the top-level names of everything it imports from outside the package."""
    modules = module_names(root, package)
    return {module: {name.split(".")[0] for name in imports_of(module, path)
                     if name and name.split(".")[0] != package}
            for module, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted; [] when acyclic."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)
