//! Vector ALU: VOP1, VOP2, VOPC, VOP3A/B (vega Ch6 L3415-4559, semantics 12.7-12.12
//! L12195-18380), on whole wavefronts.
//!
//! Every source is fetched once per instruction as 64 lanes of the type the opcode table
//! gives it (32-bit values zero-extended to u64, 64-bit ones whole), with the VOP3 abs/neg
//! input modifiers applied to float sources (L28068-28083); the lane function was looked up
//! at pre-decode time; results are written in the EXEC lanes only (L3528-3529), after the
//! float output modifiers (OMOD, CLAMP to [0, 1], L3537-3539, L4257-4262). The common
//! 32-bit instructions (plain maps without output modifiers, V_CNDMASK_B32, the 32-bit
//! compares) take a faster route with the same results: `vop32`, pre-decoded with their
//! operands and run as one loop per opcode over 32-bit lanes.
//!
//! Arithmetic is IEEE round-to-nearest-even. MODE.FP_DENORM decides denormals (vega
//! MODE register: per precision, bit 0 allows input denormals and bit 1 output
//! denormals; \[5:4\] for f32, \[7:6\] for f64): a flushed f32/f64 source or result of a
//! plain or compare VALU operation becomes a zero of its sign. LLVM's kernels start with
//! FP_DENORM = 3 for both (abi-facts §4.4), so nothing is flushed for them. The rounding
//! field is stored but does not change results. The transcendentals compute the exact function in f64 and round
//! once, which is within the 1 ULP the document allows (L13256-13488), with denormal
//! inputs and outputs flushed where the document says so. DPP and SDWA are refused
//! (LLVM emits neither for the kernels the model is tested with); so are the 16-bit ops.

use backend_gcn::isa::{Opcode, Operand, Special, Ty, Valu, ValuExt};
use il_semantics::convert;

use super::wave::{fault, unsupported, Lanes, Lanes64, Regs, Wave, EXEC_LO, R, VCC_LO, WAVE};

#[path = "lanes.rs"]
pub(crate) mod lanes;
#[path = "vop32.rs"]
mod vop32;

pub(crate) use vop32::{exec as exec_vop32, resolve as resolve_vop32, Vop32};

type Fn3 = fn(u64, u64, u64) -> u64;

/// Predicate of a compare: a mask over {less, equal, greater, unordered} (bit 0-3), which
/// is how the VOPC opcodes are numbered (F=0 ... TRU=15 for floats, F ... T for ints,
/// vega L14307-14521).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CmpTy {
    F32,
    F64,
    I32,
    U32,
    I64,
    U64,
}

/// What a VALU instruction does, resolved once at pre-decode time.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ValuSem {
    /// D = f(S0, S1, S2).
    Map(Fn3),
    /// D = f(S0, S1, D) (v_mac_f32, v_fmac_f32).
    Acc(Fn3),
    Cmp {
        ty: CmpTy,
        pred: u8,
        x: bool,
    },
    Class {
        f64: bool,
        x: bool,
    },
    Cndmask,
    /// Carry-out (and carry-in for the ADDC/SUBB forms).
    Carry(CarryOp),
    ReadLane,
    WriteLane,
    ReadFirstLane,
    Mbcnt {
        hi: bool,
    },
    DivScale {
        f64: bool,
    },
    DivFmas {
        f64: bool,
    },
    MadU64 {
        signed: bool,
    },
    Nop,
    Swap,
    Unsupported,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CarryOp {
    Add,
    Sub,
    SubRev,
    Addc,
    Subb,
    SubbRev,
}

fn f32b(x: u64) -> f32 {
    f32::from_bits(x as u32)
}
fn b32(x: f32) -> u64 {
    u64::from(x.to_bits())
}
fn f64b(x: u64) -> f64 {
    f64::from_bits(x)
}
fn b64(x: f64) -> u64 {
    x.to_bits()
}
fn i32of(x: u64) -> i32 {
    x as u32 as i32
}
fn u32of(x: u64) -> u32 {
    x as u32
}
fn ui(x: i32) -> u64 {
    u64::from(x as u32)
}

/// Flushes an f32 denormal to a zero of the same sign.
fn flush32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// IEEE-754-2008 minNum/maxNum as the VALU does them in IEEE mode: a NaN input loses, and
/// -0 < +0 (vega L12284-12356).
fn fmin(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        return if a.is_sign_negative() { a } else { b };
    }
    if a < b {
        a
    } else {
        b
    }
}
fn fmax(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == b {
        return if a.is_sign_negative() { b } else { a };
    }
    if a > b {
        a
    } else {
        b
    }
}
fn fmed3(a: f64, b: f64, c: f64) -> f64 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return fmin(fmin(a, b), c);
    }
    fmax(fmin(a, b), fmin(fmax(a, b), c))
}

/// x * 2^n with one rounding for f32 (the f64 product is exact).
fn ldexp32(x: f32, n: i32) -> f32 {
    let n = n.clamp(-400, 400);
    (f64::from(x) * 2f64.powi(n)) as f32
}

fn ldexp64(mut x: f64, n: i32) -> f64 {
    let mut n = n.clamp(-2300, 2300);
    while n > 1000 {
        x *= 2f64.powi(1000);
        n -= 1000;
    }
    while n < -1000 {
        x *= 2f64.powi(-1000);
        n += 1000;
    }
    x * 2f64.powi(n)
}

fn frexp32(x: f32) -> (f32, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (m, e) = frexp64(f64::from(x));
    (m as f32, e)
}

fn frexp64(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let mut e = ((x.to_bits() >> 52) & 0x7ff) as i32;
    let mut m = x;
    if e == 0 {
        m *= 2f64.powi(64);
        e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 64;
    }
    let exp = e - 1022;
    let bits = (m.to_bits() & !(0x7ffu64 << 52)) | (1022u64 << 52);
    (f64::from_bits(bits), exp)
}

/// sin(2*pi*x) for x in revolutions, exact at multiples of a quarter turn (vega
/// L13452-13488: V_SIN_F32(0.25) = 1.0).
fn sin_rev(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x - x.round();
    let q = r * 4.0;
    if q == q.trunc() {
        return match q as i64 {
            1 => 1.0,
            -1 => -1.0,
            // sin(-0) = -0, but a whole number of turns gives +0 (vega L13458-13468).
            _ if x == 0.0 => x,
            _ => 0.0,
        };
    }
    (r * std::f64::consts::TAU).sin()
}

fn cos_rev(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x - x.round();
    let q = r * 4.0;
    if q == q.trunc() {
        return match q as i64 {
            0 => 1.0,
            2 | -2 => -1.0,
            _ => 0.0,
        };
    }
    (r * std::f64::consts::TAU).cos()
}

/// f32 to IEEE half, nearest even, NaN payload kept and quieted: V_CVT_F16_F32 is the same
/// conversion as IL's `f2f16`, so it is that function.
pub(crate) fn f32_to_f16(x: f32) -> u16 {
    let half = convert::f32_to_f16(x.to_bits(), convert::HalfRounding::NearestEven);
    half as u16
}

/// IEEE half to f32 (exact), IL's `f162f`.
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    f32::from_bits(convert::f16_to_f32(u32::from(h)))
}

/// V_MAD_F32 / V_MAC_F32: not fused, "denormals are flushed" (vega L16577; digest erratum
/// 34): the inputs, the rounded product and the result, whatever MODE.FP_DENORM says.
fn mad32(a: f32, b: f32, c: f32) -> f32 {
    flush32(flush32(flush32(a) * flush32(b)) + flush32(c))
}

/// The sum of the absolute differences of the four byte pairs (V_SAD_U8).
fn sad_u8(a: u32, b: u32) -> u32 {
    (0..4)
        .map(|k| ((a >> (8 * k)) & 0xff).abs_diff((b >> (8 * k)) & 0xff))
        .sum()
}

/// V_MSAD_U8's sum: the byte pairs whose S1 byte is not zero.
fn msad_u8(a: u32, b: u32) -> u32 {
    (0..4)
        .map(|k| ((a >> (8 * k)) & 0xff, (b >> (8 * k)) & 0xff))
        .filter(|&(_, y)| y != 0)
        .map(|(x, y)| x.abs_diff(y))
        .sum()
}

/// The packed quad SADs: field k = (sum(S0 >> 8k, S1) + S2[16k+15:16k]) mod 2^16.
fn quad_sad(s0: u64, s1: u32, s2: u64, sum: fn(u32, u32) -> u32) -> u64 {
    let mut d = 0u64;
    for k in 0..4 {
        let f = u64::from(sum((s0 >> (8 * k)) as u32, s1)) + (s2 >> (16 * k) & 0xffff);
        d |= (f & 0xffff) << (16 * k);
    }
    d
}

fn bfe_u(x: u32, off: u32, width: u32) -> u32 {
    let (off, width) = (off & 31, width & 31);
    if width == 0 {
        return 0;
    }
    (x >> off) & ((1u32 << width) - 1)
}

fn bfe_i(x: u32, off: u32, width: u32) -> u32 {
    let (off, width) = (off & 31, width & 31);
    if width == 0 {
        return 0;
    }
    let v = (x >> off) & ((1u32 << width) - 1);
    ((v << (32 - width)) as i32 >> (32 - width)) as u32
}

