//! The scalar semantics of the Cayman ALU instructions (cayman Ch8 L3220-L7117), one function
//! per instruction on raw 32-bit lane values.
//!
//! Conventions (the model's decisions, each with its source):
//! * **Denormals.** Single-precision inputs and results are flushed to the zero of their sign
//!   (the default of `SQ_PGM_RESOURCES2` that LLVM and Mesa leave in place: "single denorm
//!   flush input / force underflow to zero", cayman L2050-L2066). Moves (`MOV`, `CND*`) copy
//!   bits unflushed.
//! * **Rounding.** Round to nearest even, the default round mode (cayman L2050); `SET_MODE`
//!   may keep double denormals ([`super::mode`]), other round modes are not modelled.
//! * **DX9 multiply.** `MUL`, `MULADD*` and `DOT4` make 0 × anything = 0, including ∞ and NaN
//!   (cayman L1810, L1813, L5160); the `_IEEE` forms follow IEEE 754.
//! * **MULADD is unfused**: a rounded product, then a rounded sum (cayman L5338 "MAD"); `FMA`
//!   is fused (cayman L4197).
//! * **Transcendentals are ideal**: `RECIP_IEEE`, `RECIPSQRT_IEEE`, `SQRT_IEEE`, `EXP_IEEE`,
//!   `LOG_IEEE` are the correctly rounded value (the ISA gives no error bound; the accuracy a
//!   test can rely on is the caller's business). `SIN`/`COS` take x/(2π) (cayman L6907,
//!   digest Q25) and return 0 / 1 outside [-256, 256].
//! * **Integers wrap** (cayman L3309 "mod 2^32"); shift counts use their low five bits for all
//!   three shifts (cayman L4881 for LSHR; LSHL's "s1 > 31 gives 0", L4865, is not followed,
//!   digest Q26: LLVM masks its counts and never depends on either reading).
//! * **SUB_INT is src0 − src1** (digest Q13: what LLVM and Mesa rely on; the text's src1 −
//!   src0 at L6973 is an error).
//! * **FLT_TO_INT rounds with the round mode** (nearest even): Cayman has no channel 4, the
//!   one that truncates (cayman L3919, digest Q14); LLVM emits `TRUNC` first. −∞ gives
//!   INT_MIN (digest Q15). `FLT_TO_UINT` truncates (cayman L3975).

/// f32 bits with a denormal replaced by the zero of its sign.
#[inline]
pub fn flush(b: u32) -> u32 {
    if b & 0x7F80_0000 == 0 {
        b & 0x8000_0000
    } else {
        b
    }
}

/// Input float, flushed.
#[inline]
pub fn fin(b: u32) -> f32 {
    f32::from_bits(flush(b))
}

/// Output float, flushed.
#[inline]
pub fn fout(f: f32) -> u32 {
    flush(f.to_bits())
}

const ONE: u32 = 0x3F80_0000;
const MAX_FLOAT: u32 = 0x7F7F_FFFF;

fn bool_f(c: bool) -> u32 {
    if c {
        ONE
    } else {
        0
    }
}

fn bool_m(c: bool) -> u32 {
    if c {
        u32::MAX
    } else {
        0
    }
}

/// The DX9 multiply: 0 × anything = 0 with the IEEE sign (cayman L1810, L5160).
#[inline]
pub fn mul_dx9(a: f32, b: f32) -> f32 {
    if a == 0.0 || b == 0.0 {
        if a.is_sign_negative() != b.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        a * b
    }
}

