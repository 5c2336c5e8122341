//! The arithmetic instructions over a whole wavefront: the operand shapes of each opcode
//! (component-wise, scalar from `.w` replicated, dot products, register pairs for doubles
//! and 64-bit integers, the multimedia scalars) around the scalar semantics of
//! [`super::semantics`].
//!
//! Values are computed for all 64 lanes, active or not: the semantic functions are total,
//! and the executor writes only the active lanes. The result goes into a buffer the
//! executor owns, so that no 1 KiB value is returned or copied.

use il_frontend::enums::{RelOp, ZeroOp};
use il_frontend::opcode::Opcode;

use super::kernel::Inst;
use super::semantics::{bits, convert, double, float, int, multimedia};
use super::wave::{Lanes, Lanes4, Operand, WAVE, ZERO4, ZERO_OPERAND};

/// Values an instruction may read that are not operands.
#[derive(Clone, Copy, Debug)]
pub struct Special {
    pub wave_index: u32,
}

/// Per component, the lanes that write an ALU result (`cmov` and the instructions with a
/// fixed subset of outputs leave components alone).
pub type Written = [u64; 4];

/// Every lane writes every component.
const ALL: Written = [u64::MAX; 4];

/// Only the components `comps` are written.
fn only(comps: [bool; 4]) -> Written {
    comps.map(|w| if w { u64::MAX } else { 0 })
}

// The lane loops below take one component at a time as separate references, so that the
// compiler knows the output does not alias the inputs and can vectorize them.

#[inline]
fn lanes1(o: &mut Lanes, a: &Lanes, f: &impl Fn(u32) -> u32) {
    for (o, &x) in o.iter_mut().zip(a) {
        *o = f(x);
    }
}

#[inline]
fn lanes2(o: &mut Lanes, a: &Lanes, b: &Lanes, f: &impl Fn(u32, u32) -> u32) {
    for ((o, &x), &y) in o.iter_mut().zip(a).zip(b) {
        *o = f(x, y);
    }
}

#[inline]
fn lanes3(o: &mut Lanes, a: &Lanes, b: &Lanes, c: &Lanes, f: &impl Fn(u32, u32, u32) -> u32) {
    for (((o, &x), &y), &z) in o.iter_mut().zip(a).zip(b).zip(c) {
        *o = f(x, y, z);
    }
}

#[inline]
fn map1(o: &mut Lanes4, a: &Operand, f: impl Fn(u32) -> u32) {
    for c in 0..4 {
        lanes1(&mut o[c], a[c], &f);
    }
}

#[inline]
fn map2(o: &mut Lanes4, a: &Operand, b: &Operand, f: impl Fn(u32, u32) -> u32) {
    for c in 0..4 {
        lanes2(&mut o[c], a[c], b[c], &f);
    }
}

#[inline]
fn map3(o: &mut Lanes4, a: &Operand, b: &Operand, d: &Operand, f: impl Fn(u32, u32, u32) -> u32) {
    for c in 0..4 {
        lanes3(&mut o[c], a[c], b[c], d[c], &f);
    }
}

/// A scalar per lane, replicated to the four components.
#[inline]
fn replicate(o: &mut Lanes4, f: impl Fn(usize) -> u32) {
    for l in 0..WAVE {
        let v = f(l);
        for comp in o.iter_mut() {
            comp[l] = v;
        }
    }
}

/// A four-component result per lane.
#[inline]
fn per_lane(o: &mut Lanes4, f: impl Fn(usize) -> [u32; 4]) {
    for l in 0..WAVE {
        let v = f(l);
        for c in 0..4 {
            o[c][l] = v[c];
        }
    }
}

#[inline]
fn lane(a: &Operand, l: usize) -> [u32; 4] {
    [a[0][l], a[1][l], a[2][l], a[3][l]]
}

/// The 64-bit value in `.xy` of a source.
#[inline]
fn pair(a: &Operand, l: usize) -> u64 {
    double::pack(a[0][l], a[1][l])
}

