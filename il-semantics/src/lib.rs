//! The scalar semantics of the IL's ALU instructions (Chapter 7, 7.7-7.13 of the reference,
//! and the App.B-only opcodes with an obvious meaning): one pure function per instruction,
//! on raw bit patterns, that the reference interpreter calls once per component (or once per
//! instruction for the few instructions that read whole vectors).
//!
//! `Lnnnn` is a line of `../shared/spec/amd-il-reference.txt`; `I-n` an item of the digest's
//! list of errors (`../shared/spec/digest/il.md` §10). `docs/decisions.md`, section
//! "Interpreter arithmetic", lists every choice made here where the reference is silent or
//! contradicts itself, with the test that pins it.
//!
//! # Conventions that hold for every function
//!
//! - **Values are raw patterns.** A 32-bit component is a `u32`, whatever its type; a double
//!   or a 64-bit integer is a `u64` that the executor packs from a register pair (low dword
//!   in x/z, high dword in y/w, L3188-L3224; [`double::pack`] and [`double::unpack`]). A
//!   comparison returns `0xFFFFFFFF` or `0` (L3042, L3065), except `set`, which returns 1.0 or
//!   0.0 (L7382), and `icarry`/`iborrow`, which return 1 or 0 (L5828-L5845).
//! - **The executor owns operands.** Swizzles, source modifiers (`_neg`, `_abs`, ...), write
//!   masks, `IL_MODCOMP_0/1`, the shift scale and `_sat` are applied by the executor before and
//!   after these functions. For an instruction that reads one selected component (`exp`,
//!   `log`, `rcp`, `rsq`, `sin`, `pow`, ... read `src0.w`; `d2f`, `f2d` and the doubles read
//!   `.x`/`.xy`) the executor passes that component. Where an instruction writes one scalar
//!   to all four components (dot products, `det`, `dist`, `len`, the scalar transcendentals,
//!   the multimedia instructions, L7865) the function returns the scalar and the executor
//!   replicates it. Instructions that write a fixed subset return exactly that subset
//!   (`crs` xyz, `sincos` xy) or `Option`s (`cmov`, `mmul`).
//! - **Single precision flushes denormals** on every input and every output, keeping the sign
//!   (L3063, L7051, L7065, I-35). Results are rounded to nearest even first and then flushed;
//!   intermediate results of multi-step instructions (`mad`, dot products, `det`, ...) are
//!   flushed too. Moves (`cmov`'s moved value) and integer reinterpretation never flush.
//! - **The DX9 multiply.** Every single-precision multiply of an instruction without `_ieee`
//!   (and of instructions that have no such flag: `crs`, `det`, `lrp`, `dst`, `nrm`,
//!   `reflect`, `faceforward`, `mmul`) follows "0 * anything = 0", even for Inf and NaN (L396,
//!   L7055, L7134); the zero takes the sign IEEE would give it. With `_ieee` the multiply is
//!   IEEE.
//! - **IEEE basic operations in the pseudo-code's order.** `+`, `-`, `*`, `/`, `sqrt`, `fma`
//!   and the conversions are the correctly rounded IEEE operations; multi-step instructions
//!   evaluate their pseudo-code left to right with a rounding after each step (`mad` is
//!   unfused, `fma` fused, L6876).
//! - **Transcendentals are the ideal.** `exp`, `log`, `ln`, `sin`, `cos`, `tan`, `acos`,
//!   `pow`, `rcp`, `rsq`, `pireduce`, `rnd`, `mod`... are computed as the mathematical value
//!   (in `f64`, then rounded to nearest even), not as an approximation of some hardware. The
//!   tolerance each target gets against this ideal is [`accuracy`].
//! - **Doubles are IEEE** (L7573, L7602, L7775): no flushing unless an entry says so (`d2f`,
//!   `dfrac`, `dfrexp`, `dldexp`).
//! - **Integers wrap**; 32-bit shift counts are masked to 5 bits, 64-bit ones to 6 (L3244,
//!   I-20).
//! - **Total functions.** Every function is pure and defined on every input: where the
//!   reference says "undefined" a definite value is chosen (and recorded), and no input
//!   panics.

pub mod accuracy;
pub mod bits;
pub mod convert;
pub mod double;
pub mod float;
pub mod int;
pub mod memory;
pub mod modifiers;
pub mod multimedia;

#[cfg(test)]
mod tests {
    //! Every function is total: arbitrary patterns, every enum value, no panic.
    use super::*;
    use il_frontend::enums::{RelOp, ZeroOp};
    use proptest::prelude::*;

    fn v4() -> impl Strategy<Value = [u32; 4]> {
        any::<[u32; 4]>()
    }

