//! The static checks of an ALU clause, split once at prepare time into what the bytes
//! decide (the legality rules, a misplaced KILL, kcache reads outside the locked lines:
//! formatted errors) and what depends on the launch (whether each GPR the clause names is
//! among the declared ones), so that a launch only runs through the GPR list. The first
//! failing check is the one the checks in their original order would report: a later
//! mention of the same register in the same role fails exactly when its first one does, so
//! only first mentions are kept, and nothing after a decided error can be reached.

use backend_r600::isa::legality::Illegal;
use backend_r600::isa::opcodes::{AluEncoding, OpKind};
use backend_r600::isa::{AluClause, AluOp, CfAlu, SrcSel};

use super::{gpr_ok, kcache_lines, R600Launch};
use crate::runtime::RunError;

/// One check, in the order `check_program` makes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Group `g`, slot `slot`, source `k` reads R`r`.
    Read {
        g: usize,
        slot: char,
        k: usize,
        r: u8,
    },
    /// Group `g`, slot `slot` writes R`r`.
    Write { g: usize, slot: char, r: u8 },
    /// An error the bytes decide (the whole message).
    Fail(String),
}

/// The checks of clause `c` run by the ALU CF instruction `a` at CF address `cf`.
pub(crate) fn clause_checks(
    cf: u32,
    a: &CfAlu,
    c: &AluClause,
    legal: &Result<(), (usize, Illegal)>,
) -> Vec<Check> {
    let at = |g: usize, m: String| format!("CF {cf}, ALU clause {} group {g}: {m}", a.addr);
    if let Err((g, e)) = legal {
        return vec![Check::Fail(at(*g, format!("illegal: {e}")))];
    }
    let last = c.groups.len().saturating_sub(1);
    for (g, group) in c.groups.iter().enumerate() {
        let kills = group.insts.iter().any(|i| i.op.info().kind == OpKind::Kill);
        if kills && g != last {
            return vec![Check::Fail(at(g, "a KILL that is not the last instruction of its ALU clause: the rest of the clause would not see the updated valid state (cayman L1912)".into()))];
        }
    }
    let lines = kcache_lines(a);
    let mut out = Vec::new();
    let (mut read, mut written) = ([false; 256], [false; 256]);
    for (g, group) in c.groups.iter().enumerate() {
        for i in &group.insts {
            let slot = i.slot().letter();
            for (k, s) in i.used_srcs().iter().enumerate() {
                match s.sel {
                    SrcSel::Gpr(r) if !std::mem::replace(&mut read[usize::from(r)], true) => {
                        out.push(Check::Read { g, slot, k, r });
                    }
                    SrcSel::Kcache { set, index } => {
                        let locked = lines.get(usize::from(set)).copied().flatten();
                        match locked {
                            None => {
                                out.push(Check::Fail(at(g, format!("slot {slot} src{k} reads kcache set {set}, which this CF instruction does not lock (cayman L1474, L8062)"))));
                                return out;
                            }
                            Some(n) if !s.rel && u32::from(index) >= 16 * n => {
                                out.push(Check::Fail(at(g, format!("slot {slot} src{k} reads KC{set}[{index}], outside the {n} line(s) this CF instruction locks (cayman L1474, L1530)"))));
                                return out;
                            }
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
            let writes = match i.op.encoding() {
                AluEncoding::Op2 => i.dst.write,
                AluEncoding::Op3 => false, // an out-of-range OP3 destination is the documented way not to write (cayman L1950)
            };
            let special = matches!(i.op, AluOp::MovaInt | AluOp::LdsIdxOp);
            let r = i.dst.gpr;
            if writes && !special && !std::mem::replace(&mut written[usize::from(r)], true) {
                out.push(Check::Write { g, slot, r });
            }
        }
    }
    out
}

/// Runs the `checks` of the clause at `clause_addr` (CF address `cf`) for launch `l`.
pub(crate) fn run_checks(
    checks: &[Check],
    cf: u32,
    clause_addr: u32,
    l: &R600Launch,
) -> Result<(), RunError> {
    let at = |g: usize, m: String| {
        RunError::Fault(format!("CF {cf}, ALU clause {clause_addr} group {g}: {m}"))
    };
    for c in checks {
        match c {
            Check::Read { g, slot, k, r } if !gpr_ok(l, u32::from(*r)) => {
                return Err(at(
                    *g,
                    format!(
                        "slot {slot} src{k} reads R{r}, beyond the {} declared GPRs (cayman L1464)",
                        l.gprs
                    ),
                ));
            }
            Check::Write { g, slot, r } if !gpr_ok(l, u32::from(*r)) => {
                return Err(at(
                    *g,
                    format!(
                        "slot {slot} writes R{r}, beyond the {} declared GPRs (cayman L1948)",
                        l.gprs
                    ),
                ));
            }
            Check::Fail(m) => return Err(RunError::Fault(m.clone())),
            _ => {}
        }
    }
    Ok(())
}
