//! The VALU instructions on 32-bit lanes pre-decoded into [`Vop32`]: plain maps
//! (`ValuSem::Map`), V_CNDMASK_B32, the 32-bit compares and V_CMP_CLASS_F32 without SDWA,
//! DPP or output modifiers. These are most of the VALU instructions a kernel runs.
//!
//! Where the general path (`exec_valu`) fetches every source as 64 lanes of u64 (512
//! bytes copied per call level), calls the lane function through a pointer per lane and
//! converts the result back, this one resolves at prepare time which sources are VGPRs,
//! their abs/neg modifiers as bit masks and the destination; at run time it copies each
//! source once as 32-bit lanes, runs the opcode's own loop (`map_lanes32`: the lane function
//! of the same table inlined) over all 64 lanes and selects the EXEC lanes into the
//! destination.
//!
//! It computes the same bits: the lane functions are total (no panics, no side effects), so
//! computing the lanes outside EXEC and dropping them in the select changes nothing; the
//! sources are read with the same checks, in the same order (source 0, 1, 2, then the
//! destination), so a refused program is refused with the same message; MODE's denormal
//! flushing is applied to the same sources and results. A unit test holds the two paths
//! together instruction by instruction.

use backend_gcn::isa::{Opcode, Operand, Ty, Valu, ValuExt};

use super::{
    check_special_src, class_test, denormals_allowed, f32b, is_float, lanes, map_lanes32, mask_of,
    sign_bit, write_mask, CmpTy, ValuSem,
};
use crate::gcn::wave::{fault, Lanes, Regs, Wave, EXEC_LO, R, WAVE};

/// Where a source comes from.
#[derive(Clone, Copy, Debug)]
enum Src {
    Vgpr(u8),
    /// An SGPR, constant or special source: one value for every lane, read at run time.
    Scalar(Operand),
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Map,
    Cndmask,
    Cmp { ty: CmpTy, pred: u8, x: bool },
    Class { x: bool },
}

/// A VALU instruction on 32-bit lanes with its operands resolved (see the module doc).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vop32 {
    kind: Kind,
    op: Opcode,
    /// Sources read as lanes (the lane mask of V_CNDMASK_B32 is read apart).
    n: u8,
    src: [Src; 3],
    ty: [Ty; 3],
    /// The abs and neg input modifiers as `(x & and) ^ xor` (abs first, as `src` does).
    and: [u32; 3],
    xor: [u32; 3],
    /// Destination VGPR and type (maps and V_CNDMASK_B32).
    dst: u8,
    dst_ty: Ty,
}

/// The pre-decoded form of `i`, if it has one.
pub(crate) fn resolve(i: &Valu, sem: ValuSem) -> Option<Vop32> {
    if !matches!(i.ext, ValuExt::None) {
        return None;
    }
    let shape = i.op.valu_shape()?;
    if shape.flags != 0 {
        return None;
    }
    let narrow = |ty: CmpTy| matches!(ty, CmpTy::F32 | CmpTy::I32 | CmpTy::U32);
    let (kind, n) = match sem {
        // OMOD and CLAMP (and the refusal of CLAMP on an integer op) stay with `exec_valu`.
        ValuSem::Map(_) if !i.clamp && i.omod == 0 => (Kind::Map, shape.nsrc()),
        ValuSem::Cndmask => (Kind::Cndmask, 2),
        ValuSem::Cmp { ty, pred, x } if narrow(ty) => (Kind::Cmp { ty, pred, x }, 2),
        ValuSem::Class { f64: false, x } => (Kind::Class { x }, 2),
        _ => return None,
    };
    let writes_vgpr = matches!(kind, Kind::Map | Kind::Cndmask);
    let dst = match i.vdst {
        Some(Operand::Vgpr { index, .. }) => index,
        _ if writes_vgpr => return None,
        _ => 0,
    };
    if writes_vgpr && shape.dst.regs() != 1 {
        return None;
    }
    let cndmask = i.op == Opcode::V_CNDMASK_B32;
    let mut f = Vop32 {
        kind,
        op: i.op,
        n: n as u8,
        src: [Src::Scalar(Operand::Int(0)); 3],
        ty: [Ty::None; 3],
        and: [u32::MAX; 3],
        xor: [0; 3],
        dst,
        dst_ty: shape.dst,
    };
    for k in 0..n {
        let ty = shape.srcs[k];
        if ty.regs() != 1 {
            return None;
        }
        f.ty[k] = ty;
        f.src[k] = match i.src[k]? {
            Operand::Vgpr { index, .. } => Src::Vgpr(index),
            op => Src::Scalar(op),
        };
        // `src`: abs and neg apply to float sources, and to V_CNDMASK_B32's as f32.
        if is_float(ty) || cndmask {
            let sb = sign_bit(if cndmask { Ty::F32 } else { ty }) as u32;
            if i.abs >> k & 1 != 0 {
                f.and[k] = !sb;
            }
            if i.neg >> k & 1 != 0 {
                f.xor[k] = sb;
            }
        }
    }
    Some(f)
}