    proptest! {
        #[test]
        fn float_functions_are_total(a in any::<u32>(), b in any::<u32>(), c in any::<u32>(),
                                     x in v4(), y in v4(), z in v4(), flag in any::<bool>()) {
            use float::*;
            for &zo in ZeroOp::ALL {
                let _ = (div(a, b, zo), log(a, zo), ln(a, zo), logp(a, zo), rcp(a, zo),
                         rsq(a, zo), nrm(x, flag, zo));
            }
            for &op in RelOp::ALL {
                let _ = (relop(op, a, b), set(op, a, b), cmp(op, c, a, b, c));
            }
            let _ = (abs(a), add(a, b), sub(a, b), mul(a, b, flag), mad(a, b, c, flag),
                     fma(a, b, c), fmod(a, b), max(a, b, flag), min(a, b, flag),
                     min3(a, b, c), max3(a, b, c), med3(a, b, c), clamp(a, b, c), sgn(a));
            let _ = (eq(a, b), ge(a, b), lt(a, b), ne(a, b), cmpval(a), cmov(a, b));
            let _ = (flr(a), round_neginf(a), round_plusinf(a), round_z(a), round_nearest(a),
                     clg(a), trc(a), rnd(a), frc(a));
            let _ = (exp(a), exp_vec(a), exn(a), expp(a), log_vec(a), pow(a, b), rcp_vec(a),
                     rsq_vec(a), sqrt(a), sqrt_vec(a));
            let _ = (sin(a), sin_vec(a), cos(a), cos_vec(a), tan(a), acos(a), asin(a),
                     atan(a), sincos(a), dxsincos(a), pireduce(a));
            let _ = (dp2(x, y, flag), dp3(x, y, flag), dp4(x, y, flag), dp2add(x, y, z, flag),
                     crs(x, y), det([x, y, z, x]), dist(x, y), len(x), lit(x), dst(x, y),
                     lrp(a, b, c), reflect(x, y, flag), faceforward(x, y, z),
                     mmul(a % 8, x, [x, y, z, y]));
            let _ = (ldexp(a, b), frexp_mant(a), frexp_exp(a), class(a, b), zeroop_value(ZeroOp::Zero));
        }

        #[test]
        fn integer_and_bit_functions_are_total(a in any::<u32>(), b in any::<u32>(),
                                               c in any::<u32>(), p in any::<u64>(),
                                               q in any::<u64>()) {
            use int::*;
            let _ = (iadd(a, b), inegate(a), imul(a, b), umul(a, b), imad(a, b, c),
                     umad(a, b, c), imul_high(a, b), umul_high(a, b), imul24(a, b),
                     imul24_high(a, b), imad24(a, b, c), umul24(a, b), umul24_high(a, b),
                     umad24(a, b, c), udiv(a, b), umod(a, b));
            let _ = (imax(a, b), imin(a, b), umax(a, b), umin(a, b), imin3(a, b, c),
                     imax3(a, b, c), imed3(a, b, c), umin3(a, b, c), umax3(a, b, c),
                     umed3(a, b, c), iborrow(a, b), icarry(a, b));
            let _ = (ieq(a, b), ine(a, b), ige(a, b), ilt(a, b), uge(a, b), ult(a, b),
                     inot(a), iand(a, b), ior(a, b), ixor(a, b), ishl(a, b), ishr(a, b),
                     ushr(a, b));
            let _ = (i64add(p, q), i64sub(p, q), i64negate(p), i64mul(p, q), u64mul(p, q),
                     i64div(p, q), i64mod(p, q), u64div(p, q), u64mod(p, q), i64eq(p, q),
                     i64ne(p, q), i64ge(p, q), i64lt(p, q), u64ge(p, q), u64lt(p, q),
                     i64max(p, q), i64min(p, q), u64max(p, q), u64min(p, q), i64shl(p, a),
                     i64shr(p, a), u64shr(p, a));
            use bits::*;
            let _ = (ibit_extract(a, b, c), ubit_extract(a, b, c), ubit_insert(a, b, c, a),
                     ubit_reverse(a), icbits(a), ffb_lo(a), ffb_hi(a), ffb_shi(a));
            use multimedia::*;
            let _ = (bitalign(a, b, c), bytealign(a, b, c), sad(a, b, c), sadhi(a, b, c),
                     sad4([a, b, c, a], [c, b, a, c], b), u4lerp(a, b, c), unpack0(a),
                     unpack1(a), unpack2(a), unpack3(a), f_2_u4([a, b, c, a]), msad_u8(a, b, c));
        }

        #[test]
        fn conversion_and_double_functions_are_total(a in any::<u32>(), p in any::<u64>(),
                                                     q in any::<u64>(), r in any::<u64>()) {
            use convert::*;
            let _ = (ftoi(a), ftou(a), itof(a), utof(a), ftoi_rpi(a), ftoi_flr(a), f2d(a),
                     d2f(p), dtoi(p), dtou(p), itod(a), utod(a), f2f16(a), f2f16_near(a),
                     f2f16_neg_inf(a), f2f16_plus_inf(a), f162f(a),
                     f32_to_f16(a, HalfRounding::TowardZero), f16_to_f32(a));
            use double::*;
            for &zo in ZeroOp::ALL {
                let _ = (drcp(p, zo), drsq(p, zo), double::zeroop_value(zo));
            }
            let _ = (pack(a, a), unpack(p), dadd(p, q), dmul(p, q), ddiv(p, q), dmad(p, q, r),
                     dsqrt(p), dfrac(p), dfrexp(p), dfrexp_exp(p), dfrexp_mant(p),
                     dldexp(p, a), deq(p, q), dne(p, q), dge(p, q), dlt(p, q), dmax(p, q),
                     dmin(p, q), dmovc(a, p, q));
        }
    }
}
