//! The IL's ALU instructions as scalar IR operations: which components of which sources
//! one result component reads ([`shape`]), and what it computes ([`eval`], the reference's
//! scalar semantics from `il-semantics`, used for constant folding).
//!
//! The shapes are those of the reference interpreter (`runtime-sim`'s `interp::alu`): the
//! builder splits an instruction by them, and evaluating the pieces gives bit for bit what
//! the interpreter gives for the whole instruction.

use il_frontend::enums::{RelOp, ZeroOp};
use il_frontend::opcode::{DataType, Opcode};
use il_semantics::{bits, convert, double, float, int, multimedia};

use crate::ir::{AluOp, Type};

/// What one argument of a scalar ALU operation is, in terms of the IL source it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// The same component as the result's.
    Comp,
    /// Component w (the scalar instructions, L7865).
    W,
    /// Component x.
    X,
    /// All four components: four arguments.
    Vec4,
    /// The 64-bit value in `.xy`: one 64-bit argument.
    Pair,
}

/// What the result is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    /// One value per component, computed from that component's arguments.
    PerComp,
    /// One 32-bit value written to every component.
    Scalar,
    /// One 64-bit value written to `.xy` and `.zw` (low dword in x and z).
    Pair,
    /// Different values per component (`AluOp::comp` selects one); the mask says which
    /// components the instruction writes.
    Vector(u8),
}

#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub args: &'static [Arg],
    pub result: Res,
    /// The instruction may leave a lane's component unchanged (`cmov`, `mmul`): the builder
    /// passes the old value as one more argument, and the result is it where nothing is
    /// written.
    pub keeps_old: bool,
}

impl Shape {
    /// The number of IR arguments (without the old value of `keeps_old`).
    pub fn arg_count(&self) -> usize {
        self.args
            .iter()
            .map(|a| if *a == Arg::Vec4 { 4 } else { 1 })
            .sum()
    }
}

const fn s(args: &'static [Arg], result: Res) -> Shape {
    Shape {
        args,
        result,
        keeps_old: false,
    }
}

