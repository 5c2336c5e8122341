//! The structurization cases of the IL's control flow, each lowered and optimized, verified
//! and printed (insta snapshots; `INSTA_UPDATE=always cargo test -p midend` re-blesses
//! them after a deliberate change, to be reviewed with `git diff`). That the IR computes
//! what the program does is checked by the validation harness
//! (`tests/tests/midend_validation.rs`), which runs these same files.

use std::path::PathBuf;

fn lower(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/midend")
        .join(name);
    let bytes = std::fs::read(&path).expect("the test program exists");
    let (program, diags, _) = il_frontend::read(&bytes);
    let program = program.unwrap_or_else(|| panic!("{name} parses: {diags:?}"));
    let options = midend::Options {
        verify: true,
        time_passes: false,
    };
    let func = midend::compile(&program, &options).expect("lowers and verifies");
    func.to_string()
}

#[test]
fn break_and_continue_at_depth() {
    insta::assert_snapshot!(lower("break_continue_depth.il"));
}

#[test]
fn return_from_inside_loops() {
    insta::assert_snapshot!(lower("return_from_loops.il"));
}

#[test]
fn switch_with_fall_through_and_default() {
    insta::assert_snapshot!(lower("switch_fallthrough_default.il"));
}

#[test]
fn switch_inside_a_loop() {
    insta::assert_snapshot!(lower("switch_in_loop.il"));
}
