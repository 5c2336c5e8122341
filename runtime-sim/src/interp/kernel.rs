//! Pre-decoding: a validated [`Program`] becomes a [`Kernel`], a flat array of compact
//! instructions that the executor runs without looking at the AST again.
//!
//! What lowering settles once, so that execution does not:
//! - **Registers become slots.** Every temporary (`r#`), input (`v#`, `vWinCoord0`, the ID
//!   registers) and output (`o#`) gets a dense slot in the wavefront's register file;
//!   literals (`l#`) and SM30 constants (`def`) become immediate values.
//! - **Macros are expanded** (7.19, L9954-L9990): a prolog moves the actual inputs into fresh
//!   temporaries, the body follows with its temporaries and literals renamed into a scope of
//!   its own, and an epilog moves the formal outputs to the actual ones.
//! - **Control flow is resolved**: every `if`/`else`/`endif`, loop, `switch`/`case`,
//!   `call`/`func` knows its partner's address, and every instruction knows where to go when
//!   no lane is active ([`Kernel::skip`]): the next instruction that can give lanes back
//!   (an `else`, `endif`, `endloop`, `case`, `default`, `endswitch`, or the end of the
//!   function or program).
//! - **Declarations are collected** into [`Decls`]: buffer sizes and kinds, LDS layout, the
//!   group size, the pixel inputs and outputs.

use std::collections::{BTreeMap, HashMap};

use il_frontend::ast::{self, ExtraTokens, Instruction, Program, Register};
use il_frontend::diag::Span;
use il_frontend::enums::{
    DstComp, ElementFormat, ImportUsage, PixTexUsage, RelOp, ShaderType, ShiftScale, Swizzle,
};
use il_frontend::opcode::{DataType, Flow, Opcode};
use il_frontend::regs::RegType;
use smallvec::SmallVec;

use crate::runtime::RunError;

/// Four 32-bit components.
pub type Vec4 = [u32; 4];

/// `1.0f`, which the `1` swizzle inserts even in integer instructions (L660).
pub const ONE_F32: u32 = 0x3F80_0000;

/// The deepest macro expansion accepted (a macro that calls itself would never end).
const MAX_MACRO_DEPTH: usize = 32;

/// A pre-decoded program.
#[derive(Debug)]
pub struct Kernel {
    pub shader: ShaderType,
    pub code: Vec<Inst>,
    /// For every instruction, where execution continues when no lane is active at it.
    pub skip: Vec<u32>,
    /// What each register slot holds at the start of a wavefront.
    pub slots: Vec<SlotInit>,
    pub decls: Decls,
}

/// What a register slot is, and so how a wavefront initializes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotInit {
    /// A temporary: zero.
    Temp,
    /// An output `o#`: the render target's current value (pixel), zero (compute).
    Output(u32),
    /// A pixel input bound by register number (`dcl_input_generic_interp v1`).
    Input(u32),
    /// The pixel position (`dcl_input_position`, `vWinCoord0`).
    Position,
    /// `vFace`: 1.0 (front facing).
    Face,
    /// `vPrim`, `vPrimIndex`: 0.
    PrimitiveId,
    /// `vObjIndex0`: the ordered index of the pixel, `y*W + x`, in .x; 0 in .yzw
    /// (`docs/decisions.md`, "The ordered pixel index"). 0 in a compute kernel, as the
    /// other pixel inputs are.
    PixelIndex,
    ThreadIdInGroup,
    ThreadIdInGroupFlat,
    AbsoluteThreadId,
    AbsoluteThreadIdFlat,
    ThreadGroupId,
    ThreadGroupIdFlat,
}

/// Declarations the runtime needs, gathered from the whole program.
#[derive(Clone, Debug, Default)]
pub struct Decls {
    /// `dcl_cb cbN[n]`: N to the elements a bound buffer must have: n, or more when the
    /// program reads a constant index past n.
    pub const_buffers: BTreeMap<u32, u32>,
    /// The immediate constant buffer (`icb`), as 16-byte elements.
    pub immediate_cb: Option<Vec<Vec4>>,
    pub uavs: BTreeMap<u32, UavDecl>,
    /// Raw and structured SRVs (`dcl_raw_srv_id(n)`, `dcl_struct_srv_id(n) stride`).
    pub srvs: BTreeMap<u32, Option<u32>>,
    pub resources: BTreeMap<u32, ResourceDecl>,
    /// LDS allocations by id: (byte offset in the group's LDS, size in bytes, struct stride).
    pub lds: BTreeMap<u32, LdsAlloc>,
    /// Total LDS bytes per group, including the R7xx per-thread model.
    pub lds_bytes: u32,
    /// R7xx owner-compute LDS: dwords per work-item (`dcl_lds_size_per_thread`) and
    /// whether the sharing mode is wavefront-absolute.
    pub lds_per_thread: Option<(u32, bool)>,
    /// GDS allocations by id: (byte offset, size, struct stride).
    pub gds: BTreeMap<u32, LdsAlloc>,
    pub gds_bytes: u32,
    /// `dcl_num_thread_per_group`.
    pub group_size: Option<[u32; 3]>,
    /// `dcl_max_thread_per_group`.
    pub max_group_size: Option<u32>,
    /// Indexed temporary arrays: array number to (first element, length).
    pub itemp_arrays: BTreeMap<u32, (u32, u32)>,
    pub itemp_elements: u32,
    /// Shared registers `sr#` used: one past the highest number.
    pub shared_regs: u32,
    /// Pixel inputs bound by number.
    pub inputs: Vec<u32>,
    /// Pixel outputs `o#` written, by number.
    pub outputs: Vec<u32>,
    pub uses_global: bool,
}

