//! Operands in text: registers with their numbers and brackets, destination write masks,
//! source swizzles and source modifiers.

use super::cursor::{integer_bits, Cursor};
use crate::ast::{Dim, Dst, DstMod, Index, Register, Src, SrcMod};
use crate::diag::{Diagnostic, Span};
use crate::enums::{DivComp, DstComp, Swizzle};
use crate::regs::{RegStyle, RegType};

pub(crate) type OperandResult<T> = Result<T, Diagnostic>;

/// Reads a register: name, optional number, optional brackets.
pub(crate) fn register(c: &mut Cursor<'_>) -> OperandResult<Register> {
    let start = c.pos;
    let name = c.letters();
    if name.is_empty() {
        return Err(Diagnostic::error(c.here(), "expected a register")
            .expected("a register such as `r0`, `l1`, `cb0[2]` or `vAbsTid`"));
    }
    let Some(ty) = RegType::from_name(name) else {
        return Err(
            Diagnostic::error(c.span_from(start), format!("unknown register `{name}`")).expected(
                "a register name from Table 5.8, such as `r`, `l`, `cb`, `x`, `v`, `o`, `vAbsTid`",
            ),
        );
    };
    let digits_start = c.pos;
    let digits = c.digits();
    let suffix = if digits.is_empty() {
        None
    } else {
        Some(parse_register_number(
            digits,
            Span::new(digits_start as u32, c.pos as u32),
        )?)
    };
    let mut reg = Register::new(ty, suffix.unwrap_or(0));
    let mut brackets = Vec::new();
    while c.peek() == Some(b'[') {
        brackets.push(bracket(c)?);
    }
    let mut brackets = brackets.into_iter();
    match ty.style() {
        RegStyle::Indexed { .. } => {
            if let Some(first) = brackets.next() {
                reg.index = Some(first.into_index());
            }
            for b in brackets {
                reg.dims.push(Dim {
                    num: 0,
                    index: Some(b.into_index()),
                });
            }
        }
        RegStyle::NumberInBrackets => {
            let mut first = true;
            for b in brackets {
                let num = b.constant_only(ty)?;
                if first && suffix.is_none() {
                    reg.num = num;
                } else {
                    reg.dims.push(Dim { num, index: None });
                }
                first = false;
            }
        }
        RegStyle::Numbered | RegStyle::Single => {
            // `c[0]` is the doc's spelling of `c0` (L880, L4320).
            if let Some(b) = brackets.next() {
                if suffix.is_some() {
                    return Err(Diagnostic::error(
                        b.span,
                        format!("register `{name}{digits}` cannot be indexed"),
                    )
                    .expected(
                        "no brackets; only x#, cb#, icb, v#, o#, g, p and this are indexed",
                    ));
                }
                reg.num = b.constant_only(ty)?;
            }
            if let Some(b) = brackets.next() {
                return Err(Diagnostic::error(
                    b.span,
                    format!("register `{name}` has only one dimension"),
                ));
            }
        }
    }
    reg.span = c.span_from(start);
    Ok(reg)
}

fn parse_register_number(digits: &str, span: Span) -> OperandResult<u32> {
    digits.parse().map_err(|_| {
        Diagnostic::error(span, format!("register number {digits} is too large"))
            .expected("a register number below 2^32")
    })
}

/// The parsed content of one `[...]`.
struct Bracket {
    relative: Option<Box<Src>>,
    offset: Option<u32>,
    span: Span,
}

impl Bracket {
    fn into_index(self) -> Index {
        Index {
            relative: self.relative,
            offset: self.offset,
        }
    }

    fn constant_only(self, ty: RegType) -> OperandResult<u32> {
        match (self.relative, self.offset) {
            (None, Some(n)) => Ok(n),
            _ => Err(Diagnostic::error(
                self.span,
                format!(
                    "the brackets of `{}` hold a register number",
                    ty.spellings()[0]
                ),
            )
            .expected("a constant such as `[2]`")),
        }
    }
}