/// The shape of `op`, or `None` if it is not an ALU instruction the midend computes.
pub fn shape(op: Opcode) -> Option<Shape> {
    use Arg::{Comp as C, Pair as P, Vec4 as V, W, X};
    use Opcode as O;
    use Res::{Pair as RP, PerComp as PC, Scalar as SC, Vector as VE};
    Some(match op {
        O::Mov | O::InvMov | O::DMov => s(&[C], PC),
        O::CmovLogical => s(&[C, C, C], PC),
        O::Cmov => Shape {
            args: &[C, C],
            result: PC,
            keeps_old: true,
        },
        O::Cmp | O::Mad | O::Fma | O::DivFmas | O::Min3 | O::Max3 | O::Med3 | O::Clamp | O::Lrp => {
            s(&[C, C, C], PC)
        }
        O::Abs | O::Sgn | O::Flr | O::RoundNegInf | O::RoundPlusInf | O::Clg | O::RoundZero => {
            s(&[C], PC)
        }
        O::Trc | O::RoundNear | O::Rnd | O::Frc | O::ExpVec | O::LogVec | O::SqrtVec => s(&[C], PC),
        O::RsqVec | O::RcpVec | O::SinVec | O::CosVec | O::FrexpMant | O::FrexpExp => s(&[C], PC),
        O::Pireduce => s(&[C], PC),
        O::Add | O::Sub | O::Mul | O::Div | O::Mod | O::Max | O::Min | O::Eq | O::Ne => {
            s(&[C, C], PC)
        }
        O::Lt | O::Ge | O::Set | O::Ldexp | O::Class => s(&[C, C], PC),
        O::Exp | O::Exn | O::Log | O::Ln | O::Rcp | O::Rsq | O::Sqrt | O::Sin | O::Cos => {
            s(&[W], SC)
        }
        O::Tan | O::Acos | O::Asin | O::Atan => s(&[W], SC),
        O::Pow => s(&[W, W], SC),
        O::Expp | O::Logp => s(&[W], VE(0xF)),
        O::Sincos | O::Dxsincos => s(&[W], VE(0x3)),
        O::Dp2 | O::Dp3 | O::Dp4 | O::Dist => s(&[V, V], SC),
        O::Dp2add => s(&[V, V, V], SC),
        O::Len => s(&[V], SC),
        O::Det => s(&[V, V, V, V], SC),
        O::Crs => s(&[V, V], VE(0x7)),
        O::Nrm | O::Lit => s(&[V], VE(0xF)),
        O::Dst | O::Reflect => s(&[V, V], VE(0xF)),
        O::Faceforward => s(&[V, V, V], VE(0xF)),
        O::Mmul => Shape {
            args: &[V, V, V, V, V],
            result: VE(0xF),
            keeps_old: true,
        },
        O::Ftoi | O::Ftou | O::Itof | O::Utof | O::FtoiRpi | O::FtoiFlr | O::F2F16 => s(&[C], PC),
        O::F2F16Near | O::F2F16NegInf | O::F2F16PlusInf | O::F162F => s(&[C], PC),
        O::F2D | O::Itod | O::Utod => s(&[X], RP),
        O::D2F | O::Dtoi | O::Dtou => s(&[P], SC),
        O::IAdd | O::IMul | O::UMul | O::IMulHigh | O::UMulHigh | O::IMul24 | O::IMul24High => {
            s(&[C, C], PC)
        }
        O::UMul24 | O::UMul24High | O::UDiv | O::UMod | O::IMax | O::IMin | O::UMax => {
            s(&[C, C], PC)
        }
        O::UMin | O::IBorrow | O::ICarry | O::IEq | O::INe | O::IGe | O::ILt | O::UGe => {
            s(&[C, C], PC)
        }
        O::ULt | O::And | O::IOr | O::IXor | O::IShl | O::IShr | O::UShr => s(&[C, C], PC),
        O::INegate | O::INot | O::UBitReverse | O::ICountbits | O::IFirstbit => s(&[C], PC),
        O::IMad | O::UMad | O::IMad24 | O::UMad24 | O::IMin3 | O::IMax3 | O::IMed3 => {
            s(&[C, C, C], PC)
        }
        O::UMin3 | O::UMax3 | O::UMed3 | O::IBitExtract | O::UBitExtract => s(&[C, C, C], PC),
        O::UBitInsert => s(&[C, C, C, C], PC),
        O::I64Add | O::I64Sub | O::I64Mul | O::U64Mul | O::I64Div | O::I64Mod | O::U64Div => {
            s(&[P, P], RP)
        }
        O::U64Mod | O::I64Max | O::I64Min | O::U64Max | O::U64Min => s(&[P, P], RP),
        O::I64Negate => s(&[P], RP),
        O::I64Shl | O::I64Shr | O::U64Shr => s(&[P, X], RP),
        O::I64Eq | O::I64Ne | O::I64Ge | O::I64Lt | O::U64Ge | O::U64Lt => s(&[P, P], SC),
        O::DAdd | O::DMul | O::DDiv | O::DMax | O::DMin => s(&[P, P], RP),
        O::DMuladd | O::DDivFmas => s(&[P, P, P], RP),
        O::DDivFixup => s(&[P, P, P], RP),
        O::DivFixup => s(&[C, C, C], PC),
        O::DSqrt | O::DRcp | O::DRsq | O::DFrac | O::DFrexpMant => s(&[P], RP),
        O::DFrexp => s(&[P], VE(0xF)),
        O::DFrexpExp => s(&[P], SC),
        O::DLdexp => s(&[P, X], RP),
        O::DMovc => s(&[X, P, P], RP),
        O::Deq | O::Dne | O::Dge | O::Dlt => s(&[P, P], SC),
        O::BitAlign | O::ByteAlign | O::U4lerp => s(&[X, X, X], SC),
        O::Sad | O::SadHi => s(&[C, C, C], PC),
        O::Sad4 => s(&[V, V, X], SC),
        O::MsadU8 => s(&[C, C, C], PC),
        O::QsadU8 | O::MqsadU8 => s(&[P, X, P], RP),
        O::Unpack0 | O::Unpack1 | O::Unpack2 | O::Unpack3 => s(&[X], SC),
        O::F2U4 => s(&[V], SC),
        O::CuId => s(&[], SC),
        _ => return None,
    })
}

/// The type of the values an ALU instruction produces (informational for 32-bit values:
/// float instructions give `f32`, everything else `i32`).
pub fn result_type(op: Opcode, shape: &Shape) -> Type {
    let data = op.info().data;
    match shape.result {
        Res::Pair if data == DataType::Double || op == Opcode::F2D => Type::F64,
        Res::Pair if matches!(op, Opcode::Itod | Opcode::Utod) => Type::F64,
        Res::Pair => Type::I64,
        _ if matches!(
            op,
            Opcode::D2F | Opcode::Itof | Opcode::Utof | Opcode::F162F
        ) =>
        {
            Type::F32
        }
        _ if is_float_to_int(op) || is_comparison(op) => Type::I32,
        _ if data == DataType::Float => Type::F32,
        _ => Type::I32,
    }
}

