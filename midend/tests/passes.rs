//! One small program per pass: the IR before and after that pass alone (after the builder's
//! copy propagation), as insta snapshots. `INSTA_UPDATE=always cargo test -p midend` blesses
//! a deliberate change; review it with `git diff`.

use midend::ir::Function;
use midend::passes;

fn build(il: &str) -> Function {
    let (program, diags, _) = il_frontend::read(il.as_bytes());
    let program = program.unwrap_or_else(|| panic!("the test program is valid: {diags:?}"));
    let options = midend::Options {
        verify: true,
        time_passes: false,
    };
    midend::build_unoptimized(&program, &options).expect("lowers")
}

/// The IR before and after `pass`, which must leave IR that verifies.
fn before_after(il: &str, pass: fn(&mut Function)) -> String {
    let mut func = build(il);
    let before = func.to_string();
    pass(&mut func);
    midend::verify::verify(&func).expect("the pass leaves IR that verifies");
    format!("before:\n{before}\nafter:\n{func}")
}

const HEADER: &str = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(0)\n";

fn kernel(body: &str) -> String {
    format!("{HEADER}{body}\nend\n")
}

#[test]
fn fold_uses_the_reference_semantics() {
    // 3.0 * 0.5 + 1.0, an integer division by zero (the reference's 0xFFFFFFFF), a shift
    // count masked to 5 bits.
    let il = kernel(
        "dcl_literal l0, 0x40400000, 0x3f000000, 0x3f800000, 0\n\
         dcl_literal l1, 7, 0, 33, 1\n\
         mad r0.x, l0.x, l0.y, l0.z\n\
         udiv r0.y, l1.x, l1.y\n\
         ishl r0.z, l1.w, l1.z\n\
         uav_raw_store_id(0) mem.xyz, vAbsTidFlat.x, r0.xyz",
    );
    insta::assert_snapshot!(before_after(&il, passes::fold::run));
}

#[test]
fn fold_leaves_tolerated_operations_to_the_target() {
    // 1.0 / 3.0 and sin(0.5) stay: the accuracy table allows the target an error, so only
    // the target's own formula may compute them (the same bits as from a constant buffer).
    // The exact 1.0 + 0.5 is folded.
    let il = kernel(
        "dcl_literal l0, 0x3f800000, 0x40400000, 0x3f000000, 0\n\
         div r0.x, l0.x, l0.y\n\
         sin r0.y, l0.z\n\
         add r0.z, l0.x, l0.z\n\
         uav_raw_store_id(0) mem.xyz, vAbsTidFlat.x, r0.xyz",
    );
    insta::assert_snapshot!(before_after(&il, passes::fold::run));
}

#[test]
fn simplify_applies_only_exact_identities() {
    // iadd x, 0 and ior x, 0 go; add x, 0.0 stays (a denormal x would become 0).
    let il = kernel(
        "dcl_literal l0, 0, 0, 0, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         iadd r0.x, r1.x, l0.x\n\
         ior r0.y, r0.x, l0.x\n\
         add r0.z, r1.x, l0.x\n\
         uav_raw_store_id(0) mem.xyz, r1.x, r0.xyz",
    );
    insta::assert_snapshot!(before_after(&il, passes::simplify::run));
}

#[test]
fn gvn_merges_equal_computations_where_available() {
    // The second imul is the first; the one inside the if is available after it only
    // within the arm.
    let il = kernel(
        "mov r1.x, vAbsTidFlat.x\n\
         imul r0.x, r1.x, r1.x\n\
         imul r0.y, r1.x, r1.x\n\
         if_logicalnz r1.x\n\
             iadd r0.z, r1.x, r0.x\n\
         endif\n\
         iadd r0.w, r1.x, r0.x\n\
         uav_raw_store_id(0) mem.xyzw, r1.x, r0",
    );
    insta::assert_snapshot!(before_after(&il, passes::gvn::run));
}

#[test]
fn licm_hoists_invariant_operations() {
    let il = kernel(
        "dcl_literal l0, 1, 10, 3, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         mov r0.x, l0.w\n\
         whileloop\n\
             imul r2.x, r1.x, l0.z\n\
             iadd r0.x, r0.x, r2.x\n\
             ige r3.x, r0.x, l0.y\n\
             break_logicalnz r3.x\n\
         endloop\n\
         uav_raw_store_id(0) mem.x, r1.x, r0.x",
    );
    insta::assert_snapshot!(before_after(&il, passes::licm::run));
}