/// `[r1.x + 4]`, `[r1.x]`, `[4]`, `[l0.x - 1]`.
fn bracket(c: &mut Cursor<'_>) -> OperandResult<Bracket> {
    let open = c.pos;
    c.bump();
    skip_space(c)?;
    let mut relative = None;
    let mut offset = None;
    if matches!(c.peek(), Some(b) if b.is_ascii_alphabetic()) {
        let index = source(c)?;
        if index.reg.index.is_some() || !index.reg.dims.is_empty() {
            return Err(Diagnostic::error(
                index.reg.span,
                "an index register cannot itself be indexed",
            )
            .expected("a plain register such as `r1.x` (one level of indexing, L610)"));
        }
        relative = Some(Box::new(index));
        skip_space(c)?;
        if matches!(c.peek(), Some(b'+' | b'-')) {
            let negative = c.peek() == Some(b'-');
            c.bump();
            skip_space(c)?;
            offset = Some(signed_offset(c, negative)?);
        }
    } else {
        offset = Some(constant(c)?);
    }
    skip_space(c)?;
    if !c.eat(b']') {
        return Err(Diagnostic::error(c.here(), "expected `]`")
            .expected("`]` closing the index")
            .note(format!("the index starts at byte {open}")));
    }
    Ok(Bracket {
        relative,
        offset,
        span: c.span_from(open),
    })
}

/// The unsigned number after the `+` or `-` of a register-relative index, as the signed
/// 32-bit offset it stands for (stored as two's complement).
fn signed_offset(c: &mut Cursor<'_>, negative: bool) -> OperandResult<u32> {
    let start = c.pos;
    if matches!(c.peek(), Some(b'+' | b'-')) {
        return Err(
            Diagnostic::error(c.here(), "a second sign in an index offset")
                .expected("an unsigned offset after `+` or `-`, as in `[r1.x - 3]`"),
        );
    }
    let n = constant(c)?;
    let limit = if negative { 1 << 31 } else { i32::MAX as u32 };
    if n > limit {
        let sign = if negative { '-' } else { '+' };
        return Err(Diagnostic::error(
            c.span_from(start),
            format!("index offset `{sign}{n}` does not fit a signed 32-bit offset"),
        )
        .expected("an offset from -2147483648 to +2147483647"));
    }
    Ok(if negative { n.wrapping_neg() } else { n })
}

fn constant(c: &mut Cursor<'_>) -> OperandResult<u32> {
    let start = c.pos;
    let Some(token) = c.number_token() else {
        return Err(Diagnostic::error(c.here(), "expected an index")
            .expected("an integer or an index register such as `r1.x`"));
    };
    integer_bits(token).ok_or_else(|| {
        Diagnostic::error(
            c.span_from(start),
            format!("index `{token}` is not a 32-bit integer"),
        )
        .expected("an integer index")
    })
}

fn skip_space(c: &mut Cursor<'_>) -> OperandResult<()> {
    c.skip_inline_space()
        .map_err(|span| Diagnostic::error(span, "unterminated `/*` comment"))
}

fn swizzle_char(b: u8) -> Option<Swizzle> {
    Some(match b.to_ascii_lowercase() {
        b'x' | b'r' => Swizzle::X,
        b'y' | b'g' => Swizzle::Y,
        b'z' | b'b' => Swizzle::Z,
        b'w' | b'a' => Swizzle::W,
        b'0' => Swizzle::Zero,
        b'1' => Swizzle::One,
        _ => return None,
    })
}

/// A destination: a register and an optional `.mask`.
pub(crate) fn destination(c: &mut Cursor<'_>) -> OperandResult<Dst> {
    let start = c.pos;
    let mut reg = register(c)?;
    let mut modifier = None;
    if c.peek() == Some(b'.') {
        c.bump();
        modifier = Some(DstMod {
            mask: write_mask(c)?,
            ..DstMod::WRITE_ALL
        });
        reg.span = c.span_from(start);
    }
    Ok(Dst { reg, modifier })
}

