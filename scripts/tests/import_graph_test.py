#!/usr/bin/env python3
"""Self-test of scripts/import-graph.py on fake crates written to a temporary folder.

    python3 -m unittest discover -s scripts/tests -p '*_test.py'
    python3 scripts/tests/import_graph_test.py
"""

import contextlib
import importlib.util
import io
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "import-graph.py"
spec = importlib.util.spec_from_file_location("import_graph", SCRIPT)
graph = importlib.util.module_from_spec(spec)
spec.loader.exec_module(graph)


class ImportGraph(unittest.TestCase):
    def crate(self, files, layers=""):
        """Write a crate (`files`: path under src -> code) and its layer rules; its src dir."""
        root = Path(self.enterContext(tempfile.TemporaryDirectory()))
        (root / "Cargo.toml").write_text('[package]\nname = "fake-crate"\n')
        for path, code in files.items():
            (root / "src" / path).parent.mkdir(parents=True, exist_ok=True)
            (root / "src" / path).write_text(textwrap.dedent(code))
        (root / "layers.toml").write_text(f'["{(root / "src").as_posix()}"]\n' + textwrap.dedent(layers))
        return root / "src"

    def check(self, src):
        """(exit status, output) of the script on `src`."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = graph.main([str(src)], layers=src.parent / "layers.toml")
        return status, out.getvalue()

    def edges(self, src, file):
        crate = graph.Crate(src)
        return sorted(str(f.relative_to(src)) for f in crate.edges[src / file])

    def test_a_cycle_of_three_files_fails(self):
        src = self.crate({
            "lib.rs": "mod a;\nmod b;\nmod c;\n",
            "a.rs": "use crate::b::B;\npub struct A;\n",
            "b.rs": "pub struct B;\nfn make() { let _ = crate::c::C::new(); }\n",
            "c.rs": "use crate::a::A;\npub struct C;\nimpl C { pub fn new() -> C { C } }\n",
        })
        status, out = self.check(src)
        self.assertEqual(status, 1)
        [line] = [line for line in out.splitlines() if line.startswith("cycle of 3 files")]
        for name in ("a.rs", "b.rs", "c.rs"):
            self.assertIn(str(src / name), line)
        self.assertIn(f"cycle of modules in {src}: a -> b -> c -> a", out)

    def test_a_cycle_of_two_modules_fails_with_no_two_files_importing_each_other(self):
        src = self.crate({
            "lib.rs": "mod m1;\nmod m2;\n",
            "m1/mod.rs": "mod w;\nmod x;\n",
            "m1/w.rs": "pub struct W;\n",
            "m1/x.rs": "use crate::m2::y::Y;\n",
            "m2/mod.rs": "pub(crate) mod y;\nmod z;\n",
            "m2/y.rs": "pub struct Y;\n",
            "m2/z.rs": "fn f(_: crate::m1::w::W) {}\n",
        })
        status, out = self.check(src)
        self.assertEqual(status, 1)
        self.assertNotIn("files:", out)
        self.assertIn(f"cycle of modules in {src}: m1 -> m2 -> m1", out)

    def test_a_cycle_of_modules_inside_a_module_fails(self):
        src = self.crate({
            "lib.rs": "mod store;\n",
            "store/mod.rs": "mod manifest;\nmod table;\n",
            "store/table/mod.rs": "mod read;\n",
            "store/table/read.rs": "use super::super::manifest::Manifest;\npub struct Read;\n",
            "store/manifest/mod.rs": "mod text;\npub struct Manifest;\n",
            "store/manifest/text.rs": "fn f() -> crate::store::table::read::Read { todo!() }\n",
        })
        status, out = self.check(src)
        self.assertEqual(status, 1)
        self.assertIn(f"cycle of modules in {src / 'store'}: manifest -> table -> manifest", out)

    def test_a_name_through_the_crate_root_fails(self):
        src = self.crate({
            "lib.rs": "mod deep;\nmod user;\nmod inline;\npub use deep::walker::NotCounted;\n",
            "deep/mod.rs": "pub mod walker;\n",
            "deep/walker.rs": "pub struct NotCounted;\n",
            "user.rs": "use crate::NotCounted;\n",
            "inline.rs": "fn f() -> super::NotCounted { todo!() }\n",
        })
        status, out = self.check(src)
        self.assertEqual(status, 1)
        defined = src / "deep" / "walker.rs"
        for user in ("user.rs", "inline.rs"):
            self.assertIn(f"{src / user} reaches NotCounted through the crate root (defined in {defined})", out)

    def test_an_acyclic_crate_passes(self):
        src = self.crate({
            "lib.rs": """\
                //! The root: `crate::b::B` in a comment.
                mod a;
                mod b;
                mod c;
                pub use a::{A, inner::{self as other, Deep}};
                pub fn root() -> b::B { b::B }
            """,
            "a/mod.rs": "pub mod inner;\npub use inner::Deep;\npub struct A;\n#[cfg(test)]\nmod tests;\n",
            "a/inner.rs": "pub struct Deep;\n",
            "a/tests.rs": "use super::*;\nfn t() -> A { super::A }\n",
            "b.rs": """\
                use crate::a::{self, A as Renamed};
                pub struct B;
                fn f(_: Renamed) -> a::Deep { crate::a::Deep }
                #[cfg(test)]
                mod tests {
                    use super::*;
                    fn t() -> B { super::B }
                }
            """,
            "c.rs": "use crate::b::B;\nfn g() -> Option<B> { let s = 'x'; let t = \"}\"; None }\n",
        })
        status, out = self.check(src)
        self.assertEqual((status, out.splitlines()[1:]), (0, []), out)
        self.assertEqual(self.edges(src, "b.rs"), ["a/inner.rs", "a/mod.rs"])
        self.assertEqual(self.edges(src, "a/tests.rs"), ["a/mod.rs"])

    def test_inline_paths_are_seen(self):
        src = self.crate({
            "lib.rs": "mod m;\nmod far;\n",
            "far.rs": "pub struct Far;\n",
            "m/mod.rs": "mod k;\npub mod table;\npub struct P;\nfn g() { k::run(); }\n",
            "m/k.rs": "pub fn run() { let _ = super::P; let _ = super::super::far::Far; }\n",
            "m/table/mod.rs": "mod read;\npub use read::Reader;\n",
            "m/table/read.rs": "pub struct Reader;\n",
            "user.rs": "",
        })
        self.assertEqual(self.edges(src, "m/k.rs"), ["far.rs", "m/mod.rs"])
        self.assertEqual(self.edges(src, "m/mod.rs"), ["m/k.rs"])
        status, out = self.check(src)
        self.assertIn(f"cycle of 2 files: {src / 'm/k.rs'} -> {src / 'm/mod.rs'} -> {src / 'm/k.rs'}", out)
        # A module brought in by `use`, then named inline; the crate's own name in a binary.
        (src / "lib.rs").write_text("mod m;\nmod far;\nmod user;\npub use far::Far;\n")
        (src / "user.rs").write_text("use crate::m::table;\nfn f() { table::Reader::new(); }\n")
        (src / "main.rs").write_text("fn main() { fake_crate::Far; }\n")
        self.assertEqual(self.edges(src, "user.rs"), ["m/table/mod.rs", "m/table/read.rs"])
        self.assertEqual(self.edges(src, "main.rs"), ["far.rs"])

    def test_strings_and_comments_are_no_edges(self):
        src = self.crate({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": '''\
                //! Module doc: crate::b::B
                /// Item doc: [`B`](crate::b::B)
                pub struct A;
                /* crate::b::B /* nested crate::b::B */ crate::b::B */
                fn f<'a>(x: &'a str) -> char {
                    let _ = "crate::b::B \\" crate::b::B";
                    let _ = r#"crate::b::B "crate::b::B""#;
                    let _ = b"crate::b::B";
                    let _ = '"'; // crate::b::B
                    let _ = '\\'';
                    '{'
                }
            ''',
            "b.rs": "use crate::a::A;\npub struct B;\n",
        })
        self.assertEqual(self.edges(src, "a.rs"), [])
        self.assertEqual(self.check(src)[0], 0)

    def test_a_layer_rule_broken_fails(self):
        files = {
            "lib.rs": "mod error;\nmod store;\nmod server;\n",
            "error.rs": "pub struct Error;\n",
            "store.rs": "use crate::error::Error;\npub struct Store;\n",
            "server.rs": "use crate::store::Store;\npub fn go() {}\n",
        }
        rules = 'leaves = ["error"]\nprivate = ["server"]\nlayers = [["error"], ["store"], ["server"]]\n'
        self.assertEqual(self.check(self.crate(files, rules))[0], 0)
        files["error.rs"] += "fn f(_: crate::store::Store) {}\n"
        src = self.crate(files, rules)
        status, out = self.check(src)
        self.assertEqual(status, 1)
        self.assertIn(f"{src / 'error.rs'} imports {src / 'store.rs'}: error imports no other module", out)
        self.assertIn(f"{src / 'error.rs'} imports {src / 'store.rs'}: store is not below error", out)
        files["store.rs"] += "fn g() { crate::server::go(); }\n"
        src = self.crate(files, rules + 'forbid = { store = ["server"] }\n')
        out = self.check(src)[1]
        self.assertIn(f"{src / 'store.rs'} imports {src / 'server.rs'}: store must not import server", out)
        self.assertIn(f"{src / 'store.rs'} imports {src / 'server.rs'}: only the crate root imports server", out)


if __name__ == "__main__":
    unittest.main()