fn perm_byte(s0: u32, s1: u32, sel: u32) -> u32 {
    // {S0, S1} as 8 bytes, S1 the low dword (vega L17444-17472).
    let bytes = (u64::from(s0) << 32) | u64::from(s1);
    match sel {
        0..=7 => (bytes >> (8 * sel)) as u32 & 0xff,
        8 => {
            if s1 & 0x8000 != 0 {
                0xff
            } else {
                0
            }
        }
        9 => {
            if s1 & 0x8000_0000 != 0 {
                0xff
            } else {
                0
            }
        }
        10 => {
            if s0 & 0x8000 != 0 {
                0xff
            } else {
                0
            }
        }
        11 => {
            if s0 & 0x8000_0000 != 0 {
                0xff
            } else {
                0
            }
        }
        12 => 0,
        _ => 0xff,
    }
}

fn div_fixup32(q: f32, d: f32, n: f32) -> f32 {
    let neg = d.is_sign_negative() ^ n.is_sign_negative();
    let sgn = |x: f32| if neg { -x } else { x };
    if n.is_nan() {
        return f32::from_bits(n.to_bits() | 0x40_0000);
    }
    if d.is_nan() {
        return f32::from_bits(d.to_bits() | 0x40_0000);
    }
    if d == 0.0 && n == 0.0 {
        return f32::from_bits(0xffc0_0000);
    }
    if d.is_infinite() && n.is_infinite() {
        return f32::from_bits(0xffc0_0000);
    }
    if d == 0.0 || n.is_infinite() {
        return sgn(f32::INFINITY);
    }
    if d.is_infinite() || n == 0.0 {
        return sgn(0.0);
    }
    sgn(q.abs())
}

fn div_fixup64(q: f64, d: f64, n: f64) -> f64 {
    let neg = d.is_sign_negative() ^ n.is_sign_negative();
    let sgn = |x: f64| if neg { -x } else { x };
    if n.is_nan() {
        return f64::from_bits(n.to_bits() | 1 << 51);
    }
    if d.is_nan() {
        return f64::from_bits(d.to_bits() | 1 << 51);
    }
    if (d == 0.0 && n == 0.0) || (d.is_infinite() && n.is_infinite()) {
        return f64::from_bits(0xfff8_0000_0000_0000);
    }
    if d == 0.0 || n.is_infinite() {
        return sgn(f64::INFINITY);
    }
    if d.is_infinite() || n == 0.0 {
        return sgn(0.0);
    }
    sgn(q.abs())
}

/// Unbiased exponent as the document's `exponent()` (biased field; 0 for zero/denormal).
fn exp32(x: f32) -> i32 {
    ((x.to_bits() >> 23) & 0xff) as i32
}
/// (a * b + c) * 2^n rounded once, as V_DIV_FMAS_F64 scales inside the fused operation
/// (vega L17295-17313). Rounding the sum first and scaling after rounds twice when the
/// scaled result is denormal: a quotient that V_DIV_SCALE_F64 scaled up by 2^128 then lands
/// 1 ulp off (found by `ilc fuzz`, tests/regressions/gfx906-ddiv-denormal-quotient.il).
/// The sum r rounded to 53 bits lies on a grid at least twice as fine as the denormal
/// result's, so its rounding can only go wrong where r is exactly halfway between two
/// results; there the sign of the residual (a * b + c) - r decides.
fn fma64_scaled(a: f64, b: f64, c: f64, n: i32) -> f64 {
    let r = a.mul_add(b, c);
    // Results from 2^-1022 up have 53 bits like r: one rounding either way.
    if n >= 0 || !r.is_finite() || r.abs() >= ldexp64(f64::MIN_POSITIVE, -n) {
        return ldexp64(r, n);
    }
    // r in units of the result's grid 2^-1074 (before the scale: 2^(-1074 - n)), exact.
    let x = ldexp64(r, 1074 + n);
    let below = x.floor();
    let k = if x - below == 0.5 {
        // r - c is exact where r and c are within a factor of two (Sterbenz), as in the
        // division sequence (c the quotient, a * b its small correction), or c is 0.
        let residual = a.mul_add(b, -(r - c));
        if residual > 0.0 {
            below + 1.0
        } else if residual < 0.0 {
            below
        } else {
            x.round_ties_even()
        }
    } else {
        x.round_ties_even()
    };
    // k * 2^-1074 is exact (k is an integer below 2^53); the sign of a zero is r's.
    ldexp64(k, -1074).copysign(r)
}

fn exp64(x: f64) -> i32 {
    ((x.to_bits() >> 52) & 0x7ff) as i32
}

/// V_DIV_SCALE_F32 (vega L17115-17191; D = S0 where the pseudo-code assigns nothing,
/// digest §9 #19). Returns (D, VCC bit).
fn div_scale32(s0: f32, s1: f32, s2: f32) -> (f32, bool) {
    let denorm = |x: f32| x.is_subnormal();
    if s2 == 0.0 || s1 == 0.0 {
        return (f32::NAN, false);
    }
    if exp32(s2) - exp32(s1) >= 96 {
        return (if s0 == s1 { ldexp32(s0, 64) } else { s0 }, true);
    }
    if denorm(s1) {
        return (ldexp32(s0, 64), false);
    }
    let inv = 1.0 / f64::from(s1);
    let inv_den = inv != 0.0 && inv.abs() < f64::from(f32::MIN_POSITIVE);
    let q = s2 / s1;
    if inv_den && denorm(q) {
        return (if s0 == s1 { ldexp32(s0, 64) } else { s0 }, true);
    }
    if inv_den {
        return (ldexp32(s0, -64), false);
    }
    if denorm(q) {
        return (if s0 == s2 { ldexp32(s0, 64) } else { s0 }, true);
    }
    if exp32(s2) <= 23 {
        return (ldexp32(s0, 64), false);
    }
    (s0, false)
}

fn div_scale64(s0: f64, s1: f64, s2: f64) -> (f64, bool) {
    let denorm = |x: f64| x.is_subnormal();
    if s2 == 0.0 || s1 == 0.0 {
        return (f64::NAN, false);
    }
    if exp64(s2) - exp64(s1) >= 768 {
        return (if s0 == s1 { ldexp64(s0, 128) } else { s0 }, true);
    }
    if denorm(s1) {
        return (ldexp64(s0, 128), false);
    }
    let inv = 1.0 / s1;
    let inv_den = denorm(inv);
    let q = s2 / s1;
    if inv_den && denorm(q) {
        return (if s0 == s1 { ldexp64(s0, 128) } else { s0 }, true);
    }
    if inv_den {
        return (ldexp64(s0, -128), false);
    }
    if denorm(q) {
        return (if s0 == s2 { ldexp64(s0, 128) } else { s0 }, true);
    }
    if exp64(s2) <= 53 {
        return (ldexp64(s0, 128), false);
    }
    (s0, false)
}

fn class_test(x: f64, is_snan: bool, subnormal: bool, mask: u32) -> bool {
    // S1 bits: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
    // 8 +normal, 9 +inf (vega L14623-14653).
    let bit = if x.is_nan() {
        if is_snan {
            0
        } else {
            1
        }
    } else if x.is_infinite() {
        if x < 0.0 {
            2
        } else {
            9
        }
    } else if x == 0.0 {
        if x.is_sign_negative() {
            5
        } else {
            6
        }
    } else if subnormal {
        if x < 0.0 {
            4
        } else {
            7
        }
    } else if x < 0.0 {
        3
    } else {
        8
    };
    mask >> bit & 1 != 0
}

/// Defines `map_fn` (the lane function of an opcode as a function pointer, `None` for an
/// opcode that is not a plain map) and `map_lanes32` (the same functions over whole
/// wavefronts of 32-bit lanes, one monomorphic loop per opcode) from one table of
/// `OPCODE | OPCODE => closure` arms.
macro_rules! lane_functions {
    ($($($op:ident)|+ => $f:expr,)*) => {
        /// The lane function of a plain VALU opcode.
        fn map_fn(op: Opcode) -> Option<Fn3> {
            use Opcode::*;
            let f: Fn3 = match op {
                $($($op)|+ => $f,)*
                _ => return None,
            };
            Some(f)
        }

        /// `out[l] = f(s[0][l], s[1][l], s[2][l])` on every lane for the lane function `f` of
        /// `op`, inlined into the loop; false if `op` has no lane function. For opcodes whose
        /// sources and result are 32-bit: the function sees its sources zero-extended, as
        /// `map_fn`'s callers give them, and its result's low 32 bits are kept, as the VGPR
        /// write keeps them.
        fn map_lanes32(op: Opcode, s: &[Lanes; 3], out: &mut Lanes) -> bool {
            use Opcode::*;
            match op {
                $($($op)|+ => lanes::whole32($f, s, out),)*
                _ => return false,
            }
            true
        }
    };
}