/// ADD (cayman L3224).
pub fn add(a: u32, b: u32, _: u32) -> u32 {
    fout(fin(a) + fin(b))
}
/// MUL, 0 × x = 0 (cayman L5160).
pub fn mul(a: u32, b: u32, _: u32) -> u32 {
    fout(mul_dx9(fin(a), fin(b)))
}
/// MUL_IEEE (cayman L5243).
pub fn mul_ieee(a: u32, b: u32, _: u32) -> u32 {
    fout(fin(a) * fin(b))
}
/// MAX: `src0 >= src1 ? src0 : src1` (cayman L4897).
pub fn max(a: u32, b: u32, _: u32) -> u32 {
    if fin(a) >= fin(b) {
        flush(a)
    } else {
        flush(b)
    }
}
/// MIN: `src0 < src1 ? src0 : src1` (cayman L5037).
pub fn min(a: u32, b: u32, _: u32) -> u32 {
    if fin(a) < fin(b) {
        flush(a)
    } else {
        flush(b)
    }
}
/// MAX_DX10: DX10 NaN rules, a NaN operand loses to a number (cayman L4927).
pub fn max_dx10(a: u32, b: u32, _: u32) -> u32 {
    let (x, y) = (fin(a), fin(b));
    if x.is_nan() {
        flush(b)
    } else if y.is_nan() || x >= y {
        flush(a)
    } else {
        flush(b)
    }
}
/// MIN_DX10 (cayman L5069).
pub fn min_dx10(a: u32, b: u32, _: u32) -> u32 {
    let (x, y) = (fin(a), fin(b));
    if x.is_nan() {
        flush(b)
    } else if y.is_nan() || x < y {
        flush(a)
    } else {
        flush(b)
    }
}
/// SETE .. SETNE: 1.0 / 0.0 (cayman L6620-L6852).
pub fn sete(a: u32, b: u32, _: u32) -> u32 {
    bool_f(fin(a) == fin(b))
}
/// SETGT.
pub fn setgt(a: u32, b: u32, _: u32) -> u32 {
    bool_f(fin(a) > fin(b))
}
/// SETGE.
pub fn setge(a: u32, b: u32, _: u32) -> u32 {
    bool_f(fin(a) >= fin(b))
}
/// SETNE (true on NaN: "not equal").
pub fn setne(a: u32, b: u32, _: u32) -> u32 {
    bool_f(fin(a) != fin(b))
}
/// SETE_DX10 .. SETNE_DX10: float compare, integer mask result (cayman L6649-L6886).
pub fn sete_dx10(a: u32, b: u32, _: u32) -> u32 {
    bool_m(fin(a) == fin(b))
}
/// SETGT_DX10.
pub fn setgt_dx10(a: u32, b: u32, _: u32) -> u32 {
    bool_m(fin(a) > fin(b))
}
/// SETGE_DX10.
pub fn setge_dx10(a: u32, b: u32, _: u32) -> u32 {
    bool_m(fin(a) >= fin(b))
}
/// SETNE_DX10.
pub fn setne_dx10(a: u32, b: u32, _: u32) -> u32 {
    bool_m(fin(a) != fin(b))
}
/// FRACT: s0 − floor(s0), kept below 1.0 (cayman L4234).
pub fn fract(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    let r = x - x.floor();
    fout(if r >= 1.0 {
        f32::from_bits(0x3F7F_FFFF)
    } else {
        r
    })
}
/// TRUNC (cayman L7002).
pub fn trunc(a: u32, _: u32, _: u32) -> u32 {
    fout(fin(a).trunc())
}
/// CEIL (cayman L3573).
pub fn ceil(a: u32, _: u32, _: u32) -> u32 {
    fout(fin(a).ceil())
}
/// RNDNE: nearest, ties to even (cayman L6518).
pub fn rndne(a: u32, _: u32, _: u32) -> u32 {
    fout(fin(a).round_ties_even())
}
/// FLOOR (cayman L3896).
pub fn floor(a: u32, _: u32, _: u32) -> u32 {
    fout(fin(a).floor())
}
/// ASHR_INT (cayman L3378).
pub fn ashr_int(a: u32, b: u32, _: u32) -> u32 {
    ((a as i32) >> (b & 31)) as u32
}
/// LSHR_INT (cayman L4879).
pub fn lshr_int(a: u32, b: u32, _: u32) -> u32 {
    a >> (b & 31)
}
/// LSHL_INT (cayman L4859; count masked, see the module docs).
pub fn lshl_int(a: u32, b: u32, _: u32) -> u32 {
    a << (b & 31)
}
/// MOV (cayman L5117): a bit copy.
pub fn mov(a: u32, _: u32, _: u32) -> u32 {
    a
}
/// AND_INT (cayman L3360).
pub fn and_int(a: u32, b: u32, _: u32) -> u32 {
    a & b
}
/// OR_INT (cayman L5637).
pub fn or_int(a: u32, b: u32, _: u32) -> u32 {
    a | b
}
/// XOR_INT (cayman L7101).
pub fn xor_int(a: u32, b: u32, _: u32) -> u32 {
    a ^ b
}
/// NOT_INT (cayman L5588).
pub fn not_int(a: u32, _: u32, _: u32) -> u32 {
    !a
}
/// ADD_INT (cayman L3309).
pub fn add_int(a: u32, b: u32, _: u32) -> u32 {
    a.wrapping_add(b)
}
/// SUB_INT: src0 − src1 (digest Q13).
pub fn sub_int(a: u32, b: u32, _: u32) -> u32 {
    a.wrapping_sub(b)
}
/// MAX_INT (cayman L4948).
pub fn max_int(a: u32, b: u32, _: u32) -> u32 {
    (a as i32).max(b as i32) as u32
}
/// MIN_INT (cayman L5085).
pub fn min_int(a: u32, b: u32, _: u32) -> u32 {
    (a as i32).min(b as i32) as u32
}
/// MAX_UINT (cayman L4963).
pub fn max_uint(a: u32, b: u32, _: u32) -> u32 {
    a.max(b)
}
/// MIN_UINT (cayman L5101).
pub fn min_uint(a: u32, b: u32, _: u32) -> u32 {
    a.min(b)
}
/// SETE_INT (cayman L6665).
pub fn sete_int(a: u32, b: u32, _: u32) -> u32 {
    bool_m(a == b)
}
/// SETGT_INT (cayman L6811).
pub fn setgt_int(a: u32, b: u32, _: u32) -> u32 {
    bool_m((a as i32) > (b as i32))
}
/// SETGE_INT (cayman L6729).
pub fn setge_int(a: u32, b: u32, _: u32) -> u32 {
    bool_m((a as i32) >= (b as i32))
}
/// SETNE_INT (cayman L6888).
pub fn setne_int(a: u32, b: u32, _: u32) -> u32 {
    bool_m(a != b)
}
/// SETGT_UINT (cayman L6824).
pub fn setgt_uint(a: u32, b: u32, _: u32) -> u32 {
    bool_m(a > b)
}
/// SETGE_UINT (cayman L6744).
pub fn setge_uint(a: u32, b: u32, _: u32) -> u32 {
    bool_m(a >= b)
}
/// FLT_TO_INT: round to nearest even (see the module docs); ±∞ saturate, NaN → 0, too
/// large a magnitude keeps the low 32 bits (cayman L3915-L3933).
pub fn flt_to_int(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() {
        0
    } else if x == f32::INFINITY {
        i32::MAX as u32
    } else if x == f32::NEG_INFINITY {
        i32::MIN as u32
    } else {
        (x.round_ties_even() as f64 as i128) as u32
    }
}
/// FLT_TO_UINT: truncation, saturating to max_uint; −∞, NaN, negatives → 0 (cayman L3973).
pub fn flt_to_uint(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() || x <= 0.0 {
        0
    } else {
        x as u32
    }
}
/// FLT_TO_INT_FLOOR (cayman L3935).
pub fn flt_to_int_floor(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() {
        if a & 0x8000_0000 != 0 {
            (-i32::MAX) as u32
        } else {
            i32::MAX as u32
        }
    } else {
        x.floor() as i32 as u32
    }
}
/// FLT_TO_INT_RPI: (int)floor(s0 + 0.5), saturating (cayman L3957).
pub fn flt_to_int_rpi(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() {
        0
    } else {
        (f64::from(x) + 0.5).floor() as i32 as u32
    }
}
/// BFREV_INT (cayman L3521).
pub fn bfrev_int(a: u32, _: u32, _: u32) -> u32 {
    a.reverse_bits()
}
/// ADDC_UINT: the carry of s0 + s1 (cayman L3345).
pub fn addc_uint(a: u32, b: u32, _: u32) -> u32 {
    u32::from(a.checked_add(b).is_none())
}
/// SUBB_UINT: the borrow of s0 − s1 (cayman L6987).
pub fn subb_uint(a: u32, b: u32, _: u32) -> u32 {
    u32::from(b > a)
}
/// MUL_INT24: signed 24 × 24, low 32 bits (cayman L8603, L1811).
pub fn mul_int24(a: u32, b: u32, _: u32) -> u32 {
    (sext24(a).wrapping_mul(sext24(b))) as u32
}
/// MULHI_INT24: bits 63:32 of the signed 48-bit product (cayman L1812).
pub fn mulhi_int24(a: u32, b: u32, _: u32) -> u32 {
    ((i64::from(sext24(a)) * i64::from(sext24(b))) >> 32) as u32
}
/// MUL_UINT24 (cayman L5320).
pub fn mul_uint24(a: u32, b: u32, _: u32) -> u32 {
    (a & 0xFF_FFFF).wrapping_mul(b & 0xFF_FFFF)
}
/// MULHI_UINT24 (cayman L5520).
pub fn mulhi_uint24(a: u32, b: u32, _: u32) -> u32 {
    ((u64::from(a & 0xFF_FFFF) * u64::from(b & 0xFF_FFFF)) >> 32) as u32
}
fn sext24(a: u32) -> i32 {
    ((a << 8) as i32) >> 8
}
/// MULADD_UINT24 (cayman L5471).
pub fn muladd_uint24(a: u32, b: u32, c: u32) -> u32 {
    mul_uint24(a, b, 0).wrapping_add(c)
}
/// MULADD_INT24 (cayman L8811).
pub fn muladd_int24(a: u32, b: u32, c: u32) -> u32 {
    mul_int24(a, b, 0).wrapping_add(c)
}
/// EXP_IEEE: 2^s0 (cayman L3818).
pub fn exp_ieee(a: u32, _: u32, _: u32) -> u32 {
    fout(f64::from(fin(a)).exp2() as f32)
}
/// LOG_IEEE: log2 s0 (cayman L4845).
pub fn log_ieee(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    fout(if x == 1.0 {
        0.0
    } else {
        f64::from(x).log2() as f32
    })
}
/// LOG_CLAMPED: −∞ becomes −MAX_FLOAT (cayman L4829).
pub fn log_clamped(a: u32, b: u32, c: u32) -> u32 {
    clamp_inf(log_ieee(a, b, c))
}
fn clamp_inf(r: u32) -> u32 {
    match r {
        0x7F80_0000 => MAX_FLOAT,
        0xFF80_0000 => MAX_FLOAT | 0x8000_0000,
        _ => r,
    }
}
fn ff_inf(r: u32) -> u32 {
    match r {
        0x7F80_0000 => 0,
        0xFF80_0000 => 0x8000_0000,
        _ => r,
    }
}
/// RECIP_IEEE: 1/s0; ±0 → ±∞ (cayman L6373).
pub fn recip_ieee(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    fout(if x == 1.0 { 1.0 } else { 1.0 / x })
}
/// RECIP_CLAMPED: ±∞ results become ±MAX_FLOAT (cayman L6315).
pub fn recip_clamped(a: u32, b: u32, c: u32) -> u32 {
    clamp_inf(recip_ieee(a, b, c))
}
/// RECIP_FF: ±∞ results become ±0 (cayman L6356).
pub fn recip_ff(a: u32, b: u32, c: u32) -> u32 {
    ff_inf(recip_ieee(a, b, c))
}
/// RECIPSQRT_IEEE: 1/sqrt(s0) (cayman L6502).
pub fn recipsqrt_ieee(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    fout((1.0 / f64::from(x).sqrt()) as f32)
}
/// RECIPSQRT_CLAMPED (cayman L6406).
pub fn recipsqrt_clamped(a: u32, b: u32, c: u32) -> u32 {
    clamp_inf(recipsqrt_ieee(a, b, c))
}
/// RECIPSQRT_FF (cayman L6471).
pub fn recipsqrt_ff(a: u32, b: u32, c: u32) -> u32 {
    ff_inf(recipsqrt_ieee(a, b, c))
}
/// SQRT_IEEE (cayman L6934).
pub fn sqrt_ieee(a: u32, _: u32, _: u32) -> u32 {
    fout(fin(a).sqrt())
}
/// SIN: input in turns, x/(2π); |x| > 256 gives 0 (cayman L6903-L6916).
pub fn sin(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() || x.abs() > 256.0 {
        return 0;
    }
    fout((f64::from(x) * std::f64::consts::TAU).sin() as f32)
}
/// COS: as SIN; out of range gives 1.0 (cayman L3710).
pub fn cos(a: u32, _: u32, _: u32) -> u32 {
    let x = fin(a);
    if x.is_nan() || x.abs() > 256.0 {
        return ONE;
    }
    fout((f64::from(x) * std::f64::consts::TAU).cos() as f32)
}
/// MULLO_INT: low 32 bits of the signed product (cayman L5540).
pub fn mullo_int(a: u32, b: u32, _: u32) -> u32 {
    a.wrapping_mul(b)
}
/// MULHI_INT (cayman L5489).
pub fn mulhi_int(a: u32, b: u32, _: u32) -> u32 {
    ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32
}
/// MULLO_UINT (cayman L5553).
pub fn mullo_uint(a: u32, b: u32, _: u32) -> u32 {
    a.wrapping_mul(b)
}
/// MULHI_UINT (cayman L5503).
pub fn mulhi_uint(a: u32, b: u32, _: u32) -> u32 {
    ((u64::from(a) * u64::from(b)) >> 32) as u32
}
/// INT_TO_FLT, rounded to nearest even (cayman L4396).
pub fn int_to_flt(a: u32, _: u32, _: u32) -> u32 {
    ((a as i32) as f32).to_bits()
}
/// UINT_TO_FLT (cayman L7047).
pub fn uint_to_flt(a: u32, _: u32, _: u32) -> u32 {
    (a as f32).to_bits()
}
/// BFM_INT: `((1 << s0[4:0]) − 1) << s1[4:0]` (cayman L3502).
pub fn bfm_int(a: u32, b: u32, _: u32) -> u32 {
    ((1u32 << (a & 31)).wrapping_sub(1)) << (b & 31)
}
/// FLT32_TO_FLT16: round to nearest even half in bits 15:0 (cayman L4024).
pub fn flt32_to_flt16(a: u32, _: u32, _: u32) -> u32 {
    u32::from(f32_to_f16(fin(a)))
}
/// FLT16_TO_FLT32 (cayman L4010).
pub fn flt16_to_flt32(a: u32, _: u32, _: u32) -> u32 {
    fout(f16_to_f32(a as u16))
}
/// UBYTE0_FLT .. UBYTE3_FLT (cayman L7019-L7043).
pub fn ubyte0_flt(a: u32, _: u32, _: u32) -> u32 {
    ((a & 0xFF) as f32).to_bits()
}
/// UBYTE1_FLT.
pub fn ubyte1_flt(a: u32, _: u32, _: u32) -> u32 {
    (((a >> 8) & 0xFF) as f32).to_bits()
}
/// UBYTE2_FLT.
pub fn ubyte2_flt(a: u32, _: u32, _: u32) -> u32 {
    (((a >> 16) & 0xFF) as f32).to_bits()
}
/// UBYTE3_FLT.
pub fn ubyte3_flt(a: u32, _: u32, _: u32) -> u32 {
    ((a >> 24) as f32).to_bits()
}
/// BCNT_INT (cayman L3417).
pub fn bcnt_int(a: u32, _: u32, _: u32) -> u32 {
    a.count_ones()
}
/// FFBH_UINT: leading zeros; 0 → −1 (cayman L3850).
pub fn ffbh_uint(a: u32, _: u32, _: u32) -> u32 {
    if a == 0 {
        u32::MAX
    } else {
        a.leading_zeros()
    }
}
/// FFBL_INT: trailing zeros; 0 → −1 (cayman L3878).
pub fn ffbl_int(a: u32, _: u32, _: u32) -> u32 {
    if a == 0 {
        u32::MAX
    } else {
        a.trailing_zeros()
    }
}
/// FFBH_INT: first bit differing from the sign, from the MSB; 0 and −1 → −1 (cayman L3833).
pub fn ffbh_int(a: u32, _: u32, _: u32) -> u32 {
    let v = if a & 0x8000_0000 != 0 { !a } else { a };
    if v == 0 {
        u32::MAX
    } else {
        v.leading_zeros()
    }
}
/// OFFSET_TO_FLT: a 4-bit signed value / 16 (cayman L5606).
pub fn offset_to_flt(a: u32, _: u32, _: u32) -> u32 {
    let v = (((a & 0xF) << 28) as i32) >> 28;
    (v as f32 / 16.0).to_bits()
}
/// BFE_UINT (cayman L3455).
pub fn bfe_uint(a: u32, b: u32, c: u32) -> u32 {
    let (w, o) = (c & 31, b & 31);
    if w == 0 {
        0
    } else if w + o < 32 {
        (a << (32 - o - w)) >> (32 - w)
    } else {
        a >> o
    }
}
/// BFE_INT (cayman L3437).
pub fn bfe_int(a: u32, b: u32, c: u32) -> u32 {
    let (w, o) = (c & 31, b & 31);
    if w == 0 {
        0
    } else if w + o < 32 {
        (((a << (32 - o - w)) as i32) >> (32 - w)) as u32
    } else {
        ((a as i32) >> o) as u32
    }
}
/// BFI_INT: (s1 & s0) | (s2 & ~s0) (cayman L3483).
pub fn bfi_int(a: u32, b: u32, c: u32) -> u32 {
    (b & a) | (c & !a)
}
/// FMA: fused (cayman L4197).
pub fn fma(a: u32, b: u32, c: u32) -> u32 {
    fout(fin(a).mul_add(fin(b), fin(c)))
}
/// LERP_UINT: per byte (a + b + round) >> 1, round from s2's byte (cayman L4791).
pub fn lerp_uint(a: u32, b: u32, c: u32) -> u32 {
    let mut r = 0;
    for k in 0..4 {
        let sh = 8 * k;
        let x = (a >> sh) & 0xFF;
        let y = (b >> sh) & 0xFF;
        let rb = (c >> sh) & 1;
        r |= (((x + y + rb) >> 1) & 0xFF) << sh;
    }
    r
}
/// BIT_ALIGN_INT: `({s0, s1} >> s2[4:0])` low 32 (cayman L3539).
pub fn bit_align_int(a: u32, b: u32, c: u32) -> u32 {
    ((((a as u64) << 32) | b as u64) >> (c & 31)) as u32
}
/// BYTE_ALIGN_INT (cayman L3555).
pub fn byte_align_int(a: u32, b: u32, c: u32) -> u32 {
    ((((a as u64) << 32) | b as u64) >> (8 * (c & 3))) as u32
}
fn sad(a: u32, b: u32) -> u32 {
    (0..4)
        .map(|k| {
            let x = (a >> (8 * k)) & 0xFF;
            let y = (b >> (8 * k)) & 0xFF;
            x.abs_diff(y)
        })
        .sum()
}
/// SAD_ACCUM_UINT (cayman L6571).
pub fn sad_accum_uint(a: u32, b: u32, c: u32) -> u32 {
    sad(a, b).wrapping_add(c)
}
/// SAD_ACCUM_HI_UINT (cayman L6534).
pub fn sad_accum_hi_uint(a: u32, b: u32, c: u32) -> u32 {
    (sad(a, b) << 16).wrapping_add(c)
}
/// MULADD: unfused, 0 × x = 0 (cayman L5338).
pub fn muladd(a: u32, b: u32, c: u32) -> u32 {
    fout(f32::from_bits(fout(mul_dx9(fin(a), fin(b)))) + fin(c))
}
/// MULADD_M2 (cayman L5411).
pub fn muladd_m2(a: u32, b: u32, c: u32) -> u32 {
    fout(fin(muladd(a, b, c)) * 2.0)
}
/// MULADD_M4 (cayman L5432).
pub fn muladd_m4(a: u32, b: u32, c: u32) -> u32 {
    fout(fin(muladd(a, b, c)) * 4.0)
}
/// MULADD_D2 (cayman L5354).
pub fn muladd_d2(a: u32, b: u32, c: u32) -> u32 {
    fout(fin(muladd(a, b, c)) * 0.5)
}
/// MULADD_IEEE: unfused IEEE (cayman L5366).
pub fn muladd_ieee(a: u32, b: u32, c: u32) -> u32 {
    fout(f32::from_bits(fout(fin(a) * fin(b))) + fin(c))
}
/// CNDE: s0 == 0.0 ? s1 : s2 (cayman L3592).
pub fn cnde(a: u32, b: u32, c: u32) -> u32 {
    if fin(a) == 0.0 {
        b
    } else {
        c
    }
}
/// CNDGT (cayman L3659).
pub fn cndgt(a: u32, b: u32, c: u32) -> u32 {
    if fin(a) > 0.0 {
        b
    } else {
        c
    }
}
/// CNDGE (cayman L3627).
pub fn cndge(a: u32, b: u32, c: u32) -> u32 {
    if fin(a) >= 0.0 {
        b
    } else {
        c
    }
}
/// CNDE_INT (cayman L3611).
pub fn cnde_int(a: u32, b: u32, c: u32) -> u32 {
    if a == 0 {
        b
    } else {
        c
    }
}
/// CNDGT_INT (cayman L3676).
pub fn cndgt_int(a: u32, b: u32, c: u32) -> u32 {
    if (a as i32) > 0 {
        b
    } else {
        c
    }
}
/// CNDGE_INT (cayman L3643).
pub fn cndge_int(a: u32, b: u32, c: u32) -> u32 {
    if (a as i32) >= 0 {
        b
    } else {
        c
    }
}
/// MUL_LIT (cayman L5281).
pub fn mul_lit(a: u32, b: u32, c: u32) -> u32 {
    let (x, y, z) = (fin(a), fin(b), fin(c));
    if y == -f32::MAX || y == f32::NEG_INFINITY || y.is_nan() || z <= 0.0 || z.is_nan() {
        MAX_FLOAT | 0x8000_0000
    } else {
        fout(mul_dx9(x, y))
    }
}

