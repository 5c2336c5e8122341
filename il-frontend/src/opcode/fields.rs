//! Control fields: named bit ranges of the opcode token or of an opcode-specific token, with
//! their text spellings. One description serves the parser (text to bits), the printer
//! (bits to text) and the decoder (which bits may be set at all).

use crate::ast::ExtraTokens;
use crate::enums::NameTable;

/// The token a field's bits live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldLoc {
    /// Bits 16..=31 of the opcode token; a field's `lo` counts from bit 16.
    Control,
    /// The primary modifier token.
    Primary,
    /// The secondary modifier token.
    Secondary,
    /// The resource-format word of sampling instructions with indexed arguments.
    ResourceFormat,
    /// The address-offset word of sampling instructions with `_aoffimmi`.
    AddressOffset,
    /// The n-th trailing word (for undocumented declarations whose words we describe with
    /// fields, e.g. `dcl_typeless_uav`'s stride and length).
    Word(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// One bit, written `_name`.
    Flag,
    /// An unsigned number, written `_name(n)`.
    Uint,
    /// A value from a name table, written `_name(value)`.
    Enum(NameTable),
    /// Three signed 7.1 fixed-point texel offsets in bytes 0, 1 and 2 (`_aoffimmi(u,v,w)`,
    /// L4960: range [-64, 63.5]).
    Offsets,
    /// A signed fixed-point number with `frac` fraction bits in the field's width
    /// (`_lodbias(f)` is s3.4, `_xoffset(x)` s7.1).
    Fixed { frac: u8 },
}

/// How a field is written in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldSyntax {
    /// `_name` for a flag, `_name(value)` otherwise.
    Named,
    /// Printed `_name(value)`; the value alone (`_generic`) is accepted too.
    NamedOrBare,
    /// The value alone right after the mnemonic: `ffb_hi`.
    Bare,
    /// Written as an operand after the mnemonic: `dcl_lds_sharing_mode _wavefrontRel`,
    /// `hs_fork_phase 4`, `dcl_global_flags refactoringAllowed`.
    Operand,
    /// An extra argument inside another field's parentheses: `unnorm` in `_type(2d,unnorm)`.
    ArgOf(&'static str),
}

/// One control field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub loc: FieldLoc,
    /// Lowest bit within the token (for [`FieldLoc::Control`], counted from bit 16).
    pub lo: u8,
    pub width: u8,
    pub kind: FieldKind,
    pub syntax: FieldSyntax,
    /// Printed even when the value is 0 (`_id(0)`, `_relop(ne)`).
    pub always: bool,
}

impl Field {
    /// This field's value in an instruction's control bits, opcode-specific tokens and
    /// trailing words; `None` when the token that holds it is absent.
    pub fn value_in(&self, control: u16, extra: &ExtraTokens, words: &[u32]) -> Option<u32> {
        let word = match self.loc {
            FieldLoc::Control => Some(u32::from(control)),
            FieldLoc::Primary => extra.primary,
            FieldLoc::Secondary => extra.secondary,
            FieldLoc::ResourceFormat => extra.resource_format,
            FieldLoc::AddressOffset => extra.address_offset,
            FieldLoc::Word(k) => words.get(k as usize).copied(),
        };
        word.map(|w| self.get(w))
    }

    const fn base(name: &'static str, lo: u8, width: u8, kind: FieldKind) -> Field {
        Field {
            name,
            aliases: &[],
            loc: FieldLoc::Control,
            lo,
            width,
            kind,
            syntax: FieldSyntax::Named,
            always: false,
        }
    }

    /// A one-bit flag at control bit `lo` (token bit 16 + `lo`).
    pub const fn flag(name: &'static str, lo: u8) -> Field {
        Field::base(name, lo, 1, FieldKind::Flag)
    }

    pub const fn uint(name: &'static str, lo: u8, width: u8) -> Field {
        Field::base(name, lo, width, FieldKind::Uint)
    }

    pub const fn enumerated(name: &'static str, lo: u8, width: u8, table: NameTable) -> Field {
        Field::base(name, lo, width, FieldKind::Enum(table))
    }

    pub const fn fixed(name: &'static str, lo: u8, width: u8, frac: u8) -> Field {
        Field::base(name, lo, width, FieldKind::Fixed { frac })
    }

    pub const fn offsets(name: &'static str) -> Field {
        Field::base(name, 0, 24, FieldKind::Offsets).at(FieldLoc::AddressOffset)
    }

    pub const fn at(mut self, loc: FieldLoc) -> Field {
        self.loc = loc;
        self
    }

    pub const fn syntax(mut self, syntax: FieldSyntax) -> Field {
        self.syntax = syntax;
        self
    }

    pub const fn always(mut self) -> Field {
        self.always = true;
        self
    }