// The lane functions of the plain VALU opcodes (`ValuSem::Map`): one table, expanded by
// `lane_functions!` into `map_fn` (a function pointer per opcode) and into whole-wavefront
// loops with the function inlined (`map_lanes32`), so that the two cannot disagree.
lane_functions! {
    // VOP2
    V_ADD_F32 => |a, b, _| b32(f32b(a) + f32b(b)),
    V_SUB_F32 => |a, b, _| b32(f32b(a) - f32b(b)),
    V_SUBREV_F32 => |a, b, _| b32(f32b(b) - f32b(a)),
    V_MUL_F32 => |a, b, _| b32(f32b(a) * f32b(b)),
    V_MUL_LEGACY_F32 => |a, b, _| {
        if f32b(a) == 0.0 || f32b(b) == 0.0 {
            b32(0.0)
        } else {
            b32(f32b(a) * f32b(b))
        }
    },
    V_MUL_I32_I24 => {
        |a, b, _| ui(((i32of(a) << 8 >> 8) as i64 * (i32of(b) << 8 >> 8) as i64) as i32)
    },
    V_MUL_HI_I32_I24 => {
        |a, b, _| ui((((i32of(a) << 8 >> 8) as i64 * (i32of(b) << 8 >> 8) as i64) >> 32) as i32)
    },
    V_MUL_U32_U24 => |a, b, _| ((a & 0xff_ffff) * (b & 0xff_ffff)) & 0xffff_ffff,
    V_MUL_HI_U32_U24 => |a, b, _| ((a & 0xff_ffff) * (b & 0xff_ffff)) >> 32,
    V_MIN_F32 => |a, b, _| b32(fmin(f64::from(f32b(a)), f64::from(f32b(b))) as f32),
    V_MAX_F32 => |a, b, _| b32(fmax(f64::from(f32b(a)), f64::from(f32b(b))) as f32),
    V_MIN_I32 => |a, b, _| ui(i32of(a).min(i32of(b))),
    V_MAX_I32 => |a, b, _| ui(i32of(a).max(i32of(b))),
    V_MIN_U32 => |a, b, _| a.min(b),
    V_MAX_U32 => |a, b, _| a.max(b),
    V_LSHRREV_B32 => |a, b, _| u64::from(u32of(b) >> (a & 31)),
    V_ASHRREV_I32 => |a, b, _| ui(i32of(b) >> (a & 31)),
    V_LSHLREV_B32 => |a, b, _| u64::from(u32of(b) << (a & 31)),
    V_AND_B32 => |a, b, _| a & b,
    V_OR_B32 => |a, b, _| a | b,
    V_XOR_B32 => |a, b, _| a ^ b,
    V_XNOR_B32 => |a, b, _| !(a ^ b) & 0xffff_ffff,
    V_MADMK_F32 | V_MADAK_F32 | V_MAD_F32 => |a, b, c| b32(mad32(f32b(a), f32b(b), f32b(c))),
    V_MAD_LEGACY_F32 => |a, b, c| {
        let p = if f32b(a) == 0.0 || f32b(b) == 0.0 {
            0.0
        } else {
            f32b(a) * f32b(b)
        };
        b32(p + f32b(c))
    },
    V_ADD_U32 => |a, b, _| a.wrapping_add(b) & 0xffff_ffff,
    V_SUB_U32 => |a, b, _| a.wrapping_sub(b) & 0xffff_ffff,
    V_SUBREV_U32 => |a, b, _| b.wrapping_sub(a) & 0xffff_ffff,
    // VOP1
    V_MOV_B32 => |a, _, _| a,
    V_CVT_I32_F64 => |a, _, _| ui(f64b(a) as i32),
    V_CVT_F64_I32 => |a, _, _| b64(f64::from(i32of(a))),
    V_CVT_F32_I32 => |a, _, _| b32(i32of(a) as f32),
    V_CVT_F32_U32 => |a, _, _| b32(u32of(a) as f32),
    V_CVT_U32_F32 => |a, _, _| u64::from(f32b(a) as u32),
    V_CVT_I32_F32 => |a, _, _| ui(f32b(a) as i32),
    V_CVT_F16_F32 => |a, _, _| u64::from(f32_to_f16(f32b(a))),
    V_CVT_F32_F16 => |a, _, _| b32(f16_to_f32(a as u16)),
    V_CVT_RPI_I32_F32 => |a, _, _| ui((f32b(a) + 0.5).floor() as i32),
    V_CVT_FLR_I32_F32 => |a, _, _| ui(f32b(a).floor() as i32),
    V_CVT_F32_F64 => |a, _, _| b32(f64b(a) as f32),
    V_CVT_F64_F32 => |a, _, _| b64(f64::from(f32b(a))),
    V_CVT_F32_UBYTE0 => |a, _, _| b32((a & 0xff) as f32),
    V_CVT_F32_UBYTE1 => |a, _, _| b32((a >> 8 & 0xff) as f32),
    V_CVT_F32_UBYTE2 => |a, _, _| b32((a >> 16 & 0xff) as f32),
    V_CVT_F32_UBYTE3 => |a, _, _| b32((a >> 24 & 0xff) as f32),
    V_CVT_U32_F64 => |a, _, _| u64::from(f64b(a) as u32),
    V_CVT_F64_U32 => |a, _, _| b64(f64::from(u32of(a))),
    V_TRUNC_F64 => |a, _, _| b64(f64b(a).trunc()),
    V_CEIL_F64 => |a, _, _| b64(f64b(a).ceil()),
    V_RNDNE_F64 => |a, _, _| b64(f64b(a).round_ties_even()),
    V_FLOOR_F64 => |a, _, _| b64(f64b(a).floor()),
    V_FRACT_F32 => |a, _, _| {
        let x = f32b(a);
        if x.is_infinite() {
            return b32(f32::NAN);
        }
        // S0 + -floor(S0) of a NaN is a NaN (the clamp below 1.0 must not hide it).
        if x.is_nan() {
            return b32(f32::from_bits(x.to_bits() | 0x0040_0000));
        }
        b32((x - x.floor()).min(f32::from_bits(0x3f7f_ffff)))
    },
    V_FRACT_F64 => |a, _, _| {
        let x = f64b(a);
        if x.is_infinite() {
            return b64(f64::NAN);
        }
        if x.is_nan() {
            return a | 1 << 51;
        }
        b64((x - x.floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff)))
    },
    V_TRUNC_F32 => |a, _, _| b32(f32b(a).trunc()),
    V_CEIL_F32 => |a, _, _| b32(f32b(a).ceil()),
    V_RNDNE_F32 => |a, _, _| b32(f32b(a).round_ties_even()),
    V_FLOOR_F32 => |a, _, _| b32(f32b(a).floor()),
    V_EXP_F32 => |a, _, _| b32(flush32((f64::from(flush32(f32b(a)))).exp2() as f32)),
    V_LOG_F32 => |a, _, _| b32(flush32(f64::from(flush32(f32b(a))).log2() as f32)),
    V_RCP_F32 | V_RCP_IFLAG_F32 => |a, _, _| b32(flush32(1.0 / flush32(f32b(a)))),
    V_RSQ_F32 => |a, _, _| b32(flush32((1.0 / f64::from(flush32(f32b(a))).sqrt()) as f32)),
    V_SQRT_F32 => |a, _, _| b32(flush32(flush32(f32b(a)).sqrt())),
    V_RCP_F64 => |a, _, _| b64(1.0 / f64b(a)),
    V_RSQ_F64 => |a, _, _| b64(1.0 / f64b(a).sqrt()),
    V_SQRT_F64 => |a, _, _| b64(f64b(a).sqrt()),
    V_SIN_F32 => |a, _, _| b32(sin_rev(f64::from(f32b(a))) as f32),
    V_COS_F32 => |a, _, _| b32(cos_rev(f64::from(f32b(a))) as f32),
    V_NOT_B32 => |a, _, _| !a & 0xffff_ffff,
    V_BFREV_B32 => |a, _, _| u64::from(u32of(a).reverse_bits()),
    V_FFBH_U32 => |a, _, _| {
        if a as u32 == 0 {
            0xffff_ffff
        } else {
            u64::from((a as u32).leading_zeros())
        }
    },
    V_FFBL_B32 => |a, _, _| {
        if a as u32 == 0 {
            0xffff_ffff
        } else {
            u64::from((a as u32).trailing_zeros())
        }
    },
    V_FFBH_I32 => |a, _, _| {
        let x = a as u32;
        if x == 0 || x == u32::MAX {
            return 0xffff_ffff;
        }
        let y = if (x as i32) < 0 { !x } else { x };
        u64::from(y.leading_zeros())
    },
    V_FREXP_EXP_I32_F64 => |a, _, _| ui(frexp64(f64b(a)).1),
    V_FREXP_MANT_F64 => |a, _, _| b64(frexp64(f64b(a)).0),
    V_FREXP_EXP_I32_F32 => |a, _, _| ui(frexp32(f32b(a)).1),
    V_FREXP_MANT_F32 => |a, _, _| b32(frexp32(f32b(a)).0),
    // VOP3
    V_MAD_I32_I24 => |a, b, c| {
        ui(
            (((i32of(a) << 8 >> 8) as i64 * (i32of(b) << 8 >> 8) as i64) + i32of(c) as i64)
                as i32,
        )
    },
    V_MAD_U32_U24 => |a, b, c| ((a & 0xff_ffff) * (b & 0xff_ffff) + c) & 0xffff_ffff,
    V_BFE_U32 => |a, b, c| u64::from(bfe_u(a as u32, b as u32, c as u32)),
    V_BFE_I32 => |a, b, c| u64::from(bfe_i(a as u32, b as u32, c as u32)),
    V_BFI_B32 => |a, b, c| (a & b) | (!a & c & 0xffff_ffff),
    V_FMA_F32 => |a, b, c| b32(f32b(a).mul_add(f32b(b), f32b(c))),
    V_FMA_F64 => |a, b, c| b64(f64b(a).mul_add(f64b(b), f64b(c))),
    V_ALIGNBIT_B32 => |a, b, c| ((a << 32 | b) >> (c & 31)) & 0xffff_ffff,
    V_ALIGNBYTE_B32 => |a, b, c| ((a << 32 | b) >> (8 * (c & 3))) & 0xffff_ffff,
    V_MIN3_F32 => |a, b, c| {
        b32(fmin(
            fmin(f64::from(f32b(a)), f64::from(f32b(b))),
            f64::from(f32b(c)),
        ) as f32)
    },
    V_MAX3_F32 => |a, b, c| {
        b32(fmax(
            fmax(f64::from(f32b(a)), f64::from(f32b(b))),
            f64::from(f32b(c)),
        ) as f32)
    },
    V_MED3_F32 => {
        |a, b, c| b32(fmed3(f64::from(f32b(a)), f64::from(f32b(b)), f64::from(f32b(c))) as f32)
    },
    V_MIN3_I32 => |a, b, c| ui(i32of(a).min(i32of(b)).min(i32of(c))),
    V_MAX3_I32 => |a, b, c| ui(i32of(a).max(i32of(b)).max(i32of(c))),
    V_MED3_I32 => |a, b, c| {
        let (a, b, c) = (i32of(a), i32of(b), i32of(c));
        ui(a.min(b).max(a.max(b).min(c)))
    },
    V_MIN3_U32 => |a, b, c| a.min(b).min(c),
    V_MAX3_U32 => |a, b, c| a.max(b).max(c),
    V_MED3_U32 => |a, b, c| a.min(b).max(a.max(b).min(c)),
    V_SAD_U32 => |a, b, c| (a.abs_diff(b) + c) & 0xffff_ffff,
    // vega L16891-16923: byte-wise absolute differences summed, plus S2.
    V_SAD_U8 => |a, b, c| (u64::from(sad_u8(a as u32, b as u32)) + c) & 0xffff_ffff,
    V_SAD_HI_U8 => |a, b, c| ((u64::from(sad_u8(a as u32, b as u32)) << 16) + c) & 0xffff_ffff,
    // vega L17343-17352 (the masked and quad SADs): masked skips the byte pairs whose S1
    // byte is zero; the quad forms SAD the byte windows S0[8k+31:8k] against S1, each
    // added to S2[16k+15:16k], into 16-bit fields (decision "msad_u8, qsad_u8, mqsad_u8").
    V_MSAD_U8 => |a, b, c| (u64::from(msad_u8(a as u32, b as u32)) + c) & 0xffff_ffff,
    V_QSAD_PK_U16_U8 => |a, b, c| quad_sad(a, b as u32, c, sad_u8),
    V_MQSAD_PK_U16_U8 => |a, b, c| quad_sad(a, b as u32, c, msad_u8),
    // vega L16769-16781: per byte (S0.b + S1.b + S2.b[0]) >> 1.
    V_LERP_U8 => |a, b, c| {
        let mut d = 0u64;
        for k in 0..4 {
            let byte = |x: u64| x >> (8 * k) & 0xff;
            d |= ((byte(a) + byte(b) + (c >> (8 * k) & 1)) >> 1) << (8 * k);
        }
        d
    },
    V_DIV_FIXUP_F32 => |a, b, c| b32(div_fixup32(f32b(a), f32b(b), f32b(c))),
    V_DIV_FIXUP_F64 => |a, b, c| b64(div_fixup64(f64b(a), f64b(b), f64b(c))),
    V_PERM_B32 => |a, b, c| {
        let (s0, s1, s) = (a as u32, b as u32, c as u32);
        let mut r = 0u32;
        for k in 0..4 {
            r |= perm_byte(s0, s1, s >> (8 * k) & 0xff) << (8 * k);
        }
        u64::from(r)
    },
    V_MAD_U32_U16 => |a, b, c| ((a & 0xffff) * (b & 0xffff) + c) & 0xffff_ffff,
    V_MAD_I32_I16 => |a, b, c| {
        ui((i32::from(a as u16 as i16) * i32::from(b as u16 as i16)).wrapping_add(i32of(c)))
    },
    V_XAD_U32 => |a, b, c| ((a ^ b) + c) & 0xffff_ffff,
    V_LSHL_ADD_U32 => |a, b, c| (u64::from(u32of(a) << (b & 31)) + c) & 0xffff_ffff,
    V_ADD_LSHL_U32 => |a, b, c| u64::from(u32of(a.wrapping_add(b)) << (c & 31)),
    V_ADD3_U32 => |a, b, c| (a + b + c) & 0xffff_ffff,
    V_LSHL_OR_B32 => |a, b, c| u64::from(u32of(a) << (b & 31)) | c,
    V_AND_OR_B32 => |a, b, c| (a & b) | c,
    V_OR3_B32 => |a, b, c| a | b | c,
    V_ADD_F64 => |a, b, _| b64(f64b(a) + f64b(b)),
    V_MUL_F64 => |a, b, _| b64(f64b(a) * f64b(b)),
    V_MIN_F64 => |a, b, _| b64(fmin(f64b(a), f64b(b))),
    V_MAX_F64 => |a, b, _| b64(fmax(f64b(a), f64b(b))),
    V_LDEXP_F64 => |a, b, _| b64(ldexp64(f64b(a), i32of(b))),
    V_LDEXP_F32 => |a, b, _| b32(ldexp32(f32b(a), i32of(b))),
    V_MUL_LO_U32 => |a, b, _| (a * b) & 0xffff_ffff,
    V_MUL_HI_U32 => |a, b, _| (a * b) >> 32,
    V_MUL_HI_I32 => |a, b, _| ui(((i64::from(i32of(a)) * i64::from(i32of(b))) >> 32) as i32),
    V_BCNT_U32_B32 => |a, b, _| (u64::from((a as u32).count_ones()) + b) & 0xffff_ffff,
    V_LSHLREV_B64 => |a, b, _| b << (a & 63),
    V_LSHRREV_B64 => |a, b, _| b >> (a & 63),
    V_ASHRREV_I64 => |a, b, _| ((b as i64) >> (a & 63)) as u64,
    V_BFM_B32 => |a, b, _| u64::from(((1u32 << (a & 31)).wrapping_sub(1)) << (b & 31)),
    V_CVT_PKRTZ_F16_F32 => |a, b, _| {
        let rtz = |x: f32| {
            // Round toward zero: truncate the f32 mantissa before the RNE conversion
            // can round up.
            let h = f32_to_f16(x);
            if f16_to_f32(h).abs() > x.abs() && x.is_finite() {
                h - 1
            } else {
                h
            }
        };
        u64::from(rtz(f32b(a))) | u64::from(rtz(f32b(b))) << 16
    },
    V_CVT_PK_U16_U32 => |a, b, _| (a & 0xffff) | (b & 0xffff) << 16,
    V_ADD_I32 => |a, b, _| ui(i32of(a).wrapping_add(i32of(b))),
    V_SUB_I32 => |a, b, _| ui(i32of(a).wrapping_sub(i32of(b))),
}