/// A write mask, read with a cursor over the four slots (the doc's examples at L980-L997
/// do not fit its positional grammar; `docs/decisions.md`, "write masks"): a letter moves
/// the cursor to its own slot and writes it; `_`, `0` and `1` apply to the slot under the
/// cursor; the cursor then advances. Slots never reached are not written.
fn write_mask(c: &mut Cursor<'_>) -> OperandResult<[DstComp; 4]> {
    let start = c.pos;
    let mut mask = [DstComp::NoWrite; 4];
    let mut slot = 0usize;
    let mut count = 0;
    while let Some(b) = c.peek() {
        let letter = match b.to_ascii_lowercase() {
            b'x' | b'r' => Some(0),
            b'y' | b'g' => Some(1),
            b'z' | b'b' => Some(2),
            b'w' | b'a' => Some(3),
            _ => None,
        };
        let value = match (letter, b) {
            (Some(s), _) => {
                if s < slot {
                    return Err(Diagnostic::error(
                        c.here(),
                        format!("write mask component `{}` is out of order", b as char),
                    )
                    .expected("components in x, y, z, w order"));
                }
                slot = s;
                DstComp::Write
            }
            (None, b'_') => DstComp::NoWrite,
            (None, b'0') => DstComp::Zero,
            (None, b'1') => DstComp::One,
            _ => break,
        };
        if slot > 3 {
            return Err(
                Diagnostic::error(c.here(), "write mask has more than four components")
                    .expected("at most four of x, y, z, w, _, 0, 1"),
            );
        }
        mask[slot] = value;
        slot += 1;
        count += 1;
        c.bump();
    }
    if count == 0 {
        return Err(
            Diagnostic::error(c.here(), "expected a write mask after `.`")
                .expected("a mask such as `.x`, `.xy__`, `._y__` or `.x_z1`"),
        );
    }
    if matches!(c.peek(), Some(b) if b.is_ascii_alphanumeric()) {
        let end = c.pos + 1;
        return Err(Diagnostic::error(
            Span::new(start as u32, end as u32),
            format!(
                "invalid write mask `{}`",
                &c.text[start..end.min(c.text.len())]
            ),
        )
        .expected("components from x, y, z, w (or r, g, b, a), `_`, `0` and `1`"));
    }
    Ok(mask)
}

/// A source: a register, an optional `.swizzle` and modifiers such as `_abs`, `_neg(xy)`.
pub(crate) fn source(c: &mut Cursor<'_>) -> OperandResult<Src> {
    let start = c.pos;
    let mut reg = register(c)?;
    let mut modifier: Option<SrcMod> = None;
    let mut swizzled = false;
    // The swizzle and the modifiers come in either order: Brook+ writes `r1_neg(xyzw).x000`.
    loop {
        match c.peek() {
            Some(b'.') if !swizzled => {
                c.bump();
                let swizzle = swizzle(c)?;
                modifier.get_or_insert(SrcMod::IDENTITY).swizzle = swizzle;
                swizzled = true;
            }
            Some(b'_') => source_modifier(c, modifier.get_or_insert(SrcMod::IDENTITY))?,
            _ => break,
        }
    }
    reg.span = c.span_from(start);
    Ok(Src { reg, modifier })
}

/// Reads the letters of a swizzle after `.`.
fn swizzle(c: &mut Cursor<'_>) -> OperandResult<[Swizzle; 4]> {
    let mut lanes = Vec::with_capacity(4);
    while lanes.len() < 4 {
        match c.peek().and_then(swizzle_char) {
            Some(s) => {
                lanes.push(s);
                c.bump();
            }
            None => break,
        }
    }
    let Some(&last) = lanes.last() else {
        return Err(Diagnostic::error(c.here(), "expected a swizzle after `.`")
            .expected("a swizzle such as `.x`, `.xyxx` or `.xy01`"));
    };
    // A letter or digit right after the swizzle makes it invalid (`.xq`, `.xyzwx`), unless
    // it starts an instruction written on the same line (`r8.yitof`, see `end_of_line`).
    if c.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
        let mut probe = c.clone();
        let rest = probe.ident().unwrap_or("");
        if super::parser::mnemonic_of(rest).is_none() {
            let bad = c.pos;
            let word_start = bad - lanes.len();
            let mut end = c.clone();
            while end.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
                end.bump();
            }
            let text = &c.text[word_start..end.pos];
            return Err(Diagnostic::error(
                Span::new(bad as u32, end.pos as u32),
                format!("invalid swizzle `.{text}`"),
            )
            .expected("1 to 4 of `x`, `y`, `z`, `w` (or `r`, `g`, `b`, `a`), `0` and `1`"));
        }
    }
    // One letter replicates (L3839); two or three are padded with the last, as in DX
    // (I-5, `docs/decisions.md`).
    let mut swizzle = [last; 4];
    swizzle[..lanes.len()].copy_from_slice(&lanes);
    Ok(swizzle)
}

