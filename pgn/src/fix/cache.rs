//! Plans kept for tag sections alike: a database's games share a few tag layouts and a few
//! hundred start FENs, so most tag sections are fixed by a plan made for an earlier one. Two
//! sections share a plan when their lines have the same tag names in the same order (non-tag
//! lines where the other has them, and the same text of a line that is a broken Variant, SetUp
//! or FEN tag), the same values of the tags a repair reads or writes
//! (Variant, SetUp, FEN, the SP tag), the same first line end, and the same termination
//! marker: the plan depends on nothing else.

use std::collections::HashMap;

use super::header::{FixOptions, Plan, plan};
use super::lines::Line;

/// Plans at most; then the memory starts again (a few MiB).
const KEPT: usize = 8192;
/// Bytes of keys and plans kept at most: a crafted file may hold tag values of megabytes,
/// each distinct, and memory stays bounded whatever the input.
pub(super) const KEPT_BYTES: usize = 16 << 20;

/// The plan that changes nothing.
static NO_CHANGE: Plan = Plan {
    items: Vec::new(),
    written: Vec::new(),
    result: String::new(),
    changes: Vec::new(),
    refused: None,
    wants_marker: false,
};

/// The plans made so far, by their tag sections' keys.
#[derive(Default)]
pub(super) struct Cache {
    plans: HashMap<Vec<u8>, Plan>,
    key: Vec<u8>,
    /// The bytes the keys and plans hold.
    bytes: usize,
    /// A plan too large to keep, made for the last section.
    unkept: Option<Plan>,
}

impl Cache {
    /// The plan for `lines`, made if no section alike has been seen.
    pub(super) fn plan(
        &mut self,
        lines: &[Line],
        options: &FixOptions,
        marker: Option<&str>,
    ) -> &Plan {
        self.key.clear();
        let sp_tag = options.sp_tag.as_deref().map(str::as_bytes);
        for line in lines {
            let Some((name, value)) = &line.tag else {
                self.key.push(0x1d);
                if line.broken.is_some() {
                    // Such a line refuses the section, naming it.
                    self.key.extend_from_slice(line.text);
                    self.key.push(0x1e);
                }
                continue;
            };
            self.key.extend_from_slice(name);
            self.key.push(0x1f);
            if matches!(&name[..], b"Variant" | b"SetUp" | b"FEN") || Some(*name) == sp_tag {
                self.key.extend_from_slice(value);
                self.key.push(0x1e);
            }
        }
        self.key
            .push(u8::from(lines.first().is_some_and(|l| l.end == b"\r\n")));
        self.key
            .extend_from_slice(marker.unwrap_or("\0").as_bytes());
        if !self.plans.contains_key(&self.key) {
            let made = plan(lines, options, marker);
            let bytes = self.key.len() + made.bytes();
            if bytes > KEPT_BYTES / 64 {
                // Made afresh for each section this large: none is a database's usual.
                return self.unkept.insert(made);
            }
            if self.plans.len() >= KEPT || self.bytes + bytes > KEPT_BYTES {
                self.plans.clear();
                self.bytes = 0;
            }
            self.plans.insert(self.key.clone(), made);
            self.bytes += bytes;
        }
        // Just made if it was missing: always there.
        self.plans.get(&self.key).unwrap_or(&NO_CHANGE)
    }

    /// The bytes the keys and plans hold, as counted.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::{Cache, KEPT_BYTES};
    use crate::fix::header::FixOptions;
    use crate::fix::lines::split_lines;

    #[test]
    fn thousands_of_distinct_100_kb_tags_keep_the_plans_under_their_bound() {
        let mut cache = Cache::default();
        let options = FixOptions::default();
        let mut most = 0;
        for n in 0..2000 {
            // A Variant of 100 kB, each distinct, and a FEN the repair rewrites.
            let variant = format!("{n:06}{}", "x".repeat(100_000));
            let section = format!(
                "[Variant \"{variant}\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n"
            );
            let (lines, _) = split_lines(section.as_bytes());
            let _ = cache.plan(&lines, &options, None);
            most = most.max(cache.bytes());
        }
        assert!(most <= KEPT_BYTES, "{most} bytes");
        // Small sections alike are still kept, and counted.
        let (lines, _) = split_lines(b"[Variant \"chess 960\"]\n");
        let _ = cache.plan(&lines, &options, None);
        assert!(cache.bytes() > 0);
    }
}
