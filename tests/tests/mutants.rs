//! The mutation score's machinery (`ilc check --mutants`, `ilc::mutate`) on small programs:
//! mutants are made and run on both machine targets, some change an output, and faults
//! the check must catch (the store dropped, the integer add turned into a subtraction) are
//! counted as flagged.

use std::path::Path;

use ilc::check::Judge;
use ilc::mutate::{mutate_program, Baseline, Fate, Flag, Mutant, Operator, Score};
use ilc::targets::Prepared;
use ilc::Target;

/// c[i] = a[i] + b[i] over the bits of the generated UAV (integer add, compared bit for bit).
const INT_ADD: &str = "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(11)
dcl_literal l0, 2, 4096, 8192, 0
ishl r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r1.x, r0.x
iadd r2.x, r0.x, l0.y
uav_raw_load_id(11) r3.x, r2.x
iadd r4.x, r1.x, r3.x
iadd r5.x, r0.x, l0.z
uav_raw_store_id(11) mem.x, r5.x, r4.x
end
";

const STEPS: u64 = 10_000_000;

fn parse(text: &str) -> ilc::Program {
    ilc::parse_with(text.as_bytes(), "test.il", &ilc::ReadOptions::default())
        .expect("parses")
        .program
}

fn example(name: &str) -> ilc::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    parse(&std::fs::read_to_string(path).expect("example exists"))
}

#[test]
fn mutants_change_outputs_and_most_are_flagged() {
    let programs = [
        ("int_add", parse(INT_ADD)),
        ("vector_add", example("vector_add.il")),
        ("saxpy", example("saxpy.il")),
    ];
    for target in [Target::Cayman, Target::Gfx906] {
        let mut total = Score::default();
        for (name, p) in &programs {
            let m = mutate_program(p, &[target], 30, 1, STEPS);
            assert_eq!(m.len(), 1);
            let runs = m[0]
                .runs
                .as_ref()
                .unwrap_or_else(|e| panic!("{name} [{target}]: {e}"));
            assert_eq!(runs.len(), 30, "{name} [{target}]");
            let mut s = Score::default();
            s.add_target(&m[0]);
            assert!(
                s.changed > 0,
                "{name} [{target}]: no mutant changed an output: {s:?}"
            );
            total.merge(&s);
        }
        // The same seed gives the same mutants.
        let again = mutate_program(&programs[0].1, &[target], 30, 1, STEPS);
        let first = mutate_program(&programs[0].1, &[target], 30, 1, STEPS);
        let d = |m: &[ilc::mutate::TargetMutants]| -> Vec<String> {
            m[0].runs
                .as_ref()
                .unwrap()
                .iter()
                .map(|r| r.description.clone())
                .collect()
        };
        assert_eq!(d(&again), d(&first));
        assert!(
            total.flagged * 10 >= total.changed * 8,
            "[{target}] {}: {total:?}",
            total.figure()
        );
    }
}

/// The baseline of the integer kernel on `target`.
fn int_add(target: Target) -> (Judge, Baseline) {
    let p = parse(INT_ADD);
    let judge = Judge::new(&p, None, 1, STEPS).expect("reference runs");
    let base = Baseline::new(&p, target, &judge, STEPS).expect("the unmutated code passes");
    (judge, base)
}

fn mutant(code: Vec<u8>) -> Mutant {
    Mutant {
        operator: Operator::Drop,
        description: "by hand".into(),
        code: Ok(code),
    }
}

fn assert_mismatch(fate: &Fate, what: &str) {
    assert!(
        matches!(fate, Fate::Flagged(Flag::Mismatch(_))),
        "{what}: {fate:?}"
    );
}

