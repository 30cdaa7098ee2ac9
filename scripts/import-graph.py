#!/usr/bin/env python3
"""The import graph of a crate's source files: which file each `use` takes a name from.

Reads every .rs file under a crate's `src/`, resolves `use crate::…`, `use super::…` and
`use self::…` paths (and the crate's own name, for a binary importing its library) to the file
that defines the name, following `pub use` re-exports to where the name is defined. Fails when
two files import each other, and when a library module imports a name through the crate root's
re-exports instead of from the module that defines it.

    scripts/import-graph.py src cli/src
"""

import re
import sys
from pathlib import Path

USE = re.compile(r"^\s*(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.M)
MOD = re.compile(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+fn|unsafe\s+fn|fn|struct|enum|trait|type|const|static|macro_rules!)\s+(\w+)",
    re.M,
)


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def expand(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        depth += c == "{"
        depth -= c == "}"
        if c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [p for part in parts if part.strip() for p in expand(prefix + part.strip())]


class Crate:
    def __init__(self, root):
        self.modules = {}  # module path tuple -> file
        self.walk(Path(root), ())
        self.files = {f: strip_comments(f.read_text()) for f in self.modules.values()}
        self.module_of = {f: m for m, f in self.modules.items()}

    def walk(self, file, path):
        self.modules[path] = file
        base = file.parent if file.name in ("lib.rs", "main.rs", "mod.rs") else file.with_suffix("")
        for name in MOD.findall(strip_comments(file.read_text())):
            for candidate in (base / f"{name}.rs", base / name / "mod.rs"):
                if candidate.exists():
                    self.walk(candidate, path + (name,))

    def defines(self, file, name):
        return name in ITEM.findall(self.files[file])

    def reexports(self, file):
        """(name, target path) for each `pub use` in `file`."""
        for vis, tree in USE.findall(self.files[file]):
            if vis:
                for path in expand(tree):
                    segments = [s.strip() for s in path.split(" as ")[0].split("::")]
                    yield segments[-1], segments

    def resolve(self, file, segments, depth=0):
        """The file that defines the item at `segments`, seen from `file`."""
        module = list(self.module_of[file])
        if segments[0] == "crate":
            module, segments = [], segments[1:]
        elif segments[0] == "super":
            while segments and segments[0] == "super":
                module, segments = module[:-1], segments[1:]
        elif segments[0] == "self":
            segments = segments[1:]
        else:
            return None
        # Walk module segments as far as they go.
        while segments and tuple(module + [segments[0]]) in self.modules:
            module.append(segments[0])
            segments = segments[1:]
        target = self.modules[tuple(module)]
        if not segments or segments[0] == "self" or depth > 10:
            return target
        name = segments[0]
        if self.defines(target, name):
            return target
        for exported, path in self.reexports(target):
            if exported == name:
                found = self.resolve(target, path, depth + 1)
                if found:
                    return found
        return target

    def edges(self):
        for file, text in self.files.items():
            for _, tree in USE.findall(text):
                for path in expand(tree):
                    segments = [s.strip() for s in path.split(" as ")[0].split("::")]
                    via_root = segments[0] == "crate" and tuple(segments[1:2]) not in self.modules
                    target = self.resolve(file, segments)
                    if target and target != file:
                        yield file, target, via_root and file.name not in ("lib.rs", "main.rs")


def main(dirs):
    problems = []
    roots = [Path(d) / r for d in dirs for r in ("lib.rs", "main.rs") if (Path(d) / r).exists()]
    for src in roots:
        crate = Crate(src)
        graph = {}
        for a, b, via_root in crate.edges():
            graph.setdefault(a, set()).add(b)
            if via_root:
                problems.append(f"{a} imports through the crate root's re-exports")
        for a, targets in graph.items():
            for b in targets:
                if a < b and a in graph.get(b, ()):
                    problems.append(f"{a} and {b} import each other")
        print(f"{src}: {len(crate.files)} files, {sum(map(len, graph.values()))} imports between them")
    for problem in sorted(set(problems)):
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src"]))