/// A 64-bit result per lane, in both pairs (the write mask picks `.xy` or `.zw`, L3190).
#[inline]
fn pairs(o: &mut Lanes4, f: impl Fn(usize) -> u64) {
    per_lane(o, |l| {
        let (lo, hi) = double::unpack(f(l));
        [lo, hi, lo, hi]
    })
}

fn zeroop(inst: &Inst) -> ZeroOp {
    inst.field("zeroop")
        .and_then(ZeroOp::from_u32)
        .unwrap_or(ZeroOp::FltMax)
}

fn relop(inst: &Inst) -> RelOp {
    inst.field("relop")
        .and_then(RelOp::from_u32)
        .unwrap_or(RelOp::Eq)
}

fn flag(inst: &Inst, name: &str) -> bool {
    inst.field(name).unwrap_or(0) != 0
}

/// Computes an ALU instruction on evaluated sources into `o`, or `None` for an opcode the
/// interpreter does not implement. Returns, per component, the lanes that write it.
pub fn compute(inst: &Inst, s: &[Operand], special: Special, o: &mut Lanes4) -> Option<Written> {
    use Opcode as O;
    let src = |i: usize| s.get(i).unwrap_or(&ZERO_OPERAND);
    let (a, b, c) = (src(0), src(1), src(2));
    // Read per arm, as the control fields are looked up by name: most opcodes have none.
    let ieee = || flag(inst, "ieee");
    let w = 3;
    match inst.opcode {
        // ---- moves and selects --------------------------------------------------------
        O::Mov | O::InvMov | O::DMov => {
            for ch in 0..4 {
                o[ch] = *a[ch];
            }
        }
        O::CmovLogical => map3(o, a, b, c, |x, y, z| if x != 0 { y } else { z }),
        O::Cmov => {
            let mut written = ALL;
            for ch in 0..4 {
                o[ch] = *b[ch];
                for l in 0..WAVE {
                    match float::cmov(a[ch][l], b[ch][l]) {
                        Some(v) => o[ch][l] = v,
                        None => written[ch] &= !(1 << l),
                    }
                }
            }
            return Some(written);
        }
        O::Cmp => {
            let value = float::cmpval(inst.field("cmpval").unwrap_or(0)).unwrap_or(0);
            let op = relop(inst);
            map3(o, a, b, c, |x, y, z| float::cmp(op, value, x, y, z))
        }
        // ---- float, component-wise ------------------------------------------------------
        O::Abs => map1(o, a, float::abs),
        O::Add => map2(o, a, b, float::add),
        O::Sub => map2(o, a, b, float::sub),
        O::Mul => {
            let ieee = ieee();
            map2(o, a, b, |x, y| float::mul(x, y, ieee))
        }
        O::Mad => {
            let ieee = ieee();
            map3(o, a, b, c, |x, y, z| float::mad(x, y, z, ieee))
        }
        O::Fma | O::DivFmas => map3(o, a, b, c, float::fma),
        // App.B-only, GCN's V_DIV_FIXUP_F32/F64 (decision "div_fixup, ddiv_fixup").
        O::DivFixup => map3(o, a, b, c, float::div_fixup),
        O::DDivFixup => pairs(o, |l| {
            double::ddiv_fixup(pair(a, l), pair(b, l), pair(c, l))
        }),
        O::Div => {
            let z = zeroop(inst);
            map2(o, a, b, |x, y| float::div(x, y, z))
        }
        O::Mod => map2(o, a, b, float::fmod),
        O::Max => {
            let ieee = ieee();
            map2(o, a, b, |x, y| float::max(x, y, ieee))
        }
        O::Min => {
            let ieee = ieee();
            map2(o, a, b, |x, y| float::min(x, y, ieee))
        }
        O::Min3 => map3(o, a, b, c, float::min3),
        O::Max3 => map3(o, a, b, c, float::max3),
        O::Med3 => map3(o, a, b, c, float::med3),
        O::Clamp => map3(o, a, b, c, float::clamp),
        O::Sgn => map1(o, a, float::sgn),
        O::Eq => map2(o, a, b, float::eq),
        O::Ne => map2(o, a, b, float::ne),
        O::Lt => map2(o, a, b, float::lt),
        O::Ge => map2(o, a, b, float::ge),
        O::Set => {
            let op = relop(inst);
            map2(o, a, b, |x, y| float::set(op, x, y))
        }
        O::Flr | O::RoundNegInf => map1(o, a, float::flr),
        O::RoundPlusInf | O::Clg => map1(o, a, float::round_plusinf),
        O::RoundZero | O::Trc => map1(o, a, float::round_z),
        O::RoundNear => map1(o, a, float::round_nearest),
        O::Rnd => map1(o, a, float::rnd),
        O::Frc => map1(o, a, float::frc),
        O::ExpVec => map1(o, a, float::exp_vec),
        O::LogVec => map1(o, a, float::log_vec),
        O::SqrtVec => map1(o, a, float::sqrt_vec),
        O::RsqVec => map1(o, a, float::rsq_vec),
        O::RcpVec => map1(o, a, float::rcp_vec),
        O::SinVec => map1(o, a, float::sin_vec),
        O::CosVec => map1(o, a, float::cos_vec),
        O::Lrp => map3(o, a, b, c, float::lrp),
        O::Ldexp => map2(o, a, b, float::ldexp),
        O::FrexpMant => map1(o, a, float::frexp_mant),
        O::FrexpExp => map1(o, a, float::frexp_exp),
        O::Class => map2(o, a, b, float::class),
        O::Pireduce => map1(o, a, float::pireduce),
        // ---- float, scalar from src0.w, replicated -------------------------------------
        O::Exp => replicate(o, |l| float::exp(a[w][l])),
        O::Exn => replicate(o, |l| float::exn(a[w][l])),
        O::Log => {
            let z = zeroop(inst);
            replicate(o, |l| float::log(a[w][l], z))
        }
        O::Ln => {
            let z = zeroop(inst);
            replicate(o, |l| float::ln(a[w][l], z))
        }
        O::Rcp => {
            let z = zeroop(inst);
            replicate(o, |l| float::rcp(a[w][l], z))
        }
        O::Rsq => {
            let z = zeroop(inst);
            replicate(o, |l| float::rsq(a[w][l], z))
        }
        O::Sqrt => replicate(o, |l| float::sqrt(a[w][l])),
        O::Sin => replicate(o, |l| float::sin(a[w][l])),
        O::Cos => replicate(o, |l| float::cos(a[w][l])),
        O::Tan => replicate(o, |l| float::tan(a[w][l])),
        O::Acos => replicate(o, |l| float::acos(a[w][l])),
        O::Asin => replicate(o, |l| float::asin(a[w][l])),
        O::Atan => replicate(o, |l| float::atan(a[w][l])),
        O::Pow => replicate(o, |l| float::pow(a[w][l], b[w][l])),
        O::Expp => per_lane(o, |l| float::expp(a[w][l])),
        O::Logp => {
            let z = zeroop(inst);
            per_lane(o, |l| float::logp(a[w][l], z))
        }
        O::Sincos | O::Dxsincos => {
            per_lane(o, |l| {
                let [cos, sin] = float::sincos(a[w][l]);
                [cos, sin, 0, 0]
            });
            return Some(only([true, true, false, false]));
        }
        // ---- float, whole vectors -------------------------------------------------------
        O::Dp2 => {
            let ieee = ieee();
            replicate(o, |l| float::dp2(lane(a, l), lane(b, l), ieee))
        }
        O::Dp3 => {
            let ieee = ieee();
            replicate(o, |l| float::dp3(lane(a, l), lane(b, l), ieee))
        }
        O::Dp4 => {
            let ieee = ieee();
            replicate(o, |l| float::dp4(lane(a, l), lane(b, l), ieee))
        }
        O::Dp2add => {
            let ieee = ieee();
            replicate(o, |l| {
                float::dp2add(lane(a, l), lane(b, l), lane(c, l), ieee)
            })
        }
        O::Dist => replicate(o, |l| float::dist(lane(a, l), lane(b, l))),
        O::Len => replicate(o, |l| float::len(lane(a, l))),
        O::Det => replicate(o, |l| {
            float::det([lane(a, l), lane(b, l), lane(c, l), lane(src(3), l)])
        }),
        O::Crs => {
            per_lane(o, |l| {
                let [x, y, z] = float::crs(lane(a, l), lane(b, l));
                [x, y, z, 0]
            });
            return Some(only([true, true, true, false]));
        }
        O::Nrm => {
            let nrm4 = inst.field("nrm").unwrap_or(0) != 0;
            let z = zeroop(inst);
            per_lane(o, |l| float::nrm(lane(a, l), nrm4, z))
        }
        O::Lit => per_lane(o, |l| float::lit(lane(a, l))),
        O::Dst => per_lane(o, |l| float::dst(lane(a, l), lane(b, l))),
        O::Reflect => {
            let normalize = flag(inst, "normalize");
            per_lane(o, |l| float::reflect(lane(a, l), lane(b, l), normalize))
        }
        O::Faceforward => per_lane(o, |l| {
            float::faceforward(lane(a, l), lane(b, l), lane(c, l))
        }),
        O::Mmul => {
            let matrix = inst.field("matrix").unwrap_or(0);
            let mut written = ALL;
            *o = ZERO4;
            for l in 0..WAVE {
                let rows = [lane(b, l), lane(c, l), lane(src(3), l), lane(src(4), l)];
                for (ch, v) in float::mmul(matrix, lane(a, l), rows)
                    .into_iter()
                    .enumerate()
                {
                    match v {
                        Some(v) => o[ch][l] = v,
                        None => written[ch] &= !(1 << l),
                    }
                }
            }
            return Some(written);
        }
        // ---- conversions ----------------------------------------------------------------
        O::Ftoi => map1(o, a, convert::ftoi),
        O::Ftou => map1(o, a, convert::ftou),
        O::Itof => map1(o, a, convert::itof),
        O::Utof => map1(o, a, convert::utof),
        O::FtoiRpi => map1(o, a, convert::ftoi_rpi),
        O::FtoiFlr => map1(o, a, convert::ftoi_flr),
        O::F2F16 => map1(o, a, convert::f2f16),
        O::F2F16Near => map1(o, a, convert::f2f16_near),
        O::F2F16NegInf => map1(o, a, convert::f2f16_neg_inf),
        O::F2F16PlusInf => map1(o, a, convert::f2f16_plus_inf),
        O::F162F => map1(o, a, convert::f162f),
        O::F2D => pairs(o, |l| convert::f2d(a[0][l])),
        O::D2F => replicate(o, |l| convert::d2f(pair(a, l))),
        O::Dtoi => replicate(o, |l| convert::dtoi(pair(a, l))),
        O::Dtou => replicate(o, |l| convert::dtou(pair(a, l))),
        O::Itod => pairs(o, |l| convert::itod(a[0][l])),
        O::Utod => pairs(o, |l| convert::utod(a[0][l])),
        // ---- integers -------------------------------------------------------------------
        O::IAdd => map2(o, a, b, int::iadd),
        O::INegate => map1(o, a, int::inegate),
        O::IMul => map2(o, a, b, int::imul),
        O::UMul => map2(o, a, b, int::umul),
        O::IMad => map3(o, a, b, c, int::imad),
        O::UMad => map3(o, a, b, c, int::umad),
        O::IMulHigh => map2(o, a, b, int::imul_high),
        O::UMulHigh => map2(o, a, b, int::umul_high),
        O::IMul24 => map2(o, a, b, int::imul24),
        O::IMul24High => map2(o, a, b, int::imul24_high),
        O::IMad24 => map3(o, a, b, c, int::imad24),
        O::UMul24 => map2(o, a, b, int::umul24),
        O::UMul24High => map2(o, a, b, int::umul24_high),
        O::UMad24 => map3(o, a, b, c, int::umad24),
        O::UDiv => map2(o, a, b, int::udiv),
        O::UMod => map2(o, a, b, int::umod),
        O::IMax => map2(o, a, b, int::imax),
        O::IMin => map2(o, a, b, int::imin),
        O::UMax => map2(o, a, b, int::umax),
        O::UMin => map2(o, a, b, int::umin),
        O::IMin3 => map3(o, a, b, c, int::imin3),
        O::IMax3 => map3(o, a, b, c, int::imax3),
        O::IMed3 => map3(o, a, b, c, int::imed3),
        O::UMin3 => map3(o, a, b, c, int::umin3),
        O::UMax3 => map3(o, a, b, c, int::umax3),
        O::UMed3 => map3(o, a, b, c, int::umed3),
        O::IBorrow => map2(o, a, b, int::iborrow),
        O::ICarry => map2(o, a, b, int::icarry),
        O::IEq => map2(o, a, b, int::ieq),
        O::INe => map2(o, a, b, int::ine),
        O::IGe => map2(o, a, b, int::ige),
        O::ILt => map2(o, a, b, int::ilt),
        O::UGe => map2(o, a, b, int::uge),
        O::ULt => map2(o, a, b, int::ult),
        O::INot => map1(o, a, int::inot),
        O::And => map2(o, a, b, int::iand),
        O::IOr => map2(o, a, b, int::ior),
        O::IXor => map2(o, a, b, int::ixor),
        O::IShl => map2(o, a, b, int::ishl),
        O::IShr => map2(o, a, b, int::ishr),
        O::UShr => map2(o, a, b, int::ushr),
        // ---- bit operations ---------------------------------------------------------------
        O::IBitExtract => map3(o, a, b, c, bits::ibit_extract),
        O::UBitExtract => map3(o, a, b, c, bits::ubit_extract),
        O::UBitInsert => {
            let d = src(3);
            for ch in 0..4 {
                for l in 0..WAVE {
                    o[ch][l] = bits::ubit_insert(a[ch][l], b[ch][l], c[ch][l], d[ch][l]);
                }
            }
        }
        O::UBitReverse => map1(o, a, bits::ubit_reverse),
        O::ICountbits => map1(o, a, bits::icbits),
        O::IFirstbit => match inst.field("type").unwrap_or(0) {
            0 => map1(o, a, bits::ffb_lo),
            1 => map1(o, a, bits::ffb_hi),
            _ => map1(o, a, bits::ffb_shi),
        },
        // ---- 64-bit integers: .xy of each source, the shift count in src1.x --------------
        O::I64Add => pairs(o, |l| int::i64add(pair(a, l), pair(b, l))),
        O::I64Sub => pairs(o, |l| int::i64sub(pair(a, l), pair(b, l))),
        O::I64Negate => pairs(o, |l| int::i64negate(pair(a, l))),
        O::I64Mul => pairs(o, |l| int::i64mul(pair(a, l), pair(b, l))),
        O::U64Mul => pairs(o, |l| int::u64mul(pair(a, l), pair(b, l))),
        O::I64Div => pairs(o, |l| int::i64div(pair(a, l), pair(b, l))),
        O::I64Mod => pairs(o, |l| int::i64mod(pair(a, l), pair(b, l))),
        O::U64Div => pairs(o, |l| int::u64div(pair(a, l), pair(b, l))),
        O::U64Mod => pairs(o, |l| int::u64mod(pair(a, l), pair(b, l))),
        O::I64Max => pairs(o, |l| int::i64max(pair(a, l), pair(b, l))),
        O::I64Min => pairs(o, |l| int::i64min(pair(a, l), pair(b, l))),
        O::U64Max => pairs(o, |l| int::u64max(pair(a, l), pair(b, l))),
        O::U64Min => pairs(o, |l| int::u64min(pair(a, l), pair(b, l))),
        O::I64Shl => pairs(o, |l| int::i64shl(pair(a, l), b[0][l])),
        O::I64Shr => pairs(o, |l| int::i64shr(pair(a, l), b[0][l])),
        O::U64Shr => pairs(o, |l| int::u64shr(pair(a, l), b[0][l])),
        O::I64Eq => replicate(o, |l| int::i64eq(pair(a, l), pair(b, l))),
        O::I64Ne => replicate(o, |l| int::i64ne(pair(a, l), pair(b, l))),
        O::I64Ge => replicate(o, |l| int::i64ge(pair(a, l), pair(b, l))),
        O::I64Lt => replicate(o, |l| int::i64lt(pair(a, l), pair(b, l))),
        O::U64Ge => replicate(o, |l| int::u64ge(pair(a, l), pair(b, l))),
        O::U64Lt => replicate(o, |l| int::u64lt(pair(a, l), pair(b, l))),
        // ---- doubles: .xy of each source ---------------------------------------------------
        O::DAdd => pairs(o, |l| double::dadd(pair(a, l), pair(b, l))),
        O::DMul => pairs(o, |l| double::dmul(pair(a, l), pair(b, l))),
        O::DDiv => pairs(o, |l| double::ddiv(pair(a, l), pair(b, l))),
        O::DMuladd | O::DDivFmas => pairs(o, |l| double::dmad(pair(a, l), pair(b, l), pair(c, l))),
        O::DSqrt => pairs(o, |l| double::dsqrt(pair(a, l))),
        O::DRcp => {
            let z = zeroop(inst);
            pairs(o, |l| double::drcp(pair(a, l), z))
        }
        O::DRsq => {
            let z = zeroop(inst);
            pairs(o, |l| double::drsq(pair(a, l), z))
        }
        O::DFrac => pairs(o, |l| double::dfrac(pair(a, l))),
        O::DFrexp => per_lane(o, |l| double::dfrexp(pair(a, l))),
        O::DFrexpExp => replicate(o, |l| double::dfrexp_exp(pair(a, l))),
        O::DFrexpMant => pairs(o, |l| double::dfrexp_mant(pair(a, l))),
        O::DLdexp => pairs(o, |l| double::dldexp(pair(a, l), b[0][l])),
        O::DMax => pairs(o, |l| double::dmax(pair(a, l), pair(b, l))),
        O::DMin => pairs(o, |l| double::dmin(pair(a, l), pair(b, l))),
        O::DMovc => pairs(o, |l| double::dmovc(a[0][l], pair(b, l), pair(c, l))),
        O::Deq => replicate(o, |l| double::deq(pair(a, l), pair(b, l))),
        O::Dne => replicate(o, |l| double::dne(pair(a, l), pair(b, l))),
        O::Dge => replicate(o, |l| double::dge(pair(a, l), pair(b, l))),
        O::Dlt => replicate(o, |l| double::dlt(pair(a, l), pair(b, l))),
        // ---- multimedia: a scalar from the x components, replicated (L7866 and each entry) --
        O::BitAlign => replicate(o, |l| multimedia::bitalign(a[0][l], b[0][l], c[0][l])),
        O::ByteAlign => replicate(o, |l| multimedia::bytealign(a[0][l], b[0][l], c[0][l])),
        // `sad` and `sadhi` work "for each component" (L7898, L7909): no replication.
        O::Sad => map3(o, a, b, c, multimedia::sad),
        O::SadHi => map3(o, a, b, c, multimedia::sadhi),
        O::Sad4 => replicate(o, |l| multimedia::sad4(lane(a, l), lane(b, l), c[0][l])),
        // App.B-only, the GCN V_MSAD_U8 / V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 (decision
        // "msad_u8, qsad_u8, mqsad_u8"): msad per component like `sad`; the quad forms read
        // src0.xy and src2.xy as 64-bit values and src1.x, and write a 64-bit result.
        O::MsadU8 => map3(o, a, b, c, multimedia::msad_u8),
        O::QsadU8 => pairs(o, |l| multimedia::qsad_u8(pair(a, l), b[0][l], pair(c, l))),
        O::MqsadU8 => pairs(o, |l| multimedia::mqsad_u8(pair(a, l), b[0][l], pair(c, l))),
        O::U4lerp => replicate(o, |l| multimedia::u4lerp(a[0][l], b[0][l], c[0][l])),
        O::Unpack0 => replicate(o, |l| multimedia::unpack0(a[0][l])),
        O::Unpack1 => replicate(o, |l| multimedia::unpack1(a[0][l])),
        O::Unpack2 => replicate(o, |l| multimedia::unpack2(a[0][l])),
        O::Unpack3 => replicate(o, |l| multimedia::unpack3(a[0][l])),
        O::F2U4 => replicate(o, |l| multimedia::f_2_u4(lane(a, l))),
        // ---- identification -----------------------------------------------------------------
        O::WaveId => *o = [[special.wave_index; WAVE]; 4],
        O::CuId => *o = ZERO4,
        _ => return None,
    }
    Some(ALL)
}