/// The value and predicate of a PRED_SET* instruction: (dst, execute?). Inlined so that
/// the whole-wavefront loops (`lanes::pred_set`) see the opcode as a constant.
#[inline]
pub fn pred_set(op: backend_r600::isa::AluOp, a: u32, b: u32) -> Option<(u32, bool)> {
    use backend_r600::isa::AluOp as O;
    let (x, y) = (fin(a), fin(b));
    let set = |c: bool| (if c { 0 } else { ONE }, c);
    // The _PUSH counters: (cond(s1) && s0 == 0) → 0, execute; else s0 + 1 (cayman L5862-L6293).
    let push = |c: bool| {
        if c && x == 0.0 {
            (0, true)
        } else {
            (fout(x + 1.0), false)
        }
    };
    let (ai, bi) = (a as i32, b as i32);
    Some(match op {
        O::PredSete => set(x == y),
        O::PredSetgt => set(x > y),
        O::PredSetge => set(x >= y),
        O::PredSetne => set(x != y),
        O::PredSeteInt => set(a == b),
        O::PredSetgtInt => set(ai > bi),
        O::PredSetgeInt => set(ai >= bi),
        O::PredSetneInt => set(a != b),
        O::PredSetgtUint => set(a > b),
        O::PredSetgeUint => set(a >= b),
        O::PredSetInv => {
            if x == 1.0 {
                (0, true)
            } else if x == 0.0 {
                (ONE, false)
            } else {
                (flush(a), false)
            }
        }
        O::PredSetPop => {
            if x <= y {
                (0, true)
            } else {
                (fout(x - y), false)
            }
        }
        O::PredSetClr => (MAX_FLOAT, false),
        O::PredSetRestore => {
            if x == 0.0 {
                (0, true)
            } else {
                (flush(a), false)
            }
        }
        O::PredSetePush => push(y == 0.0),
        O::PredSetgtPush => push(y > 0.0),
        O::PredSetgePush => push(y >= 0.0),
        O::PredSetnePush => push(y != 0.0),
        O::PredSetePushInt => push(bi == 0),
        O::PredSetgtPushInt => push(bi > 0),
        O::PredSetgePushInt => push(bi >= 0),
        O::PredSetnePushInt => push(bi != 0),
        O::PredSetltPushInt => push(bi < 0),
        O::PredSetlePushInt => push(bi <= 0),
        _ => return None,
    })
}

