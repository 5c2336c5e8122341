//! The opcode table: one entry per `ILOpCode` value, describing everything the parser, the
//! printer, the token codec and the validator need to know about an instruction.
//!
//! Each [`OpInfo`] gives the opcode's text mnemonic, its packet shape (destination, source
//! count, trailing words, opcode-specific tokens), its control fields with their bit
//! positions and text spellings, the operand data type (which decides which modifiers are
//! legal), its role in structured control flow, and the spec line that documents it.
//!
//! Numbering follows Appendix B with `IL_OP_MOVA` inserted after `IL_OP_MOV` (value 72):
//! App.B omits it, so the document's value of every opcode from `MUL` on is one too small.
//! The binary streams AMD's own driver wrote confirm the corrected numbering (`mul_ieee` is
//! 73, `dp2_ieee` 188 in `corpus/grvk-dx11`); see `docs/decisions.md`.

mod fields;
mod table;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use fields::{Field, FieldKind, FieldLoc, FieldSyntax};
pub use table::Opcode;

use crate::enums::NameTable;
use crate::regs::ShaderModel;

/// The data type an instruction's operands hold; it decides which source and destination
/// modifiers are legal (Table 2.10, L718-L728; L596-L598).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataType {
    Float,
    Double,
    Int,
    Uint,
    /// Bitwise logic (`iand`, `ior`, `ixor`, `inot`) and the multimedia instructions: no
    /// source or destination modifier but the swizzle (L3234, L7861).
    Logical,
    /// Bit patterns with no arithmetic meaning (logical ops, moves of raw data, memory).
    Bits,
    /// Declarations and flow control: operands are not arithmetic values.
    None,
}

/// The role of an instruction in the structured control flow of 7.2.2 and 7.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    None,
    /// `ifc`, `ifnz`, `if_logicalz`, `if_logicalnz`.
    If,
    Else,
    EndIf,
    /// `loop` (DX9 counted) and `whileloop`.
    Loop,
    EndLoop,
    Switch,
    Case,
    Default,
    EndSwitch,
    /// `break`, `breakc`, `break_logical*`: leaves the innermost loop or switch.
    Break,
    /// `continue`, `continuec`, `continue_logical*`: next iteration of the innermost loop.
    Continue,
    /// `call`, `callnz`, `call_logical*`: the first trailing word is a function label.
    Call,
    /// `func N`.
    Func,
    EndFunc,
    /// `ret`: ends a function lexically; not inside flow control.
    Ret,
    /// `ret_dyn`, `ret_logical*`: return from anywhere in a function.
    ReturnDynamic,
    EndMain,
    End,
    /// `hs_cp_phase`, `hs_fork_phase`, `hs_join_phase` .. `endphase`.
    Phase,
    EndPhase,
}

/// How the raw words of a packet after its operands are spelled in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    None,
    /// A fixed number of unsigned decimal words (labels, sizes, counts).
    Unsigned(u8),
    /// One signed decimal word (`case -1`).
    Signed,
    /// Four untyped 32-bit values of `dcl_literal`, printed in hex.
    Literal,
    /// Values of `def`/`defb`: floats for `c#`, integers for `i#` and `b#`.
    Def(u8),
    /// 1 to `max` unsigned words whose count is the opcode's control field
    /// (`dcl_num_thread_per_group 64, 1, 1`).
    CountInControl {
        max: u8,
    },
    /// 1 to 3 unsigned words, always encoded as 3 (`dcl_total_num_thread_group`, I-11).
    PaddedTo3,
    /// A float value (`dcl_max_tessfactor 64.0`).
    Float,
    /// `COMMENT`: a length word, then a null-terminated string padded to whole words.
    Comment,
    /// `dcl_function_table_id(k) = {a, b, ...}`: a count word, then the body labels.
    FunctionTable,
    /// `dcl_interface_ptr_id(k)_dynamic(d)[a][l] = {t, ...}`: array size, length, count,
    /// then the table ids.
    InterfacePtr,
    /// `n` words whose bits are described by fields at [`FieldLoc::Word`] and written as
    /// specifiers (`dcl_resource`'s `_fmtx(..)`..`_fmtw(..)`).
    Fields(u8),
    /// One unsigned word that the control field repeats (`dcl_num_instance n`, L4179-L4188).
    MirroredInControl,
}