/// Reads one `_modifier` of a source into `m`.
fn source_modifier(c: &mut Cursor<'_>, m: &mut SrcMod) -> OperandResult<()> {
    let mod_start = c.pos;
    c.bump();
    // No modifier name contains `_`, and the printer chains them without a separator
    // (`_x2_sign`): the name ends at the next underscore.
    let name = c.alphanumerics();
    let args = if c.peek() == Some(b'(') {
        Some(paren_args(c)?)
    } else {
        None
    };
    let span = c.span_from(mod_start);
    let lname = name.to_ascii_lowercase();
    let set = |flag: &mut bool| -> OperandResult<()> {
        if *flag {
            return Err(Diagnostic::error(
                span,
                format!("source modifier `_{name}` given twice"),
            ));
        }
        *flag = true;
        Ok(())
    };
    match (lname.as_str(), args) {
        ("abs", None) => set(&mut m.abs)?,
        ("bias", None) => set(&mut m.bias)?,
        ("x2", None) => set(&mut m.x2)?,
        ("bx2", None) => {
            set(&mut m.bias)?;
            set(&mut m.x2)?;
        }
        ("invert", None) => set(&mut m.invert)?,
        ("sign", None) => set(&mut m.sign)?,
        // Source clamp (bit 24) has no documented spelling; GRVK prints `_sat` (I-6).
        ("sat", None) => set(&mut m.clamp)?,
        ("neg", Some(args)) => {
            let comps = args.trim();
            if comps.is_empty() {
                return Err(Diagnostic::error(span, "`_neg()` names no component")
                    .expected("components such as `_neg(xw)` or `_neg(xyzw)`"));
            }
            for b in comps.bytes() {
                let lane = match b.to_ascii_lowercase() {
                    b'x' | b'r' => 0,
                    b'y' | b'g' => 1,
                    b'z' | b'b' => 2,
                    b'w' | b'a' => 3,
                    _ => {
                        return Err(Diagnostic::error(
                            span,
                            format!("`_neg({comps})` names an unknown component"),
                        )
                        .expected("components from x, y, z, w"))
                    }
                };
                if m.negate[lane] {
                    return Err(Diagnostic::error(span, format!("`_neg({comps})` repeats a component")));
                }
                m.negate[lane] = true;
            }
        }
        ("divcomp", Some(args)) => {
            let Some(d) = DivComp::from_name(args.trim()) else {
                return Err(Diagnostic::error(span, format!("unknown `_divcomp({args})`"))
                    .expected("`_divcomp(y|z|w|unknown|none)`"));
            };
            m.divcomp = d;
        }
        _ => {
            return Err(Diagnostic::error(span, format!("unknown source modifier `_{name}`"))
                .expected("`_abs`, `_neg(..)`, `_bias`, `_x2`, `_bx2`, `_invert`, `_sign`, `_divcomp(..)` or `_sat`"))
        }
    }
    Ok(())
}