/// Parses a compare name `v_cmp[x]_<pred>_<type>`.
fn cmp_sem(op: Opcode) -> Option<ValuSem> {
    let name = op.name();
    let (x, rest) = if let Some(r) = name.strip_prefix("v_cmpx_") {
        (true, r)
    } else {
        (false, name.strip_prefix("v_cmp_")?)
    };
    let (pred, ty) = rest.rsplit_once('_')?;
    if pred == "class" {
        return match ty {
            "f32" => Some(ValuSem::Class { f64: false, x }),
            "f64" => Some(ValuSem::Class { f64: true, x }),
            _ => None,
        };
    }
    let ty = match ty {
        "f32" => CmpTy::F32,
        "f64" => CmpTy::F64,
        "i32" => CmpTy::I32,
        "u32" => CmpTy::U32,
        "i64" => CmpTy::I64,
        "u64" => CmpTy::U64,
        _ => return None,
    };
    let float = matches!(ty, CmpTy::F32 | CmpTy::F64);
    // bit 0 less, 1 equal, 2 greater, 3 unordered.
    let pred = match (pred, float) {
        ("f", _) => 0,
        ("lt", _) => 1,
        ("eq", _) => 2,
        ("le", _) => 3,
        ("gt", _) => 4,
        ("lg", true) | ("ne", false) => 5,
        ("ge", _) => 6,
        ("o", true) => 7,
        ("u", true) => 8,
        ("nge", true) => 9,
        ("nlg", true) => 10,
        ("ngt", true) => 11,
        ("nle", true) => 12,
        ("neq", true) => 13,
        ("nlt", true) => 14,
        ("tru", true) => 15,
        ("t", false) => 7,
        _ => return None,
    };
    Some(ValuSem::Cmp { ty, pred, x })
}

/// Resolves what a VALU instruction does (pre-decode).
pub(crate) fn resolve(i: &Valu) -> ValuSem {
    use Opcode::*;
    match i.op {
        V_NOP => ValuSem::Nop,
        V_SWAP_B32 => ValuSem::Swap,
        V_CNDMASK_B32 => ValuSem::Cndmask,
        V_ADD_CO_U32 => ValuSem::Carry(CarryOp::Add),
        V_SUB_CO_U32 => ValuSem::Carry(CarryOp::Sub),
        V_SUBREV_CO_U32 => ValuSem::Carry(CarryOp::SubRev),
        V_ADDC_CO_U32 => ValuSem::Carry(CarryOp::Addc),
        V_SUBB_CO_U32 => ValuSem::Carry(CarryOp::Subb),
        V_SUBBREV_CO_U32 => ValuSem::Carry(CarryOp::SubbRev),
        V_READLANE_B32 => ValuSem::ReadLane,
        V_WRITELANE_B32 => ValuSem::WriteLane,
        V_READFIRSTLANE_B32 => ValuSem::ReadFirstLane,
        V_MBCNT_LO_U32_B32 => ValuSem::Mbcnt { hi: false },
        V_MBCNT_HI_U32_B32 => ValuSem::Mbcnt { hi: true },
        V_DIV_SCALE_F32 => ValuSem::DivScale { f64: false },
        V_DIV_SCALE_F64 => ValuSem::DivScale { f64: true },
        V_DIV_FMAS_F32 => ValuSem::DivFmas { f64: false },
        V_DIV_FMAS_F64 => ValuSem::DivFmas { f64: true },
        V_MAD_U64_U32 => ValuSem::MadU64 { signed: false },
        V_MAD_I64_I32 => ValuSem::MadU64 { signed: true },
        V_MAC_F32 => ValuSem::Acc(|a, b, d| b32(mad32(f32b(a), f32b(b), f32b(d)))),
        V_FMAC_F32 => ValuSem::Acc(|a, b, d| b32(f32b(a).mul_add(f32b(b), f32b(d)))),
        op => {
            if let Some(s) = cmp_sem(op) {
                return s;
            }
            match map_fn(op) {
                Some(f) => ValuSem::Map(f),
                None => ValuSem::Unsupported,
            }
        }
    }
}

