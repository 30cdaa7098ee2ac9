//! Fixed-size items sorted in bounded memory ([`Sorter`]): held in 256 buckets by their first
//! byte until the memory given is full, then each bucket sorted (on every thread) and the
//! whole written to a run in a temporary folder; at the end, the runs merged (or, when none
//! was written, the buckets read in order).

use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// An item a [`Sorter`] sorts: ordered, written as `SIZE` bytes whose first is the byte its
/// bucket is chosen by (items of a lower first byte sort first).
pub(crate) trait Item: Copy + Ord + Send + 'static {
    /// Its size on disk.
    const SIZE: usize;
    /// Writes it to `out` (`SIZE` bytes).
    fn put(&self, out: &mut [u8]);
    /// The item `bytes` hold (`SIZE` of them).
    fn get(bytes: &[u8]) -> Self;
    /// Its first byte: every item of a lower one sorts before it.
    fn first_byte(&self) -> u8;

    /// Sorts `items` in their order.
    fn sort(items: &mut [Self]) {
        items.sort_unstable();
    }
}

/// Items being sorted.
#[derive(Debug)]
pub(crate) struct Sorter<T> {
    buckets: Vec<Vec<T>>,
    /// The items the buckets have room for (what they hold in memory).
    room: usize,
    /// The room held before a run is written.
    limit: usize,
    dir: PathBuf,
    name: &'static str,
    /// Each run written, and the items of each bucket in it.
    runs: Vec<(PathBuf, Vec<u64>)>,
    threads: usize,
}

/// The buffer of a reader of a bucket's part of a run (small: many are open at once).
const READ_BUFFER: usize = 1 << 17;

impl<T: Item> Sorter<T> {
    /// A sorter holding at most `memory` bytes of items, its runs written in `dir` under
    /// `name`, sorting on `threads` threads.
    pub(crate) fn new(memory: usize, dir: &Path, name: &'static str, threads: usize) -> Sorter<T> {
        Sorter {
            buckets: (0..256).map(|_| Vec::new()).collect(),
            room: 0,
            limit: (memory / std::mem::size_of::<T>().max(1)).max(1024),
            dir: dir.to_owned(),
            name,
            runs: Vec::new(),
            threads: threads.max(1),
        }
    }

    /// Adds `item`, writing a run first when the memory is full.
    pub(crate) fn push(&mut self, item: T) -> io::Result<()> {
        if self.room >= self.limit {
            self.spill()?;
        }
        if let Some(bucket) = self.buckets.get_mut(usize::from(item.first_byte())) {
            let room = bucket.capacity();
            if bucket.len() == room {
                // Grown by an eighth, not doubled: the memory given holds items, not room
                // (a large allocation grows in place, by remapping its pages). At least a
                // 512th of the limit: little memory is not filled by 256 first reservations
                // (a run every few items), nor is much by many small reservations.
                bucket.reserve_exact((room / 8).max((self.limit / 512).min(1024)));
            }
            bucket.push(item);
            self.room += bucket.capacity() - room;
        }
        Ok(())
    }

    /// The runs written, or to be written once it finishes: none if everything fits in
    /// memory, else one more than so far for what it holds.
    pub(crate) fn runs(&self) -> usize {
        let held = self.buckets.iter().any(|bucket| !bucket.is_empty());
        match self.runs.len() {
            0 => 0,
            n => n + usize::from(held),
        }
    }

    /// Sorts each bucket, on every thread.
    fn sort_buckets(&mut self) {
        let per_thread = self.buckets.len().div_ceil(self.threads);
        std::thread::scope(|scope| {
            for group in self.buckets.chunks_mut(per_thread) {
                scope.spawn(move || group.iter_mut().for_each(|bucket| T::sort(bucket)));
            }
        });
    }

    /// Writes the items held as a sorted run, and frees them.
    fn spill(&mut self) -> io::Result<()> {
        self.sort_buckets();
        let path = self
            .dir
            .join(format!("{}-{}.run", self.name, self.runs.len()));
        let mut out = File::create(&path)?;
        // A bucket at a time, its items' bytes made in one buffer and written at once.
        let mut bytes = Vec::new();
        let mut counts = Vec::with_capacity(self.buckets.len());
        for bucket in &mut self.buckets {
            bytes.resize(bucket.len() * T::SIZE, 0);
            for (item, out) in bucket.iter().zip(bytes.chunks_exact_mut(T::SIZE)) {
                item.put(out);
            }
            out.write_all(&bytes)?;
            counts.push(bucket.len() as u64);
            *bucket = Vec::new();
        }
        self.runs.push((path, counts));
        self.room = 0;
        Ok(())
    }

    /// Every item, in order.
    pub(crate) fn finish(self) -> io::Result<impl Iterator<Item = io::Result<T>>> {
        let buckets = self.finish_buckets()?;
        Ok(buckets.into_iter().flat_map(|bucket| {
            let items: Box<dyn Iterator<Item = io::Result<T>>> = match bucket.items() {
                Ok(items) => Box::new(items),
                Err(err) => Box::new(std::iter::once(Err(err))),
            };
            items
        }))
    }