/// Source `k` as 32-bit lanes into `out`, with its modifiers, flushed if `flush` and
/// MODE says so; refused as `exec_valu`'s `src` refuses it.
#[inline(always)]
fn load(w: &Wave, f: &Vop32, k: usize, flush: bool, out: &mut Lanes) -> R<()> {
    let t = f.ty[k];
    match f.src[k] {
        Src::Vgpr(r) => {
            w.check_read(Regs::V(r, 1))?;
            *out = w.v[usize::from(r)];
        }
        Src::Scalar(op) => {
            check_special_src(w, op)?;
            *out = [w.scalar_src(op, t)? as u32; WAVE];
        }
    }
    let (and, xor) = (f.and[k], f.xor[k]);
    if and != u32::MAX || xor != 0 {
        out.iter_mut().for_each(|x| *x = (*x & and) ^ xor);
    }
    if flush && t == Ty::F32 && !denormals_allowed(w, t, false) {
        flush32_lanes(out);
    }
    Ok(())
}

/// An f32 denormal becomes a zero of its sign, on every lane.
fn flush32_lanes(v: &mut Lanes) {
    for x in v.iter_mut() {
        let denormal_or_zero = 0u32.wrapping_sub(u32::from(*x & 0x7F80_0000 == 0));
        *x &= !denormal_or_zero | 0x8000_0000;
    }
}

/// Executes a pre-decoded instruction (`i` is the instruction it was decoded from).
pub(crate) fn exec(w: &mut Wave, i: &Valu, f: &Vop32) -> R<()> {
    let exec = w.exec();
    let flush = matches!(f.kind, Kind::Map | Kind::Cmp { .. });
    let mut s = [[0u32; WAVE]; 3];
    for (k, lanes) in s.iter_mut().enumerate().take(usize::from(f.n)) {
        load(w, f, k, flush, lanes)?;
    }
    let mut out = [0u32; WAVE];
    match f.kind {
        Kind::Map => {
            if !map_lanes32(f.op, &s, &mut out) {
                return fault(format!("{} has no lane function", f.op.name()));
            }
            if f.dst_ty == Ty::F32 && !denormals_allowed(w, Ty::F32, true) {
                flush32_lanes(&mut out);
            }
        }
        Kind::Cndmask => {
            let m = lanes::lane_masks(mask_of(w, i.src[2])?);
            let [a, b, _] = &s;
            for l in 0..WAVE {
                out[l] = (b[l] & m[l]) | (a[l] & !m[l]);
            }
        }
        Kind::Cmp { ty, pred, x } => {
            let m = compare(ty, pred, &s[0], &s[1]) & exec;
            return write_compare(w, i, m, x);
        }
        Kind::Class { x } => {
            let mut m = 0u64;
            for (l, (&a, &b)) in s[0].iter().zip(&s[1]).enumerate() {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let v = f32b(u64::from(a));
                let snan = v.is_nan() && a >> 22 & 1 == 0;
                if class_test(f64::from(v), snan, v.is_subnormal(), b) {
                    m |= 1 << l;
                }
            }
            return write_compare(w, i, m, x);
        }
    }
    w.check_vwrite(f.dst, 1)?;
    lanes::select(&mut w.v[usize::from(f.dst)], &out, exec);
    Ok(())
}

/// The lane mask of a VOPC result to SDST, and to EXEC for V_CMPX.
fn write_compare(w: &mut Wave, i: &Valu, m: u64, x: bool) -> R<()> {
    write_mask(w, i.sdst, m)?;
    if x {
        w.swrite(EXEC_LO, 2, m)?;
        w.note_valu_sgpr(EXEC_LO, 2);
    }
    Ok(())
}

