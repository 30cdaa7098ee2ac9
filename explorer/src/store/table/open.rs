//! Opening a table: its header, footer and block index read from the file and checked
//! ([`open`]), the block index kept ([`BlockEntry`]); and the file's positioned reads.

use std::fs::File;
use std::io;
use std::path::Path;

use super::{
    FLAG_COMPRESSED, FOOTER_LEN, HEADER_LEN, INDEX_ENTRY_LEN, MAGIC, MAX_BLOCK, MAX_KEY_LEN,
    TableError, VERSION, corrupt,
};

/// A block as the block index describes it.
#[derive(Debug)]
pub(super) struct BlockEntry {
    /// Its offset in the file.
    pub(super) offset: u64,
    /// Its length on disk, its first byte included.
    pub(super) disk_len: u32,
    /// Its entries' length, uncompressed.
    pub(super) raw_len: u32,
    /// Its number of entries.
    pub(super) entries: u32,
    /// CRC32 of its bytes on disk.
    pub(super) crc: u32,
    /// Its first key.
    pub(super) first_key: Box<[u8]>,
}

/// A table's file opened, its header, footer and block index checked.
#[derive(Debug)]
pub(super) struct Opened {
    /// The file.
    pub(super) file: File,
    /// Whether the header allows compressed blocks.
    pub(super) compressed: bool,
    /// The table's number of entries.
    pub(super) entries: u64,
    /// The file's size.
    pub(super) bytes: u64,
    /// The block index.
    pub(super) blocks: Vec<BlockEntry>,
}

/// Fixed-size fields read one after another from a slice.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    /// The next `N` bytes.
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], TableError> {
        let (field, rest) = self
            .0
            .split_first_chunk::<N>()
            .ok_or(corrupt("a field runs past its part of the file"))?;
        self.0 = rest;
        Ok(*field)
    }

    /// The next u32, little-endian.
    fn u32(&mut self) -> Result<u32, TableError> {
        self.bytes().map(u32::from_le_bytes)
    }

    /// The next u64, little-endian.
    fn u64(&mut self) -> Result<u64, TableError> {
        self.bytes().map(u64::from_le_bytes)
    }
}

/// Fills `buf` with the file's bytes from `offset`, without moving a cursor others share.
#[cfg(unix)]
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

/// Fills `buf` with the file's bytes from `offset`, without moving a cursor others share.
#[cfg(windows)]
pub(super) fn read_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(read) => {
                buf = std::mem::take(&mut buf).get_mut(read..).unwrap_or_default();
                offset += read as u64;
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(())
}

/// Fills `buf` with the file's bytes from `offset`: no positioned reads here.
#[cfg(not(any(unix, windows)))]
pub(super) fn read_at(_file: &File, _buf: &mut [u8], _offset: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// `length` bytes of the file from `offset`.
pub(super) fn read_vec(file: &File, offset: u64, length: usize) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0; length];
    read_at(file, &mut bytes, offset)?;
    Ok(bytes)
}

