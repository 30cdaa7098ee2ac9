#!/usr/bin/env python3
"""The import graph of each crate's source files, and the rules it must keep.

Each argument is a crate's `src/` directory (with lib.rs and/or main.rs). The script reads every
.rs file reached through `mod x;` declarations, strips comments, strings and char literals, and
finds every path into the crate: `use` declarations (`pub use`, nested braces, `as`, `self`) and
inline paths anywhere in the code (`crate::store::evals_file(&dir)`, `super::super::foo::Bar`,
`self::m::f`, `$crate::…`, the library's own name in a binary, a child module's name, a name a
`use` brought in). Each path is resolved to the file that defines the named item, following
`pub use` re-exports; an edge goes from the file that names it to that file (declaring `mod x;`
is no edge). It fails on:

- a cycle of files of any length: each strongly connected component of the file graph, printed
  as a walk along its imports through every file of it and back (the cycle, when it is one);
- a cycle of modules: files collapsed to their top-level module (lib.rs/main.rs left out), and
  likewise inside every module to its direct children (`store::table` against `store::manifest`);
- a library file other than lib.rs/main.rs reaching a name through the crate root's re-exports
  (`crate::Name` or `super::Name` up to the root; a mod.rs facade below the root is fine);
- a broken layer rule from scripts/import-layers.toml (its comments say how to write them).

It prints, per crate, its files and imports, then each problem on its own line, sorted, and
exits 1 on any problem:

    python3 scripts/import-graph.py src cli/src engine/src explorer/src js/src pgn/src python/src

Its self-test, on fake crates in a temporary folder:

    python3 -m unittest discover -s scripts/tests -p '*_test.py'
    python3 scripts/tests/import_graph_test.py
"""

import bisect
import itertools
import re
import sys
import tomllib
from collections import deque
from pathlib import Path

ROOTS = ("lib.rs", "main.rs")
LAYERS = Path(__file__).with_name("import-layers.toml")
TOKEN = re.compile(r"""//|/\*|(?<!\w)[bc]?r(#*)"|(?<!\w)[bc]?"|"|(?<!\w)b'|'""")
MOD = re.compile(r"(?<![\w$])mod\s+(\w+)\s*;")
INLINE_MOD = re.compile(r"(?<![\w$])mod\s+\w+\s*\{")
USE = re.compile(r"(?<![\w$])(pub\b(?:\s*\([^)]*\))?\s*)?use\s+([^;]+);")
ITEM = re.compile(r"(?<![\w$])(?:(?:const|async|unsafe|extern)\s+(?:\"\"\s*)?)*"
                  r"(?:fn|struct|enum|trait|type|const|static|union|mod|macro_rules!)\s+(\w+)")
BLOCK, ESCAPE = re.compile(r"/\*|\*/"), re.compile(r'[\\"]')
PATH = re.compile(r"(?<![\w:$])\$?\w+(?:\s*::\s*\w+)+")


def strip(text):
    """Rust code without its comments (doc comments too) and with every string or char literal
    emptied, so that nothing inside them reads as a path or a brace."""
    out, i = [], 0
    past = lambda needle, at: len(text) if (j := text.find(needle, at)) < 0 else j + len(needle)  # noqa: E731
    while m := TOKEN.search(text, i):
        out.append(text[i : m.start()])
        tok, i = m.group(), m.end()
        if tok == "//":
            i = past("\n", i)
            out.append("\n")
        elif tok == "/*":  # they nest
            depth = 1
            while depth and (c := BLOCK.search(text, i)):
                depth, i = depth + (1 if c.group() == "/*" else -1), c.end()
            i = i if depth == 0 else len(text)
            out.append(" ")
        elif tok.endswith('"') and "r" in tok:  # r"…", r#"…"#, br"…"
            i = past('"' + m.group(1), i)
            out.append('""')
        elif tok.endswith('"'):
            while (c := ESCAPE.search(text, i)) and c.group() == "\\":
                i = c.end() + 1
            i = c.end() if c else len(text)
            out.append('""')
        elif text[i : i + 1] == "\\":  # '\n', '\'', '\u{..}'
            i = past("'", i + 2)
            out.append("' '")
        elif text[i + 1 : i + 2] == "'":  # 'a', '{'
            i += 2
            out.append("' '")
        else:  # a lifetime or a label
            out.append(tok)
    out.append(text[i:])
    return "".join(out)


def expand(tree):
    """`a::{b, c::{d as e, self}}` -> ['a::b', 'a::c::d as e', 'a::c::self']."""
    tree = re.sub(r"\s*::\s*", "::", " ".join(tree.split()))
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        depth += (c == "{") - (c == "}")
        if c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [p for part in parts if part.strip() for p in expand(prefix + part.strip())]


def split_use(path):
    """'a::b::c as d' -> (['a', 'b', 'c'], 'd'); the name the `use` brings into scope."""
    path, _, alias = path.partition(" as ")
    segs = path.split("::")
    segs = segs[:-1] if segs[-1] == "self" and len(segs) > 1 else segs  # `a::{self}` is `a`
    return segs, alias.strip() or segs[-1]


