//! Whole-wavefront lane loops for the ordinary ALU instructions: one loop over the 64
//! lanes per slot with the instruction's scalar function (`ops`) inlined into it, instead of
//! a call through a function pointer per lane. The results are those of
//! [`ops::scalar`]'s function lane by lane (a unit test holds the two tables together);
//! lanes outside `run` get 0, as the per-lane loop leaves them.
//!
//! The scalar functions are total (no panics, no side effects), so computing every lane and
//! selecting the running ones afterwards gives the same result as computing only those,
//! and the loop has no branch the compiler cannot turn into a select.

use backend_r600::isa::AluOp;

use super::{gpr_ok, ops, R600Launch, WAVE};

type Lanes = [u32; WAVE];

/// `dst` takes `v` in the lanes of `run` (a select per lane, which vectorizes; a store
/// under a branch per lane does not).
#[inline]
pub(crate) fn select(dst: &mut Lanes, v: &Lanes, run: u64) {
    match run {
        u64::MAX => *dst = *v,
        0 => {}
        r if is_prefix(r) => copy_prefix(dst, v, r),
        _ => {
            let m = lane_masks(run);
            for l in 0..WAVE {
                dst[l] = (v[l] & m[l]) | (dst[l] & !m[l]);
            }
        }
    }
}

/// `dst` takes `v` in the lanes of `run`; `mask` is [`lane_masks`]`(run)` when `run` is
/// neither every lane nor [`is_prefix`] (a pre-decoded group builds it once for the slots
/// that share it).
#[inline]
pub(crate) fn blend(dst: &mut Lanes, v: &Lanes, run: u64, mask: &Lanes) {
    match run {
        0 => {}
        u64::MAX => *dst = *v,
        r if is_prefix(r) => copy_prefix(dst, v, r),
        _ => {
            for l in 0..WAVE {
                let m = mask[l];
                dst[l] = (v[l] & m) | (dst[l] & !m);
            }
        }
    }
}

/// The first n lanes (`run` [`is_prefix`], a partial wavefront): a copy of those, no
/// select.
#[inline]
fn copy_prefix(dst: &mut Lanes, v: &Lanes, run: u64) {
    let n = (run.trailing_ones() as usize).min(WAVE);
    dst[..n].copy_from_slice(&v[..n]);
}

/// `run` is lanes 0..n for some n (no hole above the lowest lanes).
#[inline]
pub(crate) fn is_prefix(run: u64) -> bool {
    run & run.wrapping_add(1) == 0
}

/// Bit `l` of `run` as an all-ones or all-zeros dword per lane, for selects that vectorize.
#[inline]
pub(crate) fn lane_masks(run: u64) -> Lanes {
    // Each half against a table of single bits: an AND and a compare per lane, which
    // vectorizes (a variable shift per lane does not without AVX2).
    const BIT: [u32; 32] = {
        let mut b = [0u32; 32];
        let mut i = 0;
        while i < 32 {
            b[i] = 1 << i;
            i += 1;
        }
        b
    };
    let (lo, hi) = (run as u32, (run >> 32) as u32);
    let mut m = [0u32; WAVE];
    for l in 0..32 {
        m[l] = 0u32.wrapping_sub(u32::from(lo & BIT[l] != 0));
        m[l + 32] = 0u32.wrapping_sub(u32::from(hi & BIT[l] != 0));
    }
    m
}

/// Bit `l` set where byte `l` is 1 (each byte 0 or 1): eight bytes at a time, the
/// multiply gathering their low bits (at bits 0, 8, ..., 56: distinct partial products, no
/// carries) into the top byte.
fn bits_of_bytes(b: &[u8; WAVE]) -> u64 {
    let mut m = 0u64;
    for (k, c) in b.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let x = u64::from_le_bytes(w) & 0x0101_0101_0101_0101;
        m |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
}

