//! Token stream decoder (Chapter 2): 32-bit little-endian tokens to the AST.
//!
//! The decoder refuses anything the text form could not print back (reserved bits, values
//! an enumeration does not define, encodings the reference leaves undefined), so every
//! decoded program prints and re-encodes to the same tokens.

use smallvec::SmallVec;

use super::token::{decode_dst_mod, decode_src_mod, OperandToken};
use crate::ast::{
    Dim, Dst, ExtraTokens, Index, Instruction, MacroDef, Program, Register, Src, Version,
};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::enums::{Language, ShaderType, ShiftScale};
use crate::opcode::{DataType, FieldKind, FieldLoc, FieldSyntax, Layout, OpInfo, Opcode, Words};
use crate::regs::RegType;
use crate::text::printer::{field_value, printable};

/// Nested dimension tokens allowed on one operand (`v[a][b]` needs one).
const MAX_DIMS: usize = 3;

/// Decodes a token stream given as bytes (little-endian dwords, I-57).
pub fn decode(bytes: &[u8]) -> (Option<Program>, Diagnostics) {
    let mut diags = Diagnostics::default();
    if bytes.len() % 4 != 0 {
        diags.push(
            Diagnostic::error(
                Span::new((bytes.len() & !3) as u32, bytes.len() as u32),
                format!(
                    "the stream is {} bytes long, not a whole number of 32-bit tokens",
                    bytes.len()
                ),
            )
            .expected("a multiple of 4 bytes"),
        );
        return (None, diags);
    }
    let tokens: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    match (Decoder {
        tokens: &tokens,
        pos: 0,
    })
    .program()
    {
        Ok(p) => (Some(p), diags),
        Err(d) => {
            diags.push(d);
            (None, diags)
        }
    }
}

struct Decoder<'a> {
    tokens: &'a [u32],
    pos: usize,
}

type Result<T> = std::result::Result<T, Diagnostic>;