impl Decls {
    /// The work-group size of a launch that names none (`docs/abi.md`): the kernel's
    /// `dcl_num_thread_per_group`, or 64 work-items in x, fewer if
    /// `dcl_max_thread_per_group` says so.
    pub fn default_group_size(&self) -> [u32; 3] {
        self.group_size
            .unwrap_or([self.max_group_size.unwrap_or(64).clamp(1, 64), 1, 1])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdsAlloc {
    pub offset: u32,
    pub size: u32,
    pub stride: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UavDecl {
    /// `dcl_raw_uav_id(n)`: byte addresses.
    Raw,
    /// `dcl_struct_uav_id(n) stride`.
    Struct { stride: u32 },
    /// `dcl_arena_uav_id(n)`: byte addresses, sizes byte/short/dword.
    Arena,
    /// `dcl_uav_id(n)_type(t)_fmtx(f)`: element addresses.
    Typed {
        ty: PixTexUsage,
        format: ElementFormat,
    },
    /// `dcl_typeless_uav_id(n)_stride(s)_length(l)`: AMD's later declaration of raw (stride
    /// 4) and structured buffers.
    Typeless { stride: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceDecl {
    pub ty: PixTexUsage,
    pub unnormalized: bool,
    pub formats: [ElementFormat; 4],
}

/// One pre-decoded instruction.
#[derive(Clone, Debug)]
pub struct Inst {
    pub op: Op,
    pub opcode: Opcode,
    /// The opcode's control bits (relop, zeroop, ids, ...).
    pub control: u16,
    /// Opcode-specific tokens (`_coordtype`, `_aoffimmi`, ...).
    pub extra: ExtraTokens,
    /// The operand type, which decides how source and destination modifiers act.
    pub data: DataType,
    pub dst: Option<Dst>,
    /// The destinations after `dst` that `transpose` also writes (`dst+1`..`dst+3`,
    /// L7551-L7554); empty for every other instruction.
    pub more_dsts: Vec<Dst>,
    pub srcs: SmallVec<[Src; 3]>,
    /// A resolved address: the partner of a flow instruction or a function's entry.
    pub target: u32,
    pub span: Span,
}

impl Inst {
    /// The value of a named control field (`relop`, `zeroop`, `resource`, `coordtype`, ...).
    pub fn field(&self, name: &str) -> Option<u32> {
        self.opcode
            .info()
            .field(name)?
            .value_in(self.control, &self.extra, &[])
    }

    /// An instruction with no operands (for tests of single instructions).
    #[cfg(test)]
    pub fn probe(opcode: Opcode) -> Inst {
        Inst {
            op: Op::Compute,
            opcode,
            control: 0,
            extra: ExtraTokens::default(),
            data: opcode.info().data,
            dst: None,
            more_dsts: Vec::new(),
            srcs: SmallVec::new(),
            target: 0,
            span: Span::default(),
        }
    }
}

/// What the executor does with an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Declarations, comments, `nop`, fences without `_threads`.
    Nop,
    /// An instruction that computes its destination from its sources (ALU, memory,
    /// sampling): the opcode says which.
    Compute,
    If(Cond),
    /// `target` is the matching `endif`.
    Else,
    EndIf,
    /// `whileloop` (no counter) or `loop` (DX9 counted loop, `repeat` keeps `aL`);
    /// `target` is the matching `endloop`.
    Loop {
        counted: Option<bool>,
    },
    /// `target` is the first instruction of the loop body.
    EndLoop,
    Break(Cond),
    Continue(Cond),
    /// `target` is the matching `endswitch`; the case values of this switch.
    Switch(Box<[u32]>),
    Case(u32),
    Default,
    EndSwitch,
    /// `target` is the function's first instruction.
    Call(Cond),
    /// `ret_dyn`, `ret_logical*`, or `ret` where it does not end a function.
    Return(Cond),
    /// The lexical end of a function (`ret`, `endfunc`).
    FunctionEnd,
    /// `endmain` or `end`: the wavefront is done.
    End,
    /// `discard_logical*`: the pixel's outputs are dropped, execution continues.
    Discard(Cond),
    /// `kill`: any component < 0 ends the pixel.
    Kill,
    /// `fence` with `_threads`: a work-group barrier.
    Barrier,
}

impl Op {
    /// Instructions that run even when no lane is active, because they can give lanes back
    /// or end something.
    pub fn is_marker(&self) -> bool {
        matches!(
            self,
            Op::Else
                | Op::EndIf
                | Op::EndLoop
                | Op::Case(_)
                | Op::Default
                | Op::EndSwitch
                | Op::FunctionEnd
                | Op::End
        )
    }
}

/// The per-lane test of a conditional flow instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Always,
    /// Any bit of `src0.x` set.
    NonZero,
    /// No bit of `src0.x` set.
    Zero,
    /// `src0.x relop src1.x` as floats.
    Float(RelOp),
}

/// A source operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Src {
    pub loc: Loc,
    /// Component selects: 0-3 for x-w, [`SEL_ZERO`] and [`SEL_ONE`].
    pub swizzle: [u8; 4],
    pub mods: Option<SrcMods>,
}

pub const SEL_ZERO: u8 = 4;
pub const SEL_ONE: u8 = 5;

/// Where a source value lives.
#[derive(Clone, Debug, PartialEq)]
pub enum Loc {
    /// A slot of the wavefront's register file.
    Reg(u32),
    /// A literal, a `def` constant.
    Imm(Vec4),
    /// Element `index` of constant buffer `buffer`.
    Const { buffer: u32, index: Index },
    /// `cb[r6.w+2][r2.x+4]`: both the buffer and the element indexed.
    ConstDynamic { buffer: Index, index: Index },
    /// The immediate constant buffer `icb[index]`.
    ImmediateConst(Index),
    /// Element `index` of indexed temporary array `array`.
    ITemp { array: u32, index: Index },
    /// `g[index]`.
    Global(Index),
    /// Shared register `sr#`.
    Shared(u32),
    /// `aL`, the counter of the innermost counted loop.
    LoopCounter,
}

/// An index: an optional scalar register (its first swizzle component) plus an immediate.
#[derive(Clone, Debug, PartialEq)]
pub struct Index {
    pub relative: Option<Box<Src>>,
    pub offset: i32,
}

impl Index {
    pub fn constant(offset: i32) -> Index {
        Index {
            relative: None,
            offset,
        }
    }
}

/// Source modifiers other than the swizzle (Table 2.9): the AST's, whose swizzle the
/// executor takes from [`Src::swizzle`] instead.
pub type SrcMods = ast::SrcMod;

/// A destination operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Dst {
    pub loc: DstLoc,
    pub mask: [DstComp; 4],
    pub clamp: bool,
    pub shift: ShiftScale,
}

impl Dst {
    /// Whether component `c` is written at all (by value, or forced to 0 or 1).
    pub fn writes(&self, c: usize) -> bool {
        self.mask[c] != DstComp::NoWrite
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum DstLoc {
    Reg(u32),
    ITemp {
        array: u32,
        index: Index,
    },
    Global(Index),
    Shared(u32),
    /// `mem`: the mask of a memory store; there is no register.
    Memory,
}

/// Lowers a validated program. Programs that use what the interpreter does not model
/// (shader stages other than compute and pixel, SM30 texture stages, ...) are refused
/// with the instruction named.
pub fn lower(program: &Program) -> Result<Kernel, RunError> {
    let shader = program.version.shader;
    if !matches!(shader, ShaderType::Compute | ShaderType::Pixel) {
        return Err(RunError::Unsupported(format!(
            "{} shaders: the interpreter runs compute (il_cs) and pixel (il_ps) kernels",
            shader.name()
        )));
    }
    let mut l = Lowering {
        program,
        shader,
        code: Vec::new(),
        slots: Vec::new(),
        slot_of: HashMap::new(),
        literals: HashMap::new(),
        decls: Decls::default(),
        functions: HashMap::new(),
        next_scope: 1,
        depth: 0,
        position_inputs: program
            .body
            .iter()
            .filter(|i| {
                i.opcode == Opcode::DclInput
                    && i.field("usage").and_then(ImportUsage::from_u32)
                        == Some(ImportUsage::Position)
            })
            .filter_map(|i| i.dst.as_ref().filter(|d| d.reg.ty == RegType::Input))
            .map(|d| d.reg.num)
            .collect(),
    };
    l.collect_constants(&program.body, 0);
    for inst in &program.body {
        l.instruction(inst, 0)?;
    }
    l.finish_decls();
    let skip = l.resolve_flow()?;
    Ok(Kernel {
        shader,
        code: l.code,
        skip,
        slots: l.slots,
        decls: l.decls,
    })
}

/// Register names are scoped: scope 0 is the program, every macro expansion opens one.
type Scope = u32;

struct Lowering<'p> {
    program: &'p Program,
    shader: ShaderType,
    code: Vec<Inst>,
    slots: Vec<SlotInit>,
    slot_of: HashMap<(Scope, RegType, u32), u32>,
    /// Literal and `def` values by scope, type and number.
    literals: HashMap<(Scope, RegType, u32), Vec4>,
    decls: Decls,
    /// Function label to the address of its `func`.
    functions: HashMap<u32, u32>,
    next_scope: Scope,
    depth: usize,
    /// Input registers declared as the pixel position (`dcl_input_position_interp`).
    position_inputs: Vec<u32>,
}

fn unsupported(inst: &Instruction, what: impl std::fmt::Display) -> RunError {
    RunError::Unsupported(format!("`{}`: {what}", inst.info().mnemonic))
}

/// The number of an input or output register, `v1` or `v[1]`; register-relative indices
/// (which select the register at run time) are not modelled.
fn fixed_number(reg: &Register, inst: &Instruction, what: &str) -> Result<u32, RunError> {
    if reg.index.as_ref().is_some_and(|i| i.relative.is_some()) {
        return Err(unsupported(inst, format!("relative addressing of {what}")));
    }
    Ok(reg.num + reg.index.as_ref().and_then(|i| i.offset).unwrap_or(0))
}

impl Lowering<'_> {
    /// Literals and `def` constants are fixed values: collect them first, so that a use
    /// needs no order (the validator already checked that each is defined once).
    fn collect_constants(&mut self, body: &[Instruction], scope: Scope) {
        for inst in body {
            let ty = match inst.opcode {
                Opcode::DclLiteral => inst.srcs.first().map(|s| s.reg.ty),
                Opcode::Def | Opcode::Defb => inst.dst.as_ref().map(|d| d.reg.ty),
                _ => None,
            };
            let reg = match inst.opcode {
                Opcode::DclLiteral => inst.srcs.first().map(|s| &s.reg),
                _ => inst.dst.as_ref().map(|d| &d.reg),
            };
            if let (Some(ty), Some(reg)) = (ty, reg) {
                let mut value = [0u32; 4];
                for (v, w) in value.iter_mut().zip(inst.words.iter()) {
                    *v = *w;
                }
                if inst.opcode == Opcode::Defb {
                    value = [inst.words.first().copied().unwrap_or(0); 4];
                }
                self.literals.insert((scope, ty, reg.num), value);
            }
        }
    }

