//! From scheduled slots to an encodable [`AluGroup`]: registers, kcache selects, literal
//! dwords and bank swizzles.
//!
//! The packer calls this with *provisional* GPR numbers (one distinct number per virtual
//! register of the group) and the emitter with the allocated ones. Both give the same
//! legality verdict: a group's read ports depend only on which operands share a GPR address
//! within one channel bank (cayman L1560-L1617), and two different virtual registers of one
//! channel that a group reads are both live there, so the allocator gives them different
//! GPRs, exactly as the provisional numbering does.

use crate::isa::legality;
use crate::isa::{AluGroup, AluInst, AluOp, AluSrc, Chan, SpecialSel};
use crate::mir::{MAlu, Operand, Src, VReg};

/// One ALU instruction in its slot. A replicated op (MULLO_INT, RECIP_IEEE, ...) is one
/// `SlotInst` per slot it occupies, `write` set on the one whose channel holds the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotInst {
    pub alu: MAlu,
    pub slot: Chan,
    pub write: bool,
}

/// A kcache lock of an ALU clause: two lines (32 constants) of `bank` from `line`, as LLVM
/// locks them (digest F14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KcLock {
    pub bank: u8,
    pub line: u32,
}

impl KcLock {
    /// The kcache select of element `index`, if this lock covers it.
    pub fn covers(&self, bank: u8, index: u32) -> Option<u8> {
        let first = self.line * 16;
        (self.bank == bank && index >= first && index < first + 32).then(|| (index - first) as u8)
    }
}

/// The kcache locks a clause needs after adding `srcs`, or `None` if more than two sets
/// would be needed (ALU_EXTENDED, which has four, is not used).
pub fn lock_constants(locks: &[KcLock], srcs: &[Operand]) -> Option<Vec<KcLock>> {
    let mut out = locks.to_vec();
    for o in srcs {
        if let Src::Const { bank, index, .. } = o.src {
            if out.iter().any(|l| l.covers(bank, index).is_some()) {
                continue;
            }
            if out.len() == 2 {
                return None;
            }
            out.push(KcLock {
                bank,
                line: index / 16,
            });
        }
    }
    Some(out)
}

/// The inline constant for a dword, if there is one (cayman L8775-L8783).
pub fn inline_constant(x: u32) -> Option<SpecialSel> {
    Some(match x {
        0 => SpecialSel::Zero,
        1 => SpecialSel::OneInt,
        0xFFFF_FFFF => SpecialSel::MinusOneInt,
        0x3F80_0000 => SpecialSel::One,
        0x3F00_0000 => SpecialSel::Half,
        _ => return None,
    })
}

/// Why slots do not make a legal group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupError {
    /// More than four distinct literal dwords.
    Literals,
    /// A constant no kcache lock covers.
    Kcache,
    /// The legality module rejects it for every bank swizzle.
    Illegal(String),
}

/// Builds the group of `slots` (in slot order) with the GPR of each register from `gpr` and
/// its channel from `chan`, assigns bank swizzles and checks it with the legality module.
pub fn build(
    slots: &[SlotInst],
    gpr: &dyn Fn(VReg) -> u8,
    chan: &dyn Fn(VReg) -> Chan,
    locks: &[KcLock],
) -> Result<AluGroup, GroupError> {
    let mut literals: Vec<u32> = Vec::new();
    let mut insts = Vec::with_capacity(slots.len());
    for s in slots {
        let mut srcs = Vec::with_capacity(s.alu.srcs.len());
        for o in &s.alu.srcs {
            let mut a = match o.src {
                // SET_MODE's select fields are its mode bits (crate::alu_mode).
                Src::Imm(x) if s.alu.op == AluOp::SetMode => AluSrc::gpr((x & 0xF) as u8, Chan::X),
                Src::Reg(v) => AluSrc::gpr(gpr(v), chan(v)),
                Src::Const { bank, index, chan } => {
                    let (set, sel) = locks
                        .iter()
                        .enumerate()
                        .find_map(|(k, l)| l.covers(bank, index).map(|i| (k, i)))
                        .ok_or(GroupError::Kcache)?;
                    AluSrc::kcache(set as u8, sel, chan)
                }
                Src::Imm(x) => match inline_constant(x) {
                    Some(sp) => AluSrc::special(sp),
                    None => {
                        let k = match literals.iter().position(|&l| l == x) {
                            Some(k) => k,
                            None => {
                                literals.push(x);
                                literals.len() - 1
                            }
                        };
                        if k >= 4 {
                            return Err(GroupError::Literals);
                        }
                        AluSrc::literal(Chan::from_bits(k as u32))
                    }
                },
                Src::LdsPop => AluSrc::special(SpecialSel::LdsOqAPop),
            };
            a.neg = o.neg;
            a.abs = o.abs;
            srcs.push(a);
        }
        let dst = s.alu.dst.map(gpr).unwrap_or(0);
        let mut i = match s.alu.lds {
            Some(op) => AluInst::lds(op, &srcs),
            None => AluInst::new(s.alu.op, dst, s.slot, &srcs),
        };
        i.dst.write = s.write && s.alu.dst.is_some();
        i.clamp = s.alu.clamp;
        if s.alu.exec_update {
            i.update_exec_mask = true;
        }
        insts.push(i);
    }
    if literals.len() > 2 {
        literals.resize(4, 0);
    } else if !literals.is_empty() {
        literals.resize(2, 0);
    }
    let mut g = AluGroup { insts, literals };
    match legality::assign_bank_swizzles(&g) {
        Some(bs) => {
            for (i, b) in g.insts.iter_mut().zip(bs) {
                i.bank_swizzle = b;
            }
        }
        None => {
            let why = legality::check_group(&g)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_else(|| "no bank swizzle fits".into());
            return Err(GroupError::Illegal(why));
        }
    }
    legality::check_group(&g).map_err(|e| GroupError::Illegal(e.to_string()))?;
    Ok(g)
}