impl Decoder<'_> {
    fn span(&self, start: usize) -> Span {
        Span::new(4 * start as u32, 4 * self.pos.max(start + 1) as u32)
    }

    fn err_at(&self, token: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(Span::new(4 * token as u32, 4 * token as u32 + 4), message)
    }

    fn next(&mut self, what: &str) -> Result<u32> {
        match self.tokens.get(self.pos) {
            Some(&t) => {
                self.pos += 1;
                Ok(t)
            }
            None => Err(Diagnostic::error(
                Span::new(4 * self.pos as u32, 4 * self.pos as u32),
                format!("the stream ends inside {what}"),
            )
            .expected(format!("{what} (the stream is truncated)"))),
        }
    }

    fn program(&mut self) -> Result<Program> {
        let mut macros = Vec::new();
        while self
            .tokens
            .get(self.pos)
            .is_some_and(|t| t & 0xffff == Opcode::Macrodef as u32)
        {
            macros.push(self.macro_def()?);
        }
        let lang_at = self.pos;
        let lang = self.next("the IL_Lang token")?;
        let language = Language::from_u32(lang).ok_or_else(|| {
            self.err_at(lang_at, format!("invalid IL_Lang token {lang:#010x}"))
                .expected("a client type 0..=14 with bits 31:8 zero (Table 2.2)")
        })?;
        let version_at = self.pos;
        let v = self.next("the IL_Version token")?;
        let shader = ShaderType::from_u32((v >> 16) & 0xff);
        // Realtime is a pixel shader flag (L1202): text refuses `_rt` elsewhere.
        let realtime = v & (1 << 25) != 0;
        let version = match shader {
            Some(shader) if v >> 26 == 0 && (!realtime || shader == ShaderType::Pixel) => Version {
                shader,
                minor: v as u8,
                major: (v >> 8) as u8,
                multipass: v & (1 << 24) != 0,
                realtime,
                span: self.span(version_at),
            },
            _ => {
                return Err(self
                    .err_at(version_at, format!("invalid IL_Version token {v:#010x}"))
                    .expected("a shader type 0..=5 in bits 23:16, bits 31:26 zero, and bit 25 (realtime) only for a pixel shader (Table 2.3, L1202)"))
            }
        };
        let mut body = Vec::new();
        while self.pos < self.tokens.len() {
            if let Some(inst) = self.instruction()? {
                body.push(inst);
            }
        }
        let mut program = Program {
            macros,
            language,
            version,
            body,
        };
        check_v_registers(&mut program)?;
        Ok(program)
    }

    fn macro_def(&mut self) -> Result<MacroDef> {
        let start = self.pos;
        let t = self.next("a macro definition")?;
        if t >> 30 != 0 {
            return Err(self
                .err_at(start, "MACRODEF with modifier bits set")
                .expected("bits 31:30 zero"));
        }
        let header = self.next("the MACRODEF header word")?;
        if header >> 17 != 0 {
            return Err(self
                .err_at(
                    start + 1,
                    format!("MACRODEF header word {header:#010x} has reserved bits set"),
                )
                .expected("bits 31:17 zero (L9936)"));
        }
        let mut body = Vec::new();
        loop {
            if self.pos >= self.tokens.len() {
                return Err(self
                    .err_at(start, "macro definition without MACROEND")
                    .expected("a MACROEND token"));
            }
            if self.tokens[self.pos] == Opcode::Macroend as u32 {
                self.pos += 1;
                break;
            }
            if self.tokens[self.pos] & 0xffff == Opcode::Macrodef as u32 {
                return Err(self.err_at(self.pos, "macro definitions cannot be nested (L9923)"));
            }
            if let Some(inst) = self.instruction()? {
                body.push(inst);
            }
        }
        Ok(MacroDef {
            id: ((t >> 16) & 0x3fff) as u16,
            inputs: header as u8,
            outputs: (header >> 8) as u8,
            outline: header & (1 << 16) != 0,
            body,
            span: self.span(start),
        })
    }

    /// One packet; a PREFIX packet is folded into the instruction that follows it.
    fn instruction(&mut self) -> Result<Option<Instruction>> {
        let start = self.pos;
        let t = self.next("an instruction")?;
        let code = (t & 0xffff) as u16;
        let Some(opcode) = Opcode::from_u16(code) else {
            return Err(self
                .err_at(start, format!("unknown opcode {code}"))
                .expected("an ILOpCode value 1..=482 (App.B, with IL_OP_MOVA at 72)"));
        };
        let upper = (t >> 16) as u16;
        if opcode == Opcode::Prefix {
            if upper & !0xf != 0 || upper == 0 {
                return Err(self
                    .err_at(start, format!("PREFIX with control {upper:#x}"))
                    .expected("precise flags in bits 19:16 and nothing else (7.3)"));
            }
            if self.pos >= self.tokens.len() {
                return Err(self
                    .err_at(start, "PREFIX at the end of the stream")
                    .expected("an instruction after PREFIX"));
            }
            if self.tokens[self.pos] & 0xffff == Opcode::Prefix as u32 {
                return Err(self
                    .err_at(self.pos, "two PREFIX packets in a row")
                    .expected("an instruction"));
            }
            let mut inst = self
                .instruction()?
                .ok_or_else(|| self.err_at(start, "PREFIX before nothing"))?;
            // Text spells the flags `_prec` on the mnemonic, and `mcall(k)` takes none.
            if inst.opcode == Opcode::Macrocall {
                return Err(self
                    .err_at(start, "PREFIX before MACROCALL")
                    .expected("precise flags on an instruction other than a macro call"));
            }
            inst.precise = Some(upper as u8);
            inst.span = self.span(start);
            return Ok(Some(inst));
        }
        if matches!(opcode, Opcode::Macrodef | Opcode::Macroend) {
            return Err(self
                .err_at(
                    start,
                    format!("{} outside a macro header", opcode.info().enum_name),
                )
                .expected("macro definitions before the IL_Lang token (L9913)"));
        }
        let info = opcode.info();
        let mut inst = Instruction::new(opcode);
        let layout_bits = info.layout_control_bits();
        inst.control = upper & !layout_bits;
        // MACROCALL's control bits are the macro number (L9954), which no field describes.
        let known = if opcode == Opcode::Macrocall {
            0x3fff
        } else {
            info.known_control_bits()
        };
        let unknown = inst.control & !known;
        if unknown != 0 {
            return Err(self
                .err_at(
                    start,
                    format!(
                        "`{}` has undefined control bits {:#x} set",
                        info.mnemonic,
                        u32::from(unknown) << 16
                    ),
                )
                .expected("zero in the bits the instruction does not define"));
        }
        inst.extra = self.extra_tokens(info, upper)?;
        if opcode == Opcode::Macrocall {
            let counts = self.next("the macro call's operand counts")?;
            for _ in 0..counts & 0xffff {
                let at = self.pos;
                let out = self.dst()?;
                // Text spells `_sat` and shift scales on the mnemonic, for the one
                // destination of an ordinary instruction; `mcall(k)` takes none.
                if out
                    .modifier
                    .is_some_and(|m| m.clamp || m.shift != ShiftScale::None)
                {
                    return Err(self
                        .err_at(at, "a macro call output with `_sat` or a shift scale")
                        .expected("a write mask only (L9954)"));
                }
                inst.macro_outputs.push(out);
            }
            for _ in 0..counts >> 16 {
                inst.srcs.push(self.src(0)?);
            }
        } else if info.layout == Layout::ConstBuffer && inst.control & 0x8000 != 0 {
            let n = self.next("the immediate constant buffer's size")?;
            self.check_remaining(n as usize, start)?;
            for _ in 0..n {
                inst.words
                    .push(self.next("an immediate constant buffer element")?);
            }
        } else {
            if info.dst {
                let at = self.pos;
                let d = self.dst()?;
                // As in text (which spells them on the mnemonic): `_sat` only on float
                // instructions, shift scales on float and double ones (L596-L598).
                if let Some(m) = d.modifier {
                    if m.clamp && info.data != DataType::Float {
                        return Err(self
                            .err_at(at, format!("`_sat` on `{}`", info.mnemonic))
                            .expected("`_sat` only on float instructions (L598)"));
                    }
                    if m.shift != ShiftScale::None
                        && !matches!(info.data, DataType::Float | DataType::Double)
                    {
                        return Err(self
                            .err_at(
                                at,
                                format!("shift scale `_{}` on `{}`", m.shift, info.mnemonic),
                            )
                            .expected("shift scales only on float or double instructions (L596)"));
                    }
                }
                inst.dst = Some(d);
            }
            for _ in 0..info.source_count(inst.control, &inst.extra) {
                inst.srcs.push(self.src(0)?);
            }
            self.words(&mut inst, upper, start)?;
        }
        inst.span = self.span(start);
        self.check_fields(&inst, start)?;
        Ok(Some(inst))
    }

    fn check_remaining(&self, n: usize, start: usize) -> Result<()> {
        if n > self.tokens.len() - self.pos {
            return Err(self
                .err_at(
                    start,
                    format!(
                        "the packet declares {n} more words but the stream has {} left",
                        self.tokens.len() - self.pos
                    ),
                )
                .expected("a complete packet (the stream is truncated or corrupt)"));
        }
        Ok(())
    }

    fn extra_tokens(&mut self, info: &OpInfo, upper: u16) -> Result<ExtraTokens> {
        let bit = |b: u16| upper & (1 << b) != 0;
        let mut extra = ExtraTokens::default();
        match info.layout {
            Layout::Standard { primary, secondary } => {
                if primary && bit(15) {
                    extra.primary = Some(self.next("the primary modifier token")?);
                }
                if secondary && bit(14) {
                    extra.secondary = Some(self.next("the secondary modifier token")?);
                }
            }
            Layout::Sample => {
                if bit(15) {
                    extra.primary = Some(self.next("the primary modifier token")?);
                }
                if bit(12) {
                    extra.resource_format = Some(self.next("the resource-format word")?);
                }
                if bit(13) {
                    extra.address_offset = Some(self.next("the address-offset word")?);
                }
            }
            Layout::ConstBuffer | Layout::MacroCall => {}
        }
        Ok(extra)
    }

    fn words(&mut self, inst: &mut Instruction, upper: u16, start: usize) -> Result<()> {
        let info = inst.info();
        let fixed = |n: usize| n;
        let n = match info.words {
            Words::None => 0,
            Words::Unsigned(n) | Words::Def(n) => fixed(n as usize),
            Words::Signed | Words::Float => 1,
            Words::Literal => 4,
            Words::PaddedTo3 => 3,
            Words::Fields(n) => n as usize,
            Words::MirroredInControl => {
                let w = self.tokens.get(self.pos).copied().unwrap_or(0);
                if u32::from(upper & 0x3fff) != w {
                    return Err(self
                        .err_at(
                            start,
                            format!(
                                "`{}` has {} in its control field but {w} in its word",
                                info.mnemonic,
                                upper & 0x3fff
                            ),
                        )
                        .expected("the same count in both (L4179-L4188)"));
                }
                inst.control = 0;
                1
            }
            Words::CountInControl { max } => {
                let n = usize::from(upper & 0x3fff);
                if n == 0 || n > usize::from(max) {
                    return Err(self
                        .err_at(start, format!("`{}` declares {n} values", info.mnemonic))
                        .expected(format!("1 to {max} values in the control field")));
                }
                inst.control = 0;
                n
            }
            Words::Comment => {
                let len_at = self.pos;
                let len = self.next("the comment length")?;
                if len >> 16 != 0 || len == 0 {
                    return Err(self
                        .err_at(len_at, format!("comment length word {len:#x}"))
                        .expected("a length of 1..=65535 dwords with bits 31:16 zero (7.14)"));
                }
                len as usize
            }
            Words::FunctionTable => self.next("the function table's count")? as usize,
            Words::InterfacePtr => {
                inst.words.push(self.next("the interface array size")?);
                inst.words.push(self.next("the interface length")?);
                self.next("the interface table count")? as usize
            }
        };
        self.check_remaining(n, start)?;
        for _ in 0..n {
            let w = self.next("the instruction's words")?;
            inst.words.push(w);
        }
        if info.words == Words::Comment {
            check_comment(&inst.words).map_err(|m| self.err_at(start, m))?;
        }
        Ok(())
    }

    /// Refuses values the text form cannot spell.
    fn check_fields(&self, inst: &Instruction, start: usize) -> Result<()> {
        let info = inst.info();
        for f in info.fields {
            if let (FieldKind::Enum(table), Some(v)) = (f.kind, field_value(inst, f)) {
                if table.name(v).is_none() {
                    return Err(self
                        .err_at(
                            start,
                            format!(
                                "`{}` has `_{}` value {v}, which the reference does not define",
                                info.mnemonic, f.name
                            ),
                        )
                        .expected(format!("one of {}", table.choices())));
                }
            }
        }
        for (loc, word) in [
            (FieldLoc::Primary, inst.extra.primary),
            (FieldLoc::Secondary, inst.extra.secondary),
            (FieldLoc::ResourceFormat, inst.extra.resource_format),
            (FieldLoc::AddressOffset, inst.extra.address_offset),
        ] {
            let Some(word) = word else { continue };
            if !info.fields.iter().any(|f| f.loc == loc) && loc != FieldLoc::ResourceFormat {
                return Err(self
                    .err_at(
                        start,
                        format!(
                            "`{}` carries an opcode-specific token it does not define",
                            info.mnemonic
                        ),
                    )
                    .expected("no modifier or offset token for this instruction"));
            }
            // Text shows a token only through its fields; an all-zero token needs one that
            // can spell 0 (`_uav` cannot), except the resource-format word, shown by `_ext`.
            let spells_zero = info.fields.iter().any(|f| {
                f.loc == loc
                    && f.kind != FieldKind::Flag
                    && matches!(f.syntax, FieldSyntax::Named | FieldSyntax::NamedOrBare)
            });
            if word == 0 && !spells_zero && loc != FieldLoc::ResourceFormat {
                return Err(self
                    .err_at(
                        start,
                        format!(
                            "`{}` carries an opcode-specific token with no bit set",
                            info.mnemonic
                        ),
                    )
                    .expected("a flag set in the token, or no token"));
            }
            let known = info
                .fields
                .iter()
                .filter(|f| f.loc == loc)
                .fold(0, |acc, f| acc | f.mask());
            if word & !known != 0 {
                return Err(self
                    .err_at(
                        start,
                        format!(
                            "`{}` has undefined bits {:#x} set in an opcode-specific token",
                            info.mnemonic,
                            word & !known
                        ),
                    )
                    .expected("zero in the bits the instruction does not define"));
            }
        }
        for (k, &word) in inst.words.iter().enumerate() {
            let fields: Vec<_> = info
                .fields
                .iter()
                .filter(|f| f.loc == FieldLoc::Word(k as u8))
                .collect();
            if fields.is_empty() {
                continue;
            }
            let known = fields.iter().fold(0, |acc, f| acc | f.mask());
            if word & !known != 0 {
                return Err(self
                    .err_at(
                        start,
                        format!(
                            "`{}` has undefined bits {:#x} set in word {k}",
                            info.mnemonic,
                            word & !known
                        ),
                    )
                    .expected("zero in the bits the instruction does not define"));
            }
        }
        Ok(())
    }

    fn dst(&mut self) -> Result<Dst> {
        let start = self.pos;
        let t = OperandToken::decode(self.next("a destination operand")?);
        let modifier = if t.modifier {
            let m = self.next("the destination modifier")?;
            Some(decode_dst_mod(m).ok_or_else(|| {
                self.err_at(start + 1, format!("invalid destination modifier {m:#010x}"))
                    .expected("IL_Dst_Mod with bits 31:13 zero and a shift scale 0..=6 (Table 2.7)")
            })?)
        } else {
            None
        };
        let reg = self.register_rest(t, start, 0)?;
        Ok(Dst { reg, modifier })
    }

    /// A source operand; `depth` counts relative-addressing levels (one is allowed, L610).
    fn src(&mut self, depth: usize) -> Result<Src> {
        let start = self.pos;
        let t = OperandToken::decode(self.next("a source operand")?);
        let modifier = if t.modifier {
            let m = self.next("the source modifier")?;
            Some(decode_src_mod(m).ok_or_else(|| {
                self.err_at(start + 1, format!("invalid source modifier {m:#010x}"))
                    .expected("IL_Src_Mod with bits 31:25 zero, swizzles 0..=5 and divComp 0..=4 (Table 2.9)")
            })?)
        } else {
            None
        };
        let reg = self.register_rest(t, start, depth)?;
        Ok(Src { reg, modifier })
    }

    /// The rest of an operand after its token and modifier: the extended number word, the
    /// relative index, the immediate and the nested dimensions, in that order
    /// (`docs/decisions.md`, "operand token order").
    fn register_rest(&mut self, t: OperandToken, start: usize, depth: usize) -> Result<Register> {
        let ty = RegType::from_u32(u32::from(t.ty)).ok_or_else(|| {
            self.err_at(start, format!("register type {} is not defined", t.ty))
                .expected("an ILRegType value 0..=62")
        })?;
        let (num, index, more) = self.token_addressing(t, start, depth)?;
        let mut reg = Register::new(ty, num);
        reg.index = index;
        let mut more_dims = more;
        while more_dims {
            if reg.dims.len() == MAX_DIMS {
                return Err(self.err_at(start, format!("more than {MAX_DIMS} nested dimensions")));
            }
            let at = self.pos;
            let nested = OperandToken::decode(self.next("a nested dimension token")?);
            if nested.ty != t.ty {
                return Err(self
                    .err_at(
                        at,
                        format!(
                            "nested dimension token has register type {}, not {}",
                            nested.ty, t.ty
                        ),
                    )
                    .expected(
                        "the register type of the operand it indexes (`docs/decisions.md`)",
                    ));
            }
            if nested.modifier {
                return Err(self.err_at(at, "a nested dimension token cannot carry a modifier"));
            }
            let (num, index, more) = self.token_addressing(nested, at, depth)?;
            reg.dims.push(Dim { num, index });
            more_dims = more;
        }
        reg.span = self.span(start);
        // Text writes an index register as a plain register inside the brackets (L610).
        if depth > 0 && (reg.index.is_some() || !reg.dims.is_empty()) {
            return Err(self
                .err_at(start, "an index register cannot itself be indexed")
                .expected("one level of indexing (L610)"));
        }
        if let Err(why) = printable(&reg) {
            return Err(self
                .err_at(
                    start,
                    format!(
                        "unsupported addressing of a `{}` register: {why}",
                        ty.spellings()[0]
                    ),
                )
                .expected("an operand encoding that IL text can express"));
        }
        Ok(reg)
    }

    /// Reads the extended word, the relative index and the immediate of one token.
    fn token_addressing(
        &mut self,
        t: OperandToken,
        start: usize,
        depth: usize,
    ) -> Result<(u32, Option<Index>, bool)> {
        if t.reserved != 0 {
            return Err(self
                .err_at(start, "operand token has reserved bits 30:27 set")
                .expected("zero in bits 30:27 (Table 2.5)"));
        }
        let mut num = u32::from(t.num);
        if t.extended {
            let at = self.pos;
            let high = self.next("the extended register number")?;
            if high >> 16 != 0 || high == 0 {
                return Err(self
                    .err_at(at, format!("extended register word {high:#010x}"))
                    .expected("the high 16 bits of the register number (nonzero) in bits 15:0"));
            }
            num |= high << 16;
        }
        let relative = match t.relative {
            0 => None,
            1 => {
                return Err(self
                    .err_at(start, "relative addressing through IL_Rel_Addr (a0/aL) is not supported")
                    .expected("absolute or register-relative addressing: the reference never defines the IL_Rel_Addr token (I-8)"))
            }
            2 => {
                if depth > 0 {
                    return Err(self
                        .err_at(start, "an index register cannot itself be indexed")
                        .expected("one level of indexing (L610)"));
                }
                Some(Box::new(self.src(depth + 1)?))
            }
            _ => {
                return Err(self
                    .err_at(start, "relative_address value 3 is not defined")
                    .expected("0, 1 or 2 (ILAddressing)"))
            }
        };
        let offset = if t.immediate {
            Some(self.next("an immediate index")?)
        } else {
            None
        };
        let index = (relative.is_some() || offset.is_some()).then_some(Index { relative, offset });
        Ok((num, index, t.dimension))
    }
}

