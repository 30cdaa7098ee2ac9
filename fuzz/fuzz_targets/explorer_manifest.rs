//! The explorer's `MANIFEST`: any bytes, and the same bytes sealed with the line of their
//! CRC-32 (so that the JSON body and the state's checks are reached), read as an index reads
//! its manifest: no panic; refused as corrupt or of another format, never as a failure to
//! read; a manifest read commits (its state holds together), and the bytes committed read
//! back to the same manifest and commit to the very same bytes.
#![no_main]

use std::path::{Path, PathBuf};

use chess960_explorer::fuzzing::{MANIFEST_FORMAT, Manifest, ManifestRefused, manifest_sealed};
use libfuzzer_sys::fuzz_target;

/// A folder of this process's own, in memory where there is such a place (a commit syncs).
fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let root = if shm.is_dir() {
        shm.to_owned()
    } else {
        std::env::temp_dir()
    };
    root.join(format!("chess960-fuzz-manifest-{}", std::process::id()))
}

/// `bytes` read as the manifest in `dir`, and what it reads is committed and read again.
fn check(dir: &Path, bytes: &[u8]) {
    match Manifest::decode_in(dir, bytes) {
        Ok(manifest) => {
            let encoded = manifest.encode_in(dir).expect("a manifest read commits");
            let again = Manifest::decode_in(dir, &encoded).expect("a manifest committed reads");
            assert_eq!(again, manifest);
            assert_eq!(again.encode_in(dir).unwrap(), encoded);
        }
        Err(ManifestRefused::Corrupt(why)) => assert!(!why.is_empty()),
        Err(ManifestRefused::Format(found)) => assert_ne!(found, MANIFEST_FORMAT),
        Err(ManifestRefused::Io(err)) => panic!("bytes refused as a failure to read: {err}"),
    }
}

fuzz_target!(|bytes: &[u8]| {
    let dir = scratch();
    check(&dir, bytes);
    check(&dir, &manifest_sealed(bytes));
});