/// True for the ops that occupy several slots with identical sources (digest §3.2, F11).
pub fn replicated_slots(op: AluOp) -> Option<&'static [Chan]> {
    use crate::isa::opcodes::SlotRule;
    match op.info().slots {
        // Former trans ops: slots x, y, z (Mesa's AF_S), leaving w to another instruction.
        SlotRule::Trans => Some(&[Chan::X, Chan::Y, Chan::Z]),
        // Integer multiplies: all four slots (Mesa's AF_4V, LLVM's isVector).
        SlotRule::Replicated4 => Some(&Chan::ALL),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::{MAlu, Operand};

    fn slot(op: AluOp, dst: u32, srcs: Vec<Operand>, c: Chan) -> SlotInst {
        SlotInst {
            alu: MAlu::new(op, VReg(dst), srcs),
            slot: c,
            write: true,
        }
    }

    #[test]
    fn inline_constants_are_free_and_literals_are_shared() {
        let s = vec![
            slot(
                AluOp::AddInt,
                0,
                vec![Operand::imm(1), Operand::imm(7)],
                Chan::X,
            ),
            slot(
                AluOp::AddInt,
                1,
                vec![Operand::imm(7), Operand::imm(0)],
                Chan::Y,
            ),
        ];
        let g = build(&s, &|v| v.0 as u8, &|_| Chan::X, &[]).unwrap();
        assert_eq!(g.literals, vec![7, 0]);
        assert_eq!(g.literal_slots(), 1);
        assert_eq!(
            g.insts[0].src[0].sel,
            crate::isa::SrcSel::Special(SpecialSel::OneInt)
        );
    }

    #[test]
    fn five_literals_do_not_fit() {
        let s = vec![
            slot(
                AluOp::AddInt,
                0,
                vec![Operand::imm(10), Operand::imm(11)],
                Chan::X,
            ),
            slot(
                AluOp::AddInt,
                1,
                vec![Operand::imm(12), Operand::imm(13)],
                Chan::Y,
            ),
            slot(
                AluOp::AddInt,
                2,
                vec![Operand::imm(14), Operand::imm(10)],
                Chan::Z,
            ),
        ];
        assert_eq!(
            build(&s, &|v| v.0 as u8, &|_| Chan::X, &[]),
            Err(GroupError::Literals)
        );
    }

    #[test]
    fn a_clause_locks_at_most_two_kcache_sets() {
        let c = |bank, index| {
            Operand::new(Src::Const {
                bank,
                index,
                chan: Chan::X,
            })
        };
        let l = lock_constants(&[], &[c(1, 0), c(1, 31), c(2, 40)]).unwrap();
        assert_eq!(
            l,
            vec![KcLock { bank: 1, line: 0 }, KcLock { bank: 2, line: 2 }]
        );
        assert_eq!(l[1].covers(2, 40), Some(8));
        assert!(lock_constants(&l, &[c(3, 0)]).is_none());
        assert!(lock_constants(&l, &[c(1, 5), c(2, 63)]).is_some());
    }

    #[test]
    fn read_port_conflicts_are_caught() {
        // Four instructions reading four different GPRs in channel x on both operands need
        // more than three x-bank reads per cycle.
        let s: Vec<SlotInst> = Chan::ALL
            .iter()
            .enumerate()
            .map(|(k, &c)| {
                slot(
                    AluOp::AddInt,
                    20 + k as u32,
                    vec![
                        Operand::reg(VReg(k as u32)),
                        Operand::reg(VReg(10 + k as u32)),
                    ],
                    c,
                )
            })
            .collect();
        assert!(matches!(
            build(&s, &|v| v.0 as u8, &|_| Chan::X, &[]),
            Err(GroupError::Illegal(_))
        ));
    }
}
