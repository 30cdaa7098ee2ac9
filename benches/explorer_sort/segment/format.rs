//! The formats a segment is written in (redb in key order, grenad's sorted files), and the streaming merge of two.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A segment file format: redb in one file, or grenad's three files with a compression and
/// block size.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    Redb,
    Grenad(grenad::CompressionType, usize),
}

impl Format {
    pub fn parse(name: &str) -> Option<Format> {
        if name == "redb" {
            return Some(Format::Redb);
        }
        let mut parts = name.split('-');
        if parts.next() != Some("grenad") {
            return None;
        }
        let compression = match parts.next()? {
            "zstd" => grenad::CompressionType::Zstd,
            "lz4" => grenad::CompressionType::Lz4,
            "none" => grenad::CompressionType::None,
            _ => return None,
        };
        let kib: usize = parts.next().map_or(Some(8), |k| k.parse().ok())?;
        Some(Format::Grenad(compression, kib << 10))
    }

    pub(super) fn name(self) -> String {
        match self {
            Format::Redb => "redb".into(),
            Format::Grenad(c, size) => format!("grenad {c:?} {} KiB", size >> 10),
        }
    }

    /// The segment's files, by part.
    pub(super) fn files(self, dir: &Path) -> Vec<(&'static str, PathBuf)> {
        match self {
            Format::Redb => vec![("all", dir.join("segment.redb"))],
            Format::Grenad(..) => ["shared", "one", "games"]
                .iter()
                .map(|part| (*part, dir.join(format!("{part}.grenad"))))
                .collect(),
        }
    }

    /// Bytes by part: grenad's files; redb's tables' pages, and the whole file.
    pub(super) fn bytes(self, dir: &Path) -> Res<Vec<(String, u64)>> {
        let mut out = Vec::new();
        match self {
            Format::Redb => {
                let path = &self.files(dir)[0].1;
                let db = Builder::new().open_read_only(path)?;
                let txn = db.begin_read()?;
                let pages =
                    |stats: redb::TableStats| (stats.leaf_pages() + stats.branch_pages()) * 4096;
                out.push(("shared".into(), pages(txn.open_table(SHARED)?.stats()?)));
                out.push(("one".into(), pages(txn.open_table(ONE)?.stats()?)));
                out.push(("games".into(), pages(txn.open_table(GAMES)?.stats()?)));
                out.push(("file".into(), fs::metadata(path)?.len()));
            }
            Format::Grenad(..) => {
                let mut total = 0;
                for (part, path) in self.files(dir) {
                    let len = fs::metadata(&path)?.len();
                    total += len;
                    out.push((part.into(), len));
                }
                out.push(("file".into(), total));
            }
        }
        Ok(out)
    }

    pub(super) fn grenad_writer(self, path: &Path) -> Res<grenad::Writer<BufWriter<File>>> {
        let Format::Grenad(compression, block) = self else {
            unreachable!()
        };
        Ok(grenad::Writer::builder()
            .compression_type(compression)
            .compression_level(3)
            .block_size(block)
            .build(BufWriter::with_capacity(1 << 20, File::create(path)?)))
    }

    pub(super) fn grenad_finish(writer: grenad::Writer<BufWriter<File>>) -> Res<()> {
        let file = writer
            .into_inner()?
            .into_inner()
            .map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(())
    }

    /// Writes `seg` into `dir` (created), synced.
    pub fn write(self, seg: &Segment, dir: &Path) -> Res<()> {
        let _ = fs::remove_dir_all(dir);
        fs::create_dir_all(dir)?;
        match self {
            Format::Redb => {
                let db = Builder::new().create(&self.files(dir)[0].1)?;
                let txn = db.begin_write()?;
                {
                    let mut table = txn.open_table(SHARED)?;
                    for (at, key) in seg.keys.iter().enumerate() {
                        table.insert(key, seg.value(at))?;
                    }
                    let mut table = txn.open_table(ONE)?;
                    for &entry in &seg.one {
                        table.insert(entry, ())?;
                    }
                    let mut table = txn.open_table(GAMES)?;
                    for (number, record) in &seg.games {
                        table.insert(number, record.as_slice())?;
                    }
                }
                txn.commit()?;
            }
            Format::Grenad(..) => {
                let files = self.files(dir);
                let mut writer = self.grenad_writer(&files[0].1)?;
                for (at, key) in seg.keys.iter().enumerate() {
                    writer.insert(key, seg.value(at))?;
                }
                Self::grenad_finish(writer)?;
                let mut writer = self.grenad_writer(&files[1].1)?;
                for &entry in &seg.one {
                    writer.insert(entry.to_be_bytes(), [])?;
                }
                Self::grenad_finish(writer)?;
                let mut writer = self.grenad_writer(&files[2].1)?;
                for (number, record) in &seg.games {
                    writer.insert(number.to_be_bytes(), record)?;
                }
                Self::grenad_finish(writer)?;
            }
        }
        Ok(())
    }

    pub fn open(self, dir: &Path) -> Res<Box<dyn Lookup>> {
        let files = self.files(dir);
        Ok(match self {
            Format::Redb => {
                let db = Builder::new().open_read_only(&files[0].1)?;
                let txn = db.begin_read()?;
                Box::new(RedbLookup {
                    shared: txn.open_table(SHARED)?,
                    one: txn.open_table(ONE)?,
                    games: txn.open_table(GAMES)?,
                    _db: db,
                })
            }
            Format::Grenad(..) => {
                let cursor = |at: usize| -> Res<grenad::ReaderCursor<File>> {
                    Ok(grenad::Reader::new(File::open(&files[at].1)?)?.into_cursor()?)
                };
                Box::new(GrenadLookup {
                    shared: cursor(0)?,
                    one: cursor(1)?,
                    games: cursor(2)?,
                })
            }
        })
    }

