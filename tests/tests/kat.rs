//! Runs every known-answer spec of `tests/kat/` on the reference interpreter (and, once
//! they exist, on every target a spec names; `ILC_KAT_TARGETS=il,cayman` selects).
//! `ILC_KAT_FILTER=float/` runs only the specs whose path contains the text.

use ilc_tests::kat::{kat_dir, load_all, targets};

#[test]
fn known_answer_specs_pass() {
    let filter = std::env::var("ILC_KAT_FILTER").unwrap_or_default();
    let mut specs = load_all(&kat_dir());
    specs.retain(|name, _| name.contains(&filter));
    let mut failures = Vec::new();
    let mut runs = 0;
    for (name, spec) in &specs {
        let spec = match spec {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: bad spec: {e}"));
                continue;
            }
        };
        for target in targets().into_iter().filter(|t| spec.targets.contains(t)) {
            runs += 1;
            if let Err(e) = spec.run(target) {
                failures.push(format!("{name} [{target}]: {e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(runs > 0, "no spec ran");
}