/// Refuses a vertex input (5) where text reads `v#` as the SM40 input (33), and the SM40
/// input where text reads `v#` as a vertex input: text has one spelling for both
/// ([`Program::v_is_vertex_input`]).
fn check_v_registers(program: &mut Program) -> Result<()> {
    let vertex = program.v_is_vertex_input();
    let macros = program.macros.iter_mut().flat_map(|m| m.body.iter_mut());
    let insts = macros
        .map(|i| (i, false))
        .chain(program.body.iter_mut().map(|i| (i, vertex)));
    let mut found = None;
    for (inst, vertex) in insts {
        let (wrong, reads_as) = if vertex {
            (RegType::Input, "a vertex input (5)")
        } else {
            (RegType::Vertex, "an SM40 input (33)")
        };
        inst.for_each_register_mut(&mut |r| {
            if r.ty == wrong && found.is_none() {
                found = Some((r.span, reads_as));
            }
        });
    }
    match found {
        Some((span, reads_as)) => Err(Diagnostic::error(
            span,
            format!("a `v#` register where text reads `v#` as {reads_as}"),
        )
        .expected("vertex inputs only in the body of a vertex shader with `dclv`/`initv`, and SM40 inputs everywhere else")),
        None => Ok(()),
    }
}

/// A comment payload is a null-terminated string with zero padding after the terminator.
fn check_comment(words: &[u32]) -> std::result::Result<(), String> {
    let bytes: SmallVec<[u8; 64]> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    match bytes.iter().position(|&b| b == 0) {
        Some(end) if bytes[end..].iter().all(|&b| b == 0) && bytes.len() - end <= 4 => Ok(()),
        Some(_) => Err(
            "comment has bytes after its terminating null or more than one word of padding".into(),
        ),
        None => Err("comment text is not null-terminated (7.14)".into()),
    }
}
