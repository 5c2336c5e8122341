//! Operands: registers, inline constants, special sources and the 32-bit literal.
//!
//! The operand codes are those of the scalar/vector source fields (vega Table 9 L2426-2646,
//! Ch13 Table 53 L24329-24415): an 8-bit scalar code (0-255) or a 9-bit vector code where
//! 256-511 name VGPRs. One [`Operand`] value covers every source field so that encoder,
//! decoder, printer, parser and the device model share one notion of "what this field reads".

use std::fmt;

/// Scalar register codes with a name of their own (vega L2426-2646).
pub mod sreg {
    /// `flat_scratch_lo` (102); `flat_scratch` as a pair.
    pub const FLAT_SCRATCH_LO: u8 = 102;
    /// `flat_scratch_hi` (103).
    pub const FLAT_SCRATCH_HI: u8 = 103;
    /// `xnack_mask_lo` (104); `xnack_mask` as a pair.
    pub const XNACK_MASK_LO: u8 = 104;
    /// `xnack_mask_hi` (105).
    pub const XNACK_MASK_HI: u8 = 105;
    /// `vcc_lo` (106); `vcc` as a pair.
    pub const VCC_LO: u8 = 106;
    /// `vcc_hi` (107).
    pub const VCC_HI: u8 = 107;
    /// `ttmp0` (108); ttmp0..ttmp15 are 108..=123.
    pub const TTMP0: u8 = 108;
    /// `m0` (124).
    pub const M0: u8 = 124;
    /// `exec_lo` (126); `exec` as a pair.
    pub const EXEC_LO: u8 = 126;
    /// `exec_hi` (127).
    pub const EXEC_HI: u8 = 127;
    /// Highest numbered plain SGPR (s101).
    pub const MAX_SGPR: u8 = 101;
}

/// The nine inline floating-point constants, codes 240-248 (vega L2626-2636, L3727-3733).
/// Their bit pattern depends on the operand's precision (f16, f32 or f64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InlineFloat {
    /// 0.5 (240)
    Half,
    /// -0.5 (241)
    NegHalf,
    /// 1.0 (242)
    One,
    /// -1.0 (243)
    NegOne,
    /// 2.0 (244)
    Two,
    /// -2.0 (245)
    NegTwo,
    /// 4.0 (246)
    Four,
    /// -4.0 (247)
    NegFour,
    /// 1/(2*pi) (248): f16 0x3118, f32 0x3e22f983, f64 0x3fc45f306dc9c882 (vega L3729-3733).
    InvTwoPi,
}

impl InlineFloat {
    /// All nine, in code order starting at 240.
    pub const ALL: [InlineFloat; 9] = [
        Self::Half,
        Self::NegHalf,
        Self::One,
        Self::NegOne,
        Self::Two,
        Self::NegTwo,
        Self::Four,
        Self::NegFour,
        Self::InvTwoPi,
    ];

    /// Source code 240..=248.
    pub fn code(self) -> u8 {
        240 + self as u8
    }

    /// The value as f64 (1/(2pi) as the f64 bit pattern the hardware uses).
    pub fn value(self) -> f64 {
        match self {
            Self::Half => 0.5,
            Self::NegHalf => -0.5,
            Self::One => 1.0,
            Self::NegOne => -1.0,
            Self::Two => 2.0,
            Self::NegTwo => -2.0,
            Self::Four => 4.0,
            Self::NegFour => -4.0,
            Self::InvTwoPi => f64::from_bits(0x3fc4_5f30_6dc9_c882),
        }
    }

    /// f32 bit pattern.
    pub fn f32_bits(self) -> u32 {
        match self {
            Self::InvTwoPi => 0x3e22_f983,
            other => (other.value() as f32).to_bits(),
        }
    }

    /// f16 bit pattern.
    pub fn f16_bits(self) -> u16 {
        match self {
            Self::Half => 0x3800,
            Self::NegHalf => 0xb800,
            Self::One => 0x3c00,
            Self::NegOne => 0xbc00,
            Self::Two => 0x4000,
            Self::NegTwo => 0xc000,
            Self::Four => 0x4400,
            Self::NegFour => 0xc400,
            Self::InvTwoPi => 0x3118,
        }
    }