/// One plain VALU opcode on one lane of 32-bit values as a kernel runs it: sources and
/// result flushed as the kernels' MODE says (f32 denormals flushed, `code_object.rs`), no
/// modifiers. The reference interpreter's target formulas call the model through it
/// (`interp/formulas.rs`). An opcode that is not a plain map gives a NaN (a formula bug
/// that the formulas' tests catch).
pub fn lane32(op: Opcode, a: u32, b: u32, c: u32) -> u32 {
    let (Some(f), Some(shape)) = (map_fn(op), op.valu_shape()) else {
        debug_assert!(false, "{} is not a plain VALU map", op.name());
        return 0x7FC0_0000;
    };
    let t = shape.srcs;
    let r = f(
        flush(t[0], u64::from(a)),
        flush(t[1], u64::from(b)),
        flush(t[2], u64::from(c)),
    );
    flush(shape.dst, r) as u32
}

/// [`lane32`] for an opcode on 64-bit values (f64 denormals are kept by the kernels' MODE,
/// f32 ones flushed).
pub fn lane64(op: Opcode, a: u64, b: u64, c: u64) -> u64 {
    let (Some(f), Some(shape)) = (map_fn(op), op.valu_shape()) else {
        debug_assert!(false, "{} is not a plain VALU map", op.name());
        return 0x7FF8_0000_0000_0000;
    };
    let kernel_flush = |t: Ty, v: u64| if t == Ty::F32 { flush(t, v) } else { v };
    let t = shape.srcs;
    let r = f(
        kernel_flush(t[0], a),
        kernel_flush(t[1], b),
        kernel_flush(t[2], c),
    );
    kernel_flush(shape.dst, r)
}

fn is_float(t: Ty) -> bool {
    matches!(t, Ty::F16 | Ty::F32 | Ty::F64)
}

fn sign_bit(t: Ty) -> u64 {
    match t {
        Ty::F16 => 1 << 15,
        Ty::F64 => 1 << 63,
        _ => 1 << 31,
    }
}

/// Whether MODE.FP_DENORM allows denormals of type `t` on input (`output` false) or on
/// output.
fn denormals_allowed(w: &Wave, t: Ty, output: bool) -> bool {
    let shift = match t {
        Ty::F32 => 4,
        Ty::F64 => 6,
        _ => return true,
    };
    w.mode >> (shift + u32::from(output)) & 1 != 0
}

/// A denormal of type `t` flushed to a zero of its sign.
fn flush(t: Ty, v: u64) -> u64 {
    match t {
        Ty::F32 if v as u32 & 0x7F80_0000 == 0 => v & 0x8000_0000,
        Ty::F64 if v & 0x7FF0_0000_0000_0000 == 0 => v & (1 << 63),
        _ => v,
    }
}

/// Source `k` with its input modifiers, denormals flushed as MODE says.
#[inline(always)]
fn src_flushed(w: &Wave, i: &Valu, k: usize, t: Ty) -> R<Lanes64> {
    let mut v = src(w, i, k, t)?;
    if !denormals_allowed(w, t, false) {
        lanes::flush_all(t, &mut v);
    }
    Ok(v)
}

/// An accumulator input of type `t`, flushed as a source is.
fn flush_if(w: &Wave, t: Ty, v: u64) -> u64 {
    if denormals_allowed(w, t, false) {
        v
    } else {
        flush(t, v)
    }
}

/// A result of type `t` with its denormals flushed as MODE says.
fn result_flushed(w: &Wave, t: Ty, v: u64) -> u64 {
    if denormals_allowed(w, t, true) {
        v
    } else {
        flush(t, v)
    }
}

/// Refuses reading EXECZ or VCCZ as data too soon after a VALU wrote EXEC or VCC.
fn check_special_src(w: &Wave, op: Operand) -> R<()> {
    if let Operand::Special(Special::Execz | Special::Vccz) = op {
        w.need_after_valu_sgpr(
            VCC_LO,
            2,
            5,
            "a VALU reads VCCZ as data after a VALU write of VCC",
            "vega Table 8 row 5 (L2102-2108)",
        )?;
        w.need_after_valu_sgpr(
            EXEC_LO,
            2,
            5,
            "a VALU reads EXECZ as data after a VALU write of EXEC",
            "vega Table 8 row 5 (L2102-2108)",
        )?;
    }
    Ok(())
}

/// Lane `lane` of the 32-bit integer source `k` without SDWA: what `src(w, i, k,
/// Ty::B32)?[lane]` gives (no modifier applies to an integer source), with the same checks,
/// without building the other 63 lanes.
fn src_lane_b32(w: &Wave, i: &Valu, k: usize, lane: usize) -> R<u64> {
    let Some(op) = i.src[k] else {
        return fault(format!("source {k} missing"));
    };
    check_special_src(w, op)?;
    match op {
        Operand::Vgpr { index, .. } => {
            w.check_read(Regs::V(index, 1))?;
            Ok(u64::from(w.v[usize::from(index)][lane]))
        }
        _ => w.scalar_src(op, Ty::B32),
    }
}

/// Fetches source `k` with its input modifiers.
#[inline(always)]
fn src(w: &Wave, i: &Valu, k: usize, t: Ty) -> R<Lanes64> {
    let Some(op) = i.src[k] else {
        return fault(format!("source {k} missing"));
    };
    check_special_src(w, op)?;
    let mut v = w.vsrc(op, t)?;
    if let ValuExt::Sdwa(sd) = i.ext {
        let sel = if k == 0 { sd.src0_sel } else { sd.src1_sel };
        let sext = sd.sext >> k & 1 != 0;
        for x in v.iter_mut() {
            *x = sdwa_select(*x, sel, sext);
        }
    }
    let (abs, neg) = (i.abs >> k & 1 != 0, i.neg >> k & 1 != 0);
    if (abs || neg) && (is_float(t) || i.op == Opcode::V_CNDMASK_B32) {
        let sb = sign_bit(if i.op == Opcode::V_CNDMASK_B32 {
            Ty::F32
        } else {
            t
        });
        for x in v.iter_mut() {
            if abs {
                *x &= !sb;
            }
            if neg {
                *x ^= sb;
            }
        }
    }
    Ok(v)
}

fn mask_of(w: &Wave, op: Option<Operand>) -> R<u64> {
    match op {
        Some(o) => w.sread64(o, false),
        None => fault("missing lane-mask operand"),
    }
}

/// Writes a VALU lane-mask result (VOPC, carry-out) to its SGPR pair.
fn write_mask(w: &mut Wave, dst: Option<Operand>, m: u64) -> R<()> {
    match dst {
        Some(Operand::Sgpr { code, .. }) => {
            w.swrite(code, 2, m)?;
            w.note_valu_sgpr(code, 2);
            Ok(())
        }
        _ => fault("lane-mask destination is not an SGPR pair"),
    }
}

fn vdst(i: &Valu) -> R<u8> {
    match i.vdst {
        Some(Operand::Vgpr { index, .. }) => Ok(index),
        _ => fault("missing vector destination"),
    }
}

/// SDWA source selection (vega L29211-29219): BYTE_0..3, WORD_0/1 or DWORD, zero- or
/// sign-extended to 32 bits.
fn sdwa_select(x: u64, sel: u8, sext: bool) -> u64 {
    let x = x as u32;
    let (v, bits) = match sel {
        0..=3 => ((x >> (8 * u32::from(sel))) & 0xff, 8),
        4 => (x & 0xffff, 16),
        5 => (x >> 16, 16),
        _ => return u64::from(x),
    };
    if sext {
        u64::from(((v << (32 - bits)) as i32 >> (32 - bits)) as u32)
    } else {
        u64::from(v)
    }
}

/// SDWA destination: the result's low bits go to the selected field; the other bits are
/// zero (DST_UNUSED 0), the field's sign above it and zero below (1), or the old value (2)
/// (vega L29211-29229).
fn sdwa_place(result: u64, old: u64, sel: u8, unused: u8) -> u64 {
    let (shift, bits) = match sel {
        0..=3 => (8 * u32::from(sel), 8),
        4 => (0, 16),
        5 => (16, 16),
        _ => return result & 0xffff_ffff,
    };
    let field = ((1u32 << bits) - 1) << shift;
    let placed = ((result as u32) << shift) & field;
    let r = match unused {
        1 if result >> (bits - 1) & 1 != 0 => {
            let above = u32::MAX.checked_shl(shift + bits).unwrap_or(0);
            placed | above
        }
        2 => (old as u32 & !field) | placed,
        _ => placed,
    };
    u64::from(r)
}

/// Applies OMOD and CLAMP to a float result (vega L28068-28083, L4257-4262).
fn out_mod(i: &Valu, t: Ty, v: u64) -> u64 {
    let has_mods = i.vop3 || matches!(i.ext, ValuExt::Sdwa(_));
    if !has_mods || (i.omod == 0 && !i.clamp) {
        return v;
    }
    let m = match i.omod {
        1 => 2.0,
        2 => 4.0,
        3 => 0.5,
        _ => 1.0,
    };
    match t {
        Ty::F32 => {
            let mut x = f32b(v) * m as f32;
            if i.clamp {
                x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            }
            b32(x)
        }
        Ty::F64 => {
            let mut x = f64b(v) * m;
            if i.clamp {
                x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            }
            b64(x)
        }
        _ => v,
    }
}

