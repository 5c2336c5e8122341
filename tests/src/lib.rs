//! The conformance crate of ilc: tests that read the real corpus in `../shared/corpus/`
//! and the known-answer specs ([`kat`]) that every target must pass.
//!
//! The corpus is third-party data and is never copied into this repository; [`corpus_dir`]
//! finds it next to the checkout.

use std::path::{Path, PathBuf};

pub mod kat;

/// The shared corpus directory (`../shared/corpus` from the workspace root), or the
/// directory named by `ILC_CORPUS`.
pub fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ILC_CORPUS") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

/// All files under `dir` with extension `ext`, sorted.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