/// PRED_SET* `op` over every lane: the destination values into `out`, the lanes whose
/// predicate is "execute" as the result (`ops::pred_set` lane by lane; an opcode it does
/// not implement gives 0 and no lane, which the pre-decoder never lets through).
pub(crate) fn pred_set(op: AluOp, x: &Lanes, y: &Lanes, out: &mut Lanes) -> u64 {
    #[inline(always)]
    fn each(op: AluOp, x: &Lanes, y: &Lanes, out: &mut Lanes) -> u64 {
        let mut e = [0u8; WAVE];
        for l in 0..WAVE {
            let (d, x) = ops::pred_set(op, x[l], y[l]).unwrap_or((0, false));
            out[l] = d;
            e[l] = u8::from(x);
        }
        bits_of_bytes(&e)
    }
    use AluOp as O;
    // The opcodes compilers emit, each its own loop with the opcode known.
    match op {
        O::PredSetneInt => each(O::PredSetneInt, x, y, out),
        O::PredSeteInt => each(O::PredSeteInt, x, y, out),
        O::PredSetgeInt => each(O::PredSetgeInt, x, y, out),
        O::PredSetgtInt => each(O::PredSetgtInt, x, y, out),
        O::PredSetgeUint => each(O::PredSetgeUint, x, y, out),
        O::PredSetgtUint => each(O::PredSetgtUint, x, y, out),
        O::PredSetne => each(O::PredSetne, x, y, out),
        O::PredSete => each(O::PredSete, x, y, out),
        O::PredSetge => each(O::PredSetge, x, y, out),
        O::PredSetgt => each(O::PredSetgt, x, y, out),
        _ => each(op, x, y, out),
    }
}

/// The GPR write of a slot with a direct (not relative) destination: channel `chan` of
/// GPR `gpr` takes `v` in the lanes of `run`; a destination outside the GPRs is not
/// written (cayman L1948, L1470).
#[inline]
pub(crate) fn commit(
    gprs: &mut [[Lanes; 4]],
    gpr: u8,
    chan: usize,
    v: &Lanes,
    run: u64,
    l: &R600Launch,
) {
    if gpr < 128 && gpr_ok(l, u32::from(gpr)) {
        if let Some(r) = gprs.get_mut(usize::from(gpr)) {
            select(&mut r[chan], v, run);
        }
    }
}

#[inline(always)]
fn whole(f: impl Fn(u32, u32, u32) -> u32, a: [&Lanes; 3], run: u64, out: &mut Lanes) -> bool {
    let [x, y, z] = a;
    if run == u64::MAX {
        for l in 0..WAVE {
            out[l] = f(x[l], y[l], z[l]);
        }
    } else {
        let m = lane_masks(run);
        for l in 0..WAVE {
            out[l] = f(x[l], y[l], z[l]) & m[l];
        }
    }
    true
}