/// Executes one VALU instruction.
pub(crate) fn exec_valu(w: &mut Wave, i: &Valu, sem: ValuSem) -> R<()> {
    let Some(shape) = i.op.valu_shape() else {
        return fault("not a VALU opcode");
    };
    if let ValuExt::Dpp(_) = i.ext {
        return unsupported("DPP encodings in the gfx906 model");
    }
    if let ValuExt::Sdwa(_) = i.ext {
        let narrow = shape.dst.regs() > 1 || shape.srcs.iter().any(|t| t.regs() > 1);
        let supported = matches!(
            sem,
            ValuSem::Map(_) | ValuSem::Cmp { .. } | ValuSem::Class { .. }
        );
        if narrow || !supported || matches!(shape.dst, Ty::B16 | Ty::F16) {
            return unsupported(format!("SDWA on {} in the gfx906 model", i.op.name()));
        }
    }
    let exec = w.exec();
    let types = shape.srcs;
    match sem {
        ValuSem::Nop => Ok(()),
        ValuSem::Unsupported => unsupported(format!("{} in the gfx906 model", i.op.name())),
        ValuSem::Map(f) => {
            if i.clamp && !is_float(shape.dst) {
                return unsupported(format!("clamp on the integer op {}", i.op.name()));
            }
            let n = shape.nsrc();
            let z = [0u64; WAVE];
            let a = if n > 0 {
                src_flushed(w, i, 0, types[0])?
            } else {
                z
            };
            let b = if n > 1 {
                src_flushed(w, i, 1, types[1])?
            } else {
                z
            };
            let c = if n > 2 {
                src_flushed(w, i, 2, types[2])?
            } else {
                z
            };
            let mut out = lanes::map(w, i, shape.dst, f, [&a, &b, &c], exec);
            let d = vdst(i)?;
            if let ValuExt::Sdwa(sd) = i.ext {
                let old = w.vsrc(Operand::v(d), Ty::B32)?;
                for l in 0..WAVE {
                    out[l] = sdwa_place(out[l], old[l], sd.dst_sel, sd.dst_unused);
                }
            }
            w.vwrite(d, shape.dst.regs(), &out, exec)
        }
        ValuSem::Acc(f) => {
            let a = src_flushed(w, i, 0, types[0])?;
            let b = src_flushed(w, i, 1, types[1])?;
            let d = vdst(i)?;
            let acc = w.vsrc(Operand::v(d), shape.dst)?;
            let mut out = [0u64; WAVE];
            for l in 0..WAVE {
                let acc = flush_if(w, shape.dst, acc[l]);
                out[l] = result_flushed(w, shape.dst, out_mod(i, shape.dst, f(a[l], b[l], acc)));
            }
            w.vwrite(d, 1, &out, exec)
        }
        ValuSem::Cmp { ty, pred, x } => {
            let a = src_flushed(w, i, 0, types[0])?;
            let b = src_flushed(w, i, 1, types[1])?;
            let mut m = 0u64;
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let rel: u8 = match ty {
                    CmpTy::F32 => ord(f64::from(f32b(a[l])), f64::from(f32b(b[l]))),
                    CmpTy::F64 => ord(f64b(a[l]), f64b(b[l])),
                    CmpTy::I32 => ordi(i64::from(i32of(a[l])), i64::from(i32of(b[l]))),
                    CmpTy::U32 | CmpTy::U64 => ordu(a[l], b[l]),
                    CmpTy::I64 => ordi(a[l] as i64, b[l] as i64),
                };
                if pred & rel != 0 {
                    m |= 1 << l;
                }
            }
            write_mask(w, i.sdst, m)?;
            if x {
                w.swrite(EXEC_LO, 2, m)?;
                w.note_valu_sgpr(EXEC_LO, 2);
            }
            Ok(())
        }
        ValuSem::Class { f64: wide, x } => {
            let a = src(w, i, 0, types[0])?;
            let b = src(w, i, 1, types[1])?;
            let mut m = 0u64;
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                // Denormal in the operand's own precision (an f32 denormal widened to
                // f64 is a normal number).
                let (v, snan, sub) = if wide {
                    let v = f64b(a[l]);
                    (v, v.is_nan() && a[l] >> 51 & 1 == 0, v.is_subnormal())
                } else {
                    let v = f32b(a[l]);
                    (
                        f64::from(v),
                        v.is_nan() && a[l] >> 22 & 1 == 0,
                        v.is_subnormal(),
                    )
                };
                if class_test(v, snan, sub, b[l] as u32) {
                    m |= 1 << l;
                }
            }
            write_mask(w, i.sdst, m)?;
            if x {
                w.swrite(EXEC_LO, 2, m)?;
                w.note_valu_sgpr(EXEC_LO, 2);
            }
            Ok(())
        }
        ValuSem::Cndmask => {
            let a = src(w, i, 0, types[0])?;
            let b = src(w, i, 1, types[1])?;
            let m = mask_of(w, i.src[2])?;
            let mut out = [0u64; WAVE];
            for l in 0..WAVE {
                out[l] = if m >> l & 1 != 0 { b[l] } else { a[l] };
            }
            w.vwrite(vdst(i)?, 1, &out, exec)
        }
        ValuSem::Carry(op) => {
            if i.clamp {
                return unsupported(format!("clamp on {}", i.op.name()));
            }
            let a = src(w, i, 0, types[0])?;
            let b = src(w, i, 1, types[1])?;
            let cin = match op {
                CarryOp::Addc | CarryOp::Subb | CarryOp::SubbRev => mask_of(w, i.src[2])?,
                _ => 0,
            };
            let mut out = [0u64; WAVE];
            let mut cout = 0u64;
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let c = cin >> l & 1;
                let (x, y) = (a[l] & 0xffff_ffff, b[l] & 0xffff_ffff);
                let (r, carry) = match op {
                    CarryOp::Add | CarryOp::Addc => {
                        let s = x + y + c;
                        (s, s >> 32 != 0)
                    }
                    CarryOp::Sub | CarryOp::Subb => (x.wrapping_sub(y).wrapping_sub(c), y + c > x),
                    CarryOp::SubRev | CarryOp::SubbRev => {
                        (y.wrapping_sub(x).wrapping_sub(c), x + c > y)
                    }
                };
                out[l] = r & 0xffff_ffff;
                if carry {
                    cout |= 1 << l;
                }
            }
            w.vwrite(vdst(i)?, 1, &out, exec)?;
            write_mask(w, i.sdst, cout)
        }
        ValuSem::ReadLane | ValuSem::WriteLane => {
            w.need_after_valu_op(
                i.src[1],
                4,
                "V_READLANE/V_WRITELANE lane select after a VALU write of that SGPR",
                "vega Table 8 row 6 (L2104-2112)",
            )?;
            let sel = match i.src[1] {
                Some(o) => w.sread(o)? as usize & 63,
                None => return fault("missing lane select"),
            };
            if matches!(sem, ValuSem::ReadLane) {
                let Some(Operand::Vgpr { index, .. }) = i.src[0] else {
                    return fault("v_readlane_b32 reads a VGPR");
                };
                w.check_read(Regs::V(index, 1))?;
                let v = u64::from(w.v[usize::from(index)][sel]);
                write_sdst(w, i.vdst, v)
            } else {
                let v = src_lane_b32(w, i, 0, 0)?;
                let mut out = [0u64; WAVE];
                out[sel] = v;
                w.vwrite(vdst(i)?, 1, &out, 1 << sel)
            }
        }
        ValuSem::ReadFirstLane => {
            let lane = if exec == 0 {
                0
            } else {
                exec.trailing_zeros() as usize
            };
            let v = src_lane_b32(w, i, 0, lane)?;
            write_sdst(w, i.vdst, v)
        }
        ValuSem::Mbcnt { hi } => {
            let a = src(w, i, 0, Ty::B32)?;
            let b = src(w, i, 1, Ty::B32)?;
            let mut out = [0u64; WAVE];
            for l in 0..WAVE {
                let below = (1u64 << l) - 1;
                let part = if hi {
                    (below >> 32) as u32
                } else {
                    below as u32
                };
                out[l] = (u64::from((a[l] as u32 & part).count_ones()) + b[l]) & 0xffff_ffff;
            }
            w.vwrite(vdst(i)?, 1, &out, exec)
        }
        ValuSem::DivScale { f64: wide } => {
            let t = if wide { Ty::F64 } else { Ty::F32 };
            let a = src(w, i, 0, t)?;
            let b = src(w, i, 1, t)?;
            let c = src(w, i, 2, t)?;
            let mut out = [0u64; WAVE];
            let mut vcc = 0u64;
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let (d, flag) = if wide {
                    let (d, f) = div_scale64(f64b(a[l]), f64b(b[l]), f64b(c[l]));
                    (b64(d), f)
                } else {
                    let (d, f) = div_scale32(f32b(a[l]), f32b(b[l]), f32b(c[l]));
                    (b32(d), f)
                };
                out[l] = d;
                if flag {
                    vcc |= 1 << l;
                }
            }
            w.vwrite(vdst(i)?, t.regs(), &out, exec)?;
            write_mask(w, i.sdst, vcc)
        }
        ValuSem::DivFmas { f64: wide } => {
            w.need_after_valu_sgpr(
                VCC_LO,
                2,
                4,
                "V_DIV_FMAS after a VALU write of VCC",
                "vega Table 8 row 7 (L2114-2117)",
            )?;
            let t = if wide { Ty::F64 } else { Ty::F32 };
            let a = src(w, i, 0, t)?;
            let b = src(w, i, 1, t)?;
            let c = src(w, i, 2, t)?;
            let vcc = w.vcc();
            let mut out = [0u64; WAVE];
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                // With VCC set the fused result is scaled back by 2^+-64 (2^+-128 for
                // f64), up when S2's exponent field exceeds the bias (the quotient was
                // computed from a scaled-up denominator), down otherwise; the document's
                // "2**32" (L17295-17313) cannot undo V_DIV_SCALE's 2^64 (decision in
                // docs/abi.md, GCN section).
                let scale = vcc >> l & 1 != 0;
                out[l] = if wide {
                    let (x, y, z) = (f64b(a[l]), f64b(b[l]), f64b(c[l]));
                    let r = if scale {
                        fma64_scaled(x, y, z, if exp64(z) > 1023 { 128 } else { -128 })
                    } else {
                        x.mul_add(y, z)
                    };
                    out_mod(i, t, b64(r))
                } else {
                    out_mod(i, t, b32(fma32_from(a[l], b[l], c[l], scale)))
                };
            }
            w.vwrite(vdst(i)?, t.regs(), &out, exec)
        }
        ValuSem::MadU64 { signed } => {
            let a = src(w, i, 0, Ty::B32)?;
            let b = src(w, i, 1, Ty::B32)?;
            let c = src(w, i, 2, Ty::B64)?;
            let mut out = [0u64; WAVE];
            let mut cout = 0u64;
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let (r, carry) = if signed {
                    let p = i128::from(i32of(a[l])) * i128::from(i32of(b[l]));
                    let s = p + i128::from(c[l] as i64);
                    (
                        s as u64,
                        s > i128::from(i64::MAX) || s < i128::from(i64::MIN),
                    )
                } else {
                    let p = u128::from(a[l] & 0xffff_ffff) * u128::from(b[l] & 0xffff_ffff);
                    let s = p + u128::from(c[l]);
                    (s as u64, s >> 64 != 0)
                };
                out[l] = r;
                if carry {
                    cout |= 1 << l;
                }
            }
            w.vwrite(vdst(i)?, 2, &out, exec)?;
            write_mask(w, i.sdst, cout)
        }
        ValuSem::Swap => {
            let d = vdst(i)?;
            let Some(Operand::Vgpr { index: s, .. }) = i.src[0] else {
                return fault("v_swap_b32 swaps two VGPRs");
            };
            let a = w.vsrc(Operand::v(s), Ty::B32)?;
            let b = w.vsrc(Operand::v(d), Ty::B32)?;
            w.vwrite(d, 1, &a, exec)?;
            w.vwrite(s, 1, &b, exec)
        }
    }
}

