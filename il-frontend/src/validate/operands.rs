//! Operands in the context of their instruction: register direction, modifiers legal for
//! the operand type, required write masks, index registers, shader-model mixing.

use crate::ast::{Dst, Instruction, Program, Register, Src};
use crate::compat::Leniency;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::enums::{DivComp, DstComp, ShaderType, ShiftScale};
use crate::opcode::{DataType, Opcode};
use crate::regs::{RegType, ShaderModel};

pub(super) fn check(program: &Program, diags: &mut Diagnostics) {
    let shader = program.version.shader;
    let mut models = ModelUse::default();
    for inst in program.instructions() {
        instruction(inst, shader, &mut models, diags);
    }
    if let (Some(sm30), Some(sm40)) = (models.sm30, models.sm40) {
        // App.C (L11306) forbids mixing; real CAL-era programs did mix (the correlator
        // declares `vWinCoord0` with `dcl_input`), so this is a warning.
        diags.push(
            Diagnostic::lenient(
                sm30.max(sm40),
                Leniency::MixedShaderModels,
                "SM30-only and SM40-only features in one program",
            )
            .note("App.C L11306 forbids mixing them")
            .related(sm30, "the first SM30-only feature")
            .related(sm40, "the first SM40-only feature"),
        );
    }
}

#[derive(Default)]
struct ModelUse {
    sm30: Option<Span>,
    sm40: Option<Span>,
}

impl ModelUse {
    fn note(&mut self, model: ShaderModel, span: Span) {
        match model {
            ShaderModel::Sm30Only => {
                self.sm30.get_or_insert(span);
            }
            ShaderModel::Sm40Only => {
                self.sm40.get_or_insert(span);
            }
            ShaderModel::Any => {}
        }
    }
}

trait MaxSpan {
    fn max(self, other: Span) -> Span;
}

impl MaxSpan for Span {
    fn max(self, other: Span) -> Span {
        if other.start > self.start {
            other
        } else {
            self
        }
    }
}

fn error(diags: &mut Diagnostics, span: Span, message: String, expected: impl Into<String>) {
    diags.push(Diagnostic::error(span, message).expected(expected));
}

/// Instructions whose operands name what they declare rather than values they read or write.
fn is_declaration(op: Opcode) -> bool {
    op.mnemonic().starts_with("dcl") || matches!(op, Opcode::Def | Opcode::Defb | Opcode::Initv)
}

/// Stores whose destination is the `mem` write-mask carrier (L1591-L1610).
fn stores_through_mem(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::UavRawStore | Opcode::UavStructStore | Opcode::LdsStoreVec | Opcode::LdsWriteVec
    )
}

/// Register types an instruction may write.
fn writable(ty: RegType) -> bool {
    use RegType::*;
    matches!(
        ty,
        Temp | Addr
            | VOutput
            | PInput
            | Sprite
            | Pos
            | Interp
            | Fog
            | TexCoord
            | PriColor
            | SecColor
            | PColor
            | Depth
            | Stencil
            | Clip
            | ITemp
            | Output
            | OMask
            | Persist
            | Global
            | PsOutFog
            | SharedTemp
            | GenericMem
            | OutputCp
            | OcpId
            | EdgeFlag
            | DepthLe
            | DepthGe
            | InputArg
            | OutputArg
            | VPrim
    )
}

/// Register types an instruction may read. Table 5.8 marks `o#` write-only, but real
/// programs read their outputs back (the correlator's `mad o0, r20, r22, o0`), and AMD's
/// compiler accepted them, so `o#` is readable.
fn readable(ty: RegType) -> bool {
    use RegType::*;
    !matches!(
        ty,
        GenericMem
            | PColor
            | Depth
            | Stencil
            | Clip
            | OMask
            | Pos
            | Sprite
            | VOutput
            | PsOutFog
            | EdgeFlag
            | DepthLe
            | DepthGe
            | OutputArg
    )
}

fn instruction(
    inst: &Instruction,
    shader: ShaderType,
    models: &mut ModelUse,
    diags: &mut Diagnostics,
) {
    let info = inst.info();
    models.note(info.model, inst.span);
    let declaration = is_declaration(inst.opcode);
    for d in inst.dst.iter().chain(&inst.macro_outputs) {
        models.note(d.reg.ty.shader_model(), d.reg.span);
        if !declaration {
            destination(inst, d, diags);
        }
    }
    for s in &inst.srcs {
        models.note(s.reg.ty.shader_model(), s.reg.span);
        if !declaration {
            source(inst, s, diags);
        }
    }
    if stores_through_mem(inst.opcode) {
        if let Some(d) = &inst.dst {
            if d.reg.ty != RegType::GenericMem {
                error(
                    diags,
                    d.reg.span,
                    format!("`{}` writes through `mem`", info.mnemonic),
                    "`mem` with a write mask, e.g. `mem.x___` (L8841)",
                );
            }
        }
    }
    required_masks(inst, diags);
    if inst.opcode == Opcode::Transpose {
        transpose_rows(inst, diags);
    }
    shader_rules(inst, shader, diags);
    if info.line == 0 && !matches!(inst.opcode, Opcode::Unknown) {
        diags.push(
            Diagnostic::warning(inst.span, format!("`{}` ({}) has no entry in the reference", info.mnemonic, info.enum_name))
                .note("its operands are ilc's reading of the App.B name (docs/decisions.md, \"undocumented opcodes\")"),
        );
    }
}

