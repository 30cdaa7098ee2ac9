//! tantivy-sstable with byte-string values: it ships value types of (), u64, ranges and
//! `Vec<u32>`, and lets its user define others (`SSTable`, `ValueReader`, `ValueWriter`).
//! A block's values are its number of values and their lengths (LEB128), then their bytes,
//! before the block's keys, all compressed together (zstd level 3) when over 2 KiB. Reading
//! a damaged block is an error here, never a panic nor an allocation past the block's bytes.

use std::io;

use tantivy_sstable::SSTable;
use tantivy_sstable::value::{ValueReader, ValueWriter};

use crate::data::leb128;

pub struct BytesSSTable;

impl SSTable for BytesSSTable {
    type Value = Vec<u8>;
    type ValueReader = BytesReader;
    type ValueWriter = BytesWriter;
}

#[derive(Default)]
pub struct BytesWriter {
    bytes: Vec<u8>,
    lens: Vec<usize>,
}

impl ValueWriter for BytesWriter {
    type Value = Vec<u8>;

    fn write(&mut self, value: &Vec<u8>) {
        self.bytes.extend_from_slice(value);
        self.lens.push(value.len());
    }

    fn serialize_block(&self, output: &mut Vec<u8>) {
        leb128(output, self.lens.len() as u64);
        for &len in &self.lens {
            leb128(output, len as u64);
        }
        output.extend_from_slice(&self.bytes);
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.lens.clear();
    }
}

#[derive(Default)]
pub struct BytesReader {
    values: Vec<Vec<u8>>,
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

fn read_leb128(data: &[u8], at: &mut usize) -> io::Result<usize> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *data.get(*at).ok_or_else(|| invalid("values cut short"))?;
        *at += 1;
        n |= u64::from(byte & 0x7F) << shift;
        if byte < 0x80 {
            return usize::try_from(n).map_err(|_| invalid("length too large"));
        }
    }
    Err(invalid("LEB128 too long"))
}

impl ValueReader for BytesReader {
    type Value = Vec<u8>;

    fn value(&self, idx: usize) -> &Vec<u8> {
        &self.values[idx]
    }

    fn load(&mut self, data: &[u8]) -> io::Result<usize> {
        let mut at = 0;
        let count = read_leb128(data, &mut at)?;
        if count > data.len() {
            return Err(invalid("more values than bytes"));
        }
        let mut lens = Vec::with_capacity(count);
        let mut total = 0usize;
        for _ in 0..count {
            let len = read_leb128(data, &mut at)?;
            total = total.saturating_add(len);
            lens.push(len);
        }
        if total > data.len() - at {
            return Err(invalid("values past the block"));
        }
        self.values.resize_with(count, Vec::new);
        for (value, len) in self.values.iter_mut().zip(lens) {
            value.clear();
            value.extend_from_slice(&data[at..at + len]);
            at += len;
        }
        Ok(at)
    }
}