/// Which source components feed which result components of an ALU instruction, for the
/// taint of a tainted run ([`super::taint`]): the operand shapes of [`compute`], coarser.
/// One classification next to the one `compute` implements, so that the two are read
/// together; an opcode not listed is [`Reads::All`], which over-approximates, so a new
/// opcode is never under-tainted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// Result component c from component c of each source (after the swizzle).
    ComponentWise,
    /// A scalar from `.w` of each source, replicated.
    ScalarW,
    /// A scalar from `.x` of each source, replicated (the multimedia scalars).
    ScalarX,
    /// Doubles and 64-bit integers: `.xy` of each source, to every result component.
    Pair,
    /// Anything of any source, to every result component.
    All,
}

/// The [`Reads`] shape of an opcode.
pub fn reads(op: Opcode) -> Reads {
    use Opcode as O;
    match op {
        // `dmov` copies all four components as `mov` does.
        O::Mov | O::InvMov | O::DMov | O::CmovLogical | O::Cmov | O::Cmp => Reads::ComponentWise,
        O::Abs
        | O::Add
        | O::Sub
        | O::Mul
        | O::Mad
        | O::Fma
        | O::Div
        | O::Mod
        | O::Max
        | O::Min
        | O::Min3
        | O::Max3
        | O::Med3
        | O::Clamp
        | O::Sgn
        | O::Eq
        | O::Ne
        | O::Lt
        | O::Ge
        | O::Set
        | O::Flr
        | O::RoundNegInf
        | O::RoundPlusInf
        | O::Clg
        | O::RoundZero
        | O::Trc
        | O::RoundNear
        | O::Rnd
        | O::Frc
        | O::ExpVec
        | O::LogVec
        | O::SqrtVec
        | O::RsqVec
        | O::RcpVec
        | O::SinVec
        | O::CosVec
        | O::Lrp
        | O::Ldexp
        | O::FrexpMant
        | O::FrexpExp
        | O::Class
        | O::Pireduce => Reads::ComponentWise,
        O::Ftoi
        | O::Ftou
        | O::Itof
        | O::Utof
        | O::FtoiRpi
        | O::FtoiFlr
        | O::F2F16
        | O::F2F16Near
        | O::F2F16NegInf
        | O::F2F16PlusInf
        | O::F162F => Reads::ComponentWise,
        O::IAdd
        | O::INegate
        | O::IMul
        | O::UMul
        | O::IMad
        | O::UMad
        | O::IMulHigh
        | O::UMulHigh
        | O::IMul24
        | O::IMul24High
        | O::IMad24
        | O::UMul24
        | O::UMul24High
        | O::UMad24
        | O::UDiv
        | O::UMod
        | O::IMax
        | O::IMin
        | O::UMax
        | O::UMin
        | O::IMin3
        | O::IMax3
        | O::IMed3
        | O::UMin3
        | O::UMax3
        | O::UMed3
        | O::IBorrow
        | O::ICarry
        | O::IEq
        | O::INe
        | O::IGe
        | O::ILt
        | O::UGe
        | O::ULt
        | O::INot
        | O::And
        | O::IOr
        | O::IXor
        | O::IShl
        | O::IShr
        | O::UShr
        | O::IBitExtract
        | O::UBitExtract
        | O::UBitInsert
        | O::UBitReverse
        | O::ICountbits
        | O::IFirstbit
        | O::Sad
        | O::SadHi => Reads::ComponentWise,
        O::Exp
        | O::Exn
        | O::Log
        | O::Ln
        | O::Rcp
        | O::Rsq
        | O::Sqrt
        | O::Sin
        | O::Cos
        | O::Tan
        | O::Acos
        | O::Asin
        | O::Atan
        | O::Pow
        | O::Expp
        | O::Logp
        | O::Sincos
        | O::Dxsincos => Reads::ScalarW,
        O::BitAlign
        | O::ByteAlign
        | O::U4lerp
        | O::Unpack0
        | O::Unpack1
        | O::Unpack2
        | O::Unpack3 => Reads::ScalarX,
        O::F2D
        | O::D2F
        | O::Dtoi
        | O::Dtou
        | O::Itod
        | O::Utod
        | O::I64Add
        | O::I64Sub
        | O::I64Negate
        | O::I64Mul
        | O::U64Mul
        | O::I64Div
        | O::I64Mod
        | O::U64Div
        | O::U64Mod
        | O::I64Max
        | O::I64Min
        | O::U64Max
        | O::U64Min
        | O::I64Shl
        | O::I64Shr
        | O::U64Shr
        | O::I64Eq
        | O::I64Ne
        | O::I64Ge
        | O::I64Lt
        | O::U64Ge
        | O::U64Lt
        | O::DAdd
        | O::DMul
        | O::DDiv
        | O::DMuladd
        | O::DSqrt
        | O::DRcp
        | O::DRsq
        | O::DFrac
        | O::DFrexp
        | O::DFrexpExp
        | O::DFrexpMant
        | O::DLdexp
        | O::DMax
        | O::DMin
        | O::DMovc
        | O::Deq
        | O::Dne
        | O::Dge
        | O::Dlt => Reads::Pair,
        _ => Reads::All,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mixed bit patterns per lane: small integers, floats around 1, large values.
    fn values(seed: u32) -> Lanes4 {
        std::array::from_fn(|c| {
            std::array::from_fn(|l| {
                let x = (seed
                    ^ (c as u32).wrapping_mul(0x9E37_79B9)
                    ^ (l as u32).wrapping_mul(0x85EB_CA6B))
                .wrapping_mul(0xC2B2_AE35);
                match l % 4 {
                    0 => x % 37,
                    1 => (1.0f32 + (x % 1000) as f32 / 300.0).to_bits(),
                    2 => x,
                    _ => (-((x % 5000) as f32) / 7.0).to_bits(),
                }
            })
        })
    }

    /// [`reads`] agrees with [`compute`]: changing a source component the shape says an
    /// output component does not read leaves that output component alone (the direction
    /// that matters: a taint must not be missed).
    #[test]
    fn reads_agrees_with_compute() {
        let special = Special { wave_index: 0 };
        let mut checked = 0;
        for op in Opcode::all() {
            let shape = reads(op);
            if shape == Reads::All {
                continue;
            }
            let inst = Inst::probe(op);
            let base: Vec<Lanes4> = (0..5).map(|s| values(s * 77 + 1)).collect();
            let operands: Vec<Operand> =
                base.iter().map(|v| [&v[0], &v[1], &v[2], &v[3]]).collect();
            let mut out = Box::new(ZERO4);
            if compute(&inst, &operands, special, &mut out).is_none() {
                continue;
            }
            checked += 1;
            for s in 0..5 {
                for k in 0..4 {
                    let mut changed = base.clone();
                    changed[s][k] = values(1000 + s as u32 * 4 + k as u32)[k];
                    let operands: Vec<Operand> = changed
                        .iter()
                        .map(|v| [&v[0], &v[1], &v[2], &v[3]])
                        .collect();
                    let mut out2 = Box::new(ZERO4);
                    compute(&inst, &operands, special, &mut out2);
                    let free = |c: usize| match shape {
                        Reads::ComponentWise => c != k,
                        Reads::ScalarW => k != 3,
                        Reads::ScalarX => k != 0,
                        Reads::Pair => k >= 2,
                        Reads::All => false,
                    };
                    for c in (0..4).filter(|&c| free(c)) {
                        assert_eq!(
                            out[c], out2[c],
                            "{op:?} ({shape:?}): result .{c} changed with source {s} .{k}"
                        );
                    }
                }
            }
        }
        assert!(checked > 150, "only {checked} opcodes checked");
    }
}