#[test]
fn if_convert_turns_a_small_diamond_into_selects() {
    let il = kernel(
        "dcl_literal l0, 1, 2, 0, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         iand r2.x, r1.x, l0.x\n\
         if_logicalnz r2.x\n\
             iadd r0.x, r1.x, l0.x\n\
         else\n\
             iadd r0.x, r1.x, l0.y\n\
         endif\n\
         uav_raw_store_id(0) mem.x, r1.x, r0.x",
    );
    insta::assert_snapshot!(before_after(&il, passes::if_convert::run));
}

#[test]
fn if_convert_keeps_arms_with_memory_effects() {
    let il = kernel(
        "mov r1.x, vAbsTidFlat.x\n\
         if_logicalnz r1.x\n\
             uav_raw_store_id(0) mem.x, r1.x, r1.x\n\
         endif",
    );
    let out = before_after(&il, passes::if_convert::run);
    let (before, after) = out.split_once("\nafter:\n").expect("both parts");
    assert_eq!(before.trim_start_matches("before:\n"), after);
}

#[test]
fn mem_opt_forwards_and_deletes_under_refactoring_allowed() {
    // The first store is overwritten before anything reads it; the load reads what the
    // second store wrote; the fence stops forwarding to the last load.
    let il = String::from(
        "il_cs_2_0\ndcl_global_flags refactoringAllowed\ndcl_num_thread_per_group 64\n\
         dcl_raw_uav_id(0)\n\
         dcl_literal l0, 1, 2, 0, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         uav_raw_store_id(0) mem.x, r1.x, l0.x\n\
         uav_raw_store_id(0) mem.x, r1.x, l0.y\n\
         uav_raw_load_id(0) r2.x, r1.x\n\
         fence_memory\n\
         uav_raw_load_id(0) r3.x, r1.x\n\
         iadd r2.x, r2.x, r3.x\n\
         uav_raw_store_id(0) mem.x, r2.x, r2.x\nend\n",
    );
    insta::assert_snapshot!(before_after(&il, passes::mem_opt::run));
}

#[test]
fn mem_opt_does_nothing_without_refactoring_allowed() {
    let il = kernel(
        "mov r1.x, vAbsTidFlat.x\n\
         uav_raw_store_id(0) mem.x, r1.x, r1.x\n\
         uav_raw_load_id(0) r2.x, r1.x\n\
         uav_raw_store_id(0) mem.x, r2.x, r2.x",
    );
    let out = before_after(&il, passes::mem_opt::run);
    let (before, after) = out.split_once("\nafter:\n").expect("both parts");
    assert_eq!(before.trim_start_matches("before:\n"), after);
}

#[test]
fn dce_removes_unused_values_and_parameters() {
    // r0.y is computed and carried around the loop but never stored.
    let il = kernel(
        "dcl_literal l0, 1, 10, 0, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         whileloop\n\
             iadd r0.x, r0.x, l0.x\n\
             imul r0.y, r0.y, r1.x\n\
             ige r3.x, r0.x, l0.y\n\
             break_logicalnz r3.x\n\
         endloop\n\
         uav_raw_store_id(0) mem.x, r1.x, r0.x",
    );
    insta::assert_snapshot!(before_after(&il, passes::dce::run));
}

#[test]
fn copy_prop_removes_moves_and_trivial_parameters() {
    let il = kernel(
        "dcl_literal l0, 1, 10, 0, 0\n\
         mov r1.x, vAbsTidFlat.x\n\
         mov r2.x, r1.x\n\
         whileloop\n\
             iadd r0.x, r0.x, r2.x\n\
             ige r3.x, r0.x, l0.y\n\
             break_logicalnz r3.x\n\
         endloop\n\
         uav_raw_store_id(0) mem.x, r1.x, r0.x",
    );
    // Built without copy propagation, to show what it removes.
    let (program, _, _) = il_frontend::read(il.as_bytes());
    let mut func = midend::build::build(&program.expect("valid")).expect("lowers");
    func.resolve_aliases();
    let before = func.to_string();
    passes::copy_prop::run(&mut func);
    midend::verify::verify(&func).expect("verifies");
    insta::assert_snapshot!(format!("before:\n{before}\nafter:\n{func}"));
}
