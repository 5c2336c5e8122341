//! Legality tests: the worked examples of cayman L1587-1631, the once-per-group rules, and a
//! property test that the swizzle search agrees with brute force over all 6^n assignments.

use proptest::prelude::*;

use super::*;
use crate::isa::alu::{AluGroup, AluInst, AluSrc, BankSwizzle as B, Chan};
use crate::isa::opcodes::{AluOp, SpecialSel};

fn r(g: u8, c: Chan) -> AluSrc {
    AluSrc::gpr(g, c)
}

fn inst(op: AluOp, slot: Chan, srcs: &[AluSrc], bs: B) -> AluInst {
    let mut i = AluInst::new(op, 0, slot, srcs);
    i.bank_swizzle = bs;
    i
}

use Chan::{W, X, Y, Z};

/// E1 (cayman L1589-1592): R1 read twice by each MULADD, on cycles 0 and 2: legal.
#[test]
fn e1_same_operand_twice() {
    let g = AluGroup::new(vec![
        inst(AluOp::Muladd, X, &[r(1, X), r(2, X), r(1, X)], B::Vec012),
        inst(AluOp::Muladd, Y, &[r(1, Y), r(2, Y), r(1, Y)], B::Vec012),
    ]);
    assert_eq!(check_group(&g), Ok(()));
}

/// E2 (cayman L1598-1603): src1 == src0 shares src0's port, so VEC_120 in Y is fine.
#[test]
fn e2_src0_src1_share() {
    let g = AluGroup::new(vec![
        inst(AluOp::Mul, X, &[r(1, X), r(1, X)], B::Vec012),
        inst(AluOp::Mul, Y, &[r(1, Y), r(1, Y)], B::Vec120),
    ]);
    assert_eq!(check_group(&g), Ok(()));
}

/// E3 (cayman L1607-1613).
#[test]
fn e3_three_slots() {
    let g = AluGroup::new(vec![
        inst(AluOp::Mul, X, &[r(1, X), r(1, X)], B::Vec012),
        inst(AluOp::Mul, Y, &[r(1, Y), r(1, Y)], B::Vec102),
        inst(AluOp::Mul, Z, &[r(2, Y), r(2, X)], B::Vec012),
    ]);
    assert_eq!(check_group(&g), Ok(()));
}

fn e4(bs: [B; 3]) -> AluGroup {
    AluGroup::new(vec![
        inst(AluOp::Mul, X, &[r(1, X), r(2, X)], bs[0]),
        inst(AluOp::Mul, Y, &[r(3, X), r(1, Y)], bs[1]),
        inst(AluOp::Mul, Z, &[r(2, X), r(1, Y)], bs[2]),
    ])
}

/// E4 (cayman L1619-1623): all VEC_012 clashes in the X bank on cycle 0 (R1.x vs R3.x).
#[test]
fn e4_illegal() {
    let e = check_group(&e4([B::Vec012; 3])).unwrap_err();
    assert!(
        matches!(
            e,
            Illegal::GprPort {
                slot: Y,
                src: 0,
                gpr: 3,
                chan: X,
                cycle: 0
            }
        ),
        "{e}"
    );
}

/// E5 (cayman L1627-1631): the fix, VEC_012 / VEC_201 / VEC_102; and the search finds one.
#[test]
fn e5_fixed_and_search() {
    assert_eq!(check_group(&e4([B::Vec012, B::Vec201, B::Vec102])), Ok(()));
    let mut g = e4([B::Vec012; 3]);
    assert!(fix_bank_swizzles(&mut g));
    assert_eq!(check_group(&g), Ok(()));
}

/// The src0/src1 exemption does not extend to src2 (cayman L1615).
#[test]
fn src2_has_no_exemption() {
    let g = AluGroup::new(vec![inst(
        AluOp::Muladd,
        X,
        &[r(1, X), r(2, X), r(1, X)],
        B::Vec012,
    )]);
    assert_eq!(check_group(&g), Ok(())); // cycles 0 and 2: two ports, same GPR: fine
    let g = AluGroup::new(vec![
        inst(AluOp::Muladd, X, &[r(1, X), r(2, X), r(3, X)], B::Vec012),
        inst(AluOp::Muladd, Y, &[r(4, X), r(5, X), r(6, X)], B::Vec012),
    ]);
    assert!(check_group(&g).is_err());
    assert!(
        assign_bank_swizzles(&g).is_none(),
        "six distinct X-bank GPRs need six ports; there are three"
    );
}

#[test]
fn kcache_pairs() {
    let kc = |i, c| AluSrc::kcache(0, i, c);
    // c[0].x, c[0].y, c[0].z, c[0].w: two pairs, legal.
    let ok = AluGroup::new(vec![
        inst(AluOp::Add, X, &[kc(0, X), kc(0, Y)], B::Vec012),
        inst(AluOp::Add, Y, &[kc(0, Z), kc(0, W)], B::Vec012),
    ]);
    assert_eq!(check_group(&ok), Ok(()));
    // c[0].x, c[1].x, c[2].x: three pairs.
    let bad = AluGroup::new(vec![
        inst(AluOp::Add, X, &[kc(0, X), kc(1, X)], B::Vec012),
        inst(AluOp::Add, Y, &[kc(2, X), kc(0, X)], B::Vec012),
    ]);
    assert!(matches!(
        check_group(&bad),
        Err(Illegal::ConstPorts { slot: Y, src: 0 })
    ));
}