    /// f64 bit pattern.
    pub fn f64_bits(self) -> u64 {
        self.value().to_bits()
    }

    /// The text LLVM prints (`0.15915494` for 1/(2pi)).
    pub fn text(self) -> &'static str {
        match self {
            Self::Half => "0.5",
            Self::NegHalf => "-0.5",
            Self::One => "1.0",
            Self::NegOne => "-1.0",
            Self::Two => "2.0",
            Self::NegTwo => "-2.0",
            Self::Four => "4.0",
            Self::NegFour => "-4.0",
            Self::InvTwoPi => "0.15915494",
        }
    }

    fn from_code(code: u16) -> Option<Self> {
        Self::ALL.get(usize::from(code.checked_sub(240)?)).copied()
    }
}

/// Source-only special codes (vega L2600-2646, L3735-3765).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// 235 `src_shared_base`
    SharedBase,
    /// 236 `src_shared_limit`
    SharedLimit,
    /// 237 `src_private_base`
    PrivateBase,
    /// 238 `src_private_limit`
    PrivateLimit,
    /// 239 `src_pops_exiting_wave_id`
    PopsExitingWaveId,
    /// 251 `src_vccz`: {zeros, VCCZ}
    Vccz,
    /// 252 `src_execz`: {zeros, EXECZ}
    Execz,
    /// 253 `src_scc`: {zeros, SCC}
    Scc,
    /// 254 `src_lds_direct` (VALU SRC0 only; vega L3757-3765, digest §9 #5)
    LdsDirect,
}

impl Special {
    /// The source code.
    pub fn code(self) -> u8 {
        match self {
            Self::SharedBase => 235,
            Self::SharedLimit => 236,
            Self::PrivateBase => 237,
            Self::PrivateLimit => 238,
            Self::PopsExitingWaveId => 239,
            Self::Vccz => 251,
            Self::Execz => 252,
            Self::Scc => 253,
            Self::LdsDirect => 254,
        }
    }

    /// LLVM's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Self::SharedBase => "src_shared_base",
            Self::SharedLimit => "src_shared_limit",
            Self::PrivateBase => "src_private_base",
            Self::PrivateLimit => "src_private_limit",
            Self::PopsExitingWaveId => "src_pops_exiting_wave_id",
            Self::Vccz => "src_vccz",
            Self::Execz => "src_execz",
            Self::Scc => "src_scc",
            Self::LdsDirect => "src_lds_direct",
        }
    }

    /// All specials.
    pub const ALL: [Special; 9] = [
        Self::SharedBase,
        Self::SharedLimit,
        Self::PrivateBase,
        Self::PrivateLimit,
        Self::PopsExitingWaveId,
        Self::Vccz,
        Self::Execz,
        Self::Scc,
        Self::LdsDirect,
    ];

    fn from_code(code: u16) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|s| u16::from(s.code()) == code)
    }
}

/// One operand of an instruction.
///
/// Registers carry how many consecutive 32-bit registers they cover (`s[4:7]` is
/// `Sgpr { code: 4, count: 4 }`), since the printer and the model both need the width and
/// the width is fixed by the opcode's operand shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    /// Scalar register file entry by its 7-bit code (0-127: SGPRs, flat_scratch, xnack_mask,
    /// vcc, ttmp, m0, exec), `count` consecutive codes.
    Sgpr {
        /// Code of the first register (vega Table 9).
        code: u8,
        /// Number of 32-bit registers (1, 2, 4, 8 or 16).
        count: u8,
    },
    /// Vector registers v[index .. index+count-1].
    Vgpr {
        /// First VGPR.
        index: u8,
        /// Number of VGPRs.
        count: u8,
    },
    /// Inline integer -16..=64 (codes 128-208).
    Int(i8),
    /// Inline float (codes 240-248).
    Float(InlineFloat),
    /// Special source (codes 235-239, 251-254).
    Special(Special),
    /// 32-bit literal constant (code 255, value in the next dword).
    Literal(u32),
}