    pub const fn aliases(mut self, aliases: &'static [&'static str]) -> Field {
        self.aliases = aliases;
        self
    }

    /// The bits of the field within its token (or within the control half).
    pub fn mask(&self) -> u32 {
        let ones = if self.width >= 32 {
            u32::MAX
        } else {
            (1u32 << self.width) - 1
        };
        ones << self.lo
    }

    pub fn get(&self, word: u32) -> u32 {
        (word & self.mask()) >> self.lo
    }

    pub fn set(&self, word: u32, value: u32) -> u32 {
        (word & !self.mask()) | ((value << self.lo) & self.mask())
    }

    /// The largest value the field can hold.
    pub fn max_value(&self) -> u32 {
        self.mask() >> self.lo
    }

    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }

    /// Whether `value` is the text of one of this field's values when written bare.
    pub fn bare_value(&self, text: &str) -> Option<u32> {
        match (self.syntax, self.kind) {
            (
                FieldSyntax::Bare | FieldSyntax::NamedOrBare | FieldSyntax::Operand,
                FieldKind::Enum(t),
            ) => t.lookup(text),
            _ => None,
        }
    }

    /// Parses the parenthesized arguments of `_name(args)` into the field's value.
    /// On failure, returns what was expected.
    pub fn parse_value(&self, args: &[&str]) -> Result<u32, String> {
        fn one<'s>(args: &[&'s str], name: &str) -> Result<&'s str, String> {
            match args {
                [a] => Ok(a.trim()),
                _ => Err(format!("one value in `_{name}(..)`")),
            }
        }
        let value = match self.kind {
            FieldKind::Flag => return Err(format!("`_{}` without arguments", self.name)),
            FieldKind::Uint => {
                let text = one(args, self.name)?;
                parse_unsigned(text)
                    .ok_or_else(|| format!("an unsigned integer in `_{}(..)`", self.name))?
            }
            FieldKind::Enum(table) => {
                let text = one(args, self.name)?;
                table
                    .lookup(text)
                    .ok_or_else(|| format!("one of {}", table.choices()))?
            }
            FieldKind::Fixed { frac } => {
                let text = one(args, self.name)?;
                parse_fixed(text, self.width, frac).ok_or_else(|| {
                    format!(
                        "a number in steps of {} within the {}-bit signed range",
                        1.0 / f64::from(1u32 << frac),
                        self.width
                    )
                })?
            }
            FieldKind::Offsets => {
                if args.len() != 3 {
                    return Err("three offsets `(u,v,w)`".into());
                }
                let mut packed = 0;
                for (i, a) in args.iter().enumerate() {
                    let v = parse_fixed(a.trim(), 8, 1)
                        .ok_or("offsets in steps of 0.5 within [-64, 63.5]")?;
                    packed |= v << (8 * i);
                }
                packed
            }
        };
        if value > self.max_value() {
            return Err(format!(
                "a value of at most {} for `_{}`",
                self.max_value(),
                self.name
            ));
        }
        Ok(value)
    }

    /// The text of a value (without the `_name(` `)` around it), or `None` if the value has
    /// no spelling (an enumeration value the reference does not define).
    pub fn format_value(&self, value: u32) -> Option<String> {
        match self.kind {
            FieldKind::Flag => Some(String::new()),
            FieldKind::Uint => Some(value.to_string()),
            FieldKind::Enum(table) => table.name(value).map(str::to_string),
            FieldKind::Fixed { frac } => Some(format_fixed(value, self.width, frac)),
            FieldKind::Offsets => Some(
                (0..3)
                    .map(|i| format_fixed((value >> (8 * i)) & 0xff, 8, 1))
                    .collect::<Vec<_>>()
                    .join(","),
            ),
        }
    }
}

/// Parses a decimal or `0x` hexadecimal unsigned integer.
pub fn parse_unsigned(text: &str) -> Option<u32> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16).ok()
    } else if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// Parses a decimal number into a two's-complement fixed-point field of `width` bits with
/// `frac` fraction bits; the number must be representable exactly.
fn parse_fixed(text: &str, width: u8, frac: u8) -> Option<u32> {
    let v: f64 = text.trim().trim_end_matches(['f', 'F']).parse().ok()?;
    let scaled = v * f64::from(1u32 << frac);
    if !scaled.is_finite() || scaled.fract() != 0.0 {
        return None;
    }
    let min = -(1i64 << (width - 1));
    let max = (1i64 << (width - 1)) - 1;
    let n = scaled as i64;
    if n < min || n > max {
        return None;
    }
    Some((n as u32) & ((1u32 << width) - 1))
}

fn format_fixed(raw: u32, width: u8, frac: u8) -> String {
    let shift = 32 - u32::from(width);
    let signed = ((raw << shift) as i32) >> shift;
    let v = f64::from(signed) / f64::from(1u32 << frac);
    format!("{v}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_pack_three_signed_halves() {
        let f = Field::offsets("aoffimmi");
        let v = f.parse_value(&["1", "-0.5", "63.5"]).unwrap();
        assert_eq!(v, 0x02 | (0xff << 8) | (0x7f << 16));
        assert_eq!(f.format_value(v).unwrap(), "1,-0.5,63.5");
        assert!(f.parse_value(&["64", "0", "0"]).is_err());
        assert!(f.parse_value(&["0.25", "0", "0"]).is_err());
    }

    #[test]
    fn fixed_point_round_trips_through_text() {
        let f = Field::fixed("lodbias", 18, 7, 4);
        for raw in 0..128 {
            let text = f.format_value(raw).unwrap();
            assert_eq!(f.parse_value(&[&text]), Ok(raw), "{text}");
        }
    }

    #[test]
    fn values_wider_than_the_field_are_refused() {
        let f = Field::uint("sampler", 8, 4);
        assert_eq!(f.parse_value(&["15"]), Ok(15));
        assert!(f.parse_value(&["16"]).is_err());
        assert_eq!(f.set(0, 15), 0xf00);
        assert_eq!(f.get(0xf00), 15);
    }
}
