//! llvm-mc helpers shared by the oracle tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The llvm-mc binary; panics with a clear message when LLVM 14 is not installed.
pub fn llvm_mc() -> String {
    for name in ["llvm-mc", "llvm-mc-14"] {
        if Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return name.to_string();
        }
    }
    panic!(
        "llvm-mc (LLVM 14) is required for this test and was not found on PATH \
         (tried `llvm-mc` and `llvm-mc-14`); install LLVM 14"
    );
}

/// Run llvm-mc for gfx906 with `-show-encoding` and extra `args` on `input`.
pub fn run(mc: &str, args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(mc)
        .args(["-arch=amdgcn", "-mcpu=gfx906", "-show-encoding"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn llvm-mc");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write llvm-mc input");
    let out = child.wait_with_output().expect("llvm-mc output");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `text ; encoding: [0x..,...]` lines of llvm-mc output.
pub fn parse_mc_output(out: &str) -> Vec<(String, Vec<u8>)> {
    let mut v = Vec::new();
    for line in out.lines() {
        let Some((text, enc)) = line.split_once("; encoding: [") else {
            continue;
        };
        let enc = enc.trim_end().trim_end_matches(']');
        let bytes = enc
            .split(',')
            .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).expect("hex byte"))
            .collect();
        v.push((normalize(text), bytes));
    }
    v
}

/// Normalization of printed instructions: drop the encoding comment, trim, and collapse
/// whitespace runs to one space.
pub fn normalize(s: &str) -> String {
    let s = s.split("; encoding:").next().unwrap_or("");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