impl Operand {
    /// A single SGPR s`n`.
    pub const fn s(n: u8) -> Self {
        Operand::Sgpr { code: n, count: 1 }
    }
    /// SGPRs s[n : n+count-1].
    pub const fn s_range(n: u8, count: u8) -> Self {
        Operand::Sgpr { code: n, count }
    }
    /// A single VGPR v`n`.
    pub const fn v(n: u8) -> Self {
        Operand::Vgpr { index: n, count: 1 }
    }
    /// VGPRs v[n : n+count-1].
    pub const fn v_range(n: u8, count: u8) -> Self {
        Operand::Vgpr { index: n, count }
    }
    /// `vcc` (64-bit).
    pub const VCC: Operand = Operand::Sgpr {
        code: sreg::VCC_LO,
        count: 2,
    };
    /// `exec` (64-bit).
    pub const EXEC: Operand = Operand::Sgpr {
        code: sreg::EXEC_LO,
        count: 2,
    };
    /// `m0`.
    pub const M0: Operand = Operand::Sgpr {
        code: sreg::M0,
        count: 1,
    };

    /// Whether this is a scalar register.
    pub fn is_sgpr(&self) -> bool {
        matches!(self, Operand::Sgpr { .. })
    }
    /// Whether this is a vector register.
    pub fn is_vgpr(&self) -> bool {
        matches!(self, Operand::Vgpr { .. })
    }

    /// The 9-bit source code of this operand (literal → 255). The register count is not
    /// part of the code.
    pub fn src_code(&self) -> u16 {
        match *self {
            Operand::Sgpr { code, .. } => u16::from(code),
            Operand::Vgpr { index, .. } => 256 + u16::from(index),
            Operand::Int(i) if i >= 0 => 128 + i as u16,
            Operand::Int(i) => (192 - i16::from(i)) as u16,
            Operand::Float(f) => u16::from(f.code()),
            Operand::Special(s) => u16::from(s.code()),
            Operand::Literal(_) => 255,
        }
    }

    /// Operand from a 9-bit source code; `count` applies to registers; 255 reads `literal`.
    /// `None` for reserved codes (125, 209-234, 249, 250).
    pub fn from_src_code(code: u16, count: u8, literal: Option<u32>) -> Option<Operand> {
        Some(match code {
            0..=124 | 126..=127 => Operand::Sgpr {
                code: code as u8,
                count,
            },
            128..=192 => Operand::Int((code - 128) as i8),
            193..=208 => Operand::Int((192 - code as i16) as i8),
            240..=248 => Operand::Float(InlineFloat::from_code(code)?),
            235..=239 | 251..=254 => Operand::Special(Special::from_code(code)?),
            255 => Operand::Literal(literal?),
            256..=511 => Operand::Vgpr {
                index: (code - 256) as u8,
                count,
            },
            _ => return None,
        })
    }

    /// The inline constant that has exactly this 32-bit value for an operand of type `ty`,
    /// as LLVM's assembler folds it: integers -16..=64 for any type; float patterns in the
    /// operand's precision, f32 patterns also for untyped 32-bit operands, but never for
    /// 16-bit integer operands (LLVM 14 encodes `v_add_u16 v0, 0x3800, v1` with a literal).
    pub fn inline_for(value: u64, ty: super::Ty) -> Option<Operand> {
        use super::Ty;
        let as_i = value as i64;
        let fits_int = match ty {
            Ty::B16 | Ty::F16 => {
                (value <= 0xffff) && {
                    let v = value as u16 as i16;
                    (-16..=64).contains(&v)
                }
            }
            Ty::B64 | Ty::F64 => (-16..=64).contains(&as_i),
            _ => (value <= 0xffff_ffff) && (-16..=64).contains(&(value as u32 as i32)),
        };
        if fits_int {
            let v = match ty {
                Ty::B16 | Ty::F16 => i64::from(value as u16 as i16),
                Ty::B64 | Ty::F64 => as_i,
                _ => i64::from(value as u32 as i32),
            };
            return Some(Operand::Int(v as i8));
        }
        if ty == Ty::B16 {
            return None;
        }
        InlineFloat::ALL
            .iter()
            .copied()
            .find(|f| match ty {
                Ty::F16 => u64::from(f.f16_bits()) == value,
                Ty::F64 | Ty::B64 => f.f64_bits() == value,
                _ => u64::from(f.f32_bits()) == value,
            })
            .map(Operand::Float)
    }
}

