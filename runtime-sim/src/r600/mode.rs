//! The ALU rounding and denormal modes of a clause (cayman L2044-L2066): the launch
//! default (`SQ_PGM_RESOURCES2`), overridden by `SET_MODE` from its own group to the end of
//! the clause (L2046).
//!
//! `SET_MODE` (L6603-L6616, docs/decisions.md "SET_MODE") carries the modes in its source
//! select fields, not in operands: bits 3:0 of SRC0_SEL the single-precision mode, bits 3:0
//! of SRC1_SEL the double-precision one; in each, bits 1:0 the round mode (0 nearest even,
//! 1 toward +inf, 2 toward -inf, 3 toward 0), bit 2 the input denormal control and bit 3
//! the output denormal control (0 flushes denormals to zero, 1 keeps them).
//!
//! The model implements round to nearest even with single-precision denormals flushed (the
//! launch default, docs/abi.md) and both denormal controls of double precision; another
//! round mode or kept single-precision denormals are refused as not modelled.

/// One precision's 4-bit mode field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrecisionMode(pub u8);

impl PrecisionMode {
    /// Round to nearest even, denormal inputs and results flushed.
    pub const FLUSH_NEAREST: PrecisionMode = PrecisionMode(0);
    /// Round to nearest even, denormal inputs and results kept (IEEE 754).
    pub const IEEE_NEAREST: PrecisionMode = PrecisionMode(0b1100);

    /// The round mode, bits 1:0.
    pub fn round(self) -> u8 {
        self.0 & 3
    }
    /// Bit 2 clear: denormal inputs read as the zero of their sign.
    pub fn flushes_inputs(self) -> bool {
        self.0 & 4 == 0
    }
    /// Bit 3 clear: denormal results become the zero of their sign.
    pub fn flushes_outputs(self) -> bool {
        self.0 & 8 == 0
    }
}

/// The modes in force for an instruction group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AluMode {
    pub single: PrecisionMode,
    pub double: PrecisionMode,
}

impl AluMode {
    /// What ilc's launch puts in `SQ_PGM_RESOURCES2` (docs/abi.md "ALU modes"): round to
    /// nearest even, single- and double-precision denormals flushed.
    pub const LAUNCH_DEFAULT: AluMode = AluMode {
        single: PrecisionMode::FLUSH_NEAREST,
        double: PrecisionMode::FLUSH_NEAREST,
    };

    /// The modes a `SET_MODE` with these 9-bit SRC0_SEL and SRC1_SEL values sets.
    pub fn from_set_mode(src0_sel: u16, src1_sel: u16) -> AluMode {
        AluMode {
            single: PrecisionMode((src0_sel & 0xF) as u8),
            double: PrecisionMode((src1_sel & 0xF) as u8),
        }
    }

    /// Why the model cannot run under these modes, if it cannot.
    pub fn unmodelled(self) -> Option<String> {
        if self.single.round() != 0 || self.double.round() != 0 {
            return Some(format!(
                "SET_MODE round modes {} (single) / {} (double): only round to nearest even is modelled",
                self.single.round(),
                self.double.round()
            ));
        }
        if !self.single.flushes_inputs() || !self.single.flushes_outputs() {
            return Some(
                "SET_MODE keeping single-precision denormals: not modelled (single precision flushes)"
                    .into(),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_mode_fields_follow_the_isa_layout() {
        // SRC0_SEL bits 3:0 single, SRC1_SEL bits 3:0 double; bit 2 input, bit 3 output,
        // 1 keeps denormals (cayman L6606-L6612).
        let m = AluMode::from_set_mode(0, 0b1100);
        assert_eq!(m.single, PrecisionMode::FLUSH_NEAREST);
        assert!(!m.double.flushes_inputs() && !m.double.flushes_outputs());
        assert_eq!(m.double.round(), 0);
        assert_eq!(m.unmodelled(), None);
        let m = AluMode::from_set_mode(0b0100, 0b1011);
        assert!(!m.single.flushes_inputs() && m.single.flushes_outputs());
        assert!(m.double.flushes_inputs() && !m.double.flushes_outputs());
        assert_eq!(m.double.round(), 3);
        assert!(m.unmodelled().is_some());
        // Only the low four bits count.
        assert_eq!(
            AluMode::from_set_mode(0x1F0, 0x10C),
            AluMode::from_set_mode(0, 0xC)
        );
        assert!(AluMode::LAUNCH_DEFAULT.double.flushes_inputs());
        assert!(AluMode::LAUNCH_DEFAULT.double.flushes_outputs());
    }
}