/// The f32 result of V_DIV_FMAS: one rounding of the exact a*b+c, scaled by 2^+-64 with
/// VCC (vega L17295-17313: the scale is inside the fused operation).
fn fma32_from(a: u64, b: u64, c: u64, scale: bool) -> f32 {
    let (a, b, c) = (f32b(a), f32b(b), f32b(c));
    if !scale {
        return a.mul_add(b, c);
    }
    let n = if exp32(c) > 127 { 64 } else { -64 };
    match fma32_scaled(a, b, c, n) {
        Some(r) => r,
        // NaN and infinite operands: nothing to round.
        None => ldexp32(a.mul_add(b, c), n),
    }
}

/// (a * b + c) * 2^n rounded once to f32, for |n| <= 64 and finite operands (`None`
/// otherwise). Rounding the f32 sum first and scaling after rounds twice when the scaled
/// result is denormal. Here the sum is formed in f64: the product of two f32 is exact, the
/// sum of two f64 is exact as the rounded sum plus its error (Knuth's two-sum), and the
/// sum is rounded to odd (an inexact result gets its last bit set) so that its 53 bits
/// round to f32's 24 bits, or fewer for a denormal, as the exact value would; the scale by
/// 2^n is exact in f64 over this range.
fn fma32_scaled(a: f32, b: f32, c: f32, n: i32) -> Option<f32> {
    let p = f64::from(a) * f64::from(b);
    let c = f64::from(c);
    let s = p + c;
    if !s.is_finite() || n.abs() > 64 {
        return None;
    }
    let pv = s - c;
    let err = (p - pv) + (c - (s - pv));
    let bits = s.to_bits();
    let odd = if err != 0.0 && bits & 1 == 0 {
        // The neighbour of s on the exact value's side has an odd last bit.
        let away_from_zero = (err > 0.0) == (s > 0.0);
        f64::from_bits(if away_from_zero { bits + 1 } else { bits - 1 })
    } else {
        s
    };
    Some((odd * 2f64.powi(n)) as f32)
}

fn write_sdst(w: &mut Wave, dst: Option<Operand>, v: u64) -> R<()> {
    match dst {
        Some(Operand::Sgpr { code, .. }) => {
            w.swrite(code, 1, v)?;
            w.note_valu_sgpr(code, 1);
            Ok(())
        }
        _ => fault("the destination must be an SGPR"),
    }
}

fn ord(a: f64, b: f64) -> u8 {
    match a.partial_cmp(&b) {
        Some(std::cmp::Ordering::Less) => 1,
        Some(std::cmp::Ordering::Equal) => 2,
        Some(std::cmp::Ordering::Greater) => 4,
        None => 8,
    }
}
fn ordi(a: i64, b: i64) -> u8 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
        std::cmp::Ordering::Greater => 4,
    }
}
fn ordu(a: u64, b: u64) -> u8 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
        std::cmp::Ordering::Greater => 4,
    }
}

#[cfg(test)]
mod tests {
    /// V_DIV_FMAS_F64 with VCC: D = (S0 * S1 + S2) * 2^-128 with one rounding (vega
    /// L17295-17313, a fused operation). The exact sums below lie just off a halfway point of
    /// the denormal grid, where rounding the sum first would round to the wrong neighbour.
    #[test]
    fn div_fmas_f64_rounds_a_denormal_result_once() {
        let u = 2f64.powi(-946); // 2^-1074 before the scale of 2^-128
        let tiny = 2f64.powi(-500);
        // (1.5u - 2^-1000) * 2^-128 is just below 1.5 * 2^-1074: rounds to 1 * 2^-1074.
        let r = super::fma64_scaled(-tiny, tiny, 1.5 * u, -128);
        assert_eq!(r.to_bits(), 1);
        // (2.5u + 2^-1000) * 2^-128 is just above 2.5 * 2^-1074: rounds to 3 * 2^-1074.
        let r = super::fma64_scaled(tiny, tiny, 2.5 * u, -128);
        assert_eq!(r.to_bits(), 3);
        // Exactly halfway: ties to even (2.5 -> 2), and the negative side likewise.
        assert_eq!(super::fma64_scaled(0.0, 0.0, 2.5 * u, -128).to_bits(), 2);
        assert_eq!(
            super::fma64_scaled(tiny, tiny, -2.5 * u, -128).to_bits(),
            0x8000_0000_0000_0002
        );
        // A normal result and a scale up are plain.
        assert_eq!(
            super::fma64_scaled(2.0, 3.0, 1.0, -128),
            7.0 * 2f64.powi(-128)
        );
        assert_eq!(
            super::fma64_scaled(2.0, 3.0, 1.0, 128),
            7.0 * 2f64.powi(128)
        );
    }

    use super::*;

    /// V_DIV_FMAS_F32 with VCC: D = (S0 * S1 + S2) * 2^-64 rounded once (vega L17295-17313).
    /// S2 = (2^23 + 1) * 2^-86 scaled is exactly halfway between two denormals; the product
    /// 2^-100 puts the exact sum just above it, which rounds up; rounding the f32 sum first
    /// loses the product and the tie goes to the even neighbour. Expected values: the exact
    /// sum in f64 (38 significant bits), scaled exactly, rounded once by the host.
    #[test]
    fn div_fmas_f32_rounds_a_denormal_result_once() {
        let c = f32::from_bits(0x2000_0001); // (2^23 + 1) * 2^-86
        assert_eq!(f64::from(c), f64::from((1u32 << 23) + 1) * 2f64.powi(-86));
        let t = 2f32.powi(-50); // t * t = 2^-100
        for (sign, vcc_bits) in [(1.0f32, 0x0040_0001u32), (-1.0, 0x8040_0001)] {
            let (a, b, c) = (sign * t, t, sign * c);
            let exact = (f64::from(a) * f64::from(b) + f64::from(c)) * 2f64.powi(-64);
            let want = exact as f32;
            assert_eq!(want.to_bits(), vcc_bits);
            let got = fma32_from(b32(a), b32(b), b32(c), true);
            assert_eq!(got.to_bits(), want.to_bits(), "sign {sign}");
            // Without VCC: the plain fused result.
            let plain = fma32_from(b32(a), b32(b), b32(c), false);
            assert_eq!(plain, a.mul_add(b, c));
        }
        // A product 2^-120 below S2's last bit (the f64 sum is inexact, the rounding to odd
        // keeps its side): still just above the halfway point, so the same result as for
        // 2^-100 (which f64 itself, rounding twice, would miss).
        let t = 2f32.powi(-60);
        assert_eq!(
            fma32_from(b32(t), b32(t), b32(c), true).to_bits(),
            0x0040_0001
        );
        let twice = ((f64::from(t) * f64::from(t) + f64::from(c)) * 2f64.powi(-64)) as f32;
        assert_eq!(twice.to_bits(), 0x0040_0000);
        assert_eq!(
            fma32_from(b32(-t), b32(t), b32(-c), true).to_bits(),
            0x8040_0001
        );
        // Just below the halfway point: rounds down (to the even neighbour here too).
        let a = -2f32.powi(-50);
        let exact = (f64::from(a) * 2f64.powi(-50) + f64::from(c)) * 2f64.powi(-64);
        let got = fma32_from(b32(a), b32(2f32.powi(-50)), b32(c), true);
        assert_eq!(got.to_bits(), (exact as f32).to_bits());
        assert_eq!(got.to_bits(), 0x0040_0000);
        // Scaled up (S2's exponent above the bias), a normal result, NaN and infinity.
        let got = fma32_from(b32(2.0), b32(3.0), b32(4.0), true);
        assert_eq!(got, 10.0 * 2f32.powi(64));
        assert!(fma32_from(b32(f32::NAN), b32(1.0), b32(1.0), true).is_nan());
        assert_eq!(
            fma32_from(b32(f32::INFINITY), b32(1.0), b32(1.0), true),
            f32::INFINITY
        );
    }