#[test]
fn cayman_dropped_store_and_swapped_add_are_flagged() {
    use backend_r600::isa::{AluOp, CfInst, CfOp, CfWord, Program};
    let (judge, base) = int_add(Target::Cayman);
    let Prepared::Cayman(p) = &base.prepared else {
        unreachable!()
    };
    let prog = Program::decode(&p.compiled().bytes).unwrap();
    // The store (a RAT write) replaced by a CF NOP.
    let k = prog
        .cf
        .iter()
        .position(|c| matches!(c, CfInst::Mem(_)))
        .expect("a store");
    let mut dropped = prog.clone();
    let mut nop = CfWord::new(CfOp::Nop, 0);
    nop.barrier = true;
    dropped.cf[k] = CfInst::Word(nop);
    assert_mismatch(
        &base.run(&mutant(dropped.encode().unwrap()), &judge),
        "store dropped",
    );
    // Every ADD_INT (the addresses and the value) turned into SUB_INT, one at a time.
    let mut swapped = 0;
    for (addr, clause) in &prog.alu_clauses {
        for (g, group) in clause.groups.iter().enumerate() {
            for (i, inst) in group.insts.iter().enumerate() {
                if inst.op != AluOp::AddInt {
                    continue;
                }
                let mut m = prog.clone();
                m.alu_clauses.get_mut(addr).unwrap().groups[g].insts[i].op = AluOp::SubInt;
                let fate = base.run(&mutant(m.encode().unwrap()), &judge);
                assert_mismatch(
                    &fate,
                    &format!("ADD_INT -> SUB_INT in clause {addr} group {g}"),
                );
                swapped += 1;
            }
        }
    }
    assert!(swapped >= 2);
}

#[test]
fn gfx906_dropped_store_and_swapped_add_are_flagged() {
    use backend_gcn::isa::{decode, encode::encode_words, Inst, Opcode, Sopp};
    let (judge, base) = int_add(Target::Gfx906);
    let Prepared::Gfx906(p) = &base.prepared else {
        unreachable!()
    };
    let code = p.compiled().code.clone();
    let insts = decode(&code).unwrap();
    let size = |k: usize| insts.get(k + 1).map_or(code.len(), |n| n.0) - insts[k].0;
    let replaced = |k: usize, inst: &Inst| {
        let mut w = Vec::new();
        encode_words(inst, &mut w).unwrap();
        let mut out = code.clone();
        let at = insts[k].0;
        for (j, d) in w.iter().enumerate() {
            out[at + 4 * j..at + 4 * j + 4].copy_from_slice(&d.to_le_bytes());
        }
        out
    };
    // The store replaced by s_nop.
    let k = insts
        .iter()
        .position(|(_, i)| i.opcode().name().contains("store"))
        .expect("a store");
    let mut out = code.clone();
    let at = insts[k].0;
    let mut nop = Vec::new();
    encode_words(
        &Inst::Sopp(Sopp {
            op: Opcode::S_NOP,
            simm16: 0,
        }),
        &mut nop,
    )
    .unwrap();
    for j in 0..size(k) / 4 {
        out[at + 4 * j..at + 4 * j + 4].copy_from_slice(&nop[0].to_le_bytes());
    }
    assert_mismatch(&base.run(&mutant(out), &judge), "store dropped");
    // Every v_add_u32 after the first load (an address or the value; the ones before add the
    // zero y and z ids) turned into v_sub_u32, one at a time.
    let first_load = insts
        .iter()
        .position(|(_, i)| {
            i.opcode().name().contains("load_dword") && matches!(i, Inst::Buf(_) | Inst::Flat(_))
        })
        .expect("a load");
    let mut swapped = 0;
    for (k, (_, inst)) in insts.iter().enumerate().skip(first_load) {
        let Inst::Valu(v) = inst else { continue };
        if v.op != Opcode::V_ADD_U32 {
            continue;
        }
        let mut m = v.clone();
        m.op = Opcode::V_SUB_U32;
        let fate = base.run(&mutant(replaced(k, &Inst::Valu(m))), &judge);
        assert!(
            matches!(fate, Fate::Flagged(_)),
            "v_add_u32 -> v_sub_u32 at {:#x}: {fate:?}",
            insts[k].0
        );
        swapped += 1;
    }
    assert!(swapped >= 2);
}
