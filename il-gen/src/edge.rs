//! Operation lists and edge-case literals of the extended features (`dmath`, `bits`,
//! `fmod`, `fedge`): the values where implementations usually differ.

/// Doubles at the edges: ±0, ±Inf, a quiet NaN, the smallest and largest denormals, the
/// smallest and largest normals, 1 ± 1 ulp, halfway cases of rounding to an integer, the
/// `dtoi`/`dtou` limits (2^31, -2^31 - 0.5, 2^32 - 0.5, 2^32), huge and tiny exponents.
pub const DOUBLE_LITS: &[u64] = &[
    0x0000_0000_0000_0000, // +0
    0x8000_0000_0000_0000, // -0
    0x7FF0_0000_0000_0000, // +Inf
    0xFFF0_0000_0000_0000, // -Inf
    0x7FF8_0000_0000_0000, // NaN
    0x0000_0000_0000_0001, // smallest denormal
    0x800F_FFFF_FFFF_FFFF, // largest negative denormal
    0x0010_0000_0000_0000, // smallest normal
    0x7FEF_FFFF_FFFF_FFFF, // largest finite
    0x3FF0_0000_0000_0000, // 1
    0x3FF0_0000_0000_0001, // 1 + ulp
    0x3FEF_FFFF_FFFF_FFFF, // 1 - ulp/2
    0xBFF8_0000_0000_0000, // -1.5
    0x4004_0000_0000_0000, // 2.5
    0xBFE0_0000_0000_0000, // -0.5
    0x41E0_0000_0000_0000, // 2^31
    0xC1E0_0000_0010_0000, // -2^31 - 0.5
    0x41EF_FFFF_FFF0_0000, // 2^32 - 0.5
    0x41F0_0000_0000_0000, // 2^32
    0x7E37_E43C_8800_759C, // 1e300
    0x01A5_6E1F_C2F8_F359, // 1e-300
    0x4330_0000_0000_0001, // 2^52 + 1
    0x3FB9_9999_9999_999A, // 0.1
    0xC000_0000_0000_0000, // -2
];

/// Floats at the edges (`fedge`).
pub const FLOAT_EDGE_LITS: &[u32] = &[
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x7F80_0000, // +Inf
    0xFF80_0000, // -Inf
    0x7FC0_0000, // NaN
    0x0000_0001, // smallest denormal
    0x807F_FFFF, // largest negative denormal
    0x0080_0000, // smallest normal
    0x7F7F_FFFF, // largest finite
    0x4F00_0000, // 2^31
    0xCF00_0000, // -2^31
    0x4F80_0000, // 2^32
    0x3F00_0000, // 0.5
    0xBF00_0000, // -0.5
    0x4020_0000, // 2.5
    0x3F80_0001, // 1 + ulp
    0x4B00_0001, // 2^23 + 1
];

/// Integers at the edges (`bits`): `INT_MAX`, shift counts and widths past 32.
pub const INT_EDGE_LITS: &[u32] = &[0x7FFF_FFFF, 33, 63, 64, 0xFFFF_FFE0, 0x8000_0001, 24];

/// Double operations with two double sources and a correctly rounded (or exact) result,
/// with shift-scale destinations among them (`_sat` is for float instructions only, L598:
/// the front end refuses it on doubles).
pub const DOUBLE_BINARY: &[&str] = &[
    "dadd", "dmul", "ddiv", "dmin", "dmax", "dmul_x2", "dmul_d4", "dadd_x4", "ddiv_d2", "dadd_x8",
];

/// Double operations whose result has a tolerance (1-2 ulps): written only to the sinks.
pub const DOUBLE_INEXACT: &[&str] = &["dsqrt", "drcp", "drsq"];

pub const DOUBLE_COMPARE: &[&str] = &["deq", "dne", "dge", "dlt"];

/// Integer operations on one source (`bits`).
pub const BITS_UNARY: &[&str] = &["ubit_reverse", "icbits", "ffb_lo", "ffb_hi", "ffb_shi"];

/// Integer operations on two sources (`bits`).
pub const BITS_BINARY: &[&str] = &["umul_high", "imul_high", "iborrow", "icarry"];

/// Single-precision operations with destination modifiers (`fmod`).
pub const FLOAT_MODIFIED: &[&str] = &[
    "add_sat", "mul_sat", "add_x2", "mul_x4", "add_d2", "mul_d8", "min_sat", "max_x2",
];