    fn slot(&mut self, scope: Scope, ty: RegType, num: u32, init: SlotInit) -> u32 {
        let scoped = matches!(ty, RegType::Temp | RegType::InputArg | RegType::OutputArg);
        let scope = if scoped { scope } else { 0 };
        *self.slot_of.entry((scope, ty, num)).or_insert_with(|| {
            self.slots.push(init);
            self.slots.len() as u32 - 1
        })
    }

    fn instruction(&mut self, inst: &Instruction, scope: Scope) -> Result<(), RunError> {
        let info = inst.info();
        if inst.opcode == Opcode::Macrocall {
            return self.expand_macro(inst, scope);
        }
        self.declare(inst)?;
        let op = self.op_of(inst)?;
        let dst = match &inst.dst {
            Some(d) if !is_declaration(inst.opcode) => Some(self.dst(d, inst, scope)?),
            _ => None,
        };
        let mut srcs = SmallVec::new();
        if !is_declaration(inst.opcode) {
            for s in &inst.srcs {
                srcs.push(self.src(s, inst, scope)?);
            }
            // `det` and `transpose` read the matrix in src0 and the three registers after
            // it, `mmul` the one in src1.. (L6607, L7089, L7523).
            let matrix = match inst.opcode {
                Opcode::Det | Opcode::Transpose => Some(0),
                Opcode::Mmul => Some(1),
                _ => None,
            };
            if let Some(row0) = matrix.and_then(|i| inst.srcs.get(i)) {
                for k in 1..4 {
                    let mut next = row0.clone();
                    next.reg.num += k;
                    srcs.push(self.src(&next, inst, scope)?);
                }
            }
        }
        let more_dsts = self.more_dsts(inst, scope)?;
        let mut target = 0;
        let label = inst.words.first().copied().unwrap_or(0);
        match info.flow {
            Flow::Func => {
                self.functions.insert(label, self.code.len() as u32);
            }
            Flow::Call => target = label,
            _ => {}
        }
        self.code.push(Inst {
            op,
            opcode: inst.opcode,
            control: inst.control,
            extra: inst.extra,
            data: info.data,
            dst,
            more_dsts,
            srcs,
            target,
            span: inst.span,
        });
        Ok(())
    }