/// A per-lane scalar function of up to three sources.
pub type Scalar = fn(u32, u32, u32) -> u32;

/// The lane function of an ordinary ALU opcode (one result per slot from its own sources),
/// and whether its result is a float (for OMOD/CLAMP, cayman L1942-L1944). `None` for the
/// opcodes that need more than their own slot (reductions, chains, predicates, MOVA, LDS).
pub fn scalar(op: backend_r600::isa::AluOp) -> Option<(Scalar, bool)> {
    use backend_r600::isa::AluOp as O;
    let f: (Scalar, bool) = match op {
        O::Add => (add, true),
        O::Mul => (mul, true),
        O::MulIeee => (mul_ieee, true),
        O::Max => (max, true),
        O::Min => (min, true),
        O::MaxDx10 => (max_dx10, true),
        O::MinDx10 => (min_dx10, true),
        O::Sete => (sete, true),
        O::Setgt => (setgt, true),
        O::Setge => (setge, true),
        O::Setne => (setne, true),
        O::SeteDx10 => (sete_dx10, false),
        O::SetgtDx10 => (setgt_dx10, false),
        O::SetgeDx10 => (setge_dx10, false),
        O::SetneDx10 => (setne_dx10, false),
        O::Fract => (fract, true),
        O::Trunc => (trunc, true),
        O::Ceil => (ceil, true),
        O::Rndne => (rndne, true),
        O::Floor => (floor, true),
        O::AshrInt => (ashr_int, false),
        O::LshrInt => (lshr_int, false),
        O::LshlInt => (lshl_int, false),
        O::Mov => (mov, true),
        O::AndInt => (and_int, false),
        O::OrInt => (or_int, false),
        O::XorInt => (xor_int, false),
        O::NotInt => (not_int, false),
        O::AddInt => (add_int, false),
        O::SubInt => (sub_int, false),
        O::MaxInt => (max_int, false),
        O::MinInt => (min_int, false),
        O::MaxUint => (max_uint, false),
        O::MinUint => (min_uint, false),
        O::SeteInt => (sete_int, false),
        O::SetgtInt => (setgt_int, false),
        O::SetgeInt => (setge_int, false),
        O::SetneInt => (setne_int, false),
        O::SetgtUint => (setgt_uint, false),
        O::SetgeUint => (setge_uint, false),
        O::FltToInt => (flt_to_int, false),
        O::BfrevInt => (bfrev_int, false),
        O::AddcUint => (addc_uint, false),
        O::SubbUint => (subb_uint, false),
        O::MulInt24 => (mul_int24, false),
        O::MulhiInt24 => (mulhi_int24, false),
        O::ExpIeee => (exp_ieee, true),
        O::LogClamped => (log_clamped, true),
        O::LogIeee => (log_ieee, true),
        O::RecipClamped => (recip_clamped, true),
        O::RecipFf => (recip_ff, true),
        O::RecipIeee => (recip_ieee, true),
        O::RecipsqrtClamped => (recipsqrt_clamped, true),
        O::RecipsqrtFf => (recipsqrt_ff, true),
        O::RecipsqrtIeee => (recipsqrt_ieee, true),
        O::SqrtIeee => (sqrt_ieee, true),
        O::Sin => (sin, true),
        O::Cos => (cos, true),
        O::MulloInt => (mullo_int, false),
        O::MulhiInt => (mulhi_int, false),
        O::MulloUint => (mullo_uint, false),
        O::MulhiUint => (mulhi_uint, false),
        O::FltToUint => (flt_to_uint, false),
        O::IntToFlt => (int_to_flt, true),
        O::UintToFlt => (uint_to_flt, true),
        O::BfmInt => (bfm_int, false),
        O::Flt32ToFlt16 => (flt32_to_flt16, false),
        O::Flt16ToFlt32 => (flt16_to_flt32, true),
        O::Ubyte0Flt => (ubyte0_flt, true),
        O::Ubyte1Flt => (ubyte1_flt, true),
        O::Ubyte2Flt => (ubyte2_flt, true),
        O::Ubyte3Flt => (ubyte3_flt, true),
        O::BcntInt => (bcnt_int, false),
        O::FfbhUint => (ffbh_uint, false),
        O::FfblInt => (ffbl_int, false),
        O::FfbhInt => (ffbh_int, false),
        O::FltToIntRpi => (flt_to_int_rpi, false),
        O::FltToIntFloor => (flt_to_int_floor, false),
        O::MulhiUint24 => (mulhi_uint24, false),
        O::OffsetToFlt => (offset_to_flt, true),
        O::MulUint24 => (mul_uint24, false),
        O::BfeUint => (bfe_uint, false),
        O::BfeInt => (bfe_int, false),
        O::BfiInt => (bfi_int, false),
        O::Fma => (fma, true),
        O::MuladdInt24 => (muladd_int24, false),
        O::LerpUint => (lerp_uint, false),
        O::BitAlignInt => (bit_align_int, false),
        O::ByteAlignInt => (byte_align_int, false),
        O::SadAccumUint => (sad_accum_uint, false),
        O::SadAccumHiUint => (sad_accum_hi_uint, false),
        O::MuladdUint24 => (muladd_uint24, false),
        O::Muladd => (muladd, true),
        O::MuladdM2 => (muladd_m2, true),
        O::MuladdM4 => (muladd_m4, true),
        O::MuladdD2 => (muladd_d2, true),
        O::MuladdIeee => (muladd_ieee, true),
        O::Cnde => (cnde, true),
        O::Cndgt => (cndgt, true),
        O::Cndge => (cndge, true),
        O::CndeInt => (cnde_int, false),
        O::CndgtInt => (cndgt_int, false),
        O::CndgeInt => (cndge_int, false),
        O::MulLit => (mul_lit, true),
        _ => return None,
    };
    Some(f)
}

