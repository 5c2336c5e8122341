//! What an instruction computes.

use il_frontend::ast::ExtraTokens;
use il_frontend::enums::{RelOp, ShiftScale};
use il_frontend::opcode::Opcode;
use smallvec::SmallVec;

/// The operation of an instruction; its operands are the instruction's `args`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A constant of the result's type: a 32-bit value in the low bits, a `Bool` as 0 or 1.
    Const(u64),
    /// One component of an IL ALU instruction (see [`AluOp`] and `crate::alu`).
    Alu(AluOp),
    /// An operand modifier of the IL as an operation of its own.
    Modifier(Modifier),
    /// `[cond: bool, a, b]`: `a` where `cond` holds, else `b`.
    Select,
    /// A lane's truth from IL values: `[i32] -> bool` or `[f32, f32] -> bool`.
    Test(Test),
    /// `[bool, bool] -> bool`.
    And,
    Or,
    /// `[bool] -> bool`.
    Not,
    /// `[lo: i32, hi: i32]` to a 64-bit value (the register pair x, y of IL).
    Pack64,
    /// The low and high dwords of a 64-bit value.
    Lo32,
    Hi32,
    /// A value the launch provides per lane (thread ids, pixel inputs).
    Input(Input),
    /// Component `comp` of element `offset (+ args[0])` of constant buffer `buffer`.
    /// Constant buffers do not change during a launch, so this is pure.
    CbLoad {
        buffer: u32,
        offset: i32,
        comp: u8,
    },
    /// Component `comp` of element `offset + args[0]` of the immediate constant buffer.
    IcbLoad {
        offset: i32,
        comp: u8,
    },
    /// Component `comp` of element `offset (+ args[0])` of indexed-temporary array `array`,
    /// a lane's private memory, read where the index is not a constant.
    PrivateLoad {
        array: u32,
        offset: i32,
        comp: u8,
    },
    /// `[index, value]`: the store that goes with [`Op::PrivateLoad`].
    PrivateStore {
        array: u32,
        offset: i32,
        comp: u8,
    },
    /// Component `comp` of `g[offset (+ args[0])]`, the global buffer.
    GlobalLoad {
        offset: i32,
        comp: u8,
    },
    /// `[index?, value]`: a store to the global buffer.
    GlobalStore {
        offset: i32,
        comp: u8,
    },
    /// Component `comp` of shared register `sr<reg>` (one set per lane slot, shared by every
    /// wavefront of the dispatch, 7.2.8).
    SharedLoad {
        reg: u32,
        comp: u8,
    },
    /// `[value]`: the store that goes with [`Op::SharedLoad`].
    SharedStore {
        reg: u32,
        comp: u8,
    },
    /// `[value]`: the final value of output register `o<reg>` component `comp`.
    Output {
        reg: u32,
        comp: u8,
    },
    /// Any other IL instruction: memory, sampling, barriers, discard (see [`IlOp`]).
    Il(IlOp),
}

/// One output component of an IL ALU instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AluOp {
    pub opcode: Opcode,
    /// The opcode's control bits (`relop`, `zeroop`, `ieee`, ...).
    pub control: u16,
    /// The result component, for the instructions whose components differ (`crs`, `lit`,
    /// `sincos`, `dfrexp`, ...); 0 for the others, so equal computations compare equal.
    pub comp: u8,
}

/// Operand modifiers (Table 2.7 and 2.9 of the reference), each a scalar operation with
/// the meaning the reference interpreter gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// `_neg` of an integer source: two's complement.
    IntNeg,
    /// `_abs` of an integer source: the magnitude.
    IntAbs,
    /// `_neg` / `_abs` of a float: the sign bit.
    FloatNeg,
    FloatAbs,
    /// `_invert` (1 - x), `_bias` (x - 0.5), `_x2` (2x), `_sign`, in f32 without flushing.
    Invert,
    Bias,
    Times2,
    Sign,
    /// `[x, d]`: `_divcomp`, x / d with ±FLT_MAX for a zero divisor.
    DivComp,
    /// `_sat` / `_clamp`: to [0, 1], NaN to 0.
    Saturate,
    /// The destination shift scale `_x2` .. `_d8`, with flushing.
    Shift(ShiftScale),
    /// The double forms: `[f64] -> f64`.
    DoubleNeg,
    DoubleAbs,
    DoubleSaturate,
    DoubleShift(ShiftScale),
}

/// How [`Op::Test`] turns IL values into a truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Test {
    /// Any bit set (`_logicalnz`, `ifnz`).
    NonZero,
    /// No bit set (`_logicalz`).
    Zero,
    /// `a relop b` as floats (`ifc`, `breakc`, ...).
    Float(RelOp),
}

