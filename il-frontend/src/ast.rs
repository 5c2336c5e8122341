//! The abstract syntax of an IL program.
//!
//! The AST mirrors the token stream of Chapter 2 closely enough that text and binary map to
//! the same tree and back without loss: an instruction keeps its opcode's control bits, its
//! modifier tokens and its trailing words; an operand keeps whether it carried a modifier
//! token, its register-relative index and immediate, and its nested dimensions. Everything
//! the reference lets a token stream say has exactly one text spelling, so
//! `encode(parse(print(p))) == encode(p)`.
//!
//! Spans point into the input the tree came from (bytes of text, or token bytes of a
//! stream); [`Program::clear_spans`] erases them to compare trees from different inputs.

use smallvec::SmallVec;

use crate::diag::Span;
use crate::enums::{DivComp, DstComp, Language, ShaderType, ShiftScale, Swizzle};
use crate::opcode::{OpInfo, Opcode};
use crate::regs::RegType;

/// A whole program: optional macro definitions, the language and version header, and the
/// instruction stream up to and including `end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// `mdef`..`mend` blocks, which precede the language token (L9913).
    pub macros: Vec<MacroDef>,
    pub language: Language,
    pub version: Version,
    pub body: Vec<Instruction>,
}

/// The `IL_Version` token (Table 2.3, L478-L490).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    pub shader: ShaderType,
    pub major: u8,
    pub minor: u8,
    pub multipass: bool,
    pub realtime: bool,
    pub span: Span,
}

/// `mdef(k)_out(m)_in(n)[_outline]` ... `mend` (7.19, L9923-L9952).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroDef {
    pub id: u16,
    pub outputs: u8,
    pub inputs: u8,
    pub outline: bool,
    pub body: Vec<Instruction>,
    pub span: Span,
}

/// One instruction packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub opcode: Opcode,
    /// Bits 16..=31 of the opcode token, except the bits the opcode's packet layout derives
    /// from other parts of the instruction (modifier-token presence, word counts).
    pub control: u16,
    /// Opcode-specific tokens between the opcode token and the operands.
    pub extra: ExtraTokens,
    /// Per-component `precise` flags of a preceding `PREFIX` packet (7.3), written `_prec`.
    pub precise: Option<u8>,
    pub dst: Option<Dst>,
    pub srcs: SmallVec<[Src; 3]>,
    /// The outputs of a macro call (`mcall`), the only instruction with several
    /// destinations; empty for every other opcode.
    pub macro_outputs: Vec<Dst>,
    /// Raw words after the operands: labels, literal values, sizes, counts.
    pub words: SmallVec<[u32; 4]>,
    pub span: Span,
}

/// Opcode-specific tokens that follow the opcode token (L3158-L3162): a primary and a
/// secondary modifier, and for sampling instructions a resource-format word (with indexed
/// arguments) and an address-offset word (with `_aoffimmi`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExtraTokens {
    pub primary: Option<u32>,
    pub secondary: Option<u32>,
    pub resource_format: Option<u32>,
    pub address_offset: Option<u32>,
}

impl Instruction {
    pub fn new(opcode: Opcode) -> Instruction {
        Instruction {
            opcode,
            control: 0,
            extra: ExtraTokens::default(),
            precise: None,
            dst: None,
            srcs: SmallVec::new(),
            macro_outputs: Vec::new(),
            words: SmallVec::new(),
            span: Span::default(),
        }
    }

    pub fn info(&self) -> &'static OpInfo {
        self.opcode.info()
    }

    /// The value of the control field `name` (`id`, `relop`, `usage`, ...), if the opcode has
    /// it and the token that holds it is present.
    pub fn field(&self, name: &str) -> Option<u32> {
        self.info()
            .field(name)?
            .value_in(self.control, &self.extra, &self.words)
    }
}

/// A register reference as one source or destination token encodes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    pub ty: RegType,
    /// The register number (for indexed types, the array or buffer number).
    pub num: u32,
    /// Register-relative index and/or immediate of this token.
    pub index: Option<Index>,
    /// Further dimensions, each carried by a nested token (`v[1][2]`, L786-L795).
    pub dims: Vec<Dim>,
    pub span: Span,
}

impl Register {
    pub fn new(ty: RegType, num: u32) -> Register {
        Register {
            ty,
            num,
            index: None,
            dims: Vec::new(),
            span: Span::default(),
        }
    }
}

/// `[r2.x+6]`, `[r0.x]` or `[6]`: at least one of the two parts is present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Index {
    /// The index register (a scalar: its swizzle replicates one component).
    pub relative: Option<Box<Src>>,
    /// The immediate, added to the index register's value if both are present.
    pub offset: Option<u32>,
}

/// A nested dimension token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dim {
    pub num: u32,
    pub index: Option<Index>,
}

/// A destination operand: `r0.x_z_` with the instruction's `_sat` / `_x2` modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dst {
    pub reg: Register,
    /// The `IL_Dst_Mod` token, if the destination carries one.
    pub modifier: Option<DstMod>,
}

/// `IL_Dst_Mod` (Table 2.7, L582-L590).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DstMod {
    pub mask: [DstComp; 4],
    pub clamp: bool,
    pub shift: ShiftScale,
}

impl DstMod {
    pub const WRITE_ALL: DstMod = DstMod {
        mask: [DstComp::Write; 4],
        clamp: false,
        shift: ShiftScale::None,
    };
}

impl Dst {
    /// The write mask in effect (all four components without a modifier token).
    pub fn mask(&self) -> [DstComp; 4] {
        self.modifier.map_or([DstComp::Write; 4], |m| m.mask)
    }
}