    /// `transpose`'s destinations `dst+1`..`dst+3` (L7551-L7554): the same mask and
    /// modifiers on the next register numbers (the validator takes only `r#` there).
    fn more_dsts(&mut self, inst: &Instruction, scope: Scope) -> Result<Vec<Dst>, RunError> {
        let (Opcode::Transpose, Some(d)) = (inst.opcode, &inst.dst) else {
            return Ok(Vec::new());
        };
        (1..4)
            .map(|k| {
                let mut next = d.clone();
                next.reg.num = d.reg.num.checked_add(k).ok_or_else(|| {
                    RunError::Unsupported("`transpose` dst+3 past the last register".into())
                })?;
                self.dst(&next, inst, scope)
            })
            .collect()
    }

    fn op_of(&self, inst: &Instruction) -> Result<Op, RunError> {
        use Opcode as O;
        let relop = || {
            inst.field("relop")
                .and_then(RelOp::from_u32)
                .unwrap_or(RelOp::Eq)
        };
        Ok(match inst.opcode {
            O::IfLogicalnz | O::Ifnz => Op::If(Cond::NonZero),
            O::IfLogicalz => Op::If(Cond::Zero),
            O::Ifc => Op::If(Cond::Float(relop())),
            O::Else => Op::Else,
            O::Endif => Op::EndIf,
            O::While => Op::Loop { counted: None },
            O::Loop => Op::Loop {
                counted: Some(inst.field("repeat").unwrap_or(0) != 0),
            },
            O::Endloop => Op::EndLoop,
            O::Break => Op::Break(Cond::Always),
            O::BreakLogicalnz => Op::Break(Cond::NonZero),
            O::BreakLogicalz => Op::Break(Cond::Zero),
            O::Breakc => Op::Break(Cond::Float(relop())),
            O::Continue => Op::Continue(Cond::Always),
            O::ContinueLogicalnz => Op::Continue(Cond::NonZero),
            O::ContinueLogicalz => Op::Continue(Cond::Zero),
            O::Continuec => Op::Continue(Cond::Float(relop())),
            O::Switch => Op::Switch(Box::new([])),
            O::Case => Op::Case(inst.words.first().copied().unwrap_or(0)),
            O::Default => Op::Default,
            O::Endswitch => Op::EndSwitch,
            O::Call => Op::Call(Cond::Always),
            O::Callnz | O::CallLogicalnz => Op::Call(Cond::NonZero),
            O::CallLogicalz => Op::Call(Cond::Zero),
            O::RetDyn => Op::Return(Cond::Always),
            O::RetLogicalnz => Op::Return(Cond::NonZero),
            O::RetLogicalz => Op::Return(Cond::Zero),
            // Whether `ret` ends its function is decided in `resolve_flow`.
            O::Ret | O::Endfunc => Op::FunctionEnd,
            O::Func => Op::Nop,
            O::Endmain | O::End => Op::End,
            O::DiscardLogicalnz => Op::Discard(Cond::NonZero),
            O::DiscardLogicalz => Op::Discard(Cond::Zero),
            O::Kill => {
                if inst.field("sample").unwrap_or(0) != 0 {
                    return Err(unsupported(inst, "kill on a texture sample (SM30 stages)"));
                }
                Op::Kill
            }
            O::Fence if inst.control & 1 != 0 => Op::Barrier,
            O::Fence | O::Comment | O::Nop | O::Prefix => Op::Nop,
            op if is_declaration(op) => Op::Nop,
            O::HsCpPhase | O::HsForkPhase | O::HsJoinPhase | O::Endphase => {
                return Err(unsupported(inst, "hull-shader phases"))
            }
            _ => Op::Compute,
        })
    }

