//! The lane loop of the VALU instructions that map sources to a result lane by lane
//! (`ValuSem::Map`): what does not change from lane to lane (whether output modifiers
//! apply, whether MODE flushes the result's denormals) is decided once per instruction,
//! not once per lane, and the sources are read by reference.

use backend_gcn::isa::{Ty, Valu, ValuExt};

use super::{denormals_allowed, flush, out_mod, Fn3};
use crate::gcn::wave::{Lanes, Lanes64, Wave, WAVE};
use crate::lane_bits::LANE_BITS;

/// `f` over the lanes of `exec` with the instruction's output modifiers and MODE's result
/// flushing; other lanes 0.
pub(super) fn map(w: &Wave, i: &Valu, t: Ty, f: Fn3, src: [&Lanes64; 3], exec: u64) -> Lanes64 {
    let [a, b, c] = src;
    // `out_mod` returns its input unless one of these holds.
    let mods = (i.vop3 || matches!(i.ext, ValuExt::Sdwa(_))) && (i.omod != 0 || i.clamp);
    let mut out = [0u64; WAVE];
    for l in 0..WAVE {
        if exec >> l & 1 != 0 {
            out[l] = f(a[l], b[l], c[l]);
        }
    }
    if mods {
        for (l, x) in out.iter_mut().enumerate() {
            if exec >> l & 1 != 0 {
                *x = out_mod(i, t, *x);
            }
        }
    }
    // Lanes outside `exec` hold 0, which flushing leaves 0.
    if !denormals_allowed(w, t, true) {
        flush_all(t, &mut out);
    }
    out
}

/// `flush(t, x)` on every lane, with the type decided once (the loops then vectorize).
pub(super) fn flush_all(t: Ty, v: &mut Lanes64) {
    match t {
        Ty::F32 => v.iter_mut().for_each(|x| *x = flush(Ty::F32, *x)),
        Ty::F64 => v.iter_mut().for_each(|x| *x = flush(Ty::F64, *x)),
        _ => v.iter_mut().for_each(|x| *x = flush(t, *x)),
    }
}

/// `out[l] = f(a[l], b[l], c[l])` on every lane of 32-bit sources, the function seeing
/// them zero-extended and its result cut to 32 bits; inlined into its caller so that each
/// opcode gets its own loop (which the compiler vectorizes where the function allows).
#[inline(always)]
pub(super) fn whole32(f: impl Fn(u64, u64, u64) -> u64, s: &[Lanes; 3], out: &mut Lanes) {
    let [a, b, c] = s;
    for l in 0..WAVE {
        out[l] = f(u64::from(a[l]), u64::from(b[l]), u64::from(c[l])) as u32;
    }
}

/// `dst` takes `v` in the lanes of `exec` and keeps its value in the others: a copy for a
/// whole wavefront, else a select through a per-lane mask (which vectorizes; a store under a
/// branch per lane does not).
#[inline]
pub(crate) fn select(dst: &mut Lanes, v: &Lanes, exec: u64) {
    match exec {
        u64::MAX => *dst = *v,
        0 => {}
        _ => {
            let m = lane_masks(exec);
            for ((d, x), m) in dst.iter_mut().zip(v).zip(m) {
                *d = (x & m) | (*d & !m);
            }
        }
    }
}

/// Bit `l` of `mask` as all ones or all zeros in lane `l`. Tested against a constant bit
/// per lane rather than shifted by the lane number: the baseline x86-64 vector unit has no
/// per-lane shift, and this loop vectorizes without one.
#[inline]
pub(crate) fn lane_masks(mask: u64) -> Lanes {
    let (lo, hi) = (mask as u32, (mask >> 32) as u32);
    let mut m = [0u32; WAVE];
    for l in 0..32 {
        m[l] = 0u32.wrapping_sub(u32::from(lo & LANE_BITS[l] != 0));
        m[l + 32] = 0u32.wrapping_sub(u32::from(hi & LANE_BITS[l] != 0));
    }
    m
}

/// The inverse of [`lane_masks`]: bit `l` set where lane `l` is not zero.
#[inline]
pub(crate) fn pack(m: &Lanes) -> u64 {
    let (mut lo, mut hi) = (0u32, 0u32);
    for l in 0..32 {
        lo |= LANE_BITS[l] & 0u32.wrapping_sub(u32::from(m[l] != 0));
        hi |= LANE_BITS[l] & 0u32.wrapping_sub(u32::from(m[l + 32] != 0));
    }
    u64::from(lo) | u64::from(hi) << 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_masks_and_pack_are_the_bits() {
        for mask in [0u64, u64::MAX, 1, 1 << 63, 0x8000_0001_0f0f_00ff] {
            let m = lane_masks(mask);
            for (l, x) in m.iter().enumerate() {
                assert_eq!(*x, if mask >> l & 1 != 0 { u32::MAX } else { 0 });
            }
            assert_eq!(pack(&m), mask);
            let mut d = [7u32; WAVE];
            select(&mut d, &[9; WAVE], mask);
            for (l, x) in d.iter().enumerate() {
                assert_eq!(*x, if mask >> l & 1 != 0 { 9 } else { 7 });
            }
        }
    }
}