/// Computes `op` over the lanes in `run` into `out` (others 0); false if `op` has no
/// whole-wavefront loop here (the caller then runs [`ops::scalar`]'s function lane by lane).
pub(crate) fn apply(op: AluOp, a: [&Lanes; 3], run: u64, out: &mut Lanes) -> bool {
    use AluOp as O;
    match op {
        O::Add => whole(ops::add, a, run, out),
        O::Mul => whole(ops::mul, a, run, out),
        O::MulIeee => whole(ops::mul_ieee, a, run, out),
        O::Max => whole(ops::max, a, run, out),
        O::Min => whole(ops::min, a, run, out),
        O::MaxDx10 => whole(ops::max_dx10, a, run, out),
        O::MinDx10 => whole(ops::min_dx10, a, run, out),
        O::Sete => whole(ops::sete, a, run, out),
        O::Setgt => whole(ops::setgt, a, run, out),
        O::Setge => whole(ops::setge, a, run, out),
        O::Setne => whole(ops::setne, a, run, out),
        O::SeteDx10 => whole(ops::sete_dx10, a, run, out),
        O::SetgtDx10 => whole(ops::setgt_dx10, a, run, out),
        O::SetgeDx10 => whole(ops::setge_dx10, a, run, out),
        O::SetneDx10 => whole(ops::setne_dx10, a, run, out),
        O::Fract => whole(ops::fract, a, run, out),
        O::Trunc => whole(ops::trunc, a, run, out),
        O::Ceil => whole(ops::ceil, a, run, out),
        O::Rndne => whole(ops::rndne, a, run, out),
        O::Floor => whole(ops::floor, a, run, out),
        O::AshrInt => whole(ops::ashr_int, a, run, out),
        O::LshrInt => whole(ops::lshr_int, a, run, out),
        O::LshlInt => whole(ops::lshl_int, a, run, out),
        O::Mov => whole(ops::mov, a, run, out),
        O::AndInt => whole(ops::and_int, a, run, out),
        O::OrInt => whole(ops::or_int, a, run, out),
        O::XorInt => whole(ops::xor_int, a, run, out),
        O::NotInt => whole(ops::not_int, a, run, out),
        O::AddInt => whole(ops::add_int, a, run, out),
        O::SubInt => whole(ops::sub_int, a, run, out),
        O::MaxInt => whole(ops::max_int, a, run, out),
        O::MinInt => whole(ops::min_int, a, run, out),
        O::MaxUint => whole(ops::max_uint, a, run, out),
        O::MinUint => whole(ops::min_uint, a, run, out),
        O::SeteInt => whole(ops::sete_int, a, run, out),
        O::SetgtInt => whole(ops::setgt_int, a, run, out),
        O::SetgeInt => whole(ops::setge_int, a, run, out),
        O::SetneInt => whole(ops::setne_int, a, run, out),
        O::SetgtUint => whole(ops::setgt_uint, a, run, out),
        O::SetgeUint => whole(ops::setge_uint, a, run, out),
        O::FltToInt => whole(ops::flt_to_int, a, run, out),
        O::BfrevInt => whole(ops::bfrev_int, a, run, out),
        O::AddcUint => whole(ops::addc_uint, a, run, out),
        O::SubbUint => whole(ops::subb_uint, a, run, out),
        O::MulInt24 => whole(ops::mul_int24, a, run, out),
        O::MulhiInt24 => whole(ops::mulhi_int24, a, run, out),
        O::ExpIeee => whole(ops::exp_ieee, a, run, out),
        O::LogClamped => whole(ops::log_clamped, a, run, out),
        O::LogIeee => whole(ops::log_ieee, a, run, out),
        O::RecipClamped => whole(ops::recip_clamped, a, run, out),
        O::RecipFf => whole(ops::recip_ff, a, run, out),
        O::RecipIeee => whole(ops::recip_ieee, a, run, out),
        O::RecipsqrtClamped => whole(ops::recipsqrt_clamped, a, run, out),
        O::RecipsqrtFf => whole(ops::recipsqrt_ff, a, run, out),
        O::RecipsqrtIeee => whole(ops::recipsqrt_ieee, a, run, out),
        O::SqrtIeee => whole(ops::sqrt_ieee, a, run, out),
        O::Sin => whole(ops::sin, a, run, out),
        O::Cos => whole(ops::cos, a, run, out),
        O::MulloInt => whole(ops::mullo_int, a, run, out),
        O::MulhiInt => whole(ops::mulhi_int, a, run, out),
        O::MulloUint => whole(ops::mullo_uint, a, run, out),
        O::MulhiUint => whole(ops::mulhi_uint, a, run, out),
        O::FltToUint => whole(ops::flt_to_uint, a, run, out),
        O::IntToFlt => whole(ops::int_to_flt, a, run, out),
        O::UintToFlt => whole(ops::uint_to_flt, a, run, out),
        O::BfmInt => whole(ops::bfm_int, a, run, out),
        O::Flt32ToFlt16 => whole(ops::flt32_to_flt16, a, run, out),
        O::Flt16ToFlt32 => whole(ops::flt16_to_flt32, a, run, out),
        O::Ubyte0Flt => whole(ops::ubyte0_flt, a, run, out),
        O::Ubyte1Flt => whole(ops::ubyte1_flt, a, run, out),
        O::Ubyte2Flt => whole(ops::ubyte2_flt, a, run, out),
        O::Ubyte3Flt => whole(ops::ubyte3_flt, a, run, out),
        O::BcntInt => whole(ops::bcnt_int, a, run, out),
        O::FfbhUint => whole(ops::ffbh_uint, a, run, out),
        O::FfblInt => whole(ops::ffbl_int, a, run, out),
        O::FfbhInt => whole(ops::ffbh_int, a, run, out),
        O::FltToIntRpi => whole(ops::flt_to_int_rpi, a, run, out),
        O::FltToIntFloor => whole(ops::flt_to_int_floor, a, run, out),
        O::MulhiUint24 => whole(ops::mulhi_uint24, a, run, out),
        O::OffsetToFlt => whole(ops::offset_to_flt, a, run, out),
        O::MulUint24 => whole(ops::mul_uint24, a, run, out),
        O::BfeUint => whole(ops::bfe_uint, a, run, out),
        O::BfeInt => whole(ops::bfe_int, a, run, out),
        O::BfiInt => whole(ops::bfi_int, a, run, out),
        O::Fma => whole(ops::fma, a, run, out),
        O::MuladdInt24 => whole(ops::muladd_int24, a, run, out),
        O::LerpUint => whole(ops::lerp_uint, a, run, out),
        O::BitAlignInt => whole(ops::bit_align_int, a, run, out),
        O::ByteAlignInt => whole(ops::byte_align_int, a, run, out),
        O::SadAccumUint => whole(ops::sad_accum_uint, a, run, out),
        O::SadAccumHiUint => whole(ops::sad_accum_hi_uint, a, run, out),
        O::MuladdUint24 => whole(ops::muladd_uint24, a, run, out),
        O::Muladd => whole(ops::muladd, a, run, out),
        O::MuladdM2 => whole(ops::muladd_m2, a, run, out),
        O::MuladdM4 => whole(ops::muladd_m4, a, run, out),
        O::MuladdD2 => whole(ops::muladd_d2, a, run, out),
        O::MuladdIeee => whole(ops::muladd_ieee, a, run, out),
        O::Cnde => whole(ops::cnde, a, run, out),
        O::Cndgt => whole(ops::cndgt, a, run, out),
        O::Cndge => whole(ops::cndge, a, run, out),
        O::CndeInt => whole(ops::cnde_int, a, run, out),
        O::CndgtInt => whole(ops::cndgt_int, a, run, out),
        O::CndgeInt => whole(ops::cndge_int, a, run, out),
        O::MulLit => whole(ops::mul_lit, a, run, out),
        _ => false,
    }
}

