//! The `ilc` command line as outside scripts use it: exit codes, outputs, diagnostics.
//! (A test target of the root package; the rest of `tests/` is the conformance crate.)

use std::path::Path;
use std::process::{Command, Output};

fn ilc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ilc"))
        .args(args)
        .output()
        .expect("ilc runs")
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ilc-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn parse_prints_canonical_text_and_exits_0() {
    let out = ilc(&["parse", &example("vector_add.il")]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("il_cs_2_0\ndcl_num_thread_per_group 64, 1, 1\n"), "{text}");
    assert!(out.stderr.is_empty());
}

#[test]
fn text_to_tokens_to_text_is_the_identity_through_the_cli() {
    let text = ilc(&["parse", &example("switch.il")]).stdout;
    let bin = temp_file("switch.bin", &[]);
    let status = ilc(&["parse", &example("switch.il"), "--emit", "bin", "-o", bin.to_str().unwrap()]);
    assert_eq!(status.status.code(), Some(0));
    let back = ilc(&["parse", bin.to_str().unwrap()]);
    assert_eq!(back.status.code(), Some(0));
    assert_eq!(back.stdout, text);
}

#[test]
fn bad_input_exits_2_with_a_located_diagnostic() {
    let path = temp_file("bad.il", b"il_cs_2_0\nmuladd r0, r1, r2\nend\n");
    let out = ilc(&["parse", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.il:2:1: error: unknown instruction `muladd`"), "{err}");
    assert!(err.contains("^~~~~~"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(ilc(&["parse"]).status.code(), Some(2));
    assert_eq!(ilc(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(ilc(&["parse", "/no/such/file.il"]).status.code(), Some(2));
    let two = [example("saxpy.il"), example("switch.il")];
    assert_eq!(ilc(&["parse", &two[0], &two[1], "--emit", "bin"]).status.code(), Some(2));
}

#[test]
fn several_files_print_one_after_another() {
    let out = ilc(&["parse", &example("saxpy.il"), &example("switch.il")]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("\nil_cs_2_0\n").count() + usize::from(text.starts_with("il_cs_2_0")), 2);
    assert!(text.contains("saxpy.il\n"));
}