/// Float instructions whose result is an integer (or a bit pattern).
fn is_float_to_int(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::Ftoi
            | O::Ftou
            | O::FtoiRpi
            | O::FtoiFlr
            | O::F2F16
            | O::F2F16Near
            | O::F2F16NegInf
            | O::F2F16PlusInf
            | O::FrexpExp
            | O::Class
            | O::F2U4
    )
}

/// Instructions whose 32-bit result is a 0/0xFFFFFFFF mask.
pub fn is_comparison(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::Eq
            | O::Ne
            | O::Lt
            | O::Ge
            | O::IEq
            | O::INe
            | O::IGe
            | O::ILt
            | O::UGe
            | O::ULt
            | O::I64Eq
            | O::I64Ne
            | O::I64Ge
            | O::I64Lt
            | O::U64Ge
            | O::U64Lt
            | O::Deq
            | O::Dne
            | O::Dge
            | O::Dlt
    )
}

fn field(op: &AluOp, name: &str) -> Option<u32> {
    op.opcode
        .info()
        .field(name)?
        .value_in(op.control, &Default::default(), &[])
}

fn zeroop(op: &AluOp) -> ZeroOp {
    field(op, "zeroop")
        .and_then(ZeroOp::from_u32)
        .unwrap_or(ZeroOp::FltMax)
}

fn relop(op: &AluOp) -> RelOp {
    field(op, "relop")
        .and_then(RelOp::from_u32)
        .unwrap_or(RelOp::Eq)
}

fn flag(op: &AluOp, name: &str) -> bool {
    field(op, name).unwrap_or(0) != 0
}