class Crate:
    """The files of one src dir: the module tree under lib.rs and/or main.rs, and the edges."""

    def __init__(self, src):
        self.src, self.modules, self.key, self.text, self.info = Path(src), {}, {}, {}, {}
        for root in ROOTS:
            if (self.src / root).exists():
                self.walk(self.src / root, (root,))
        cargo = self.src.parent / "Cargo.toml"
        meta = tomllib.loads(cargo.read_text()) if cargo.exists() else {}
        self.lib_name = meta.get("lib", {}).get("name") or meta.get("package", {}).get("name", "")
        self.lib_name = self.lib_name.replace("-", "_")
        self.problems = set()
        self.edges = {f: set() for f in self.key}
        for file in self.key:
            self.scan(file)

    def walk(self, file, key):
        if file in self.key:
            return
        self.modules[key], self.key[file] = file, key
        text = self.text[file] = strip(file.read_text())
        braces = [m.start() for m in re.finditer(r"[{}]", text)]
        depth = list(itertools.accumulate((1 if text[p] == "{" else -1 for p in braces), initial=0))
        at = lambda pos: depth[bisect.bisect_left(braces, pos)]  # noqa: E731
        blocks = []  # (start, end) of each inline `mod x { … }`
        for m in INLINE_MOD.finditer(text):
            k = bisect.bisect_left(braces, m.end() - 1)
            end = next((braces[j] for j in range(k + 1, len(braces)) if depth[j + 1] < depth[k + 1]), len(text))
            blocks.append((m.end() - 1, end))
        uses = [(m.start(), bool(m.group(1)), *split_use(p))
                for m in USE.finditer(text) for p in expand(m.group(2))]
        self.info[file] = {
            "blocks": blocks,
            "defines": {m.group(1) for m in ITEM.finditer(text) if at(m.start()) == 0},
            "exports": [(name, segs, pos, pub) for pos, pub, segs, name in uses if at(pos) == 0],
            "aliases": {name: (segs, pos) for pos, _, segs, name in uses if segs[-1] != "*"},
            "uses": uses,
        }
        base = file.parent if file.name in ROOTS + ("mod.rs",) else file.with_suffix("")
        for name in MOD.findall(text):
            for candidate in (base / f"{name}.rs", base / name / "mod.rs"):
                if candidate.exists():
                    self.walk(candidate, key + (name,))

    def locate(self, file, segs, pos, depth=0):
        """(module key, segments left) a path written at `pos` in `file` reaches; None for a
        path out of the crate, or one into the same file's inline modules."""
        key, head = self.key[file], segs[0].lstrip("$")
        inner = sum(start <= pos < end for start, end in self.info[file]["blocks"])
        if head == "crate":
            key, segs = key[:1], segs[1:]
        elif head == self.lib_name and key[0] == "main.rs" and ("lib.rs",) in self.modules:
            key, segs = ("lib.rs",), segs[1:]
        elif head in ("self", "super"):
            ups = len(list(itertools.takewhile(lambda s: s == "super", segs)))
            if ups < inner or (ups == 0 and inner):
                return None
            key, segs = key[: max(1, len(key) - ups + inner)], segs[max(ups, 1) :]
        elif key + (head,) in self.modules:
            pass
        elif head in self.info[file]["aliases"] and depth < 8:
            alias, at = self.info[file]["aliases"][head]
            return None if alias == segs[:1] else self.locate(file, alias + segs[1:], at, depth + 1)
        else:
            return None
        while segs and depth < 12:  # down child modules, and modules a `use` names
            if key + (segs[0],) in self.modules:
                key, segs = key + (segs[0],), segs[1:]
                continue
            for name, path, at, pub in self.info[self.modules[key]]["exports"]:
                found = name == segs[0] and self.locate(self.modules[key], path, at, depth + 1)
                if found and found[1] in ([], ["self"]):
                    self.through_root(file, key, segs[0], self.modules[found[0]], pub)
                    key, segs = found[0], segs[1:]
                    break
            else:
                break
        return key, segs

    def find(self, key, name, depth=0):
        """The file that defines `name` in module `key`, following `use`s (`pub use` re-exports,
        and the private ones its descendants see): (that file or None, via a `pub use`)."""
        file = self.modules[key]
        if name in self.info[file]["defines"] or depth > 12:
            return file, False
        for exported, segs, pos, pub in self.info[file]["exports"]:
            glob = segs[-1] == "*"
            found = (exported == name or glob) and self.locate(file, segs[:-1] if glob else segs, pos)
            if not found:
                continue
            key, rest = found
            if glob:
                target = None if rest else self.find(key, name, depth + 1)[0]
            elif not rest or rest[0] == "self":
                target = self.modules[key]
            else:
                target = self.find(key, rest[0], depth + 1)[0] or self.modules[key]
            if target:
                return target, pub
        return None, any(pub and exported == name for exported, _, _, pub in self.info[file]["exports"])

    def through_root(self, file, key, name, target, pub):
        """A library file below the root that takes a name from the root's `pub use`s."""
        if len(key) == 1 and pub and len(self.key[file]) > 1 and self.key[file][0] == key[0]:
            where = target or "outside the crate"
            self.problems.add(f"{file} reaches {name} through the crate root (defined in {where})")

    def resolve(self, file, segs, pos):
        """The file a path names."""
        found = self.locate(file, segs, pos)
        if not found:
            return None
        key, rest = found
        if not rest or rest[0] in ("self", "*"):
            return self.modules[key]
        target, pub = self.find(key, rest[0])
        self.through_root(file, key, rest[0], target, pub)
        return target or self.modules[key]

    def scan(self, file):
        """The edges from `file`: its `use`s, then its inline paths (the `use`s blanked out)."""
        paths = [(segs, pos) for pos, _, segs, _ in self.info[file]["uses"]]
        code = USE.sub(lambda m: " " * len(m.group()), self.text[file])
        paths += [(re.sub(r"\s", "", m.group()).split("::"), m.start()) for m in PATH.finditer(code)]
        for segs, pos in paths:
            target = self.resolve(file, segs, pos)
            if target and target != file:
                self.edges[file].add(target)


