//! Plans kept for tag sections alike: a database's games share a few tag layouts and a few
//! hundred start FENs, so most tag sections are fixed by a plan made for an earlier one. Two
//! sections share a plan when their lines have the same tag names in the same order (non-tag
//! lines where the other has them), the same values of the tags a repair reads or writes
//! (Variant, SetUp, FEN, the SP tag), the same first line end, and the same termination
//! marker: the plan depends on nothing else.

use std::collections::HashMap;

use super::header::{FixOptions, Plan, plan};
use super::lines::Line;

/// Plans at most; then the memory starts again (a few MiB).
const KEPT: usize = 8192;

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
            if self.plans.len() >= KEPT {
                self.plans.clear();
            }
            let made = plan(lines, options, marker);
            self.plans.insert(self.key.clone(), made);
        }
        // Just made if it was missing: always there.
        self.plans.get(&self.key).unwrap_or(&NO_CHANGE)
    }
}
