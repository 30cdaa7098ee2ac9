//! Files → one tree ([`Tree::read_files`]): read in parallel as `read_files` reads them, in
//! one pass, or in two when rare nodes are pruned (a sketch first, then exact counts of the
//! nodes it lets through).

use std::path::Path;
use std::sync::Arc;

use super::builder::TreeBuilder;
use super::frozen::Tree;
use super::plan::{Only, Plan};
use super::sketch::{Sketch, Sketching};
use crate::decompress::Compression;
use crate::file_read::FileError;
use crate::files::read_files;
use crate::open::Input;
use crate::options::Options;
use crate::progress::Progress;
use crate::read::read;
use crate::sink::ReadError;

impl Tree {
    /// The tree `plan` asks for, of the games of the files at `paths` (`-`: stdin) that
    /// `options` keeps, read on every core ([`read_files`]), adding to
    /// `progress`; and each file that could not be read to its end (the games before are
    /// counted).
    ///
    /// Memory: with `min_games` 1 every node reached is kept. With more, and files (not
    /// stdin), the files are read twice: first into a count-min sketch of fixed size
    /// (at most [`Tree::SKETCH_BYTES`], less for a small input: a counter a row for every 4
    /// bytes of PGN) that never counts a node low, then counting exactly only the
    /// nodes the sketch lets reach `min_games` (a few rarer ones among them, dropped at the
    /// end): memory is the sketch and the nodes kept. From stdin, read once, every node is
    /// kept until the end.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Options, Progress, tree::{Plan, Tree}};
    ///
    /// let path = std::env::temp_dir().join(format!("tree-{}.pgn", std::process::id()));
    /// let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
    /// let games = ["1. g3 g6 2. b3 1-0", "1. b3 g6 2. g3 1/2-1/2", "1. g3 b6 0-1", "1. b4 *"];
    /// let pgn: String = games.iter().map(|m| format!("[FEN \"{fen}\"]\n[Variant \"Chess960\"]\n\n{m}\n\n")).collect();
    /// std::fs::write(&path, pgn)?;
    /// let sp = StartingPosition::from_id(105).unwrap().into();
    /// let (tree, errors) = Tree::read_files(&[&path], &Options::default(), &Plan::starts(vec![sp]), &Progress::default());
    /// assert!(errors.is_empty());
    /// let root = tree.node(sp, &[] as &[&str]).unwrap();
    /// assert_eq!((root.white, root.draws, root.black), (1, 1, 1)); // 1. b4 is unfinished
    /// assert_eq!(root.moves[0].san.as_str(), "g3");
    /// // 1. g3 g6 2. b3 and 1. b3 g6 2. g3 meet.
    /// let met = tree.node(sp, &["g2g3", "g7g6", "b2b3"]).unwrap();
    /// assert_eq!((met.white, met.draws, met.black), (0, 0, 0)); // the games end there
    /// let after_g6 = tree.node(sp, &["b2b3", "g7g6"]).unwrap();
    /// assert_eq!(after_g6.moves[0].uci.to_string(), "g2g3");
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_files(
        paths: &[impl AsRef<Path> + Sync],
        options: &Options,
        plan: &Plan,
        progress: &Progress,
    ) -> (Tree, Vec<FileError>) {
        let options = Tree::options(options, plan);
        let sketch = Tree::two_passes(paths, plan).then(|| {
            let sketch = Arc::new(Sketch::for_input(pgn_bytes(paths)));
            // Errors are the second pass's to report: it reads the same files.
            let _ = read_files(
                paths,
                &options,
                progress,
                |_| Sketching::new(plan, sketch.clone()),
                |_, _| Ok(()),
            );
            sketch
        });
        let mut tree = TreeBuilder::of_file(plan.clone(), 0, None);
        let read = read_files(
            paths,
            &options,
            progress,
            |part| TreeBuilder::of_file(plan.clone(), part.file, sketch.clone()),
            |part, builder| {
                tree.merge(builder, part.games_before, part.bytes_before);
                Ok(())
            },
        );
        // Neither the sinks nor the merge can fail: an error is a reader that panicked.
        let errors = read.unwrap_or_else(|error| {
            let first = paths.first().map_or(Path::new("-"), AsRef::as_ref);
            vec![FileError::unopened(first, error)]
        });
        (tree.finish(), errors)
    }

    /// The tree `plan` asks for, of the games of one input that `options` keeps, read once
    /// (with `min_games` over 1, every node is kept until the end, then pruned).
    ///
    /// # Errors
    ///
    /// The input's, after the games before it ([`ReadError`]).
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 1/2-1/2\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// let root = tree.node(sp, &[] as &[&str])?;
    /// assert_eq!((root.white, root.draws, root.black, root.moves.len()), (1, 1, 0, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(input: &mut Input, options: &Options, plan: &Plan) -> Result<Tree, ReadError> {
        let mut tree = TreeBuilder::new(plan);
        read(input, &mut tree, &Tree::options(options, plan))?;
        Ok(tree.finish())
    }

    /// The options a tree of `plan` reads games with: `options`, the plan's plies
    /// replayed, and the games' details read when it keeps games.
    ///
    /// ```
    /// use chess960_pgn::{Options, tree::{Plan, Tree}};
    ///
    /// let options = Tree::options(&Options::default(), &Plan::all().plies(12).top_games(4));
    /// assert_eq!((options.max_plies, options.details), (Some(12), true));
    /// ```
    pub fn options(options: &Options, plan: &Plan) -> Options {
        options.max_plies(plan.plies).details(plan.kept().any())
    }

    /// Whether [`Tree::read_files`] reads `paths` twice for `plan`: to prune rare nodes
    /// (`min_games` over 1) of a whole tree, from files (not stdin, nor any path
    /// [read once](crate::Input::read_once)).
    ///
    /// ```
    /// use chess960_pgn::tree::{Plan, Tree};
    ///
    /// assert!(Tree::two_passes(&["a.pgn"], &Plan::all().min_games(5)));
    /// assert!(!Tree::two_passes(&["-"], &Plan::all().min_games(5)));
    /// assert!(!Tree::two_passes(&["a.pgn"], &Plan::all()));
    /// ```
    pub fn two_passes(paths: &[impl AsRef<Path>], plan: &Plan) -> bool {
        let streams = paths.iter().any(Input::read_once);
        plan.min_games > 1 && plan.only == Only::Every && !streams
    }

    /// The memory of the first pass's sketch at most, when rare nodes are pruned: 64 MiB.
    pub const SKETCH_BYTES: usize = Sketch::BYTES;
}

/// The bytes of PGN in the files, about: a compressed file's size counts ten times (PGN
/// compresses about so); `None` when a size cannot be read.
fn pgn_bytes(paths: &[impl AsRef<Path>]) -> Option<u64> {
    use std::io::Read;
    paths.iter().try_fold(0u64, |total, path| {
        let size = std::fs::metadata(path)
            .ok()
            .filter(|meta| meta.is_file())?
            .len();
        let mut start = [0u8; 4];
        let read = std::fs::File::open(path).ok()?.read(&mut start).ok()?;
        let factor = match Compression::detect(start.get(..read)?) {
            Compression::Plain => 1,
            _ => 10,
        };
        Some(total.saturating_add(size.saturating_mul(factor)))
    })
}