/// f64 bits with a denormal replaced by the zero of its sign: what the double ops do to
/// denormal inputs and results in the flushing mode (ADD_64's table, cayman L3248-L3265:
/// "±denorm" behaves as ±0).
#[inline]
pub fn flush64(b: u64) -> u64 {
    if b & 0x7FF0_0000_0000_0000 == 0 {
        b & 0x8000_0000_0000_0000
    } else {
        b
    }
}

/// A 64-bit operation on a slot pair (or all four slots): the doubles `a`, `b`, `c` (high
/// dword from the x/z slot's source, low dword from the y/w slot's, cayman L2030-L2034,
/// L3293-L3304) give (low, high) result dwords, written to x/z and y/w. `mode` is the
/// clause's double-precision mode (`SET_MODE`, cayman L2044-L2066): denormal inputs read as
/// ±0 and denormal results become ±0 only where it says so (the ±denorm rows of ADD_64's
/// table, L3248-L3265, are the flushing case); otherwise IEEE 754 with denormals. Round to
/// nearest even (the only round mode modelled, [`super::mode`]). `None` for the opcodes not
/// modelled (PRED_SET*_64, LDEXP_64, FREXP_64).
pub fn op64(
    op: backend_r600::isa::AluOp,
    a: u64,
    b: u64,
    c: u64,
    mode: super::mode::PrecisionMode,
) -> Option<(u32, u32)> {
    use backend_r600::isa::AluOp as O;
    let split = |r: u64| (r as u32, (r >> 32) as u32);
    let mask = |t: bool| if t { (u32::MAX, u32::MAX) } else { (0, 0) };
    let input = |b: u64| {
        if mode.flushes_inputs() {
            flush64(b)
        } else {
            b
        }
    };
    let dout = |x: f64| {
        if mode.flushes_outputs() {
            flush64(x.to_bits())
        } else {
            x.to_bits()
        }
    };
    let (x, y, z) = (
        f64::from_bits(input(a)),
        f64::from_bits(input(b)),
        f64::from_bits(input(c)),
    );
    Some(match op {
        O::Add64 => split(dout(x + y)),
        O::Mul64 => split(dout(x * y)),
        O::Fma64 => split(dout(x.mul_add(y, z))),
        // MIN_64(-0, +0) = -0, MAX_64 = +0 (cayman L5053, L4911).
        O::Min64 => split(if x < y || (x == y && x.is_sign_negative()) {
            input(a)
        } else {
            input(b)
        }),
        O::Max64 => split(if x > y || (x == y && x.is_sign_positive()) {
            input(a)
        } else {
            input(b)
        }),
        O::Sete64 => mask(x == y),
        O::Setne64 => mask(x != y),
        O::Setgt64 => mask(x > y),
        O::Setge64 => mask(x >= y),
        O::Fract64 => split(dout(x - x.floor())),
        O::Cndne64 => split(if x != 0.0 { input(b) } else { input(c) }),
        // FLT32_TO_FLT64 reads the float from the x/z slot's source (cayman L4110-L4118); the
        // float input follows the single-precision mode (flushed), and no float is a double
        // denormal.
        O::Flt32ToFlt64 => split(dout(f64::from(fin((a >> 32) as u32)))),
        // FLT64_TO_FLT32: the float in x/z, 0 in y/w (cayman L4185-L4193); the float result
        // follows the single-precision mode (flushed).
        O::Flt64ToFlt32 => (fout(x as f32), 0),
        _ => return None,
    })
}