/// Reads `( ... )` after a name and returns the text inside, without the parentheses.
pub(crate) fn paren_args<'a>(c: &mut Cursor<'a>) -> OperandResult<&'a str> {
    let open = c.pos;
    c.bump();
    let start = c.pos;
    while let Some(b) = c.peek() {
        match b {
            b')' => {
                let inside = &c.text[start..c.pos];
                c.bump();
                return Ok(inside);
            }
            b'\n' | b'(' => break,
            _ => c.bump(),
        }
    }
    Err(
        Diagnostic::error(Span::new(open as u32, c.pos as u32), "unclosed `(`")
            .expected("`)` on the same line"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Src {
        source(&mut Cursor::new(text)).unwrap()
    }

    fn mask(text: &str) -> [DstComp; 4] {
        destination(&mut Cursor::new(text)).unwrap().mask()
    }

    use DstComp::{NoWrite as N, One as O, Write as W, Zero as Z};

    #[test]
    fn write_masks_follow_the_cursor_rule() {
        // The doc's examples, L980-L997 (with the OCR `l` read as `1`).
        assert_eq!(mask("r0.x"), [W, N, N, N]);
        assert_eq!(mask("r0.y"), [N, W, N, N]);
        assert_eq!(mask("r0.x_zw"), [W, N, W, W]);
        assert_eq!(mask("r0.y_w"), [N, W, N, W]);
        assert_eq!(mask("r0._w"), [N, N, N, W]);
        assert_eq!(mask("r0._1_w"), [N, O, N, W]);
        assert_eq!(mask("r0.01z"), [Z, O, W, N]);
        assert_eq!(mask("r0.01z1"), [Z, O, W, O]);
        assert_eq!(mask("r0.11"), [O, O, N, N]);
        assert_eq!(mask("r0._11"), [N, O, O, N]);
        assert_eq!(mask("r0.xyz1"), [W, W, W, O]);
        assert_eq!(mask("r0.1_0"), [O, N, Z, N]);
        assert_eq!(mask("r0.y00"), [N, W, Z, Z]);
        assert_eq!(mask("r0.yz1"), [N, W, W, O]);
        assert_eq!(mask("r0.y_1"), [N, W, N, O]);
        // Real compiler output.
        assert_eq!(mask("r0.x___"), [W, N, N, N]);
        assert_eq!(mask("r0.__z_"), [N, N, W, N]);
        assert_eq!(mask("mem0.x_z_"), [W, N, W, N]);
        assert_eq!(mask("oC0.rgb1"), [W, W, W, O]);
        assert_eq!(mask("r0"), [W, W, W, W]);
    }

    #[test]
    fn bad_write_masks_are_refused() {
        for bad in ["r0.yx", "r0.xyzw_", "r0.q", "r0."] {
            assert!(destination(&mut Cursor::new(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn swizzles_replicate_and_pad() {
        use Swizzle::*;
        assert_eq!(src("r0.x").swizzle(), [X, X, X, X]);
        assert_eq!(src("r0.zw").swizzle(), [Z, W, W, W]);
        assert_eq!(src("r9.1").swizzle(), [One; 4]);
        assert_eq!(src("l14.0x00").swizzle(), [Zero, X, Zero, Zero]);
        assert_eq!(src("r0.rgb1").swizzle(), [X, Y, Z, One]);
        assert!(src("r0").modifier.is_none());
        assert!(src("r0.xyzw").modifier.is_some());
    }

    #[test]
    fn source_modifiers() {
        let s = src("r0.xyxx_neg(xw)_abs");
        let m = s.modifier.unwrap();
        assert_eq!(m.negate, [true, false, false, true]);
        assert!(m.abs);
        let m = src("r2_bx2").modifier.unwrap();
        assert!(m.bias && m.x2);
        let m = src("vT0_divcomp(y)").modifier.unwrap();
        assert_eq!(m.divcomp, DivComp::Y);
        assert!(source(&mut Cursor::new("r0_foo")).is_err());
        assert!(source(&mut Cursor::new("r0_neg(q)")).is_err());
    }

    #[test]
    fn indexing_forms() {
        let s = src("cb0[l0.x + 0].x000");
        assert_eq!(s.reg.ty, RegType::ConstBuff);
        let index = s.reg.index.unwrap();
        assert_eq!(index.offset, Some(0));
        assert_eq!(index.relative.unwrap().reg.ty, RegType::Literal);

        let s = src("cb2[r0.x].x");
        assert_eq!(s.reg.num, 2);
        assert_eq!(s.reg.index.unwrap().offset, None);

        let s = src("x5[6].y");
        assert_eq!((s.reg.ty, s.reg.num), (RegType::ITemp, 5));
        assert_eq!(s.reg.index.unwrap().offset, Some(6));

        let s = src("cb[r6.w+2][r2.x+4].y");
        assert_eq!(s.reg.num, 0);
        assert_eq!(s.reg.dims.len(), 1);

        let s = src("vicp[5][2]");
        assert_eq!((s.reg.num, s.reg.dims[0].num), (5, 2));

        let s = src("x0[r1.x - 1]");
        assert_eq!(s.reg.index.unwrap().offset, Some(u32::MAX));

        let s = src("c[0]");
        assert_eq!((s.reg.ty, s.reg.num), (RegType::ConstFloat, 0));

        assert!(source(&mut Cursor::new("r0[1]")).is_err());
        assert!(source(&mut Cursor::new("x0[r1.x")).is_err());
        assert!(source(&mut Cursor::new("x0[r1[2].x]")).is_err());
        assert!(source(&mut Cursor::new("foo0")).is_err());
        assert!(source(&mut Cursor::new("r99999999999")).is_err());
    }

    #[test]
    fn deprecated_and_numbered_special_registers() {
        assert_eq!(src("vaTid0.x").reg.ty, RegType::AbsoluteThreadIdFlat);
        assert_eq!(src("vTGroupid0.xyzw").reg.ty, RegType::ThreadGroupIdFlat);
        assert_eq!(src("vWinCoord0.x").reg.ty, RegType::WinCoord);
        assert_eq!(src("g[r40.x + 1]").reg.ty, RegType::Global);
    }
}