def components(edges):
    """The strongly connected components of 2+ nodes of a graph (Tarjan's, iterative)."""
    index, low, stack, found = {}, {}, [], []
    for start in sorted(edges):
        work = [] if start in index else [(start, None)]
        while work:
            node, children = work.pop()
            if children is None:  # first visit
                index[node] = low[node] = len(index)
                stack.append(node)
                children = iter(sorted(edges.get(node, ())))
            child = next(children, None)
            if child is None:  # all children done: close the component it heads
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    at = stack.index(node)
                    component, stack[at:] = set(stack[at:]), []
                    found += [component] if len(component) > 1 else []
                continue
            work.append((node, children))
            if child not in index:
                work.append((child, None))
            elif child in stack:
                low[node] = min(low[node], index[child])
    return found


def walk_through(component, edges):
    """A closed walk from the least node through every node of a strongly connected component,
    each step an edge, each time on to the nearest node not yet walked: the cycle when it is one."""
    start = min(component)
    walk, left = [start], set(component) - {start}
    while True:
        goal, parent, queue = left or {start}, {walk[-1]: None}, deque([walk[-1]])
        while (node := queue.popleft()) not in goal:
            for child in sorted(edges.get(node, ())):
                if child in component and child not in parent:
                    parent[child] = node
                    queue.append(child)
        step = []
        while node != walk[-1]:
            step.append(node)
            node = parent[node]
        walk += step[::-1]
        left -= set(step)
        if walk[-1] == start:
            return walk


def check(src, rules, config):
    """Print one crate's files, imports and problems; return its problems."""
    crate = Crate(src)
    problems = set(crate.problems)
    for comp in components(crate.edges):
        walk = " -> ".join(map(str, walk_through(comp, crate.edges)))
        problems.add(f"cycle of {len(comp)} files: {walk}")
    for parent in {key[:-1] for key in crate.modules if len(key) > 1}:  # the root, each module
        below = {f: k[len(parent)] for f, k in crate.key.items() if len(k) > len(parent) and k[: len(parent)] == parent}
        graph = {}
        for a, targets in crate.edges.items():
            for b in targets:
                if a in below and b in below and below[a] != below[b]:
                    graph.setdefault(below[a], set()).add(below[b])
        where = crate.src.joinpath(*parent[1:])
        where = f"{where} (main.rs)" if parent[0] == "main.rs" and ("lib.rs",) in crate.modules else where
        for comp in components(graph):
            problems.add(f"cycle of modules in {where}: {' -> '.join(walk_through(comp, graph))}")
    layer = {m: i for i, group in enumerate(rules.get("layers", [])) for m in group}
    for a, targets in crate.edges.items():
        for b in targets:
            ma, mb = (crate.key[f][1] if len(crate.key[f]) > 1 else None for f in (a, b))
            if ma and mb and ma != mb:
                for broken, rule in [
                    (ma in rules.get("leaves", []), f"{ma} imports no other module"),
                    (mb in rules.get("forbid", {}).get(ma, []), f"{ma} must not import {mb}"),
                    (mb in rules.get("private", []), f"only the crate root imports {mb}"),
                    (ma in layer and mb in layer and layer[mb] >= layer[ma], f"{mb} is not below {ma}"),
                ]:
                    if broken:
                        problems.add(f"{a} imports {b}: {rule} ({config})")
    print(f"{src}: {len(crate.key)} files, {sum(map(len, crate.edges.values()))} imports between them")
    for problem in sorted(problems):
        print(problem)
    return problems


def main(dirs, layers=LAYERS):
    rules = tomllib.loads(layers.read_text()) if layers.exists() else {}
    problems = [p for d in dirs for p in check(d, rules.get(Path(d).as_posix(), {}), layers)]
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["src"]))