/// The relation of `a` to `b` as the compare predicates number it: bit 0 less, 1 equal, 2
/// greater, 3 unordered.
#[inline(always)]
fn relation<T: PartialOrd>(a: T, b: T) -> u8 {
    if a < b {
        1
    } else if a == b {
        2
    } else if a > b {
        4
    } else {
        8
    }
}

/// Bit `l` set where `pred` holds for lane `l` (every lane: the caller masks with EXEC).
fn compare(ty: CmpTy, pred: u8, a: &Lanes, b: &Lanes) -> u64 {
    #[inline(always)]
    fn each(pred: u8, a: &Lanes, b: &Lanes, rel: impl Fn(u32, u32) -> u8) -> u64 {
        let mut m = [0u32; WAVE];
        for l in 0..WAVE {
            m[l] = u32::from(pred & rel(a[l], b[l]) != 0);
        }
        lanes::pack(&m)
    }
    match ty {
        CmpTy::F32 => each(pred, a, b, |x, y| {
            relation(f32::from_bits(x), f32::from_bits(y))
        }),
        CmpTy::I32 => each(pred, a, b, |x, y| relation(x as i32, y as i32)),
        _ => each(pred, a, b, relation),
    }
}

#[cfg(test)]
mod tests {
    use super::super::exec_valu;
    use super::*;
    use backend_gcn::isa::{assemble, decode, Inst};

    /// A wave with 20 VGPRs of varied bits (zeros, denormals, NaNs, infinities, signs,
    /// integers), VCC and s\[4:5\] set, and half the lanes in EXEC.
    fn wave(mode: u32) -> Wave {
        let mut w = Wave::new(20, mode);
        let mut x = 0x9E37_79B9u32;
        let specials = [
            0u32,
            0x8000_0000,
            0x0000_0001,
            0x807f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7f80_0001,
            0x3f80_0000,
            0xbf00_0000,
            1,
            0xffff_ffff,
            0x4b00_0001,
        ];
        for r in 0..20 {
            for l in 0..WAVE {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                w.v[r][l] = if x % 3 == 0 {
                    specials[(x as usize / 3) % specials.len()]
                } else {
                    x
                };
            }
        }
        w.s[4] = 0x3fc0_0000;
        w.s[5] = 7;
        w.s[106] = 0x5555_aaaa;
        w.s[107] = 0x0f0f_f0f0;
        w.set_exec(0xffff_0000_ff00_ff0f);
        w
    }