/// Computes one result of `op` from its arguments (32-bit arguments in the low bits of
/// each `u64`; the old value last for `keeps_old` shapes). `None` when the arguments do
/// not fit the shape or the instruction has no compile-time value (`cu_id`).
pub fn eval(op: &AluOp, args: &[u64]) -> Option<u64> {
    use Opcode as O;
    let shape = shape(op.opcode)?;
    let expected = shape.arg_count() + usize::from(shape.keeps_old);
    if args.len() != expected {
        return None;
    }
    let a = |i: usize| args[i] as u32;
    let p = |i: usize| args[i];
    let v = |i: usize| [a(i), a(i + 1), a(i + 2), a(i + 3)];
    let ieee = flag(op, "ieee");
    let comp = usize::from(op.comp & 3);
    let pick = |vals: [u32; 4]| u64::from(vals[comp]);
    let word = |x: u32| Some(u64::from(x));
    match op.opcode {
        O::Mov | O::InvMov | O::DMov => word(a(0)),
        O::CmovLogical => word(if a(0) != 0 { a(1) } else { a(2) }),
        O::Cmov => word(float::cmov(a(0), a(1)).unwrap_or(a(2))),
        O::Cmp => {
            let value = float::cmpval(field(op, "cmpval").unwrap_or(0)).unwrap_or(0);
            word(float::cmp(relop(op), value, a(0), a(1), a(2)))
        }
        O::Abs => word(float::abs(a(0))),
        O::Add => word(float::add(a(0), a(1))),
        O::Sub => word(float::sub(a(0), a(1))),
        O::Mul => word(float::mul(a(0), a(1), ieee)),
        O::Mad => word(float::mad(a(0), a(1), a(2), ieee)),
        O::Fma | O::DivFmas => word(float::fma(a(0), a(1), a(2))),
        O::Div => word(float::div(a(0), a(1), zeroop(op))),
        O::Mod => word(float::fmod(a(0), a(1))),
        O::Max => word(float::max(a(0), a(1), ieee)),
        O::Min => word(float::min(a(0), a(1), ieee)),
        O::Min3 => word(float::min3(a(0), a(1), a(2))),
        O::Max3 => word(float::max3(a(0), a(1), a(2))),
        O::Med3 => word(float::med3(a(0), a(1), a(2))),
        O::Clamp => word(float::clamp(a(0), a(1), a(2))),
        O::Sgn => word(float::sgn(a(0))),
        O::Eq => word(float::eq(a(0), a(1))),
        O::Ne => word(float::ne(a(0), a(1))),
        O::Lt => word(float::lt(a(0), a(1))),
        O::Ge => word(float::ge(a(0), a(1))),
        O::Set => word(float::set(relop(op), a(0), a(1))),
        O::Flr | O::RoundNegInf => word(float::flr(a(0))),
        O::RoundPlusInf | O::Clg => word(float::round_plusinf(a(0))),
        O::RoundZero | O::Trc => word(float::round_z(a(0))),
        O::RoundNear => word(float::round_nearest(a(0))),
        O::Rnd => word(float::rnd(a(0))),
        O::Frc => word(float::frc(a(0))),
        O::ExpVec => word(float::exp_vec(a(0))),
        O::LogVec => word(float::log_vec(a(0))),
        O::SqrtVec => word(float::sqrt_vec(a(0))),
        O::RsqVec => word(float::rsq_vec(a(0))),
        O::RcpVec => word(float::rcp_vec(a(0))),
        O::SinVec => word(float::sin_vec(a(0))),
        O::CosVec => word(float::cos_vec(a(0))),
        O::Lrp => word(float::lrp(a(0), a(1), a(2))),
        O::Ldexp => word(float::ldexp(a(0), a(1))),
        O::FrexpMant => word(float::frexp_mant(a(0))),
        O::FrexpExp => word(float::frexp_exp(a(0))),
        O::Class => word(float::class(a(0), a(1))),
        O::Pireduce => word(float::pireduce(a(0))),
        O::Exp => word(float::exp(a(0))),
        O::Exn => word(float::exn(a(0))),
        O::Log => word(float::log(a(0), zeroop(op))),
        O::Ln => word(float::ln(a(0), zeroop(op))),
        O::Rcp => word(float::rcp(a(0), zeroop(op))),
        O::Rsq => word(float::rsq(a(0), zeroop(op))),
        O::Sqrt => word(float::sqrt(a(0))),
        O::Sin => word(float::sin(a(0))),
        O::Cos => word(float::cos(a(0))),
        O::Tan => word(float::tan(a(0))),
        O::Acos => word(float::acos(a(0))),
        O::Asin => word(float::asin(a(0))),
        O::Atan => word(float::atan(a(0))),
        O::Pow => word(float::pow(a(0), a(1))),
        O::Expp => Some(pick(float::expp(a(0)))),
        O::Logp => Some(pick(float::logp(a(0), zeroop(op)))),
        O::Sincos | O::Dxsincos => {
            let [cos, sin] = float::sincos(a(0));
            Some(pick([cos, sin, 0, 0]))
        }
        O::Dp2 => word(float::dp2(v(0), v(4), ieee)),
        O::Dp3 => word(float::dp3(v(0), v(4), ieee)),
        O::Dp4 => word(float::dp4(v(0), v(4), ieee)),
        O::Dp2add => word(float::dp2add(v(0), v(4), v(8), ieee)),
        O::Dist => word(float::dist(v(0), v(4))),
        O::Len => word(float::len(v(0))),
        O::Det => word(float::det([v(0), v(4), v(8), v(12)])),
        O::Crs => {
            let [x, y, z] = float::crs(v(0), v(4));
            Some(pick([x, y, z, 0]))
        }
        O::Nrm => Some(pick(float::nrm(v(0), flag(op, "nrm"), zeroop(op)))),
        O::Lit => Some(pick(float::lit(v(0)))),
        O::Dst => Some(pick(float::dst(v(0), v(4)))),
        O::Reflect => Some(pick(float::reflect(v(0), v(4), flag(op, "normalize")))),
        O::Faceforward => Some(pick(float::faceforward(v(0), v(4), v(8)))),
        O::Mmul => {
            let matrix = field(op, "matrix").unwrap_or(0);
            let out = float::mmul(matrix, v(0), [v(4), v(8), v(12), v(16)]);
            word(out[comp].unwrap_or(a(20)))
        }
        O::Ftoi => word(convert::ftoi(a(0))),
        O::Ftou => word(convert::ftou(a(0))),
        O::Itof => word(convert::itof(a(0))),
        O::Utof => word(convert::utof(a(0))),
        O::FtoiRpi => word(convert::ftoi_rpi(a(0))),
        O::FtoiFlr => word(convert::ftoi_flr(a(0))),
        O::F2F16 => word(convert::f2f16(a(0))),
        O::F2F16Near => word(convert::f2f16_near(a(0))),
        O::F2F16NegInf => word(convert::f2f16_neg_inf(a(0))),
        O::F2F16PlusInf => word(convert::f2f16_plus_inf(a(0))),
        O::F162F => word(convert::f162f(a(0))),
        O::F2D => Some(convert::f2d(a(0))),
        O::D2F => word(convert::d2f(p(0))),
        O::Dtoi => word(convert::dtoi(p(0))),
        O::Dtou => word(convert::dtou(p(0))),
        O::Itod => Some(convert::itod(a(0))),
        O::Utod => Some(convert::utod(a(0))),
        O::IAdd => word(int::iadd(a(0), a(1))),
        O::INegate => word(int::inegate(a(0))),
        O::IMul => word(int::imul(a(0), a(1))),
        O::UMul => word(int::umul(a(0), a(1))),
        O::IMad => word(int::imad(a(0), a(1), a(2))),
        O::UMad => word(int::umad(a(0), a(1), a(2))),
        O::IMulHigh => word(int::imul_high(a(0), a(1))),
        O::UMulHigh => word(int::umul_high(a(0), a(1))),
        O::IMul24 => word(int::imul24(a(0), a(1))),
        O::IMul24High => word(int::imul24_high(a(0), a(1))),
        O::IMad24 => word(int::imad24(a(0), a(1), a(2))),
        O::UMul24 => word(int::umul24(a(0), a(1))),
        O::UMul24High => word(int::umul24_high(a(0), a(1))),
        O::UMad24 => word(int::umad24(a(0), a(1), a(2))),
        O::UDiv => word(int::udiv(a(0), a(1))),
        O::UMod => word(int::umod(a(0), a(1))),
        O::IMax => word(int::imax(a(0), a(1))),
        O::IMin => word(int::imin(a(0), a(1))),
        O::UMax => word(int::umax(a(0), a(1))),
        O::UMin => word(int::umin(a(0), a(1))),
        O::IMin3 => word(int::imin3(a(0), a(1), a(2))),
        O::IMax3 => word(int::imax3(a(0), a(1), a(2))),
        O::IMed3 => word(int::imed3(a(0), a(1), a(2))),
        O::UMin3 => word(int::umin3(a(0), a(1), a(2))),
        O::UMax3 => word(int::umax3(a(0), a(1), a(2))),
        O::UMed3 => word(int::umed3(a(0), a(1), a(2))),
        O::IBorrow => word(int::iborrow(a(0), a(1))),
        O::ICarry => word(int::icarry(a(0), a(1))),
        O::IEq => word(int::ieq(a(0), a(1))),
        O::INe => word(int::ine(a(0), a(1))),
        O::IGe => word(int::ige(a(0), a(1))),
        O::ILt => word(int::ilt(a(0), a(1))),
        O::UGe => word(int::uge(a(0), a(1))),
        O::ULt => word(int::ult(a(0), a(1))),
        O::INot => word(int::inot(a(0))),
        O::And => word(int::iand(a(0), a(1))),
        O::IOr => word(int::ior(a(0), a(1))),
        O::IXor => word(int::ixor(a(0), a(1))),
        O::IShl => word(int::ishl(a(0), a(1))),
        O::IShr => word(int::ishr(a(0), a(1))),
        O::UShr => word(int::ushr(a(0), a(1))),
        O::IBitExtract => word(bits::ibit_extract(a(0), a(1), a(2))),
        O::UBitExtract => word(bits::ubit_extract(a(0), a(1), a(2))),
        O::UBitInsert => word(bits::ubit_insert(a(0), a(1), a(2), a(3))),
        O::UBitReverse => word(bits::ubit_reverse(a(0))),
        O::ICountbits => word(bits::icbits(a(0))),
        O::IFirstbit => word(match field(op, "type").unwrap_or(0) {
            0 => bits::ffb_lo(a(0)),
            1 => bits::ffb_hi(a(0)),
            _ => bits::ffb_shi(a(0)),
        }),
        O::I64Add => Some(int::i64add(p(0), p(1))),
        O::I64Sub => Some(int::i64sub(p(0), p(1))),
        O::I64Negate => Some(int::i64negate(p(0))),
        O::I64Mul => Some(int::i64mul(p(0), p(1))),
        O::U64Mul => Some(int::u64mul(p(0), p(1))),
        O::I64Div => Some(int::i64div(p(0), p(1))),
        O::I64Mod => Some(int::i64mod(p(0), p(1))),
        O::U64Div => Some(int::u64div(p(0), p(1))),
        O::U64Mod => Some(int::u64mod(p(0), p(1))),
        O::I64Max => Some(int::i64max(p(0), p(1))),
        O::I64Min => Some(int::i64min(p(0), p(1))),
        O::U64Max => Some(int::u64max(p(0), p(1))),
        O::U64Min => Some(int::u64min(p(0), p(1))),
        O::I64Shl => Some(int::i64shl(p(0), a(1))),
        O::I64Shr => Some(int::i64shr(p(0), a(1))),
        O::U64Shr => Some(int::u64shr(p(0), a(1))),
        O::I64Eq => word(int::i64eq(p(0), p(1))),
        O::I64Ne => word(int::i64ne(p(0), p(1))),
        O::I64Ge => word(int::i64ge(p(0), p(1))),
        O::I64Lt => word(int::i64lt(p(0), p(1))),
        O::U64Ge => word(int::u64ge(p(0), p(1))),
        O::U64Lt => word(int::u64lt(p(0), p(1))),
        O::DAdd => Some(double::dadd(p(0), p(1))),
        O::DMul => Some(double::dmul(p(0), p(1))),
        O::DDiv => Some(double::ddiv(p(0), p(1))),
        O::DMuladd | O::DDivFmas => Some(double::dmad(p(0), p(1), p(2))),
        O::DDivFixup => Some(double::ddiv_fixup(p(0), p(1), p(2))),
        O::DivFixup => word(float::div_fixup(a(0), a(1), a(2))),
        O::DSqrt => Some(double::dsqrt(p(0))),
        O::DRcp => Some(double::drcp(p(0), zeroop(op))),
        O::DRsq => Some(double::drsq(p(0), zeroop(op))),
        O::DFrac => Some(double::dfrac(p(0))),
        O::DFrexp => Some(pick(double::dfrexp(p(0)))),
        O::DFrexpExp => word(double::dfrexp_exp(p(0))),
        O::DFrexpMant => Some(double::dfrexp_mant(p(0))),
        O::DLdexp => Some(double::dldexp(p(0), a(1))),
        O::DMax => Some(double::dmax(p(0), p(1))),
        O::DMin => Some(double::dmin(p(0), p(1))),
        O::DMovc => Some(double::dmovc(a(0), p(1), p(2))),
        O::Deq => word(double::deq(p(0), p(1))),
        O::Dne => word(double::dne(p(0), p(1))),
        O::Dge => word(double::dge(p(0), p(1))),
        O::Dlt => word(double::dlt(p(0), p(1))),
        O::BitAlign => word(multimedia::bitalign(a(0), a(1), a(2))),
        O::ByteAlign => word(multimedia::bytealign(a(0), a(1), a(2))),
        O::Sad => word(multimedia::sad(a(0), a(1), a(2))),
        O::SadHi => word(multimedia::sadhi(a(0), a(1), a(2))),
        O::Sad4 => word(multimedia::sad4(v(0), v(4), a(8))),
        O::MsadU8 => word(multimedia::msad_u8(a(0), a(1), a(2))),
        O::QsadU8 => Some(multimedia::qsad_u8(p(0), a(1), p(2))),
        O::MqsadU8 => Some(multimedia::mqsad_u8(p(0), a(1), p(2))),
        O::U4lerp => word(multimedia::u4lerp(a(0), a(1), a(2))),
        O::Unpack0 => word(multimedia::unpack0(a(0))),
        O::Unpack1 => word(multimedia::unpack1(a(0))),
        O::Unpack2 => word(multimedia::unpack2(a(0))),
        O::Unpack3 => word(multimedia::unpack3(a(0))),
        O::F2U4 => word(multimedia::f_2_u4(v(0))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every opcode with a shape evaluates on arguments of that shape: the two tables agree.
    #[test]
    fn every_shaped_opcode_evaluates() {
        for info in Opcode::all().map(|o| o.info()) {
            let Some(shape) = shape(info.opcode) else {
                continue;
            };
            let n = shape.arg_count() + usize::from(shape.keeps_old);
            let op = AluOp {
                opcode: info.opcode,
                control: 0,
                comp: 0,
            };
            let args = vec![0x3f80_0000u64; n];
            if info.opcode != Opcode::CuId {
                assert!(eval(&op, &args).is_some(), "{}", info.mnemonic);
            }
        }
    }
}