/// Where an opcode keeps tokens between its opcode token and its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Bits 31 and 30 (if the opcode uses modifier tokens at all) flag a primary and a
    /// secondary modifier token right after the opcode token (Table 2.4, L501-L512).
    Standard { primary: bool, secondary: bool },
    /// Resource fetch and sampling (7.2.3, L3099-L3162): bit 31 flags a primary modifier,
    /// bit 28 (`_ext`, indexed arguments) a resource-format word and two more sources,
    /// bit 29 (`_aoffimmi`) an address-offset word.
    Sample,
    /// `DCL_CB` (L3959-L3986): bit 31 set declares an immediate constant buffer whose
    /// element count and elements follow as words instead of the source operand.
    ConstBuffer,
    /// `MCALL` (L9954): a word with the output count (15:0) and input count (31:16), then
    /// the outputs as destinations and the inputs as sources.
    MacroCall,
}

/// Everything known about one opcode.
#[derive(Debug)]
pub struct OpInfo {
    pub opcode: Opcode,
    /// The name in App.B's `ILOpCode` enum, e.g. `IL_OP_I_ADD`.
    pub enum_name: &'static str,
    /// The canonical text mnemonic.
    pub mnemonic: &'static str,
    /// Other accepted spellings of the mnemonic.
    pub aliases: &'static [&'static str],
    pub dst: bool,
    pub srcs: u8,
    pub words: Words,
    pub layout: Layout,
    pub fields: &'static [Field],
    pub data: DataType,
    pub flow: Flow,
    /// App.C: instructions valid only in SM30 or only in SM40 programs.
    pub model: ShaderModel,
    /// Line of the Chapter 7 entry in `amd-il-reference.txt`; 0 for the opcodes that only
    /// App.B lists.
    pub line: u32,
}

impl OpInfo {
    /// A default entry: no operands, no fields; refined with the builder methods below.
    pub(crate) const fn new(mnemonic: &'static str, line: u32) -> OpInfo {
        OpInfo {
            opcode: Opcode::Unknown,
            enum_name: "",
            mnemonic,
            aliases: &[],
            dst: false,
            srcs: 0,
            words: Words::None,
            layout: Layout::Standard {
                primary: false,
                secondary: false,
            },
            fields: &[],
            data: DataType::None,
            flow: Flow::None,
            model: ShaderModel::Any,
            line,
        }
    }

    /// An instruction with a destination and `srcs` sources of type `data`.
    pub(crate) const fn alu(mnemonic: &'static str, line: u32, srcs: u8, data: DataType) -> OpInfo {
        let mut op = OpInfo::new(mnemonic, line);
        op.dst = true;
        op.srcs = srcs;
        op.data = data;
        op
    }