/// A source operand: `r1.zyx1_abs_neg(x)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Src {
    pub reg: Register,
    /// The `IL_Src_Mod` token, if the source carries one.
    pub modifier: Option<SrcMod>,
}

/// `IL_Src_Mod` (Table 2.9, L690-L712).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SrcMod {
    pub swizzle: [Swizzle; 4],
    pub negate: [bool; 4],
    pub invert: bool,
    pub bias: bool,
    pub x2: bool,
    pub sign: bool,
    pub abs: bool,
    pub divcomp: DivComp,
    pub clamp: bool,
}

impl SrcMod {
    pub const IDENTITY: SrcMod = SrcMod {
        swizzle: [Swizzle::X, Swizzle::Y, Swizzle::Z, Swizzle::W],
        negate: [false; 4],
        invert: false,
        bias: false,
        x2: false,
        sign: false,
        abs: false,
        divcomp: DivComp::None,
        clamp: false,
    };

    /// Whether any modifier other than the swizzle is set.
    pub fn has_modifiers(&self) -> bool {
        self.negate.iter().any(|&n| n)
            || self.invert
            || self.bias
            || self.x2
            || self.sign
            || self.abs
            || self.divcomp != DivComp::None
            || self.clamp
    }
}

impl Src {
    pub fn new(reg: Register) -> Src {
        Src {
            reg,
            modifier: None,
        }
    }

    /// The swizzle in effect (`xyzw` without a modifier token).
    pub fn swizzle(&self) -> [Swizzle; 4] {
        self.modifier.unwrap_or(SrcMod::IDENTITY).swizzle
    }
}

impl Program {
    /// Sets every span to the default, so that trees read from different inputs (text and
    /// binary) compare equal when they describe the same program.
    pub fn clear_spans(&mut self) {
        self.version.span = Span::default();
        for m in &mut self.macros {
            m.span = Span::default();
            m.body.iter_mut().for_each(Instruction::clear_spans);
        }
        self.body.iter_mut().for_each(Instruction::clear_spans);
    }

    /// The same program without modifier tokens that change nothing (an `IL_Dst_Mod`
    /// writing all four components unscaled and unclamped, an `IL_Src_Mod` with the
    /// identity swizzle and no modifier). A token stream may carry such tokens, and the AST
    /// keeps them so that re-encoding is exact; two programs that differ only in them mean
    /// the same.
    pub fn without_redundant_modifiers(&self) -> Program {
        let mut p = self.clone();
        let strip = |inst: &mut Instruction| inst.strip_redundant_modifiers();
        p.macros
            .iter_mut()
            .for_each(|m| m.body.iter_mut().for_each(strip));
        p.body.iter_mut().for_each(strip);
        p
    }

    /// Whether `v#` in the main body is the SM30 vertex input ([`RegType::Vertex`]): in a
    /// vertex shader whose body declares vertex inputs with `dclv`/`initv`. Everywhere else
    /// (and in macros) `v#` is the SM40 input ([`RegType::Input`]). Text has one spelling
    /// for both, so a program holds only the type this rule gives (`docs/decisions.md`,
    /// "Registers").
    pub fn v_is_vertex_input(&self) -> bool {
        self.version.shader == ShaderType::Vertex
            && self
                .body
                .iter()
                .any(|i| matches!(i.opcode, Opcode::Dclv | Opcode::Initv))
    }

    /// All instructions: macro bodies first, then the main stream.
    pub fn instructions(&self) -> impl Iterator<Item = &Instruction> {
        self.macros
            .iter()
            .flat_map(|m| m.body.iter())
            .chain(self.body.iter())
    }
}

impl Instruction {
    fn strip_redundant_modifiers(&mut self) {
        for d in self.dst.iter_mut().chain(self.macro_outputs.iter_mut()) {
            if d.modifier == Some(DstMod::WRITE_ALL) {
                d.modifier = None;
            }
            d.reg.strip_redundant_modifiers();
        }
        for s in &mut self.srcs {
            s.strip_redundant_modifiers();
        }
    }

    /// Calls `f` on every register of the instruction: destinations, sources and the index
    /// registers inside their brackets.
    pub fn for_each_register_mut(&mut self, f: &mut dyn FnMut(&mut Register)) {
        let dsts = self.dst.iter_mut().chain(self.macro_outputs.iter_mut());
        for reg in dsts
            .map(|d| &mut d.reg)
            .chain(self.srcs.iter_mut().map(|s| &mut s.reg))
        {
            reg.for_each_register_mut(f);
        }
    }

    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        self.for_each_register_mut(&mut |r| r.span = Span::default());
    }
}

impl Src {
    fn strip_redundant_modifiers(&mut self) {
        if self.modifier == Some(SrcMod::IDENTITY) {
            self.modifier = None;
        }
        self.reg.strip_redundant_modifiers();
    }
}

impl Register {
    fn strip_redundant_modifiers(&mut self) {
        let indices = self
            .index
            .iter_mut()
            .chain(self.dims.iter_mut().filter_map(|d| d.index.as_mut()));
        for index in indices {
            if let Some(r) = &mut index.relative {
                r.strip_redundant_modifiers();
            }
        }
    }

    /// Calls `f` on this register, then on the index registers of its brackets.
    fn for_each_register_mut(&mut self, f: &mut dyn FnMut(&mut Register)) {
        f(self);
        let indices = self
            .index
            .iter_mut()
            .chain(self.dims.iter_mut().filter_map(|d| d.index.as_mut()));
        for index in indices {
            if let Some(r) = &mut index.relative {
                r.reg.for_each_register_mut(f);
            }
        }
    }
}
