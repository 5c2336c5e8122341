//! The reduced programs of `tests/regressions/` (found by `ilc fuzz`) agree with the
//! reference interpreter on both compiled targets, with the inputs of the il-gen seed each
//! file names.

use ilc::check::{check_program, Outcome};
use ilc::Target;

#[test]
fn reduced_fuzz_findings_agree_with_the_reference() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let files = ilc_tests::files_with_extension(&dir, "il");
    assert!(files.len() >= 11, "the reduced programs are missing");
    let mut failures = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let seed = text
            .lines()
            .find_map(|l| l.strip_prefix("; il-gen seed "))
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}: no `; il-gen seed N` line", path.display()));
        let parsed = ilc::parse(text.as_bytes(), &path.display().to_string()).expect("parses");
        let targets = [Target::Cayman, Target::Gfx906];
        let limit = runtime_sim::interp::DEFAULT_STEP_LIMIT;
        match check_program(&parsed.program, &targets, seed, limit) {
            Outcome::Pass(_) => {}
            Outcome::Fail(why) | Outcome::Stopped(why) => {
                failures.push(format!("{}: {why}", path.display()))
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