fn destination(inst: &Instruction, d: &Dst, diags: &mut Diagnostics) {
    let info = inst.info();
    let ty = d.reg.ty;
    if ty == RegType::GenericMem && !stores_through_mem(inst.opcode) {
        error(
            diags,
            d.reg.span,
            format!("`{}` cannot write `mem`", info.mnemonic),
            "a register; `mem` is the destination of UAV and LDS stores only (L1591)",
        );
    } else if !writable(ty) {
        error(
            diags,
            d.reg.span,
            format!("`{}` registers are read-only", ty.spellings()[0]),
            "a writable register such as `r#`, `x#[..]` or `o#` (Table 5.8)",
        );
    }
    index_registers(&d.reg, diags);
    let Some(m) = d.modifier else { return };
    if m.shift != ShiftScale::None && !matches!(info.data, DataType::Float | DataType::Double) {
        error(
            diags,
            d.reg.span,
            format!("shift scale `_{}` on `{}`", m.shift, info.mnemonic),
            "shift scales only on float or double instructions (L596)",
        );
    }
    if m.clamp && info.data != DataType::Float {
        error(
            diags,
            d.reg.span,
            format!("`_sat` on `{}`", info.mnemonic),
            "`_sat` only on float instructions (L598)",
        );
    }
}

fn source(inst: &Instruction, s: &Src, diags: &mut Diagnostics) {
    let info = inst.info();
    let ty = s.reg.ty;
    if !readable(ty) {
        error(
            diags,
            s.reg.span,
            format!("`{}` registers are write-only", ty.spellings()[0]),
            "a readable register (Table 5.8)",
        );
    }
    if ty == RegType::Timer
        && (inst.opcode != Opcode::Mov || s.modifier.is_some_and(|m| m.has_modifiers()))
    {
        error(
            diags,
            s.reg.span,
            "`Tmr` outside a plain `mov`".into(),
            "`Tmr` only as the source of `mov`, without modifiers (L2280)",
        );
    }
    index_registers(&s.reg, diags);
    let Some(m) = s.modifier else { return };
    let float_only = [
        (m.invert, "_invert"),
        (m.bias && !m.x2, "_bias"),
        (m.x2 && !m.bias, "_x2"),
        (m.bias && m.x2, "_bx2"),
        (m.sign, "_sign"),
        (m.divcomp != DivComp::None, "_divcomp"),
        (m.clamp, "_sat"),
    ];
    let (allowed, what, legal): (fn(&str) -> bool, &str, &str) = match info.data {
        DataType::Float | DataType::None => (|_| true, "float", ""),
        // Table 2.10 says `na` for abs on doubles, the double entries allow it (I-7).
        DataType::Double => (|m| m == "_abs", "double", "swizzles, `_neg` and `_abs`"),
        // Data moved without arithmetic (`cmov_logical`'s values): `_abs` and `_neg` act on
        // the sign bit, as AMD's DX11 driver uses them (`cmov_logical r17, r2.x,
        // r16.zxxz_abs, ..` in corpus/grvk-dx11/primitives).
        DataType::Bits => (
            |m| m == "_abs",
            "data-moving",
            "swizzles, `_neg` and `_abs`",
        ),
        DataType::Int | DataType::Uint => (|_| false, "integer", "swizzles and `_neg`"),
        DataType::Logical => (|_| false, "logical", "swizzles"),
    };
    let abs = (m.abs, "_abs");
    let neg = (
        m.negate.iter().any(|&n| n) && info.data == DataType::Logical,
        "_neg",
    );
    for (set, name) in float_only.into_iter().chain([abs, neg]) {
        if set && !allowed(name) {
            error(
                diags,
                s.reg.span,
                format!(
                    "source modifier `{name}` on the {what} instruction `{}`",
                    info.mnemonic
                ),
                format!("only {legal} on {what} operands (Table 2.10, L673)"),
            );
        }
    }
}