/// Opens the table at `path` and checks its header, footer and block index (their CRCs
/// when `checksums`).
pub(super) fn open(
    path: &Path,
    kind: [u8; 4],
    key_len: usize,
    checksums: bool,
) -> Result<Opened, TableError> {
    let file = File::open(path)?;
    let bytes = file.metadata()?.len();
    if bytes < HEADER_LEN + FOOTER_LEN {
        return Err(corrupt("the file is shorter than a header and a footer"));
    }
    let header: [u8; HEADER_LEN as usize] = {
        let mut header = [0; HEADER_LEN as usize];
        read_at(&file, &mut header, 0)?;
        header
    };
    let mut fields = Fields(&header);
    if fields.bytes::<8>()? != MAGIC {
        return Err(corrupt("the file does not begin with the table magic"));
    }
    let version = fields.u32()?;
    if version != VERSION {
        return Err(TableError::Version { found: version });
    }
    let found_kind = fields.bytes::<4>()?;
    let [found_key_len, flags] = fields.bytes::<2>()?;
    let crc = fields.u32()?;
    if checksums && header.get(..18).map(crc32fast::hash) != Some(crc) {
        return Err(corrupt("the header's checksum does not match its bytes"));
    }
    if flags & !FLAG_COMPRESSED != 0 {
        return Err(corrupt("the header sets flags this version does not know"));
    }
    if found_kind != kind {
        return Err(TableError::Kind {
            found: found_kind,
            expected: kind,
        });
    }
    let found_key_len = usize::from(found_key_len);
    if !(1..=MAX_KEY_LEN).contains(&found_key_len) {
        return Err(corrupt("the header's key length is not 1 to 64"));
    }
    if found_key_len != key_len {
        return Err(TableError::KeyLen {
            found: found_key_len,
            expected: key_len,
        });
    }

    let footer: [u8; FOOTER_LEN as usize] = {
        let mut footer = [0; FOOTER_LEN as usize];
        read_at(&file, &mut footer, bytes - FOOTER_LEN)?;
        footer
    };
    let mut fields = Fields(&footer);
    let index_offset = fields.u64()?;
    let index_len = fields.u32()?;
    let index_crc = fields.u32()?;
    let entries = fields.u64()?;
    let blocks = fields.u32()?;
    let footer_crc = fields.u32()?;
    if fields.bytes::<8>()? != MAGIC {
        return Err(corrupt(
            "the file does not end with the table magic (a table not finished, or cut)",
        ));
    }
    if checksums && footer.get(..28).map(crc32fast::hash) != Some(footer_crc) {
        return Err(corrupt("the footer's checksum does not match its bytes"));
    }
    if index_offset < HEADER_LEN
        || index_offset.checked_add(u64::from(index_len)) != Some(bytes - FOOTER_LEN)
    {
        return Err(corrupt(
            "the block index is not between the header and the footer",
        ));
    }
    let entry_len = INDEX_ENTRY_LEN + key_len;
    if u64::from(index_len) != u64::from(blocks) * entry_len as u64 {
        return Err(corrupt(
            "the block index's length is not its number of blocks' entries",
        ));
    }
    // Within the file's size, checked above.
    let index = read_vec(&file, index_offset, index_len as usize)?;
    if checksums && crc32fast::hash(&index) != index_crc {
        return Err(corrupt(
            "the block index's checksum does not match its bytes",
        ));
    }
    let compressed = flags & FLAG_COMPRESSED != 0;
    let blocks = read_index(&index, key_len, compressed)?;
    let end = blocks
        .last()
        .map_or(HEADER_LEN, |last| last.offset + u64::from(last.disk_len));
    if end != index_offset {
        return Err(corrupt(
            "the blocks do not end where the block index begins",
        ));
    }
    let counted = blocks
        .iter()
        .try_fold(0u64, |sum, block| sum.checked_add(u64::from(block.entries)));
    if counted != Some(entries) {
        return Err(corrupt("the footer's number of entries is not its blocks'"));
    }
    Ok(Opened {
        file,
        compressed,
        entries,
        bytes,
        blocks,
    })
}

/// Reads the block index: each block where the one before ends, none empty nor over
/// [`MAX_BLOCK`], first keys strictly increasing.
fn read_index(
    index: &[u8],
    key_len: usize,
    compressed: bool,
) -> Result<Vec<BlockEntry>, TableError> {
    let mut blocks: Vec<BlockEntry> = Vec::with_capacity(index.len() / (INDEX_ENTRY_LEN + key_len));
    let mut offset = HEADER_LEN;
    for (n, bytes) in (0u32..).zip(index.chunks_exact(INDEX_ENTRY_LEN + key_len)) {
        let error = |what| TableError::Block { block: n, what };
        let mut fields = Fields(bytes);
        let entry = BlockEntry {
            offset: fields.u64()?,
            disk_len: fields.u32()?,
            raw_len: fields.u32()?,
            entries: fields.u32()?,
            crc: fields.u32()?,
            first_key: fields.0.into(),
        };
        if entry.offset != offset {
            return Err(error("offset is not where the block before it ends"));
        }
        if entry.raw_len as usize > MAX_BLOCK {
            return Err(error("length uncompressed is over 64 MiB"));
        }
        // Every entry takes two bytes at least (its shared length and its value's length).
        if entry.entries == 0 || entry.raw_len / 2 < entry.entries {
            return Err(error("number of entries is not one to its length's half"));
        }
        let stored = u64::from(entry.raw_len) + 1;
        if entry.disk_len < 2 || u64::from(entry.disk_len) > stored {
            return Err(error("length on disk is not 2 to its length stored"));
        }
        if !compressed && u64::from(entry.disk_len) != stored {
            return Err(error(
                "length on disk is not its length stored, in a table not compressed",
            ));
        }
        if blocks
            .last()
            .is_some_and(|last| last.first_key >= entry.first_key)
        {
            return Err(error("first key is not above the block before's"));
        }
        offset += u64::from(entry.disk_len);
        blocks.push(entry);
    }
    Ok(blocks)
}