/// The opcodes [`apply`] has a loop for (the pre-decoder picks them with it; a test holds
/// it to `apply` and compares the loops with `ops::scalar`).
pub(crate) const COVERED: &[AluOp] = {
    use AluOp as O;
    &[
        O::Add,
        O::Mul,
        O::MulIeee,
        O::Max,
        O::Min,
        O::MaxDx10,
        O::MinDx10,
        O::Sete,
        O::Setgt,
        O::Setge,
        O::Setne,
        O::SeteDx10,
        O::SetgtDx10,
        O::SetgeDx10,
        O::SetneDx10,
        O::Fract,
        O::Trunc,
        O::Ceil,
        O::Rndne,
        O::Floor,
        O::AshrInt,
        O::LshrInt,
        O::LshlInt,
        O::Mov,
        O::AndInt,
        O::OrInt,
        O::XorInt,
        O::NotInt,
        O::AddInt,
        O::SubInt,
        O::MaxInt,
        O::MinInt,
        O::MaxUint,
        O::MinUint,
        O::SeteInt,
        O::SetgtInt,
        O::SetgeInt,
        O::SetneInt,
        O::SetgtUint,
        O::SetgeUint,
        O::FltToInt,
        O::BfrevInt,
        O::AddcUint,
        O::SubbUint,
        O::MulInt24,
        O::MulhiInt24,
        O::ExpIeee,
        O::LogClamped,
        O::LogIeee,
        O::RecipClamped,
        O::RecipFf,
        O::RecipIeee,
        O::RecipsqrtClamped,
        O::RecipsqrtFf,
        O::RecipsqrtIeee,
        O::SqrtIeee,
        O::Sin,
        O::Cos,
        O::MulloInt,
        O::MulhiInt,
        O::MulloUint,
        O::MulhiUint,
        O::FltToUint,
        O::IntToFlt,
        O::UintToFlt,
        O::BfmInt,
        O::Flt32ToFlt16,
        O::Flt16ToFlt32,
        O::Ubyte0Flt,
        O::Ubyte1Flt,
        O::Ubyte2Flt,
        O::Ubyte3Flt,
        O::BcntInt,
        O::FfbhUint,
        O::FfblInt,
        O::FfbhInt,
        O::FltToIntRpi,
        O::FltToIntFloor,
        O::MulhiUint24,
        O::OffsetToFlt,
        O::MulUint24,
        O::BfeUint,
        O::BfeInt,
        O::BfiInt,
        O::Fma,
        O::MuladdInt24,
        O::LerpUint,
        O::BitAlignInt,
        O::ByteAlignInt,
        O::SadAccumUint,
        O::SadAccumHiUint,
        O::MuladdUint24,
        O::Muladd,
        O::MuladdM2,
        O::MuladdM4,
        O::MuladdD2,
        O::MuladdIeee,
        O::Cnde,
        O::Cndgt,
        O::Cndge,
        O::CndeInt,
        O::CndgtInt,
        O::CndgeInt,
        O::MulLit,
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every covered opcode computes what `ops::scalar`'s function computes, lane by lane,
    /// on special and pseudo-random operands, and leaves the lanes outside `run` at 0.
    #[test]
    fn whole_wavefront_loops_match_the_scalar_table() {
        let special = [
            0u32,
            1,
            2,
            0x8000_0000,
            0x7F80_0000,
            0xFF80_0000,
            0x7FC0_0000,
            0x3F80_0000,
            0xBF80_0000,
            0x0000_0001,
            0x807F_FFFF,
            0x4B00_0000,
            0xFFFF_FFFF,
            0x7FFF_FFFF,
            31,
            32,
            0x4F80_0000,
            0xCF00_0000,
            0x3F00_0000,
            0x0001_0000,
        ];
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32
        };
        for round in 0..8 {
            let mut a = [[0u32; WAVE]; 3];
            for (k, src) in a.iter_mut().enumerate() {
                for (l, v) in src.iter_mut().enumerate() {
                    *v = if round % 2 == 0 {
                        special[(l + 7 * k + round) % special.len()]
                    } else {
                        next()
                    };
                }
            }
            let run = if round < 4 {
                u64::MAX
            } else {
                u64::from(next()) << 32 | u64::from(next())
            };
            for &op in COVERED {
                let (f, _) = ops::scalar(op).expect("a scalar opcode");
                let mut out = [0xDEAD_BEEF; WAVE];
                assert!(
                    apply(op, [&a[0], &a[1], &a[2]], run, &mut out),
                    "{}",
                    op.name()
                );
                for l in 0..WAVE {
                    let want = if run >> l & 1 == 1 {
                        f(a[0][l], a[1][l], a[2][l])
                    } else {
                        0
                    };
                    let nan = |x: u32| f32::from_bits(x).is_nan();
                    let nan_inputs = (0..3).filter(|&k| nan(a[k][l])).count();
                    // Which NaN an operation on two NaNs returns is not specified by Rust
                    // (LLVM may commute a multiply), in the per-lane function as much as in
                    // the loop: only that case may differ, and only between NaNs.
                    let both_nan = nan(out[l]) && nan(want) && nan_inputs >= 2;
                    assert!(
                        out[l] == want || both_nan,
                        "{} lane {l}: {:#x} against {want:#x}",
                        op.name(),
                        out[l]
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    /// The PRED_SET loops give `ops::pred_set` lane by lane, the execute bits included.
    #[test]
    fn pred_set_loops_match_the_scalar_function() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32 % 5
        };
        let vals = [0u32, 1, 0x3F80_0000, 0xFFFF_FFFF, 0x8000_0000];
        for op in [
            AluOp::PredSetneInt,
            AluOp::PredSetgeInt,
            AluOp::PredSetgt,
            AluOp::PredSetePush,
        ] {
            let mut x = [0u32; WAVE];
            let mut y = [0u32; WAVE];
            for l in 0..WAVE {
                x[l] = vals[next() as usize];
                y[l] = vals[next() as usize];
            }
            let mut out = [0u32; WAVE];
            let exe = pred_set(op, &x, &y, &mut out);
            for l in 0..WAVE {
                let (d, e) = ops::pred_set(op, x[l], y[l]).expect("implemented");
                assert_eq!(
                    (out[l], exe >> l & 1 == 1),
                    (d, e),
                    "{} lane {l}",
                    op.name()
                );
            }
        }
    }

    /// A blend takes `v` exactly in the lanes of `run`, for every lane set shape.
    #[test]
    fn blend_takes_the_run_lanes() {
        let v: Lanes = std::array::from_fn(|l| 1000 + l as u32);
        for run in [
            0u64,
            u64::MAX,
            1,
            0xFF,
            (1 << 63) - 1,
            0xF0F0,
            1 << 63,
            0x8000_0001,
        ] {
            let mut d: Lanes = std::array::from_fn(|l| l as u32);
            blend(&mut d, &v, run, &lane_masks(run));
            for l in 0..WAVE {
                let want = if run >> l & 1 == 1 { v[l] } else { l as u32 };
                assert_eq!(d[l], want, "{run:#x} lane {l}");
            }
        }
    }

    #[test]
    fn lane_masks_are_the_bits_of_run() {
        for run in [
            0u64,
            u64::MAX,
            1,
            1 << 63,
            0x8000_0001_0000_0001,
            0x1234_5678_9ABC_DEF0,
        ] {
            let m = lane_masks(run);
            for l in 0..WAVE {
                assert_eq!(
                    m[l],
                    if run >> l & 1 == 1 { u32::MAX } else { 0 },
                    "{run:#x} lane {l}"
                );
            }
        }
    }
}