    fn expand_macro(&mut self, inst: &Instruction, scope: Scope) -> Result<(), RunError> {
        let id = u32::from(inst.control);
        let Some(def) = self.program.macros.iter().find(|m| u32::from(m.id) == id) else {
            return Err(unsupported(inst, format!("macro {id} is not defined")));
        };
        if self.depth >= MAX_MACRO_DEPTH {
            return Err(unsupported(
                inst,
                format!(
                    "macro expansion deeper than {MAX_MACRO_DEPTH} (a macro that calls itself?)"
                ),
            ));
        }
        let inner = self.next_scope;
        self.next_scope += 1;
        self.collect_constants(&def.body, inner);
        // Prolog: `mov in<i>, actual<i>` (step 1 of L9966).
        for (i, actual) in inst.srcs.iter().enumerate() {
            let formal = self.slot(inner, RegType::InputArg, i as u32, SlotInit::Temp);
            let src = self.src(actual, inst, scope)?;
            self.push_move(DstLoc::Reg(formal), [DstComp::Write; 4], src, inst.span);
        }
        self.depth += 1;
        for body_inst in &def.body {
            self.instruction(body_inst, inner)?;
        }
        self.depth -= 1;
        // Epilog: `mov actual<i>, out<i>`.
        for (i, actual) in inst.macro_outputs.iter().enumerate() {
            let formal = self.slot(inner, RegType::OutputArg, i as u32, SlotInit::Temp);
            let dst = self.dst(actual, inst, scope)?;
            let src = Src {
                loc: Loc::Reg(formal),
                swizzle: [0, 1, 2, 3],
                mods: None,
            };
            self.push_move(dst.loc, dst.mask, src, inst.span);
        }
        Ok(())
    }

    fn push_move(&mut self, loc: DstLoc, mask: [DstComp; 4], src: Src, span: Span) {
        self.code.push(Inst {
            op: Op::Compute,
            opcode: Opcode::Mov,
            control: 0,
            extra: ExtraTokens::default(),
            data: DataType::Bits,
            dst: Some(Dst {
                loc,
                mask,
                clamp: false,
                shift: ShiftScale::None,
            }),
            more_dsts: Vec::new(),
            srcs: smallvec::smallvec![src],
            target: 0,
            span,
        });
    }

    fn src(&mut self, s: &ast::Src, inst: &Instruction, scope: Scope) -> Result<Src, RunError> {
        let loc = self.src_loc(&s.reg, inst, scope)?;
        let m = s.modifier.unwrap_or(ast::SrcMod::IDENTITY);
        let swizzle = m.swizzle.map(|c| match c {
            Swizzle::X => 0,
            Swizzle::Y => 1,
            Swizzle::Z => 2,
            Swizzle::W => 3,
            Swizzle::Zero => SEL_ZERO,
            Swizzle::One => SEL_ONE,
        });
        let mods = m.has_modifiers().then_some(m);
        Ok(Src { loc, swizzle, mods })
    }

    fn index(
        &mut self,
        index: Option<&ast::Index>,
        inst: &Instruction,
        scope: Scope,
    ) -> Result<Index, RunError> {
        let Some(index) = index else {
            return Ok(Index::constant(0));
        };
        let relative = match &index.relative {
            Some(r) => Some(Box::new(self.src(r, inst, scope)?)),
            None => None,
        };
        Ok(Index {
            relative,
            offset: index.offset.unwrap_or(0) as i32,
        })
    }

    /// The index of an indexed register: the bracket of `x0[..]`, or for `cb0[..]`-style
    /// registers the register number plus the bracket.
    fn element(
        &mut self,
        reg: &Register,
        inst: &Instruction,
        scope: Scope,
    ) -> Result<Index, RunError> {
        self.index(reg.index.as_ref(), inst, scope)
    }