/// Index registers must be scalar: one component replicated (L610).
fn index_registers(reg: &Register, diags: &mut Diagnostics) {
    let indices = reg
        .index
        .iter()
        .chain(reg.dims.iter().filter_map(|d| d.index.as_ref()));
    for index in indices {
        let Some(r) = &index.relative else { continue };
        let swizzle = r.swizzle();
        if r.modifier.is_none() || swizzle.iter().any(|&c| c != swizzle[0]) {
            error(
                diags,
                r.reg.span,
                "the index register is not a scalar".into(),
                "one component replicated, such as `r1.x` (L610)",
            );
        }
        if r.modifier.is_some_and(|m| m.has_modifiers()) {
            error(
                diags,
                r.reg.span,
                "a modifier on an index register".into(),
                "a plain component such as `r1.x` (L610)",
            );
        }
        if !readable(r.reg.ty) {
            error(
                diags,
                r.reg.span,
                format!("`{}` registers cannot index", r.reg.ty.spellings()[0]),
                "a readable register",
            );
        }
    }
}

/// `transpose dst, src0` reads `src0`..`src0+3` and writes `dst`..`dst+3` by register
/// number (L7523-L7554). The entry defines those neighbours only by number, so ilc takes
/// the form real programs use, four consecutive temporaries `r#` without an index: the
/// next number of an `x#[..]`, `cb#[..]` or `v#` operand is not said, and would silently
/// name something else. Modifiers and masks need no rule here: `EvalSource` and
/// `WriteResult` apply them to each row (docs/decisions.md, "`transpose`").
fn transpose_rows(inst: &Instruction, diags: &mut Diagnostics) {
    let operands = inst
        .dst
        .iter()
        .map(|d| (&d.reg, "dst"))
        .chain(inst.srcs.iter().map(|s| (&s.reg, "src0")));
    for (reg, role) in operands {
        let plain = reg.ty == RegType::Temp && reg.index.is_none() && reg.dims.is_empty();
        if !plain {
            error(
                diags,
                reg.span,
                format!("`transpose` {role} is not a plain temporary"),
                format!("a temporary `r#` without an index: `transpose` uses {role}..{role}+3 by register number (L7523-L7554)"),
            );
        } else if reg.num.checked_add(3).is_none() {
            error(
                diags,
                reg.span,
                format!("`transpose` {role}+3 is past the last register number"),
                "a temporary number of at most 4294967292 (L7523-L7554)",
            );
        }
    }
}

/// Write masks that particular instructions require.
fn required_masks(inst: &Instruction, diags: &mut Diagnostics) {
    use Opcode::*;
    let Some(d) = &inst.dst else { return };
    let written: Vec<usize> = d
        .mask()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == DstComp::Write)
        .map(|(i, _)| i)
        .collect();
    let single = matches!(
        inst.opcode,
        UavReadAdd
            | UavReadSub
            | UavReadRsub
            | UavReadMin
            | UavReadMax
            | UavReadUmin
            | UavReadUmax
            | UavReadAnd
            | UavReadOr
            | UavReadXor
            | UavReadXchg
            | UavReadCmpXchg
            | UavReadUinc
            | UavReadUdec
            | AppendBufAlloc
            | AppendBufConsume
            | UavArenaLoad
    );
    if single && written.len() != 1 {
        error(
            diags,
            d.reg.span,
            format!("`{}` returns one value", inst.info().mnemonic),
            "a destination with one component, such as `r0.x` (L8021, L8726, L8855)",
        );
    }
    if inst.opcode == LdsStoreVec
        && !matches!(written.as_slice(), [0] | [0, 1] | [0, 1, 2] | [0, 1, 2, 3])
    {
        error(
            diags,
            d.reg.span,
            "`lds_store_vec` with a gapped mask".into(),
            "`.x`, `.xy`, `.xyz` or `.xyzw` (L8603)",
        );
    }
}

/// Instructions restricted to some shader types.
fn shader_rules(inst: &Instruction, shader: ShaderType, diags: &mut Diagnostics) {
    use Opcode::*;
    let (allowed, why): (&[ShaderType], &str) = match inst.opcode {
        DiscardLogicalz | DiscardLogicalnz | Kill => (
            &[ShaderType::Pixel],
            "pixel shaders only (L4661; undefined in compute, L2688)",
        ),
        Emit | Cut | EmitThenCut | EmitStream | CutStream | EmitThenCutStream => {
            (&[ShaderType::Geometry], "geometry shaders only (L4674)")
        }
        DclNumThreadPerGroup
        | DclMaxThreadPerGroup
        | DclTotalNumThreadGroup
        | DclLds
        | DclStructLds => (
            &[ShaderType::Compute],
            "compute shaders only (L4212, L3283)",
        ),
        Fence if inst.control & 1 != 0 => (
            &[ShaderType::Compute],
            "barriers in compute shaders only (L4760)",
        ),
        _ => return,
    };
    if !allowed.contains(&shader) {
        error(
            diags,
            inst.span,
            format!("`{}` in a {} shader", inst.info().mnemonic, shader),
            format!("`{}` in {why}", inst.info().mnemonic),
        );
    }
}