/// A per-lane value of the launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// `vTid` component.
    ThreadIdInGroup(u8),
    ThreadIdInGroupFlat,
    /// `vAbsTid` component.
    AbsoluteThreadId(u8),
    AbsoluteThreadIdFlat,
    /// `vTGroupid` component.
    ThreadGroupId(u8),
    ThreadGroupIdFlat,
    /// Pixel input `v<reg>` component (interpolated attributes).
    Pixel {
        reg: u32,
        comp: u8,
    },
    /// The pixel's position component (`vWinCoord0`, `dcl_input_position`).
    Position(u8),
    /// `vFace`.
    Face,
    /// `vPrimId`.
    PrimitiveId,
    /// `vObjIndex0.x`: the ordered index of the pixel, `y*W + x` in a W x H domain
    /// (`docs/decisions.md`, "The ordered pixel index"). Its other components read 0 and
    /// never become an input.
    PixelIndex,
    /// The index of the wavefront in its group (`wavefront_id`).
    WaveId,
}

/// An IL instruction kept whole: its opcode and control bits, which components of each
/// source it reads (the instruction's args are those components, source after source) and
/// what it writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IlOp {
    pub opcode: Opcode,
    pub control: u16,
    pub extra: ExtraTokens,
    /// Trailing words of the packet (rarely used by instructions kept here).
    pub words: SmallVec<[u32; 2]>,
    /// Per source, the components read (bit c = component c).
    pub srcs: SmallVec<[u8; 4]>,
    pub dst: DstKind,
    /// Per-component `precise` flags of a `_prec` prefix (7.3): such an access must stay as
    /// written, whatever `refactoringAllowed` says (L3437).
    pub precise: u8,
}

impl IlOp {
    /// The value of the named control field (`id`, `resource`, `uint`, ...) of the
    /// instruction, from its control bits and extra tokens (the opcode table's layout).
    pub fn field(&self, name: &str) -> Option<u32> {
        self.opcode
            .info()
            .field(name)
            .and_then(|f| f.value_in(self.control, &self.extra, &self.words))
    }
}

/// What an [`IlOp`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DstKind {
    None,
    /// A memory store's `mem` destination with its component mask.
    Memory(u8),
    /// Register components (bit c = component c); one result per set bit, in order.
    Values(u8),
}

/// The side effects of an operation, for passes that move or delete instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// Pure: depends only on its operands (and immutable launch data).
    None,
    /// Reads memory that stores in the program may change.
    Read,
    /// Writes memory (or reads and writes, as atomics do).
    Write,
    /// Orders memory between lanes or ends lanes (barriers, fences, discard): nothing moves
    /// across it.
    Barrier,
}

impl Op {
    pub fn effect(&self) -> Effect {
        match self {
            Op::PrivateLoad { .. } | Op::GlobalLoad { .. } | Op::SharedLoad { .. } => Effect::Read,
            Op::PrivateStore { .. }
            | Op::GlobalStore { .. }
            | Op::SharedStore { .. }
            | Op::Output { .. } => Effect::Write,
            Op::Il(il) => crate::il_effects::effect(il.opcode),
            _ => Effect::None,
        }
    }

    pub fn is_pure(&self) -> bool {
        self.effect() == Effect::None
    }

    /// The mnemonic the printer shows.
    pub fn name(&self) -> String {
        match self {
            Op::Const(_) => "const".into(),
            Op::Alu(a) => a.opcode.mnemonic().into(),
            Op::Modifier(m) => format!("{m:?}").to_lowercase(),
            Op::Select => "select".into(),
            Op::Test(Test::NonZero) => "nonzero".into(),
            Op::Test(Test::Zero) => "zero".into(),
            Op::Test(Test::Float(r)) => format!("test_{}", r.name()),
            Op::And => "and".into(),
            Op::Or => "or".into(),
            Op::Not => "not".into(),
            Op::Pack64 => "pack64".into(),
            Op::Lo32 => "lo32".into(),
            Op::Hi32 => "hi32".into(),
            Op::Input(_) => "input".into(),
            Op::CbLoad { .. } => "cb_load".into(),
            Op::IcbLoad { .. } => "icb_load".into(),
            Op::PrivateLoad { .. } => "private_load".into(),
            Op::PrivateStore { .. } => "private_store".into(),
            Op::GlobalLoad { .. } => "global_load".into(),
            Op::GlobalStore { .. } => "global_store".into(),
            Op::SharedLoad { .. } => "shared_load".into(),
            Op::SharedStore { .. } => "shared_store".into(),
            Op::Output { .. } => "output".into(),
            Op::Il(il) => il.opcode.mnemonic().into(),
        }
    }
}
