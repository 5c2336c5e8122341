//! The lane loop of the VALU instructions that map sources to a result lane by lane
//! (`ValuSem::Map`): what does not change from lane to lane (whether output modifiers
//! apply, whether MODE flushes the result's denormals) is decided once per instruction,
//! not once per lane, and the sources are read by reference.

use backend_gcn::isa::{Ty, Valu, ValuExt};

use super::{denormals_allowed, flush, out_mod, Fn3};
use crate::gcn::wave::{Lanes64, Wave, WAVE};

/// `f` over the lanes of `exec` with the instruction's output modifiers and MODE's result
/// flushing; other lanes 0.
pub(super) fn map(w: &Wave, i: &Valu, t: Ty, f: Fn3, src: [&Lanes64; 3], exec: u64) -> Lanes64 {
    let [a, b, c] = src;
    // `out_mod` returns its input unless one of these holds.
    let mods = (i.vop3 || matches!(i.ext, ValuExt::Sdwa(_))) && (i.omod != 0 || i.clamp);
    let keep_denormals = denormals_allowed(w, t, true);
    let mut out = [0u64; WAVE];
    for l in 0..WAVE {
        if exec >> l & 1 != 0 {
            let mut r = f(a[l], b[l], c[l]);
            if mods {
                r = out_mod(i, t, r);
            }
            out[l] = if keep_denormals { r } else { flush(t, r) };
        }
    }
    out
}