/// Whether `count` scalar registers starting at `code` form a nameable operand: a single
/// register (not the reserved 125), an aligned range of plain SGPRs (64-bit even, wider
/// multiples of 4: vega L2658-2660), one of the named pairs flat_scratch/xnack_mask/vcc/exec,
/// or an aligned range of trap temporaries.
pub fn sgpr_range_ok(code: u8, count: u8) -> bool {
    let end = u16::from(code) + u16::from(count);
    let aligned = match count {
        1 => true,
        2 => code % 2 == 0,
        4 | 8 | 16 => code % 4 == 0,
        _ => false,
    };
    match count {
        0 => false,
        1 => code <= 127 && code != 125,
        _ if !aligned => false,
        2 if matches!(
            code,
            sreg::FLAT_SCRATCH_LO | sreg::XNACK_MASK_LO | sreg::VCC_LO | sreg::EXEC_LO
        ) =>
        {
            true
        }
        _ => end <= u16::from(sreg::MAX_SGPR) + 1 || (code >= sreg::TTMP0 && end <= 124),
    }
}

/// Name of a single scalar register code as LLVM prints it.
pub fn sgpr_name(code: u8) -> String {
    match code {
        0..=sreg::MAX_SGPR => format!("s{code}"),
        sreg::FLAT_SCRATCH_LO => "flat_scratch_lo".into(),
        sreg::FLAT_SCRATCH_HI => "flat_scratch_hi".into(),
        sreg::XNACK_MASK_LO => "xnack_mask_lo".into(),
        sreg::XNACK_MASK_HI => "xnack_mask_hi".into(),
        sreg::VCC_LO => "vcc_lo".into(),
        sreg::VCC_HI => "vcc_hi".into(),
        108..=123 => format!("ttmp{}", code - sreg::TTMP0),
        sreg::M0 => "m0".into(),
        sreg::EXEC_LO => "exec_lo".into(),
        sreg::EXEC_HI => "exec_hi".into(),
        _ => format!("s{code}"),
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Operand::Sgpr { code, count } if count <= 1 => f.write_str(&sgpr_name(code)),
            Operand::Sgpr { code, count } => {
                let last = u16::from(code) + u16::from(count) - 1;
                match (code, count) {
                    (sreg::FLAT_SCRATCH_LO, 2) => f.write_str("flat_scratch"),
                    (sreg::XNACK_MASK_LO, 2) => f.write_str("xnack_mask"),
                    (sreg::VCC_LO, 2) => f.write_str("vcc"),
                    (sreg::EXEC_LO, 2) => f.write_str("exec"),
                    (108..=123, _) => {
                        write!(f, "ttmp[{}:{}]", code - sreg::TTMP0, last - 108)
                    }
                    _ => write!(f, "s[{code}:{last}]"),
                }
            }
            Operand::Vgpr { index, count } if count <= 1 => write!(f, "v{index}"),
            Operand::Vgpr { index, count } => {
                write!(
                    f,
                    "v[{}:{}]",
                    index,
                    u16::from(index) + u16::from(count) - 1
                )
            }
            Operand::Int(i) => write!(f, "{i}"),
            Operand::Float(x) => f.write_str(x.text()),
            Operand::Special(s) => f.write_str(s.name()),
            Operand::Literal(v) => write!(f, "0x{v:x}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn src_codes_round_trip() {
        for code in 0u16..512 {
            if let Some(op) = Operand::from_src_code(code, 1, Some(7)) {
                assert_eq!(op.src_code(), code, "{op:?}");
            }
        }
        assert_eq!(Operand::Int(-16).src_code(), 208);
        assert_eq!(Operand::Int(-1).src_code(), 193);
        assert_eq!(Operand::Int(64).src_code(), 192);
        assert!(Operand::from_src_code(125, 1, None).is_none());
        assert!(Operand::from_src_code(209, 1, None).is_none());
    }

    #[test]
    fn names() {
        assert_eq!(Operand::VCC.to_string(), "vcc");
        assert_eq!(Operand::s_range(4, 4).to_string(), "s[4:7]");
        assert_eq!(Operand::s_range(108, 2).to_string(), "ttmp[0:1]");
        assert_eq!(Operand::v_range(0, 2).to_string(), "v[0:1]");
        assert_eq!(
            Operand::Float(InlineFloat::InvTwoPi).to_string(),
            "0.15915494"
        );
    }
}