#[test]
fn once_per_group_rules() {
    let mut p = inst(
        AluOp::PredSetneInt,
        X,
        &[r(1, X), AluSrc::special(SpecialSel::Zero)],
        B::Vec012,
    );
    p.update_exec_mask = true;
    let mut q = p;
    q.dst.chan = Y;
    assert!(matches!(
        check_group(&AluGroup::new(vec![p, q])),
        Err(Illegal::OncePerGroup(_))
    ));
    let mut m = inst(AluOp::Add, X, &[r(1, X), r(2, X)], B::Vec012);
    m.update_pred = true;
    assert_eq!(
        check_group(&AluGroup::new(vec![m])),
        Err(Illegal::UpdateOnNonPredicate(X))
    );
    // MOVA_INT beside an AR-relative read.
    let mova = inst(AluOp::MovaInt, X, &[r(1, X)], B::Vec012).masked();
    let mut rel = inst(AluOp::Mov, Y, &[r(2, Y)], B::Vec012);
    rel.src[0].rel = true;
    assert!(matches!(
        check_group(&AluGroup::new(vec![mova, rel])),
        Err(Illegal::OncePerGroup(_))
    ));
}

#[test]
fn slot_rules() {
    // Out of order.
    let g = AluGroup::new(vec![
        inst(AluOp::Mov, Y, &[r(1, X)], B::Vec012),
        inst(AluOp::Mov, X, &[r(1, X)], B::Vec012),
    ]);
    assert!(matches!(check_group(&g), Err(Illegal::SlotOrder { .. })));
    // A transcendental in one slot only.
    let g = AluGroup::new(vec![inst(AluOp::RecipIeee, X, &[r(1, X)], B::Vec012)]);
    assert!(matches!(check_group(&g), Err(Illegal::SlotRule { .. })));
    // Replicated in x, y, z (Mesa) and in x, z, w (LLVM 14).
    for slots in [[X, Y, Z], [X, Z, W]] {
        let g = AluGroup::new(
            slots
                .iter()
                .map(|&s| inst(AluOp::RecipIeee, s, &[r(1, X)], B::Vec012).masked())
                .collect(),
        );
        assert_eq!(check_group(&g), Ok(()));
    }
    // DOT4 needs all four slots; LDS only in x; MUL_PREV only in x/y.
    let g = AluGroup::new(vec![inst(AluOp::Dot4, X, &[r(1, X), r(2, X)], B::Vec012)]);
    assert!(check_group(&g).is_err());
    let g = AluGroup::new(vec![inst(
        AluOp::MulPrev,
        Z,
        &[r(1, X), r(2, X)],
        B::Vec012,
    )]);
    assert!(check_group(&g).is_err());
    let mut l = AluInst::lds(crate::isa::LdsOp::Write, &[r(1, X), r(2, X)]);
    l.dst.chan = Y;
    assert!(check_group(&AluGroup::new(vec![l])).is_err());
}

#[test]
fn clause_rules() {
    let mut rel = inst(AluOp::Mov, X, &[r(2, Y)], B::Vec012);
    rel.src[0].rel = true;
    let c = AluClause {
        groups: vec![AluGroup::new(vec![rel])],
    };
    assert!(check_clause(&c).is_err(), "AR used before MOVA_INT");
    let mova = inst(AluOp::MovaInt, X, &[r(1, X)], B::Vec012).masked();
    let c = AluClause {
        groups: vec![AluGroup::new(vec![mova]), AluGroup::new(vec![rel])],
    };
    assert_eq!(check_clause(&c), Ok(()));
    let pv = inst(AluOp::Mov, X, &[AluSrc::pv(Y)], B::Vec012);
    let c = AluClause {
        groups: vec![
            AluGroup::new(vec![inst(AluOp::Mov, X, &[r(1, X)], B::Vec012)]),
            AluGroup::new(vec![pv]),
        ],
    };
    assert!(check_clause(&c).is_err(), "PV.y not produced");
}

fn brute_force(g: &AluGroup) -> bool {
    let n = g.insts.len();
    let total = 6usize.pow(n as u32);
    (0..total).any(|mut code| {
        let mut h = g.clone();
        for i in h.insts.iter_mut() {
            i.bank_swizzle = B::ALL[code % 6];
            code /= 6;
        }
        check_group(&h).is_ok()
    })
}

fn arb_src() -> impl Strategy<Value = AluSrc> {
    prop_oneof![
        6 => (0u8..6, 0usize..4).prop_map(|(g, c)| AluSrc::gpr(g, Chan::ALL[c])),
        1 => (0u8..3, 0usize..4).prop_map(|(i, c)| AluSrc::kcache(0, i, Chan::ALL[c])),
        1 => (0usize..4).prop_map(|c| AluSrc::pv(Chan::ALL[c])),
        1 => Just(AluSrc::special(SpecialSel::One)),
    ]
}

fn arb_group() -> impl Strategy<Value = AluGroup> {
    (
        proptest::sample::subsequence(vec![0usize, 1, 2, 3], 1..=4),
        proptest::collection::vec(
            (
                0usize..3,
                proptest::collection::vec(arb_src(), 3),
                0usize..6,
            ),
            4,
        ),
    )
        .prop_map(|(slots, specs)| {
            let ops = [AluOp::Mov, AluOp::Add, AluOp::Muladd];
            let insts = slots
                .iter()
                .zip(specs)
                .map(|(&s, (o, srcs, bs))| inst(ops[o], Chan::ALL[s], &srcs, B::ALL[bs]))
                .collect();
            AluGroup::new(insts)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The search finds a legal assignment exactly when one of the 6^n exists, and what it
    /// finds passes check_group.
    #[test]
    fn search_matches_brute_force(g in arb_group()) {
        let found = assign_bank_swizzles(&g);
        prop_assert_eq!(found.is_some(), brute_force(&g));
        if let Some(bs) = found {
            let mut h = g.clone();
            for (i, b) in h.insts.iter_mut().zip(bs) {
                i.bank_swizzle = b;
            }
            prop_assert_eq!(check_group(&h), Ok(()));
        }
    }
}
