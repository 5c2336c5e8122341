//! The ALU pixel-kill instructions KILLE, KILLGT, KILLGE, KILLNE and their _INT / _UINT
//! forms (cayman L1753-1758, L1802-1805, Ch8 from L4543): for each lane that executes the
//! instruction, "If (src0 OP src1) { dst = 1.0f; Killed = TRUE; } Else { dst = 0.0f; }".
//! Killed clears the lane's valid bit for good (L1083, L1091) and leaves its active state
//! alone ("Killed pixels remain active", L1114): later instructions still run for it unless
//! a CF instruction with VALID_PIXEL_MODE deactivates it; pixel exports skip it (L8406).
//!
//! Only a pixel shader can kill; the model runs them as pixel launches and refuses KILL in a
//! compute launch (the ISA says other program types ignore it, L4547: the compiler would not
//! emit one there). That a KILL is the last instruction of its ALU clause (L1912) is checked
//! statically (`super::check_program`).

use backend_r600::isa::AluOp;

use super::ops;
use super::wave::Wave;
use super::WAVE;

/// Whether `op` kills a lane with sources `a`, `b` (floats compared after the model's input
/// handling of floats, `ops::fin`, as the SET* comparisons are; NaN compares unequal).
pub fn kill_test(op: AluOp, a: u32, b: u32) -> Option<bool> {
    let (fa, fb) = (ops::fin(a), ops::fin(b));
    Some(match op {
        AluOp::Kille => fa == fb,
        AluOp::Killgt => fa > fb,
        AluOp::Killge => fa >= fb,
        AluOp::Killne => fa != fb,
        AluOp::KilleInt => a == b,
        AluOp::KillneInt => a != b,
        AluOp::KillgtInt => (a as i32) > (b as i32),
        AluOp::KillgeInt => (a as i32) >= (b as i32),
        AluOp::KillgtUint => a > b,
        AluOp::KillgeUint => a >= b,
        _ => return None,
    })
}

impl Wave {
    /// Executes a KILL* on the lanes `run`; returns its result (1.0 where killed, else 0.0)
    /// or `None` for an opcode that is not a kill.
    pub(crate) fn alu_kill(
        &mut self,
        op: AluOp,
        a: &[u32; WAVE],
        b: &[u32; WAVE],
        run: u64,
    ) -> Option<[u32; WAVE]> {
        let mut v = [0u32; WAVE];
        for l in 0..WAVE {
            if run >> l & 1 == 0 {
                continue;
            }
            if kill_test(op, a[l], b[l])? {
                v[l] = 1.0f32.to_bits();
                self.valid &= !(1u64 << l);
            }
        }
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kill_comparisons_follow_the_isa_text() {
        let f = f32::to_bits;
        assert_eq!(kill_test(AluOp::Killgt, f(0.0), f(-1.0)), Some(true));
        assert_eq!(kill_test(AluOp::Killgt, f(0.0), f(0.0)), Some(false));
        assert_eq!(kill_test(AluOp::Killge, f(0.0), f(0.0)), Some(true));
        assert_eq!(kill_test(AluOp::Kille, f(-0.0), f(0.0)), Some(true));
        assert_eq!(
            kill_test(AluOp::Killne, f(f32::NAN), f(f32::NAN)),
            Some(true)
        );
        assert_eq!(kill_test(AluOp::KilleInt, 5, 0), Some(false));
        assert_eq!(kill_test(AluOp::KillneInt, 5, 0), Some(true));
        assert_eq!(kill_test(AluOp::KillgtInt, u32::MAX, 0), Some(false));
        assert_eq!(kill_test(AluOp::KillgtUint, u32::MAX, 0), Some(true));
        assert_eq!(kill_test(AluOp::Mov, 0, 0), None);
    }
}
