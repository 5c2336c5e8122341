//! The per-lane states of a wavefront (cayman L1084-L1089: Active, Inactive-branch,
//! Inactive-continue, Inactive-break) as lane masks, one bit per lane.
//!
//! Why masks: the CF instructions that read or change the states (the Active mask at every
//! clause, PUSH, POP, ELSE, the loop instructions, the exec-mask update after an ALU
//! clause) each apply one rule to all 64 lanes; on masks a rule is a few word operations,
//! and the Active mask, needed at every clause, is read as it is. Every lane is in exactly
//! one state: the Active, continue and break masks are disjoint and Inactive-branch is the
//! lanes in none of them, so a wavefront at launch (all lanes Inactive-branch until the
//! launch activates its work-items) is the all-zero value.

/// Lane states (cayman L1084-L1089), for the lane-by-lane views.
pub const ACTIVE: u8 = 0;
/// Inactive because of a branch.
pub const BRANCH: u8 = 1;
/// Inactive until the end of the loop iteration.
pub const CONT: u8 = 2;
/// Inactive until the loop exits.
pub const BREAK: u8 = 3;

/// The states of the 64 lanes (bit l of a mask is lane l).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneStates {
    active: u64,
    cont: u64,
    brk: u64,
}

impl LaneStates {
    /// Lanes in the Active state.
    #[inline]
    pub fn active(&self) -> u64 {
        self.active
    }

    /// Lanes Inactive-continue or Inactive-break: the lanes a POP or ELSE leaves as they are.
    #[inline]
    pub fn looped_out(&self) -> u64 {
        self.cont | self.brk
    }

    /// Lanes Inactive-break.
    #[inline]
    pub fn broken(&self) -> u64 {
        self.brk
    }

    /// The lanes of `lanes` put in state `s` (one of the four constants; another value is
    /// read as Inactive-branch).
    #[inline]
    pub fn set(&mut self, lanes: u64, s: u8) {
        self.active &= !lanes;
        self.cont &= !lanes;
        self.brk &= !lanes;
        match s {
            ACTIVE => self.active |= lanes,
            CONT => self.cont |= lanes,
            BREAK => self.brk |= lanes,
            _ => {}
        }
    }

    /// The state of lane `l`.
    pub fn get(&self, l: usize) -> u8 {
        let bit = |m: u64| m >> l & 1 == 1;
        if bit(self.active) {
            ACTIVE
        } else if bit(self.cont) {
            CONT
        } else if bit(self.brk) {
            BREAK
        } else {
            BRANCH
        }
    }

    /// POP of a PUSH frame holding `saved`: every lane takes its saved state except the
    /// Inactive-continue / -break ones, which keep theirs until the loop says otherwise
    /// (digest D5, `wave.rs` module docs).
    #[inline]
    pub fn restore(&mut self, saved: &LaneStates) {
        let keep = self.looped_out();
        self.active = saved.active & !keep;
        self.cont |= saved.cont & !keep;
        self.brk |= saved.brk & !keep;
    }

    /// ELSE: the lanes Active at the PUSH (`saved`) and passing `cond` that are now Active
    /// or Inactive-branch swap between the two (the rule `Wave::else_op` documents).
    #[inline]
    pub fn else_flip(&mut self, saved: &LaneStates, cond: u64) {
        self.active ^= saved.active & cond & !self.looped_out();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_states(seed: &mut u64) -> ([u8; 64], LaneStates) {
        let mut bytes = [BRANCH; 64];
        let mut m = LaneStates::default();
        for (l, b) in bytes.iter_mut().enumerate() {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *b = [ACTIVE, BRANCH, CONT, BREAK][(*seed >> 33) as usize % 4];
            m.set(1 << l, *b);
        }
        (bytes, m)
    }

    fn bytes_of(m: &LaneStates) -> [u8; 64] {
        std::array::from_fn(|l| m.get(l))
    }

    /// The mask rules against the lane-by-lane rules of the wave module's docs, for random
    /// states in every lane.
    #[test]
    fn mask_rules_match_the_lane_by_lane_rules() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            let (now, m) = random_states(&mut seed);
            let (saved, ms) = random_states(&mut seed);
            assert_eq!(bytes_of(&m), now);
            let active = (0..64).fold(0u64, |a, l| a | u64::from(now[l] == ACTIVE) << l);
            assert_eq!(m.active(), active);
            let brk = (0..64).fold(0u64, |a, l| a | u64::from(now[l] == BREAK) << l);
            assert_eq!(m.broken(), brk);
            // POP: a lane keeps its state if it is BREAK or CONT, else takes the saved one.
            let mut popped = m;
            popped.restore(&ms);
            let want: [u8; 64] = std::array::from_fn(|l| {
                if matches!(now[l], BREAK | CONT) {
                    now[l]
                } else {
                    saved[l]
                }
            });
            assert_eq!(bytes_of(&popped), want);
            // ELSE: saved Active and cond: ACTIVE <-> BRANCH.
            let cond = seed.rotate_left(17);
            let mut flipped = m;
            flipped.else_flip(&ms, cond);
            let want: [u8; 64] = std::array::from_fn(|l| {
                if saved[l] == ACTIVE && cond >> l & 1 == 1 {
                    match now[l] {
                        ACTIVE => BRANCH,
                        BRANCH => ACTIVE,
                        s => s,
                    }
                } else {
                    now[l]
                }
            });
            assert_eq!(bytes_of(&flipped), want);
            // set: exactly the given lanes change, to the given state.
            for s in [ACTIVE, BRANCH, CONT, BREAK] {
                let lanes = seed.rotate_left(u32::from(s) * 9);
                let mut x = m;
                x.set(lanes, s);
                let want: [u8; 64] =
                    std::array::from_fn(|l| if lanes >> l & 1 == 1 { s } else { now[l] });
                assert_eq!(bytes_of(&x), want);
            }
        }
    }
}