    fn src_loc(
        &mut self,
        reg: &Register,
        inst: &Instruction,
        scope: Scope,
    ) -> Result<Loc, RunError> {
        use RegType as R;
        let num = reg.num;
        let plain = |l: &mut Self, init: SlotInit| Ok(Loc::Reg(l.slot(scope, reg.ty, num, init)));
        match reg.ty {
            R::Temp => plain(self, SlotInit::Temp),
            R::InputArg | R::OutputArg => {
                Ok(Loc::Reg(self.slot(scope, reg.ty, num, SlotInit::Temp)))
            }
            R::Literal | R::ConstFloat | R::ConstInt | R::ConstBool => {
                let value = self
                    .literals
                    .get(&(scope, reg.ty, num))
                    .or_else(|| self.literals.get(&(0, reg.ty, num)))
                    .copied();
                match value {
                    Some(v) => Ok(Loc::Imm(v)),
                    None => Err(unsupported(
                        inst,
                        format!(
                            "{}{num} has no value (`dcl_literal`/`def`)",
                            reg.ty.name(self.shader)
                        ),
                    )),
                }
            }
            R::ConstBuff => {
                if let Some(dim) = reg.dims.first() {
                    let buffer = self.index(reg.index.as_ref(), inst, scope)?;
                    let buffer = Index {
                        offset: buffer.offset.wrapping_add(num as i32),
                        ..buffer
                    };
                    let index = self.index(dim.index.as_ref(), inst, scope)?;
                    let index = Index {
                        offset: index.offset.wrapping_add(dim.num as i32),
                        ..index
                    };
                    return Ok(Loc::ConstDynamic { buffer, index });
                }
                // A constant index past the declared size reads the bound buffer
                // (docs/decisions.md, `-Wcb-past-declaration`): the launch needs a buffer
                // that holds it, so the size the program needs grows to cover it.
                let constant = reg.index.as_ref().filter(|i| i.relative.is_none());
                if let Some(offset) = constant.and_then(|i| i.offset) {
                    if let Some(len) = self.decls.const_buffers.get_mut(&num) {
                        *len = (*len).max(offset.saturating_add(1));
                    }
                }
                Ok(Loc::Const {
                    buffer: num,
                    index: self.element(reg, inst, scope)?,
                })
            }
            R::ImmedConstBuff => Ok(Loc::ImmediateConst(self.element(reg, inst, scope)?)),
            R::ITemp => Ok(Loc::ITemp {
                array: num,
                index: self.element(reg, inst, scope)?,
            }),
            R::Global => {
                self.decls.uses_global = true;
                Ok(Loc::Global(self.element(reg, inst, scope)?))
            }
            R::SharedTemp => {
                self.decls.shared_regs = self.decls.shared_regs.max(num + 1);
                Ok(Loc::Shared(num))
            }
            R::Input => {
                let num = fixed_number(reg, inst, "inputs")?;
                let init = self.input_init(num);
                Ok(Loc::Reg(self.slot(0, R::Input, num, init)))
            }
            // Outputs may be read back (the correlator kernels accumulate into `o0`).
            R::Output => Ok(Loc::Reg(
                self.output_slot(fixed_number(reg, inst, "outputs")?),
            )),
            R::WinCoord => plain(self, SlotInit::Position),
            R::Face => plain(self, SlotInit::Face),
            R::VPrim | R::PrimitiveIndex => plain(self, SlotInit::PrimitiveId),
            R::ObjectIndex => plain(self, SlotInit::PixelIndex),
            R::ThreadIdInGroup => plain(self, SlotInit::ThreadIdInGroup),
            R::ThreadIdInGroupFlat => plain(self, SlotInit::ThreadIdInGroupFlat),
            R::AbsoluteThreadId => plain(self, SlotInit::AbsoluteThreadId),
            R::AbsoluteThreadIdFlat => plain(self, SlotInit::AbsoluteThreadIdFlat),
            R::ThreadGroupId => plain(self, SlotInit::ThreadGroupId),
            R::ThreadGroupIdFlat => plain(self, SlotInit::ThreadGroupIdFlat),
            R::Addr => Ok(Loc::LoopCounter),
            other => Err(unsupported(
                inst,
                format!("reading register type {}", other.name(self.shader)),
            )),
        }
    }

    /// How an input register is initialized: the position if its declaration says so,
    /// a bound per-pixel input otherwise.
    fn input_init(&mut self, num: u32) -> SlotInit {
        if self.position_inputs.contains(&num) {
            SlotInit::Position
        } else {
            if !self.decls.inputs.contains(&num) {
                self.decls.inputs.push(num);
            }
            SlotInit::Input(num)
        }
    }

    /// The slot of output `o<num>`, which becomes a render target of the dispatch.
    fn output_slot(&mut self, num: u32) -> u32 {
        if !self.decls.outputs.contains(&num) {
            self.decls.outputs.push(num);
        }
        self.slot(0, RegType::Output, num, SlotInit::Output(num))
    }

    fn dst(&mut self, d: &ast::Dst, inst: &Instruction, scope: Scope) -> Result<Dst, RunError> {
        use RegType as R;
        let reg = &d.reg;
        let loc = match reg.ty {
            R::Temp | R::InputArg | R::OutputArg => {
                DstLoc::Reg(self.slot(scope, reg.ty, reg.num, SlotInit::Temp))
            }
            R::Output => DstLoc::Reg(self.output_slot(fixed_number(reg, inst, "outputs")?)),
            R::ITemp => DstLoc::ITemp {
                array: reg.num,
                index: self.element(reg, inst, scope)?,
            },
            R::Global => {
                self.decls.uses_global = true;
                DstLoc::Global(self.element(reg, inst, scope)?)
            }
            R::SharedTemp => {
                self.decls.shared_regs = self.decls.shared_regs.max(reg.num + 1);
                DstLoc::Shared(reg.num)
            }
            R::GenericMem => DstLoc::Memory,
            other => {
                return Err(unsupported(
                    inst,
                    format!("writing register type {}", other.name(self.shader)),
                ))
            }
        };
        let m = d.modifier.unwrap_or(ast::DstMod::WRITE_ALL);
        Ok(Dst {
            loc,
            mask: m.mask,
            clamp: m.clamp,
            shift: m.shift,
        })
    }

