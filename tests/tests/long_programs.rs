//! Programs longer than a short branch reaches: each must compile for every target and
//! agree with the reference interpreter on the device models. (Issue #21: gfx906 failed
//! with "a branch offset beyond 16 bits" on an `if` of 20,000 instructions.)
//!
//! They take tens of seconds in a debug build, so they run in release builds only (CI runs
//! `cargo test --release -p ilc-tests --test long_programs`).

use ilc::check::{check_program, Outcome};
use ilc::Target;

/// An `if` taken by the odd work-items around `n` integer instructions (alternately an
/// add and an xor, so that nothing folds), then a store of the result.
fn long_if(n: usize) -> String {
    let mut s = String::from(
        "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\ndcl_literal l0, 2, 1, 0, 0\n\
         ishl r0.x, vAbsTidFlat.x, l0.x\niand r1.x, vAbsTidFlat.x, l0.y\n\
         mov r2.x, vAbsTidFlat.x\nif_logicalnz r1.x\n",
    );
    for i in 0..n {
        s += if i % 2 == 0 {
            "iadd r2.x, r2.x, l0.y\n"
        } else {
            "ixor r2.x, r2.x, r0.x\n"
        };
    }
    s += "endif\nuav_raw_store_id(11) mem.x, r0.x, r2.x\nend\n";
    s
}

/// A loop whose body is `n` instructions: its back edge reaches as far as the `if`.
fn long_loop(n: usize) -> String {
    let mut s = String::from(
        "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\ndcl_literal l0, 2, 1, 3, 0\n\
         ishl r0.x, vAbsTidFlat.x, l0.x\nmov r2.x, vAbsTidFlat.x\nmov r3.x, l0.w\nwhileloop\n\
         ige r4.x, r3.x, l0.z\nbreak_logicalnz r4.x\n",
    );
    for i in 0..n {
        s += if i % 2 == 0 {
            "iadd r2.x, r2.x, l0.y\n"
        } else {
            "ixor r2.x, r2.x, r0.x\n"
        };
    }
    s += "iadd r3.x, r3.x, l0.y\nendloop\nuav_raw_store_id(11) mem.x, r0.x, r2.x\nend\n";
    s
}

fn check(name: &str, text: &str) {
    let program = ilc::parse(text.as_bytes(), name)
        .expect("the program parses")
        .program;
    match check_program(&program, &[Target::Cayman, Target::Gfx906], 1, 10_000_000) {
        Outcome::Pass(_) => {}
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release builds only: tens of seconds in debug"
)]
fn an_if_beyond_a_short_branch() {
    // 40,000 one-dword instructions: the `s_cbranch_execz` over them needs a long jump.
    check("long-if", &long_if(40_000));
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release builds only: tens of seconds in debug"
)]
fn a_loop_beyond_a_short_branch() {
    check("long-loop", &long_loop(40_000));
}