    pub(crate) const fn dst(mut self) -> Self {
        self.dst = true;
        self
    }
    pub(crate) const fn srcs(mut self, n: u8) -> Self {
        self.srcs = n;
        self
    }
    pub(crate) const fn data(mut self, data: DataType) -> Self {
        self.data = data;
        self
    }
    pub(crate) const fn words(mut self, words: Words) -> Self {
        self.words = words;
        self
    }
    pub(crate) const fn fields(mut self, fields: &'static [Field]) -> Self {
        self.fields = fields;
        self
    }
    pub(crate) const fn flow(mut self, flow: Flow) -> Self {
        self.flow = flow;
        self
    }
    pub(crate) const fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }
    pub(crate) const fn layout(mut self, layout: Layout) -> Self {
        self.layout = layout;
        self
    }
    pub(crate) const fn primary(mut self) -> Self {
        self.layout = Layout::Standard {
            primary: true,
            secondary: false,
        };
        self
    }
    pub(crate) const fn primary_secondary(mut self) -> Self {
        self.layout = Layout::Standard {
            primary: true,
            secondary: true,
        };
        self
    }
    pub(crate) const fn sm30(mut self) -> Self {
        self.model = ShaderModel::Sm30Only;
        self
    }
    pub(crate) const fn sm40(mut self) -> Self {
        self.model = ShaderModel::Sm40Only;
        self
    }

    /// Whether the opcode has an entry in Chapter 7.
    pub fn is_documented(&self) -> bool {
        self.line != 0
    }

    /// Opcode-token bits (as bits 0..16 of the control half) that the packet layout owns:
    /// they flag optional tokens or count words, so the AST derives them.
    pub fn layout_control_bits(&self) -> u16 {
        let mut bits = 0;
        match self.layout {
            Layout::Standard { primary, secondary } => {
                if primary {
                    bits |= 1 << 15;
                }
                if secondary {
                    bits |= 1 << 14;
                }
            }
            Layout::Sample => bits |= (1 << 15) | (1 << 13) | (1 << 12),
            // Bit 31 of DCL_CB is the `immediate` field: it changes the packet shape but is
            // kept in the control bits, since the text spells it as a specifier.
            Layout::ConstBuffer | Layout::MacroCall => {}
        }
        if matches!(
            self.words,
            Words::CountInControl { .. } | Words::MirroredInControl
        ) {
            bits |= 0x3fff;
        }
        bits
    }

    /// The control bits claimed by some field or by the layout.
    pub fn known_control_bits(&self) -> u16 {
        self.fields
            .iter()
            .filter(|f| f.loc == FieldLoc::Control)
            .fold(self.layout_control_bits(), |acc, f| acc | f.mask() as u16)
    }

    /// The field spelled `name` (ignoring ASCII case), among names and aliases.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.is_named(name))
    }

    /// Number of sources an instruction with these control bits and extra tokens takes:
    /// sampling instructions with indexed arguments (`_ext`) take the resource and sampler
    /// index as two more sources (L3113); `srv_*_load_ext` takes one more (L8666).
    pub fn source_count(&self, control: u16, extra: &crate::ast::ExtraTokens) -> usize {
        let base = self.srcs as usize;
        if self.layout == Layout::Sample {
            return base
                + if extra.resource_format.is_some() {
                    2
                } else {
                    0
                };
        }
        match self.field("ext") {
            Some(f) if f.get(u32::from(control)) != 0 => base + 1,
            _ => base,
        }
    }
}

impl Opcode {
    pub fn info(self) -> &'static OpInfo {
        &table::TABLE[self as usize]
    }

    /// The opcode with token value `value`, or `None` for values the reference does not
    /// define (and for `IL_OP_UNKNOWN`, 0, which is not an instruction).
    pub fn from_u16(value: u16) -> Option<Opcode> {
        table::TABLE
            .get(value as usize)
            .map(|info| info.opcode)
            .filter(|&op| op != Opcode::Unknown)
    }

    pub fn mnemonic(self) -> &'static str {
        self.info().mnemonic
    }

    /// All opcodes in numeric order (including `Unknown`, value 0).
    pub fn all() -> impl Iterator<Item = Opcode> {
        table::TABLE.iter().map(|info| info.opcode)
    }

    /// Finds the opcode spelled `mnemonic` (ASCII case-insensitive) among canonical names
    /// and aliases.
    pub fn from_mnemonic(mnemonic: &str) -> Option<Opcode> {
        let mut buf = [0u8; 48];
        let key = lowercase(mnemonic, &mut buf)?;
        mnemonic_map().get(key).copied()
    }
}

fn lowercase<'b>(s: &str, buf: &'b mut [u8; 48]) -> Option<&'b str> {
    let bytes = s.as_bytes();
    if bytes.len() > buf.len() {
        return None;
    }
    let out = &mut buf[..bytes.len()];
    out.copy_from_slice(bytes);
    out.make_ascii_lowercase();
    std::str::from_utf8(out).ok()
}

fn mnemonic_map() -> &'static HashMap<&'static str, Opcode> {
    static MAP: OnceLock<HashMap<&'static str, Opcode>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut map = HashMap::new();
        for info in table::TABLE.iter().skip(1) {
            for name in std::iter::once(&info.mnemonic).chain(info.aliases) {
                let prev = map.insert(*name, info.opcode);
                debug_assert!(prev.is_none(), "mnemonic {name} is listed twice");
            }
        }
        map
    })
}

/// Lists the canonical names of a table for "expected" messages in diagnostics.
pub fn describe_choices(table: &NameTable) -> String {
    table.choices()
}

#[cfg(test)]
mod tests;
