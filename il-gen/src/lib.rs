//! il-gen: random, well-formed AMD IL compute kernels (`il_cs_2_0`) for differential
//! testing of the compiler against the reference interpreter, and a shrinker that reduces
//! a failing kernel while the failure persists.
//!
//! Every kernel terminates (counted loops of at most four iterations, no recursion), is
//! race-free (each work-item touches only its own UAV, LDS and private bytes, except an
//! LDS exchange between two barriers in uniform control flow, and atomics whose result does
//! not depend on the lanes' order) and stores its variables to raw UAV 11 (the 64-bit ones
//! and the atomics' memory to raw UAV 12, the double sinks to raw UAV 10, the float sinks
//! to raw UAV 13), so that any
//! difference between two devices is a difference in meaning.
//!
//! ```
//! let features = il_gen::Features::all();
//! let program = il_gen::generate(7, &features);
//! assert_eq!(il_gen::to_il(&program), il_gen::to_il(&il_gen::generate(7, &features)));
//! ```

pub mod ast;
mod edge;
mod extra;
mod gen;
mod print;
mod print_extra;
mod shrink;

pub use ast::Program;
pub use gen::{generate, Rng};
pub use print::{to_il, GROUP};
pub use print_extra::{DOUBLE_SINK_REG, DOUBLE_SINK_UAV, FLOAT_SINK_REG, FLOAT_SINK_UAV};
pub use shrink::shrink;

/// Which IL features generated kernels may use. `--features` of `ilc fuzz` takes a comma
/// list of the names below, or `all`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Integer arithmetic, comparisons, `cmov_logical`.
    pub int: bool,
    /// Single-precision arithmetic, comparisons and conversions.
    pub float: bool,
    /// Doubles (`f2d`, `dadd`, `dmul`, `dmad`, `d2f`).
    pub double: bool,
    /// `if`/`else`, counted `whileloop`s, `switch`, `break`, `continue`.
    pub flow: bool,
    /// Subroutines (`call`, `func`, `ret_dyn`).
    pub call: bool,
    /// Raw UAV loads and stores in the body (the prologue and epilogue always use UAV 11).
    pub uav: bool,
    /// LDS loads and stores, and the exchange between barriers.
    pub lds: bool,
    /// An indexed temporary array `x0[8]` with relative addressing.
    pub indexed: bool,
    /// The rest of the double instructions (with `double`): `ddiv`, `dsqrt`, `drcp`,
    /// `drsq`, `dmin`, `dmax`, `dfrac`, `dfrexp`, `dldexp`, the compares `deq`, `dne`,
    /// `dge`, `dlt` (also as conditions), `dtoi`, `dtou`, `itod`, `utod`, shift-scale
    /// destinations, `_neg`/`_abs` sources, and double literals at the edges
    /// (±0, ±Inf, NaN, denormals, the largest and smallest normals, halfway cases).
    pub dmath: bool,
    /// Bit-field and bit-count operations (`ubit_extract`, `ibit_extract`, `ubit_insert`,
    /// `ubit_reverse`, `icbits`, `ffb_lo`, `ffb_hi`, `ffb_shi`), `umul_high`/`imul_high`,
    /// `iborrow`/`icarry`, and integer edge literals (`INT_MAX`, shift counts past 32).
    pub bits: bool,
    /// Single-precision `_sat` and shift-scale destinations (`_x2`, `_x4`, `_d2`, ...) and
    /// `_neg`/`_abs` sources.
    pub fmod: bool,
    /// Single-precision literals at the edges: ±0, ±Inf, NaN, denormals, the largest
    /// finite, 2^31 and other conversion limits, halfway cases.
    pub fedge: bool,
    /// Single-precision transcendentals, roots, reciprocals, `div`, `mod` and `pow` (with
    /// `float`), their `_vec` and `_zeroop` forms: written only to the sinks `r9`, each
    /// source clamped into the range where the IL defines the result and the accuracy
    /// table's bound applies.
    pub fmath: bool,
    /// 64-bit integers (`i64add` ... `u64shr`, the 64-bit compares) in `r14`, `r15`.
    pub i64: bool,
    /// UAV and LDS atomics: without a return value on shared addresses (one commutative
    /// operation per region), with one on the work-item's own dwords.
    pub atomic: bool,
    /// Typed buffer, structured and arena UAVs, and byte/short loads and stores.
    pub typed: bool,
    /// A constant buffer `cb1` the launch fills, read with literal and relative indices.
    pub cb: bool,
}

/// Feature names, in the order `Features::names` prints them.
pub const FEATURE_NAMES: [&str; 17] = [
    "int", "float", "double", "flow", "call", "uav", "lds", "indexed", "dmath", "bits", "fmod",
    "fedge", "fmath", "i64", "atomic", "typed", "cb",
];

impl Features {
    pub fn all() -> Features {
        Features {
            int: true,
            float: true,
            double: true,
            flow: true,
            call: true,
            uav: true,
            lds: true,
            indexed: true,
            dmath: true,
            bits: true,
            fmod: true,
            fedge: true,
            fmath: true,
            i64: true,
            atomic: true,
            typed: true,
            cb: true,
        }
    }

    pub fn none() -> Features {
        Features {
            int: false,
            float: false,
            double: false,
            flow: false,
            call: false,
            uav: false,
            lds: false,
            indexed: false,
            dmath: false,
            bits: false,
            fmod: false,
            fedge: false,
            fmath: false,
            i64: false,
            atomic: false,
            typed: false,
            cb: false,
        }
    }

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "int" => &mut self.int,
            "float" => &mut self.float,
            "double" => &mut self.double,
            "flow" => &mut self.flow,
            "call" => &mut self.call,
            "uav" => &mut self.uav,
            "lds" => &mut self.lds,
            "indexed" => &mut self.indexed,
            "dmath" => &mut self.dmath,
            "bits" => &mut self.bits,
            "fmod" => &mut self.fmod,
            "fedge" => &mut self.fedge,
            "fmath" => &mut self.fmath,
            "i64" => &mut self.i64,
            "atomic" => &mut self.atomic,
            "typed" => &mut self.typed,
            "cb" => &mut self.cb,
            _ => return None,
        })
    }

    /// The enabled features, comma separated.
    pub fn names(&self) -> String {
        let mut copy = self.clone();
        FEATURE_NAMES
            .iter()
            .filter(|n| copy.flag(n).is_some_and(|f| *f))
            .copied()
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl std::str::FromStr for Features {
    type Err = String;

    /// `all`, or a comma list of feature names (`int,float,flow,uav`).
    fn from_str(s: &str) -> Result<Features, String> {
        let mut f = Features::none();
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                f = Features::all();
                continue;
            }
            match f.flag(name) {
                Some(flag) => *flag = true,
                None => {
                    return Err(format!(
                        "unknown feature `{name}` (expected all or some of {})",
                        FEATURE_NAMES.join(", ")
                    ))
                }
            }
        }
        if !f.int && !f.float {
            f.int = true;
        }
        // The double extensions need the doubles they extend.
        if f.dmath {
            f.double = true;
        }
        // The float sinks take float sources.
        if f.fmath {
            f.float = true;
        }
        Ok(f)
    }
}

#[cfg(test)]
mod tests;
