//! Programs that need more registers than Cayman has (120 GPRs), generated here: each must
//! compile for Cayman (spilling to the private buffer) and agree with the reference
//! interpreter on the device model, so that spilling is shown correct, not only possible.
//! (gfx906 refuses the loop forms: more than 256 VGPRs, also after its spilling.)
//!
//! Each takes minutes in a debug build, so they run in release builds only (CI runs
//! `cargo test --release -p ilc-tests --test spill_stress`).

use ilc::check::{check_program, Outcome};
use ilc::Target;

const HEAD: &str = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\n\
dcl_literal l0, 0, 1, 2, 16\ndcl_literal l1, 0x3f000000, 4, 5, 0\n";

/// Loads `n` vectors (four floats each) before it combines any of them, then folds them
/// in reverse load order, so that all `n` are live at once, in `depth` nested loops of
/// two iterations around the fold (the loads stay outside: they live across the loops).
fn many_live(n: usize, depth: usize, doubles: bool) -> String {
    let mut s = String::from(HEAD);
    // r0: this work-item's byte address; each load is 16 bytes further.
    s += "ishl r0.x, vTidInGrpFlat.x, l0.z\n";
    for k in 0..n {
        s += &format!("uav_raw_load_id(11) r{}, r0.x\n", 100 + k);
        s += "iadd r0.x, r0.x, l0.w\n";
    }
    s += "mov r1, l0.x\nmov r4, l0.x\n";
    for d in 0..depth {
        s += &format!("mov r{}.x, l0.x\nwhileloop\n", 10 + d);
        s += &format!("ige r9.x, r{}.x, l0.z\nbreak_logicalnz r9.x\n", 10 + d);
    }
    for k in (0..n).rev() {
        let r = 100 + k;
        // Integers made floats (random bits could be NaN), halved and summed; the
        // integers themselves summed bit-exactly in r4.
        s += &format!("iadd r4, r4, r{r}\nitof r2, r{r}\n");
        if doubles {
            s += "f2d r5.xy, r2.x\nf2d r5.zw, r2.y\ndadd r1.xy, r1.xy, r5.xy\ndadd r1.zw, r1.zw, r5.zw\n";
        } else {
            s += "mad_ieee r1, r1, l1.x, r2\n";
        }
    }
    for d in (0..depth).rev() {
        s += &format!("iadd r{0}.x, r{0}.x, l0.y\nendloop\n", 10 + d);
    }
    s += "ishl r3.x, vAbsTidFlat.x, l1.z\nuav_raw_store_id(11) mem, r3.x, r1\n";
    s += "iadd r3.x, r3.x, l0.w\nuav_raw_store_id(11) mem, r3.x, r4\nend\n";
    s
}

/// Loads `n` vectors, then changes every one of them in each of `iterations` iterations of
/// a loop (each from itself and the next one, so that all `n` are carried from one
/// iteration to the next: block parameters of the loop header), and folds them after it.
fn many_carried(n: usize, iterations: u32) -> String {
    let mut s = String::from(HEAD);
    s += &format!("dcl_literal l2, {iterations}, 3, 0, 0\n");
    s += "ishl r0.x, vTidInGrpFlat.x, l0.z\n";
    for k in 0..n {
        s += &format!("uav_raw_load_id(11) r{}, r0.x\n", 100 + k);
        s += "iadd r0.x, r0.x, l0.w\n";
    }
    s += "mov r10.x, l0.x\nwhileloop\nige r9.x, r10.x, l2.x\nbreak_logicalnz r9.x\n";
    for k in 0..n {
        // Rotated and mixed so that no iteration leaves a value as it was.
        s += &format!(
            "ishl r2, r{}, l0.y\nixor r{1}, r{1}, r2\n",
            100 + (k + 1) % n,
            100 + k
        );
        s += &format!("iadd r{0}, r{0}, l2.y\n", 100 + k);
    }
    s += "iadd r10.x, r10.x, l0.y\nendloop\nmov r4, l0.x\n";
    for k in 0..n {
        s += &format!("ixor r4, r4, r{}\niadd r4, r4, l0.y\n", 100 + k);
    }
    s += "ishl r3.x, vAbsTidFlat.x, l0.w\nuav_raw_store_id(11) mem, r3.x, r4\nend\n";
    s
}

fn check(name: &str, text: &str) {
    let parsed = ilc::parse(text.as_bytes(), name).expect("the generated program parses");
    let limit = runtime_sim::interp::DEFAULT_STEP_LIMIT;
    // `check_program` fails a refusal too; a stop at the step limit is no pass either.
    match check_program(&parsed.program, &[Target::Cayman], 1, limit) {
        Outcome::Pass(_) => {}
        Outcome::Fail(why) | Outcome::Stopped(why) => panic!("{name}: {why}"),
    }
    let compiled = ilc::compile(&parsed.program, Target::Cayman, &Default::default())
        .unwrap_or_else(|e| panic!("{name}: {}", e.message));
    let gprs: u32 = compiled
        .stats()
        .lines()
        .find_map(|l| l.strip_prefix("gprs: "))
        .and_then(|g| g.parse().ok())
        .expect("the stats give the GPRs");
    // It needed spilling: more vectors are live than Cayman has GPRs.
    assert!(gprs <= 120, "{name}: {gprs} GPRs");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: minutes in a debug build")]
fn two_hundred_fifty_vectors_live_in_straight_line_code() {
    check("live250.il", &many_live(250, 0, false));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: minutes in a debug build")]
fn two_hundred_fifty_vectors_live_across_nested_loops() {
    check("live250_loops3.il", &many_live(250, 3, false));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: minutes in a debug build")]
fn two_hundred_fifty_vectors_live_as_doubles_across_nested_loops() {
    check("live250_doubles_loops2.il", &many_live(250, 2, true));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: minutes in a debug build")]
fn two_hundred_vectors_carried_around_a_loop() {
    check("carried200.il", &many_carried(200, 3));
}