    /// Every pre-decoded form gives the registers, SGPRs and errors of `exec_valu`.
    #[test]
    fn vop32_matches_the_general_path() {
        let text = "\
            v_add_f32_e32 v1, v2, v3
            v_add_f32_e64 v1, -v2, |v3|
            v_mul_f32_e32 v1, 0x40490fdb, v3
            v_mul_f32_e64 v1, s4, -v3
            v_sub_f32_e32 v1, 1.0, v3
            v_mov_b32_e32 v1, v5
            v_mov_b32_e32 v1, s5
            v_mov_b32_e32 v1, -7
            v_fma_f32 v1, v2, v3, v4
            v_fma_f32 v1, -v2, s4, |v4|
            v_mad_f32 v1, v2, v3, v4
            v_mac_f32_e32 v1, v2, v3
            v_max_f32_e32 v1, v2, v3
            v_min_f32_e64 v1, v2, -v3
            v_rcp_f32_e32 v1, v2
            v_sqrt_f32_e32 v1, v2
            v_sin_f32_e32 v1, v2
            v_exp_f32_e32 v1, v2
            v_rndne_f32_e32 v1, v2
            v_fract_f32_e32 v1, v2
            v_cvt_f32_i32_e32 v1, v2
            v_cvt_i32_f32_e32 v1, v2
            v_cvt_u32_f32_e32 v1, v2
            v_cvt_f16_f32_e32 v1, v2
            v_cvt_f32_f16_e32 v1, v2
            v_add_u32_e32 v1, v2, v3
            v_sub_u32_e32 v1, 64, v3
            v_mul_lo_u32 v1, v2, v3
            v_mul_hi_u32 v1, v2, v3
            v_mul_hi_i32 v1, v2, s4
            v_lshlrev_b32_e32 v1, v2, v3
            v_ashrrev_i32_e32 v1, 5, v3
            v_and_b32_e32 v1, v2, v3
            v_or3_b32 v1, v2, v3, v4
            v_xor_b32_e32 v1, s4, v3
            v_bfe_u32 v1, v2, 3, 9
            v_bfi_b32 v1, v2, v3, v4
            v_alignbit_b32 v1, v2, v3, v4
            v_med3_f32 v1, v2, v3, v4
            v_med3_i32 v1, v2, v3, v4
            v_min3_u32 v1, v2, v3, v4
            v_lshl_add_u32 v1, v2, 3, v4
            v_mad_u32_u24 v1, v2, v3, v4
            v_ldexp_f32 v1, v2, v3
            v_div_fixup_f32 v1, v2, v3, v4
            v_perm_b32 v1, v2, v3, v4
            v_cvt_pkrtz_f16_f32 v1, v2, v3
            v_cndmask_b32_e32 v1, v2, v3, vcc
            v_cndmask_b32_e64 v1, v2, -v3, s[4:5]
            v_cndmask_b32_e64 v1, 0, 1.0, vcc
            v_cmp_lt_f32_e32 vcc, v2, v3
            v_cmp_nge_f32_e64 s[6:7], v2, -v3
            v_cmp_u_f32_e64 s[6:7], v2, v3
            v_cmp_eq_u32_e32 vcc, 5, v3
            v_cmp_gt_i32_e64 s[6:7], v2, s4
            v_cmp_ne_u32_e64 s[6:7], v2, v3
            v_cmpx_le_u32_e64 s[6:7], v2, v3
            v_cmpx_lg_f32_e32 vcc, v2, v3
            v_cmp_class_f32_e64 s[6:7], v2, v3
            v_cmp_class_f32_e64 s[6:7], -v2, s4
            v_cmp_lt_f64_e32 vcc, v[2:3], v[4:5]
            v_add_f64 v[6:7], v[2:3], v[4:5]
            v_add_f32_e64 v1, v2, v3 clamp
            v_add_f32_e64 v1, v2, v3 mul:2
            v_add_f32_e64 v1, v2, v30";
        let mut pre = 0;
        for line in text.lines() {
            let line = line.trim();
            let inst = match decode(&assemble(line).unwrap()).unwrap().remove(0).1 {
                Inst::Valu(v) => v,
                other => panic!("{line}: {other:?}"),
            };
            let sem = super::super::resolve(&inst);
            let fast = resolve(&inst, sem);
            if fast.is_some() {
                pre += 1;
            }
            // MODE 0xf0: denormals kept; 0: flushed (inputs and outputs of f32 and f64).
            for mode in [0xf0, 0] {
                let mut a = wave(mode);
                let mut b = wave(mode);
                let ra = exec_valu(&mut a, &inst, sem);
                let rb = match &fast {
                    Some(f) => exec(&mut b, &inst, f),
                    None => exec_valu(&mut b, &inst, sem),
                };
                assert_eq!(
                    format!("{ra:?}"),
                    format!("{rb:?}"),
                    "{line}, mode {mode:#x}"
                );
                let nan = |x: u32| f32::from_bits(x).is_nan();
                for r in 0..a.v.len() {
                    for l in 0..WAVE {
                        // Which NaN an operation on NaN operands returns is left open by
                        // Rust (LLVM may commute an addition): any NaN then.
                        let either_nan =
                            nan(a.v[r][l]) && nan(b.v[r][l]) && (2..5).any(|k| nan(a.v[k][l]));
                        if either_nan {
                            continue;
                        }
                        assert_eq!(
                            a.v[r][l], b.v[r][l],
                            "{line}, mode {mode:#x}: v{r} lane {l}, sources {:#x} {:#x} {:#x}",
                            a.v[2][l], a.v[3][l], a.v[4][l]
                        );
                    }
                }
                assert_eq!(a.s, b.s, "{line}, mode {mode:#x}");
            }
        }
        // Everything but the 64-bit ops, the output modifiers and V_MAC (an accumulator).
        assert_eq!(pre, text.lines().count() - 5, "pre-decoded forms");
    }
}