    /// Records what a declaration declares.
    fn declare(&mut self, inst: &Instruction) -> Result<(), RunError> {
        use Opcode as O;
        let id = inst.field("id").unwrap_or(0);
        let word = |k: usize| inst.words.get(k).copied().unwrap_or(0);
        let d = &mut self.decls;
        match inst.opcode {
            O::DclConstBuffer if inst.control & 0x8000 != 0 => {
                let elements = inst
                    .words
                    .chunks(4)
                    .map(|c| {
                        let mut v = [0; 4];
                        v[..c.len()].copy_from_slice(c);
                        v
                    })
                    .collect();
                d.immediate_cb = Some(elements);
            }
            O::DclConstBuffer => {
                if let Some(s) = inst.srcs.first() {
                    let n = s.reg.index.as_ref().and_then(|i| i.offset).unwrap_or(0);
                    d.const_buffers.insert(s.reg.num, n);
                }
            }
            O::DclRawUav => {
                d.uavs.insert(id, UavDecl::Raw);
            }
            O::DclStructUav => {
                d.uavs.insert(id, UavDecl::Struct { stride: word(0) });
            }
            O::DclArenaUav => {
                d.uavs.insert(id, UavDecl::Arena);
            }
            // `dcl_uav` (L8184) and AMD's later `dcl_typed_uav` name the same fields.
            O::DclUav | O::DclTypedUav => {
                let ty = inst
                    .field("type")
                    .and_then(PixTexUsage::from_u32)
                    .unwrap_or(PixTexUsage::Unknown);
                let format = inst
                    .field("fmtx")
                    .and_then(ElementFormat::from_u32)
                    .unwrap_or(ElementFormat::Unknown);
                d.uavs.insert(id, UavDecl::Typed { ty, format });
            }
            O::DclTypelessUav => {
                let stride = inst.field("stride").unwrap_or(4);
                d.uavs.insert(id, UavDecl::Typeless { stride });
            }
            O::DclRawSrv => {
                d.srvs.insert(id, None);
            }
            O::DclStructSrv => {
                d.srvs.insert(id, Some(word(0)));
            }
            O::DclResource => {
                let ty = inst
                    .field("type")
                    .and_then(PixTexUsage::from_u32)
                    .unwrap_or(PixTexUsage::Unknown);
                let fmt = |name| {
                    inst.field(name)
                        .and_then(ElementFormat::from_u32)
                        .unwrap_or(ElementFormat::Unknown)
                };
                d.resources.insert(
                    id,
                    ResourceDecl {
                        ty,
                        unnormalized: inst.field("unnorm").unwrap_or(0) != 0,
                        formats: [fmt("fmtx"), fmt("fmty"), fmt("fmtz"), fmt("fmtw")],
                    },
                );
            }
            O::DclLds => {
                d.lds.insert(
                    id,
                    LdsAlloc {
                        offset: 0,
                        size: word(0),
                        stride: None,
                    },
                );
            }
            O::DclStructLds => {
                let (stride, count) = (word(0), word(1));
                d.lds.insert(
                    id,
                    LdsAlloc {
                        offset: 0,
                        size: stride.saturating_mul(count),
                        stride: Some(stride),
                    },
                );
            }
            O::DclLdsSizePerThread => {
                let size = inst.field("size").unwrap_or(0);
                let abs = d.lds_per_thread.is_some_and(|(_, a)| a);
                d.lds_per_thread = Some((size, abs));
            }
            O::DclLdsSharingMode => {
                let abs = inst.field("mode").unwrap_or(0) != 0;
                let size = d.lds_per_thread.map_or(0, |(s, _)| s);
                d.lds_per_thread = Some((size, abs));
            }
            O::DclGds => {
                d.gds.insert(
                    id,
                    LdsAlloc {
                        offset: 0,
                        size: word(0),
                        stride: None,
                    },
                );
            }
            O::DclStructGds => {
                let (stride, count) = (word(0), word(1));
                d.gds.insert(
                    id,
                    LdsAlloc {
                        offset: 0,
                        size: stride.saturating_mul(count),
                        stride: Some(stride),
                    },
                );
            }
            O::DclNumThreadPerGroup => {
                let mut size = [1u32; 3];
                for (s, w) in size.iter_mut().zip(inst.words.iter()) {
                    *s = *w;
                }
                d.group_size = Some(size);
            }
            O::DclMaxThreadPerGroup => d.max_group_size = Some(word(0)),
            O::DclIndexedTempArray => {
                if let Some(s) = inst.srcs.first() {
                    let len = s.reg.index.as_ref().and_then(|i| i.offset).unwrap_or(0);
                    d.itemp_arrays.insert(s.reg.num, (0, len));
                }
            }
            O::DclSharedTemp => {
                if let Some(s) = inst.srcs.first() {
                    let n = s
                        .reg
                        .index
                        .as_ref()
                        .and_then(|i| i.offset)
                        .unwrap_or(s.reg.num + 1);
                    d.shared_regs = d.shared_regs.max(n);
                }
            }
            O::DclOutput => {
                // A declared output is a render target of the dispatch even if no
                // instruction writes it.
                if let Some(out) = inst.dst.as_ref().filter(|o| o.reg.ty == RegType::Output) {
                    if !d.outputs.contains(&out.reg.num) {
                        d.outputs.push(out.reg.num);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Lays out LDS, GDS and the indexed temporaries after every declaration was seen.
    fn finish_decls(&mut self) {
        let d = &mut self.decls;
        let mut offset = 0u32;
        for a in d.lds.values_mut() {
            a.offset = offset;
            offset = offset.saturating_add(a.size.div_ceil(4) * 4);
        }
        d.lds_bytes = offset;
        let mut offset = 0u32;
        for a in d.gds.values_mut() {
            a.offset = offset;
            offset = offset.saturating_add(a.size.div_ceil(4) * 4);
        }
        d.gds_bytes = offset;
        let mut first = 0u32;
        for a in d.itemp_arrays.values_mut() {
            a.0 = first;
            first = first.saturating_add(a.1);
        }
        d.itemp_elements = first;
        d.inputs.sort_unstable();
        d.outputs.sort_unstable();
    }

    /// Matches every flow instruction with its partners and computes the skip addresses.
    fn resolve_flow(&mut self) -> Result<Vec<u32>, RunError> {
        struct Open {
            at: usize,
            /// Instructions of this construct's current part waiting for the next marker.
            pending: Vec<usize>,
            cases: Vec<u32>,
            /// The `else` of an if, to point at the `endif`.
            middle: Option<usize>,
            is_function: bool,
        }
        let n = self.code.len();
        let mut skip = vec![n.saturating_sub(1) as u32; n];
        let mut stack: Vec<Open> = vec![Open {
            at: 0,
            pending: Vec::new(),
            cases: Vec::new(),
            middle: None,
            is_function: false,
        }];
        let resolve = |open: &mut Open, skip: &mut Vec<u32>, to: usize| {
            for p in open.pending.drain(..) {
                skip[p] = to as u32;
            }
        };
        for pc in 0..n {
            let opcode = self.code[pc].opcode;
            let op = self.code[pc].op.clone();
            let top = stack.len() - 1;
            match op {
                Op::If(_) | Op::Loop { .. } | Op::Switch(_) => {
                    stack[top].pending.push(pc);
                    stack.push(Open {
                        at: pc,
                        pending: Vec::new(),
                        cases: Vec::new(),
                        middle: None,
                        is_function: false,
                    });
                }
                Op::Else => {
                    resolve(&mut stack[top], &mut skip, pc);
                    let open = &mut stack[top];
                    self.code[open.at].target = pc as u32;
                    open.middle = Some(pc);
                }
                Op::EndIf | Op::EndLoop | Op::EndSwitch => {
                    let Some(mut open) = stack.pop().filter(|_| top > 0) else {
                        return Err(RunError::Fault(format!(
                            "`{}` without its opening instruction",
                            opcode.mnemonic()
                        )));
                    };
                    resolve(&mut open, &mut skip, pc);
                    match op {
                        Op::EndIf => {
                            let from = open.middle.unwrap_or(open.at);
                            self.code[from].target = pc as u32;
                        }
                        Op::EndLoop => {
                            self.code[open.at].target = pc as u32;
                            self.code[pc].target = open.at as u32 + 1;
                        }
                        _ => {
                            self.code[open.at].target = pc as u32;
                            self.code[open.at].op = Op::Switch(open.cases.into_boxed_slice());
                        }
                    }
                }
                Op::Case(v) => {
                    resolve(&mut stack[top], &mut skip, pc);
                    stack[top].cases.push(v);
                }
                Op::Default => resolve(&mut stack[top], &mut skip, pc),
                Op::FunctionEnd => {
                    // `ret` ends its function only at the function's top level; anywhere
                    // else it returns the active lanes (the validator reports that case).
                    if stack[top].is_function {
                        resolve(&mut stack[top], &mut skip, pc);
                        if opcode == Opcode::Ret {
                            stack[top].is_function = false;
                            stack[top].at = pc;
                        }
                    } else if opcode == Opcode::Ret {
                        self.code[pc].op = Op::Return(Cond::Always);
                        stack[top].pending.push(pc);
                    }
                }
                Op::End => {
                    while stack.len() > 1 {
                        stack.pop();
                    }
                    resolve(&mut stack[0], &mut skip, pc);
                }
                _ if opcode == Opcode::Func => {
                    while stack.len() > 1 {
                        stack.pop();
                    }
                    let top = &mut stack[0];
                    top.pending.clear();
                    top.is_function = true;
                }
                _ => stack[top].pending.push(pc),
            }
        }
        // Calls: labels to the instruction after `func`.
        for inst in &mut self.code {
            if matches!(inst.op, Op::Call(_)) {
                let label = inst.target;
                match self.functions.get(&label) {
                    Some(&at) => inst.target = at + 1,
                    None => {
                        return Err(RunError::Fault(format!(
                            "call to function {label}, which is not defined"
                        )))
                    }
                }
            }
        }
        Ok(skip)
    }
}

/// Declarations and other instructions that do nothing when run.
pub fn is_declaration(op: Opcode) -> bool {
    let name = op.mnemonic();
    name.starts_with("dcl") || matches!(op, Opcode::Def | Opcode::Defb)
}
