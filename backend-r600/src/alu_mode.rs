//! The ALU mode of clauses with double arithmetic: `SET_MODE` at the start of every ALU
//! clause that holds a 64-bit floating-point instruction.
//!
//! The launch default (`SQ_PGM_RESOURCES2`, docs/abi.md "ALU modes") flushes denormal
//! doubles, as the 64-bit instructions' tables describe (ADD_64, cayman L3248-L3265;
//! MUL_64 L5188); the IL keeps them (il-semantics `double`). `SET_MODE` overrides the modes
//! from its own group to the end of the clause (cayman L2044-L2048, L6603-L6616); a clause
//! starts from the default again, so every clause that needs the IEEE double mode sets it.
//! The single-precision half stays the default (nearest even, denormals flushed), which is
//! what the IL's float instructions want (docs/decisions.md "SET_MODE").

use crate::group::SlotInst;
use crate::isa::{AluOp, Chan};
use crate::mir::{MAlu, Operand};

/// SET_MODE's single-precision field: round to nearest even, denormal inputs and results
/// flushed (bits 1:0 = 0, bit 2 = 0, bit 3 = 0; cayman L6606-L6612).
pub const SINGLE_FLUSH_NEAREST: u8 = 0b0000;
/// SET_MODE's double-precision field: round to nearest even, denormal inputs and results
/// kept (bit 2 and bit 3 set).
pub const DOUBLE_IEEE_NEAREST: u8 = 0b1100;

/// True for the 64-bit floating-point instructions, whose inputs and results the double
/// denormal controls govern.
pub fn uses_double_mode(op: AluOp) -> bool {
    use AluOp as A;
    matches!(
        op,
        A::Add64
            | A::Mul64
            | A::Fma64
            | A::Min64
            | A::Max64
            | A::Sete64
            | A::Setne64
            | A::Setgt64
            | A::Setge64
            | A::PredSetgt64
            | A::PredSete64
            | A::PredSetge64
            | A::Fract64
            | A::Frexp64
            | A::Ldexp64
            | A::Cndne64
            | A::Flt32ToFlt64
            | A::Flt64ToFlt32
            | A::Recip64
            | A::RecipClamped64
            | A::Recipsqrt64
            | A::RecipsqrtClamped64
            | A::Sqrt64
    )
}

/// True when the operation (or a slot of it) is a 64-bit floating-point instruction.
pub fn needs_double_mode(a: &MAlu) -> bool {
    uses_double_mode(a.op) || a.others.iter().any(|o| uses_double_mode(o.op))
}

/// The SET_MODE operation: its two "sources" are the mode fields, which
/// [`crate::group::build`] writes into SRC0_SEL and SRC1_SEL as they are.
pub fn set_mode() -> MAlu {
    MAlu {
        op: AluOp::SetMode,
        dst: None,
        srcs: vec![
            Operand::imm(u32::from(SINGLE_FLUSH_NEAREST)),
            Operand::imm(u32::from(DOUBLE_IEEE_NEAREST)),
        ],
        clamp: false,
        exec_update: false,
        lds: None,
        others: Vec::new(),
    }
}

/// Puts SET_MODE into the first group with a free slot up to the first group with a double
/// instruction (it writes no register and reads none, so the group stays legal; it rules
/// its own group already, cayman L2046), or as a group of its own at the clause start when
/// those groups are full. Either way it takes one 64-bit slot of the clause.
pub fn insert_set_mode(groups: &mut Vec<Vec<SlotInst>>) {
    let inst = |slot| SlotInst {
        alu: set_mode(),
        slot,
        write: false,
    };
    for g in groups.iter_mut() {
        let free = Chan::ALL
            .into_iter()
            .find(|&c| !g.iter().any(|s| s.slot == c));
        if let Some(free) = free {
            g.push(inst(free));
            g.sort_by_key(|s| s.slot);
            return;
        }
        if g.iter().any(|s| needs_double_mode(&s.alu)) {
            break;
        }
    }
    groups.insert(0, vec![inst(Chan::X)]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::VReg;

    fn slot(op: AluOp, c: Chan) -> SlotInst {
        SlotInst {
            alu: MAlu::new(op, VReg(0), Vec::new()),
            slot: c,
            write: true,
        }
    }

    fn modes(groups: &[Vec<SlotInst>]) -> Vec<(usize, Chan)> {
        let mut out = Vec::new();
        for (k, g) in groups.iter().enumerate() {
            for s in g.iter().filter(|s| s.alu.op == AluOp::SetMode) {
                out.push((k, s.slot));
            }
        }
        out
    }

    #[test]
    fn set_mode_takes_a_free_slot_no_later_than_the_first_double_group() {
        let full = |op| Chan::ALL.iter().map(|&c| slot(op, c)).collect::<Vec<_>>();
        // A free slot in the first group.
        let mut g = vec![vec![
            slot(AluOp::Add64, Chan::X),
            slot(AluOp::Add64, Chan::Y),
        ]];
        insert_set_mode(&mut g);
        assert_eq!(modes(&g), [(0, Chan::Z)]);
        // The first group full of integer work, the double group after it has room.
        let mut g = vec![
            full(AluOp::AddInt),
            vec![slot(AluOp::Add64, Chan::Z), slot(AluOp::Add64, Chan::W)],
        ];
        insert_set_mode(&mut g);
        assert_eq!(modes(&g), [(1, Chan::X)]);
        // The first double group is full: a group of its own at the start, not later.
        let mut g = vec![full(AluOp::Mul64), vec![slot(AluOp::AddInt, Chan::X)]];
        insert_set_mode(&mut g);
        assert_eq!(modes(&g), [(0, Chan::X)]);
        assert_eq!(g.len(), 3);
    }

    #[test]
    fn the_mode_fields_are_the_select_bits() {
        let m = set_mode();
        assert_eq!(m.dst, None);
        assert_eq!(m.srcs, [Operand::imm(0), Operand::imm(0b1100)]);
        assert!(uses_double_mode(AluOp::Fma64) && !uses_double_mode(AluOp::MulIeee));
        // group::build writes them into the select fields as they are: no literal.
        let s = SlotInst {
            alu: m,
            slot: Chan::W,
            write: false,
        };
        let g = crate::group::build(&[s], &|_| 0, &|_| Chan::X, &[]).expect("legal");
        let i = &g.insts[0];
        assert_eq!(i.src[0].sel.to_bits(), Some(0));
        assert_eq!(i.src[1].sel.to_bits(), Some(0b1100));
        assert!(g.literals.is_empty() && !i.dst.write);
    }
}
