//! The lane loop of the VALU instructions that map sources to a result lane by lane
//! (`ValuSem::Map`): what does not change from lane to lane (whether output modifiers
//! apply, whether MODE flushes the result's denormals) is decided once per instruction,
//! not once per lane, and the sources are read by reference.

use backend_gcn::isa::{Ty, Valu, ValuExt};

use super::{denormals_allowed, flush, out_mod, Fn3};
use crate::gcn::wave::{Lanes, Lanes64, Wave, WAVE};

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
            for (l, (d, x)) in dst.iter_mut().zip(v).enumerate() {
                let m = 0u32.wrapping_sub((exec >> l) as u32 & 1);
                *d = (x & m) | (*d & !m);
            }
        }
    }
}