    /// `src_lane_b32` is one lane of `src` with `Ty::B32`, errors included.
    #[test]
    fn one_lane_of_a_source_is_that_lane_of_the_source() {
        use backend_gcn::isa::{assemble, decode, Inst};
        let mut w = Wave::new(4, 0);
        for (l, x) in w.v[1].iter_mut().enumerate() {
            *x = 0x100 + l as u32;
        }
        w.s[4] = 77;
        for text in [
            "v_readfirstlane_b32 s0, v1",
            "v_readfirstlane_b32 s0, s4",
            "v_readfirstlane_b32 s0, -5",
            "v_readfirstlane_b32 s0, 0x12345",
            "v_readfirstlane_b32 s0, v9",
        ] {
            let Inst::Valu(i) = decode(&assemble(text).unwrap()).unwrap().remove(0).1 else {
                panic!("{text}");
            };
            for lane in [0, 5, 63] {
                let whole = src(&w, &i, 0, Ty::B32).map(|v| v[lane]);
                let one = src_lane_b32(&w, &i, 0, lane);
                assert_eq!(
                    format!("{whole:?}"),
                    format!("{one:?}"),
                    "{text} lane {lane}"
                );
            }
        }
    }

    fn apply(op: Opcode, a: u64, b: u64, c: u64) -> u64 {
        map_fn(op).unwrap()(a, b, c)
    }

    #[test]
    fn document_test_vectors() {
        use Opcode::*;
        // vega L13262-13488 (digest §8.2).
        assert_eq!(apply(V_EXP_F32, 0xff80_0000, 0, 0), 0);
        assert_eq!(apply(V_EXP_F32, 0x8000_0000, 0, 0), 0x3f80_0000);
        assert_eq!(apply(V_LOG_F32, 0x8000_0000, 0, 0), 0xff80_0000);
        assert_eq!(apply(V_LOG_F32, 0x3f80_0000, 0, 0), 0);
        assert_eq!(apply(V_RCP_F32, 0xc000_0000, 0, 0), 0xbf00_0000);
        assert_eq!(apply(V_RCP_F32, 0x8000_0000, 0, 0), 0xff80_0000);
        assert_eq!(apply(V_RSQ_F32, 0x4080_0000, 0, 0), 0x3f00_0000);
        assert_eq!(apply(V_SQRT_F32, 0x4080_0000, 0, 0), 0x4000_0000);
        assert_eq!(apply(V_SIN_F32, 0x3e80_0000, 0, 0), 0x3f80_0000);
        assert_eq!(apply(V_SIN_F32, 0xff7f_ffff, 0, 0), 0);
        assert_eq!(apply(V_COS_F32, 0x3e80_0000, 0, 0), 0);
        assert_eq!(apply(V_COS_F32, 0x8000_0000, 0, 0), 0x3f80_0000);
        assert_eq!(apply(V_FFBH_U32, 0x1000_00ff, 0, 0), 3);
        assert_eq!(apply(V_FFBL_B32, 0xff00_0008, 0, 0), 3);
        assert_eq!(apply(V_FFBH_I32, 0x0fff_ffff, 0, 0), 4);
        assert_eq!(apply(V_FFBH_I32, 0xffff_fffe, 0, 0), 31);
        assert_eq!(apply(V_BFE_I32, 0xf0, 4, 4), 0xffff_ffff);
        assert_eq!(apply(V_LSHLREV_B64, 4, 0x1_0000_0001, 0), 0x10_0000_0010);
    }

    #[test]
    fn fract_of_nan_is_nan() {
        // vega L13186: D = S0 + -floor(S0); NaN in, NaN out.
        use Opcode::*;
        let r = apply(V_FRACT_F32, 0x7fc0_0000, 0, 0) as u32;
        assert!(f32::from_bits(r).is_nan());
        let r = apply(V_FRACT_F64, 0x7ff8_0000_0000_0000, 0, 0);
        assert!(f64::from_bits(r).is_nan());
        assert_eq!(apply(V_FRACT_F32, 0xbf40_0000, 0, 0), 0x3e80_0000); // -0.75 -> 0.25
    }

    #[test]
    fn mad_f32_flushes_the_product() {
        // vega L16577 / erratum 34: 2^-64 * 2^-63 = 2^-127 (denormal) is flushed before the
        // add, so the sum is the addend 2^-126, not 1.5 * 2^-126.
        use Opcode::*;
        assert_eq!(
            apply(V_MAD_F32, 0x1f80_0000, 0x2000_0000, 0x0080_0000),
            0x0080_0000
        );
        assert_eq!(
            apply(V_MAD_F32, 0x4000_0000, 0x4040_0000, 0x4080_0000),
            0x4120_0000
        );
    }

    #[test]
    fn sad_and_lerp_bytes() {
        // vega L16891-16923 and L16769-16781, computed by hand.
        use Opcode::*;
        // |1-4| + |10-2| + |0-255| + |7-7| = 3 + 8 + 255 + 0 = 266, plus 5.
        assert_eq!(apply(V_SAD_U8, 0x0700_0a01, 0x07ff_0204, 5), 271);
        assert_eq!(
            apply(V_SAD_HI_U8, 0x0700_0a01, 0x07ff_0204, 5),
            (266 << 16) + 5
        );
        // Masked: the S1 byte 0x00 (byte 2) is skipped: 3 + 8 + 0 = 11, plus 5.
        assert_eq!(apply(V_MSAD_U8, 0x0700_0a01, 0x0700_0204, 5), 16);
        // S0 bytes 10 20 30 40 50 60 70 80 (low first) against 0x20 in every byte:
        // windows 10..40 -> 10+0+10+20 = 40, 20..50 -> 60, 30..60 -> a0, 40..70 -> e0
        // (hex), plus 1, 2, 3, 0xffff (wrapping to 0xdf).
        let s0 = 0x8070_6050_4030_2010;
        assert_eq!(
            apply(V_QSAD_PK_U16_U8, s0, 0x2020_2020, 0xffff_0003_0002_0001),
            0x00df_00a3_0062_0041
        );
        // S1 = 0x20 in bytes 0 and 1 only: 10+0, 0+10, 10+20, 20+30 (hex).
        assert_eq!(
            apply(V_MQSAD_PK_U16_U8, s0, 0x2020, 0),
            0x0050_0030_0010_0010
        );
        // bytes (1+2+1)>>1 = 2, (255+255+0)>>1 = 255, (3+0+1)>>1 = 2, (0+1+0)>>1 = 0.
        assert_eq!(
            apply(V_LERP_U8, 0x0003_ff01, 0x0100_ff02, 0x0001_0001),
            0x0002_ff02
        );
    }

    #[test]
    fn compare_names_resolve() {
        let s = cmp_sem(Opcode::V_CMP_NGE_F32).unwrap();
        assert!(matches!(
            s,
            ValuSem::Cmp {
                pred: 9,
                x: false,
                ..
            }
        ));
        let s = cmp_sem(Opcode::V_CMPX_NE_U64).unwrap();
        assert!(matches!(
            s,
            ValuSem::Cmp {
                ty: CmpTy::U64,
                pred: 5,
                x: true
            }
        ));
        assert!(matches!(
            cmp_sem(Opcode::V_CMP_CLASS_F64),
            Some(ValuSem::Class { f64: true, .. })
        ));
    }

    #[test]
    fn sdwa_selects_and_places_fields() {
        assert_eq!(sdwa_select(0x1234_80ff, 1, true), 0xffff_ff80);
        assert_eq!(sdwa_select(0x1234_80ff, 4, false), 0x80ff);
        assert_eq!(sdwa_select(0x8234_80ff, 5, true), 0xffff_8234);
        assert_eq!(sdwa_place(0xab, 0x1111_1111, 1, 2), 0x1111_ab11);
        assert_eq!(sdwa_place(0xab, 0x1111_1111, 1, 0), 0x0000_ab00);
        assert_eq!(sdwa_place(0x80ab, 0, 4, 1), 0xffff_80ab);
        assert_eq!(sdwa_place(0x7, 0, 6, 0), 0x7);
    }

    #[test]
    fn f16_conversions_round_to_nearest_even() {
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(65520.0), 0x7c00);
        assert_eq!(f32_to_f16(-2.0), 0xc000);
        assert_eq!(f16_to_f32(0x3555), f32::from_bits(0x3eaa_a000));
        assert_eq!(f32_to_f16(5.960_464_5e-8), 1);
    }

    #[test]
    fn division_helpers_undo_their_scaling() {
        // Numerator/denominator that need no scaling.
        let (d, f) = div_scale32(3.0, 3.0, 1.0);
        assert_eq!((d, f), (3.0, false));
        assert_eq!(div_fixup32(0.5, 0.0, 1.0), f32::INFINITY);
        assert!(div_fixup32(0.5, 0.0, 0.0).is_nan());
        assert_eq!(div_fixup32(-2.0, -1.0, 2.0), -2.0);
    }
}