    /// Merges the segments in `a` and `b` into `out` by reading both in key order, summing
    /// shared groups of equal keys. Returns the merged segment's visits (a check).
    pub fn merge(self, a: &Path, b: &Path, out: &Path) -> Res<u64> {
        let _ = fs::remove_dir_all(out);
        fs::create_dir_all(out)?;
        let mut visits = 0;
        let mut buf = Vec::new();
        match self {
            Format::Redb => {
                let open = |dir: &Path| -> Res<_> {
                    let db = Builder::new().open_read_only(&self.files(dir)[0].1)?;
                    let txn = db.begin_read()?;
                    Ok((
                        txn.open_table(SHARED)?,
                        txn.open_table(ONE)?,
                        txn.open_table(GAMES)?,
                        db,
                    ))
                };
                let (sa, oa, ga, _da) = open(a)?;
                let (sb, ob, gb, _db) = open(b)?;
                let db = Builder::new().create(&self.files(out)[0].1)?;
                let txn = db.begin_write()?;
                {
                    let owned =
                        |e: Entry<[u8; 12], &[u8]>| e.map(|(k, v)| (k.value(), v.value().to_vec()));
                    let mut table = txn.open_table(SHARED)?;
                    merge2(sa.iter()?.map(owned), sb.iter()?.map(owned), |key, x, y| {
                        let value = match y {
                            None => x,
                            Some(y) => {
                                sum_values([x.as_slice(), y.as_slice()].into_iter(), &mut buf);
                                buf.clone()
                            }
                        };
                        visits += games_of(&decode(&value));
                        table.insert(key, value.as_slice())?;
                        Ok(())
                    })?;
                    let mut table = txn.open_table(ONE)?;
                    let keys = |e: Entry<u64, ()>| e.map(|(k, _)| (k.value(), ()));
                    merge2(oa.iter()?.map(keys), ob.iter()?.map(keys), |key, _, _| {
                        visits += 1;
                        table.insert(key, ())?;
                        Ok(())
                    })?;
                    let mut table = txn.open_table(GAMES)?;
                    let records =
                        |e: Entry<u32, &[u8]>| e.map(|(k, v)| (k.value(), v.value().to_vec()));
                    merge2(
                        ga.iter()?.map(records),
                        gb.iter()?.map(records),
                        |key, x, _| {
                            table.insert(key, x.as_slice())?;
                            Ok(())
                        },
                    )?;
                }
                txn.commit()?;
            }
            Format::Grenad(..) => {
                let (fa, fb, fo) = (self.files(a), self.files(b), self.files(out));
                for at in 0..3 {
                    let mut builder = grenad::MergerBuilder::new(Sum);
                    for files in [&fa, &fb] {
                        builder
                            .push(grenad::Reader::new(File::open(&files[at].1)?)?.into_cursor()?);
                    }
                    let mut iter = builder.build().into_stream_merger_iter()?;
                    let mut writer = self.grenad_writer(&fo[at].1)?;
                    while let Some((key, value)) = iter.next().map_err(|e| e.to_string())? {
                        match at {
                            0 => visits += games_of(&decode(value)),
                            1 => visits += 1,
                            _ => {}
                        }
                        writer.insert(key, value)?;
                    }
                    Self::grenad_finish(writer)?;
                }
            }
        }
        Ok(visits)
    }
}

/// Two sorted streams merged, `each` called with a key's value from each side.
pub(super) fn merge2<K: Ord, V>(
    mut a: impl Iterator<Item = Result<(K, V), redb::StorageError>>,
    mut b: impl Iterator<Item = Result<(K, V), redb::StorageError>>,
    mut each: impl FnMut(K, V, Option<V>) -> Res<()>,
) -> Res<()> {
    let mut x = a.next().transpose()?;
    let mut y = b.next().transpose()?;
    loop {
        match (x.take(), y.take()) {
            (None, None) => return Ok(()),
            (Some((k, v)), None) => {
                each(k, v, None)?;
                x = a.next().transpose()?;
            }
            (None, Some((k, v))) => {
                each(k, v, None)?;
                y = b.next().transpose()?;
            }
            (Some((ka, va)), Some((kb, vb))) => {
                if ka < kb {
                    each(ka, va, None)?;
                    x = a.next().transpose()?;
                    y = Some((kb, vb));
                } else if kb < ka {
                    each(kb, vb, None)?;
                    y = b.next().transpose()?;
                    x = Some((ka, va));
                } else {
                    each(ka, va, Some(vb))?;
                    x = a.next().transpose()?;
                    y = b.next().transpose()?;
                }
            }
        }
    }
}

/// grenad's merge function: shared values summed (never called for the other parts, whose
/// keys are unique across halves).
pub(super) struct Sum;

impl grenad::MergeFunction for Sum {
    type Error = io::Error;

    fn merge<'a>(&self, _key: &[u8], values: &[Cow<'a, [u8]>]) -> io::Result<Cow<'a, [u8]>> {
        if let [only] = values {
            return Ok(only.clone());
        }
        let mut out = Vec::new();
        sum_values(values.iter().map(|v| v.as_ref()), &mut out);
        Ok(Cow::Owned(out))
    }
}