/// f32 → IEEE half, round to nearest even.
pub fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xFF) as i32;
    let man = b & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut h = m >> shift;
        if rest > half || (rest == half && h & 1 == 1) {
            h += 1;
        }
        return sign | h as u16;
    }
    let mut h = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1FFF;
    if rest > 0x1000 || (rest == 0x1000 && h & 1 == 1) {
        h += 1;
    }
    sign | h as u16
}

/// IEEE half → f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let exp = (h >> 10) & 0x1F;
    let man = f32::from(h & 0x3FF);
    match exp {
        0 => sign * man * (2.0f32).powi(-24),
        31 => {
            if man == 0.0 {
                sign * f32::INFINITY
            } else {
                f32::NAN
            }
        }
        e => sign * (1.0 + man / 1024.0) * (2.0f32).powi(i32::from(e) - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denormals_flush_and_dx9_multiply() {
        assert_eq!(add(0x0000_0001, 0, 0), 0);
        assert_eq!(add(0x8000_0001, 0x8000_0000, 0), 0x8000_0000);
        assert_eq!(mul(0, f32::INFINITY.to_bits(), 0), 0);
        assert!(f32::from_bits(mul_ieee(0, f32::INFINITY.to_bits(), 0)).is_nan());
        assert_eq!(
            muladd(0, f32::NAN.to_bits(), 2.0f32.to_bits()),
            2.0f32.to_bits()
        );
    }

    /// SETGE (cayman L6684): 1.0f if src0 >= src1, else 0.0f; a NaN compares false and
    /// denormal inputs are zero (L3063), so a denormal equals +0 and -0.
    #[test]
    fn setge_gives_one_or_zero_float() {
        let one = 1.0f32.to_bits();
        assert_eq!(setge(2.0f32.to_bits(), 2.0f32.to_bits(), 0), one);
        assert_eq!(setge(3.0f32.to_bits(), 2.0f32.to_bits(), 0), one);
        assert_eq!(setge(1.0f32.to_bits(), 2.0f32.to_bits(), 0), 0);
        assert_eq!(setge(f32::NAN.to_bits(), 2.0f32.to_bits(), 0), 0);
        assert_eq!(setge(2.0f32.to_bits(), f32::NAN.to_bits(), 0), 0);
        assert_eq!(setge(0x8000_0000, 0x0000_0001, 0), one);
    }

    #[test]
    fn conversions_follow_the_decisions() {
        assert_eq!(flt_to_int(2.5f32.to_bits(), 0, 0), 2);
        assert_eq!(flt_to_int(3.5f32.to_bits(), 0, 0), 4);
        assert_eq!(flt_to_int(f32::NEG_INFINITY.to_bits(), 0, 0), 0x8000_0000);
        assert_eq!(flt_to_uint(3.9f32.to_bits(), 0, 0), 3);
        assert_eq!(flt_to_uint((-3.0f32).to_bits(), 0, 0), 0);
        assert_eq!(flt_to_uint(5e9f32.to_bits(), 0, 0), u32::MAX);
        assert_eq!(sub_int(5, 7, 0), (-2i32) as u32);
        assert_eq!(f32_to_f16(1.0), 0x3C00);
        assert_eq!(f16_to_f32(0x3C00), 1.0);
        assert_eq!(bfe_uint(0xABCD, 4, 8), 0xBC);
        assert_eq!(bfe_int(0xF0, 4, 4), u32::MAX);
    }

    #[test]
    fn double_ops_match_the_isa_examples() {
        use super::super::mode::PrecisionMode;
        use backend_r600::isa::AluOp;
        const FLUSH: PrecisionMode = PrecisionMode::FLUSH_NEAREST;
        let d = |x: f64| x.to_bits();
        // cayman L3293-L3304: 3.0 + 6.0 = 9.0, 6.0 + 12.0 = 18.0.
        assert_eq!(
            op64(AluOp::Add64, d(3.0), d(6.0), 0, FLUSH),
            Some((0, 0x4022_0000))
        );
        assert_eq!(
            op64(AluOp::Add64, d(6.0), d(12.0), 0, FLUSH),
            Some((0, 0x4032_0000))
        );
        // cayman L5229-L5239: 3.0 * 6.0 = 18.0.
        assert_eq!(
            op64(AluOp::Mul64, d(3.0), d(6.0), 0, FLUSH),
            Some((0, 0x4032_0000))
        );
        // cayman L4110-L4118 and L4185-L4193.
        assert_eq!(
            op64(
                AluOp::Flt32ToFlt64,
                u64::from(0x3F00_0000u32) << 32,
                0,
                0,
                FLUSH
            ),
            Some((0, 0x3FE0_0000))
        );
        assert_eq!(
            op64(AluOp::Flt64ToFlt32, d(2.0), 0, 0, FLUSH),
            Some((0x4000_0000, 0))
        );
        // cayman L4316-L4325: FRACT_64(8.814369) = 0x3FEA0F4F077BCA70.
        assert_eq!(
            op64(AluOp::Fract64, 0x4021_A0F4_F077_BCA7, 0, 0, FLUSH),
            Some((0x077B_CA70, 0x3FEA_0F4F))
        );
    }

    /// Denormal inputs and results in both double modes: the flushing rows of ADD_64's table
    /// (cayman L3248-L3265: a ±denorm operand acts as ±0, a denormal result is ±0) and, with
    /// SET_MODE's denormal bits set (L6606-L6612), plain IEEE 754 arithmetic on the host.
    #[test]
    fn double_ops_flush_or_keep_denormals_by_the_mode() {
        use super::super::mode::PrecisionMode;
        use backend_r600::isa::AluOp;
        let (flush, keep) = (PrecisionMode::FLUSH_NEAREST, PrecisionMode::IEEE_NEAREST);
        let split = |x: f64| (x.to_bits() as u32, (x.to_bits() >> 32) as u32);
        let tiny = f64::from_bits(1); // 2^-1074
        let small = f64::MIN_POSITIVE; // 2^-1022
        let d = |x: f64| x.to_bits();
        // denorm + 1.0: 1.0 either way (rounding); denorm + denorm: 0 or 2^-1073.
        assert_eq!(op64(AluOp::Add64, d(tiny), d(tiny), 0, flush), Some((0, 0)));
        assert_eq!(
            op64(AluOp::Add64, d(tiny), d(tiny), 0, keep),
            Some(split(2.0 * tiny))
        );
        assert_eq!(
            op64(AluOp::Add64, d(-tiny), d(-tiny), 0, flush),
            Some((0, 0x8000_0000))
        );
        // A normal product below the normal range: 2^-1022 * 0.5.
        assert_eq!(op64(AluOp::Mul64, d(small), d(0.5), 0, flush), Some((0, 0)));
        assert_eq!(
            op64(AluOp::Mul64, d(small), d(0.5), 0, keep),
            Some(split(small * 0.5))
        );
        // A denormal input scaled into the normal range: 2^-1074 * 2^100.
        let big = 2f64.powi(100);
        assert_eq!(op64(AluOp::Mul64, d(tiny), d(big), 0, flush), Some((0, 0)));
        assert_eq!(
            op64(AluOp::Mul64, d(tiny), d(big), 0, keep),
            Some(split(tiny * big))
        );
        // Fused: 2^-1022 * 0.75 - 2^-1023 = 2^-1024 (a denormal, exact).
        assert_eq!(
            op64(AluOp::Fma64, d(small), d(0.75), d(-small / 2.0), flush),
            Some((0, 0))
        );
        assert_eq!(
            op64(AluOp::Fma64, d(small), d(0.75), d(-small / 2.0), keep),
            Some(split(small.mul_add(0.75, -small / 2.0)))
        );
        // Comparisons: a denormal equals 0 only when flushed.
        let t = (u32::MAX, u32::MAX);
        assert_eq!(op64(AluOp::Sete64, d(tiny), 0, 0, flush), Some(t));
        assert_eq!(op64(AluOp::Sete64, d(tiny), 0, 0, keep), Some((0, 0)));
        assert_eq!(op64(AluOp::Setgt64, d(tiny), 0, 0, keep), Some(t));
        assert_eq!(op64(AluOp::Setge64, 0, d(tiny), 0, flush), Some(t));
        assert_eq!(op64(AluOp::Setge64, 0, d(tiny), 0, keep), Some((0, 0)));
        // MIN/MAX return the (flushed) operand.
        assert_eq!(op64(AluOp::Max64, d(tiny), 0, 0, keep), Some(split(tiny)));
        assert_eq!(op64(AluOp::Min64, d(-tiny), 0, 0, keep), Some(split(-tiny)));
        assert_eq!(
            op64(AluOp::Min64, d(-tiny), 0, 0, flush),
            Some((0, 0x8000_0000))
        );
        // FRACT_64 of a positive denormal is the denormal itself when kept.
        assert_eq!(op64(AluOp::Fract64, d(tiny), 0, 0, keep), Some(split(tiny)));
        assert_eq!(op64(AluOp::Fract64, d(tiny), 0, 0, flush), Some((0, 0)));
    }

    #[test]
    fn predicate_sets_give_zero_when_executing() {
        use backend_r600::isa::AluOp;
        assert_eq!(pred_set(AluOp::PredSeteInt, 3, 3), Some((0, true)));
        assert_eq!(pred_set(AluOp::PredSeteInt, 3, 4), Some((ONE, false)));
        assert_eq!(pred_set(AluOp::Add, 3, 4), None);
    }
}
