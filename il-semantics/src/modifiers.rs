//! The operand modifiers of Tables 2.7 and 2.9 (L575-L590, L640-L712) on one component:
//! what the reference interpreter applies around an instruction and what the midend's
//! modifier operations compute.
//!
//! Source modifiers of float instructions compute in f32 without flushing denormals
//! (they are operand transformations, not instructions); the destination shift scale
//! flushes like an instruction result. `exec.rs` of the interpreter applies them in the
//! order of L660-L674: invert, bias, x2, sign, divComp, abs, negate, clamp.

use il_frontend::enums::ShiftScale;

use crate::float::output;

const ONE_F32: u32 = 0x3F80_0000;

fn arith(x: u32, f: impl Fn(f32) -> f32) -> u32 {
    f(f32::from_bits(x)).to_bits()
}

/// `_invert`: 1 - x.
pub fn invert(x: u32) -> u32 {
    arith(x, |x| 1.0 - x)
}

/// `_bias`: x - 0.5.
pub fn bias(x: u32) -> u32 {
    arith(x, |x| x - 0.5)
}

/// `_x2`: 2x.
pub fn times2(x: u32) -> u32 {
    arith(x, |x| 2.0 * x)
}

/// `_sign`: L708, `(s < 0) ? -1 : ((s == 0) ? 0 : 1)`, so NaN gives 1.
pub fn sign(x: u32) -> u32 {
    arith(x, |x| {
        if x < 0.0 {
            -1.0
        } else if x == 0.0 {
            0.0
        } else {
            1.0
        }
    })
}

/// `_divcomp`: x / d; a zero divisor gives ±FLT_MAX (Table 6.6, L2439-L2443).
pub fn divcomp(x: u32, d: u32) -> u32 {
    let df = f32::from_bits(d);
    if df == 0.0 {
        f32::MAX.to_bits() | ((x ^ d) & 0x8000_0000)
    } else {
        (f32::from_bits(x) / df).to_bits()
    }
}

/// `_abs` of a float: the sign bit cleared.
pub fn float_abs(x: u32) -> u32 {
    x & 0x7FFF_FFFF
}

/// `_neg` of a float: the sign bit flipped.
pub fn float_neg(x: u32) -> u32 {
    x ^ 0x8000_0000
}

/// `_abs` of an integer: the magnitude (i32::MIN stays 0x80000000).
pub fn int_abs(x: u32) -> u32 {
    (x as i32).unsigned_abs()
}

/// `_neg` of an integer: two's complement (L650).
pub fn int_neg(x: u32) -> u32 {
    x.wrapping_neg()
}

/// `_sat` / `_clamp`: to [0, 1]; NaN becomes 0 (L589).
pub fn saturate(x: u32) -> u32 {
    let f = f32::from_bits(x);
    if f.is_nan() || f <= 0.0 {
        0
    } else if f >= 1.0 {
        ONE_F32
    } else {
        x
    }
}

/// The factor of a destination shift scale, or `None` for none.
pub fn shift_factor(shift: ShiftScale) -> Option<f64> {
    Some(match shift {
        ShiftScale::None => return None,
        ShiftScale::X2 => 2.0,
        ShiftScale::X4 => 4.0,
        ShiftScale::X8 => 8.0,
        ShiftScale::D2 => 0.5,
        ShiftScale::D4 => 0.25,
        ShiftScale::D8 => 0.125,
    })
}

/// The destination shift scale of a float result, flushed like an instruction result.
pub fn shift(x: u32, shift: ShiftScale) -> u32 {
    match shift_factor(shift) {
        Some(f) => output(f32::from_bits(x) * f as f32),
        None => x,
    }
}

/// The destination shift scale of a double result.
pub fn double_shift(x: u64, shift: ShiftScale) -> u64 {
    match shift_factor(shift) {
        Some(f) => (f64::from_bits(x) * f).to_bits(),
        None => x,
    }
}

/// `_sat` of a double result: to [0, 1], NaN to 0.
pub fn double_saturate(x: u64) -> u64 {
    let v = f64::from_bits(x);
    (if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) }).to_bits()
}
