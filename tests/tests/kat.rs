//! Runs every known-answer spec of `tests/kat/` on the reference interpreter (and, once
//! they exist, on every target a spec names; `ILC_KAT_TARGETS=il,cayman` selects).
//! `ILC_KAT_FILTER=float/` runs only the specs whose path contains the text.
//!
//! `ILC_KAT_ALLOW_REFUSALS=1` is for the compiled targets while they grow: a spec the
//! target refuses as unsupported is counted, not failed, but a wrong result, a fault of
//! the device model or a compiler bug still fails. Each target's figures are printed as
//! `kat <target>: P passed, R refused, F failed` (`-- --nocapture` shows them).

use std::collections::BTreeMap;

use ilc_tests::kat::{kat_dir, load_all, targets};

#[test]
fn known_answer_specs_pass() {
    let filter = std::env::var("ILC_KAT_FILTER").unwrap_or_default();
    let allow_refusals = std::env::var_os("ILC_KAT_ALLOW_REFUSALS").is_some();
    let mut specs = load_all(&kat_dir());
    specs.retain(|name, _| name.contains(&filter));
    let mut failures = Vec::new();
    // Per target: passed, refused, failed.
    let mut counts: BTreeMap<String, [usize; 3]> = BTreeMap::new();
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
            let count = counts.entry(target.to_string()).or_default();
            match spec.outcome(target) {
                Ok(()) => count[0] += 1,
                Err(f) if f.refused && allow_refusals => {
                    count[1] += 1;
                    println!("refused {name} [{target}]: {}", f.message);
                }
                Err(f) => {
                    count[2] += 1;
                    failures.push(format!("{name} [{target}]: {}", f.message));
                }
            }
        }
    }
    for (target, [passed, refused, failed]) in &counts {
        println!("kat {target}: {passed} passed, {refused} refused, {failed} failed");
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(runs > 0, "no spec ran");
}
