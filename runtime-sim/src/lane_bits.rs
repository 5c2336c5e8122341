//! `LANE_BITS[l] = 1 << l`, for the lanes of one 32-lane half of an execution mask.
//!
//! The models turn an execution mask into per-lane selects by testing each lane's bit
//! against this constant instead of shifting the mask by the lane number: the baseline
//! x86-64 vector unit has no per-lane shift, and loops written this way vectorize.

/// Bit `l` in element `l`.
pub(crate) const LANE_BITS: [u32; 32] = {
    let mut bits = [0; 32];
    let mut l = 0;
    while l < 32 {
        bits[l] = 1 << l;
        l += 1;
    }
    bits
};