    /// Every item, bucket by bucket: each bucket's items in order, to be read on threads of
    /// their own.
    pub(crate) fn finish_buckets(mut self) -> io::Result<Vec<Bucket<T>>> {
        if self.runs.is_empty() {
            self.sort_buckets();
            let buckets = std::mem::take(&mut self.buckets);
            return Ok(buckets.into_iter().map(Bucket::Held).collect());
        }
        if self.buckets.iter().any(|bucket| !bucket.is_empty()) {
            self.spill()?;
        }
        let mut buckets = Vec::with_capacity(256);
        for at in 0..256 {
            let mut parts = Vec::new();
            for (path, counts) in &self.runs {
                let before: u64 = counts.iter().take(at).sum();
                let count = counts.get(at).copied().unwrap_or(0);
                if count > 0 {
                    parts.push((path.clone(), before * T::SIZE as u64, count));
                }
            }
            buckets.push(Bucket::Runs(parts));
        }
        Ok(buckets)
    }
}

/// The items of one bucket: held, sorted, or in parts of runs (a path, an offset, a count).
#[derive(Debug)]
pub(crate) enum Bucket<T> {
    Held(Vec<T>),
    Runs(Vec<(PathBuf, u64, u64)>),
}

impl<T: Item> Bucket<T> {
    /// Its items, in order.
    pub(crate) fn items(self) -> io::Result<Sorted<T>> {
        match self {
            Bucket::Held(items) => Ok(Sorted::Held(items.into_iter())),
            Bucket::Runs(parts) => {
                let mut heap = BinaryHeap::new();
                let mut readers = Vec::new();
                for (at, (path, offset, count)) in parts.iter().enumerate() {
                    let mut reader = Run::<T>::open(path, *offset, *count)?;
                    if let Some(item) = reader.next_item()? {
                        heap.push(std::cmp::Reverse((item, at)));
                    }
                    readers.push(reader);
                }
                Ok(Sorted::Merged { heap, readers })
            }
        }
    }
}

/// `count` items of a run, from `offset`.
pub(crate) struct Run<T> {
    file: BufReader<File>,
    bytes: Vec<u8>,
    left: u64,
    item: std::marker::PhantomData<T>,
}

impl<T: Item> Run<T> {
    fn open(path: &Path, offset: u64, count: u64) -> io::Result<Run<T>> {
        let mut file = File::open(path)?;
        std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(offset))?;
        Ok(Run {
            file: BufReader::with_capacity(READ_BUFFER, file),
            bytes: vec![0; T::SIZE],
            left: count,
            item: std::marker::PhantomData,
        })
    }

    fn next_item(&mut self) -> io::Result<Option<T>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        // A run shorter than its counts is an error (the end of the file included).
        self.file.read_exact(&mut self.bytes)?;
        Ok(Some(T::get(&self.bytes)))
    }
}

/// The items of a bucket of a [`Sorter`], in order.
pub(crate) enum Sorted<T> {
    /// None was written: the bucket, sorted.
    Held(std::vec::IntoIter<T>),
    /// Its parts of the runs, merged.
    Merged {
        heap: BinaryHeap<std::cmp::Reverse<(T, usize)>>,
        readers: Vec<Run<T>>,
    },
}

impl<T: Item> Iterator for Sorted<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        match self {
            Sorted::Held(items) => items.next().map(Ok),
            Sorted::Merged { heap, readers } => {
                let std::cmp::Reverse((item, at)) = heap.pop()?;
                let reader = readers.get_mut(at)?;
                match reader.next_item() {
                    Ok(Some(next)) => heap.push(std::cmp::Reverse((next, at))),
                    Ok(None) => {}
                    Err(err) => return Some(Err(err)),
                }
                Some(Ok(item))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Item, Sorter};

    impl Item for u64 {
        const SIZE: usize = 8;
        fn put(&self, out: &mut [u8]) {
            out.copy_from_slice(&self.to_be_bytes());
        }
        fn get(bytes: &[u8]) -> u64 {
            u64::from_be_bytes(bytes.try_into().unwrap())
        }
        fn first_byte(&self) -> u8 {
            (self >> 56) as u8
        }
    }

    #[test]
    fn items_come_back_sorted_whether_held_or_spilled() {
        let dir = tempfile::tempdir().unwrap();
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let items: Vec<u64> = (0..50_000)
            .map(|n| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Repeats too.
                if n % 10 == 0 { 42 } else { x }
            })
            .collect();
        let mut expected = items.clone();
        expected.sort_unstable();
        for (memory, spilled) in [(1 << 30, false), (8 * 4096, true)] {
            let sorter = || {
                let mut sorter = Sorter::new(memory, dir.path(), "test", 3);
                for &item in &items {
                    sorter.push(item).unwrap();
                }
                assert_eq!(sorter.runs() > 1, spilled);
                // 50,000 items, 4,096 at a time: runs of thousands, not of a few items.
                assert!(sorter.runs() <= 50_000 / 2048, "{} runs", sorter.runs());
                sorter
            };
            let sorted: Vec<u64> = sorter().finish().unwrap().map(Result::unwrap).collect();
            assert_eq!(sorted, expected);
            let buckets = sorter().finish_buckets().unwrap();
            assert_eq!(buckets.len(), 256);
            let by_bucket: Vec<u64> = buckets
                .into_iter()
                .flat_map(|bucket| bucket.items().unwrap().map(Result::unwrap))
                .collect();
            assert_eq!(by_bucket, expected);
        }
    }
}
