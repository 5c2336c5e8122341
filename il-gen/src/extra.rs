//! Generation for the features `fmath`, `i64`, `atomic`, `typed` and `cb` (the printing is
//! in `print_extra`).
//!
//! - `fmath`: operations whose result has a tolerance write a float variable (read by later
//!   operations) or the float sinks `r9`; each variable source is clamped by the printer
//!   into the range of [`FMATH`] (with `min`/`max`, which also map NaN and ±Inf into it),
//!   literal sources come from the operation's list.
//! - `i64`: 64-bit integer variables in the halves of `r14`, `r15`, exact, so they feed
//!   compares, shift counts and the integer variables freely.
//! - `atomic`: order-independent uses only (the IL leaves the order of the lanes open).
//! - `typed`, `cb`: accesses to the work-item's own elements, and constants.

use crate::ast::{Atomic, Operand, Space, Stmt, Ty, Typed, TypedKind, Var};
use crate::gen::{Ctx, Gen};

/// The range one source of an `fmath` operation is clamped into.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// `min(max(v, lo), hi)`.
    Signed(f32, f32),
    /// `min(max(|v|, lo), hi)`, negated (a `_neg` source) when the generator asked for it
    /// and `neg` allows it.
    Magnitude { lo: f32, hi: f32, neg: bool },
}

/// An `fmath` operation: its name (as printed), the domain of each source, and literal
/// sources inside every domain (zero where a `zeroop` or the IL defines the result).
pub struct FMathOp {
    pub name: &'static str,
    pub args: &'static [Domain],
    pub lits: &'static [f32],
    /// Literals outside the clamp range where the IL still defines the result (bits):
    /// infinities, and denormals (flushed to zero, so a zeroop applies).
    pub edges: &'static [u32],
}

const PINF: u32 = 0x7F80_0000;
const NINF: u32 = 0xFF80_0000;
const DENORM: u32 = 0x0000_0001;
const NEG_ZERO: u32 = 0x8000_0000;
const NO_EDGES: &[u32] = &[];
const EXP_EDGES: &[u32] = &[PINF, NINF];
const POSITIVE_EDGES: &[u32] = &[PINF, DENORM];
const RCP_EDGES: &[u32] = &[PINF, NINF, DENORM, NEG_ZERO];
const DIV_EDGES: &[u32] = &[PINF, NINF];

/// Just inside ±π in single precision (3.14159274 is above π): sin and cos are defined on
/// [-π, π] only (L7408).
const PI_IN: f32 = 3.141_592_5;
const TRIG: &[Domain] = &[Domain::Signed(-PI_IN, PI_IN)];
const TRIG_LITS: &[f32] = &[0.0, 0.5, -1.0, 1.5, 3.0, -3.0];
/// Positive arguments (log, sqrt, rsq: negative ones are undefined); 0 selects the zeroop.
const POSITIVE: &[Domain] = &[Domain::Magnitude {
    lo: 0.0,
    hi: f32::MAX,
    neg: false,
}];
const POSITIVE_LITS: &[f32] = &[0.0, 1.0, 2.0, 0.25, 100.0];
/// 2^125: the reciprocal of anything larger is a denormal, which the hardware flushes.
const RCP_MAX: f32 = 4.253_53e37;
/// 2^-60 and 2^60: quotients stay normal (2^-120 ..= 2^120).
const SMALL: f32 = 8.673_617e-19;
const LARGE: f32 = 1.152_921_5e18;
const QUOTIENT: Domain = Domain::Magnitude {
    lo: SMALL,
    hi: LARGE,
    neg: true,
};
const DIV_LITS: &[f32] = &[0.0, 1.0, -2.0, 0.5, 3.0];

/// The `fmath` operations. Bounds keep the result normal (denormal results are flushed by
/// the hardware, an error no ulp bound covers) and inside the accuracy table's reasoning:
/// `exn` and `pow` within |t| ≤ 126 for `exp2(t)`, `tan` away from its poles.
pub const FMATH: &[FMathOp] = &[
    FMathOp {
        name: "sin",
        args: TRIG,
        lits: TRIG_LITS,
        edges: NO_EDGES,
    },
    FMathOp {
        name: "cos",
        args: TRIG,
        lits: TRIG_LITS,
        edges: NO_EDGES,
    },
    FMathOp {
        name: "sin_vec",
        args: TRIG,
        lits: TRIG_LITS,
        edges: NO_EDGES,
    },
    FMathOp {
        name: "cos_vec",
        args: TRIG,
        lits: TRIG_LITS,
        edges: NO_EDGES,
    },
    FMathOp {
        name: "sincos",
        args: TRIG,
        lits: TRIG_LITS,
        edges: NO_EDGES,
    },
    FMathOp {
        name: "expp",
        args: &[Domain::Signed(-125.0, 126.0)],
        lits: &[0.0, 1.0, -1.0, 10.5],
        edges: NO_EDGES,
    },
    FMathOp {
        name: "logp",
        args: &[Domain::Magnitude {
            lo: 1.0e-30,
            hi: 1.0e30,
            neg: false,
        }],
        lits: &[1.0, 2.0, 0.25, 100.0],
        edges: NO_EDGES,
    },
    FMathOp {
        name: "tan",
        args: &[Domain::Signed(-0.78, 0.78)],
        lits: &[0.0, 0.5, -0.25],
        edges: NO_EDGES,
    },
    FMathOp {
        name: "asin",
        args: &[Domain::Signed(-1.0, 1.0)],
        lits: &[0.0, 0.5, -1.0, 1.0],
        edges: NO_EDGES,
    },
    FMathOp {
        name: "acos",
        args: &[Domain::Signed(-1.0, 1.0)],
        lits: &[0.0, 0.5, -1.0, 1.0],
        edges: NO_EDGES,
    },
    FMathOp {
        name: "atan",
        args: &[Domain::Signed(-1.0e4, 1.0e4)],
        lits: &[0.0, 1.0, -100.0, 0.5],
        edges: EXP_EDGES,
    },
    FMathOp {
        name: "exp",
        args: &[Domain::Signed(-125.0, 126.0)],
        lits: &[0.0, 1.0, -1.0, 10.0, 0.5],
        edges: EXP_EDGES,
    },
    FMathOp {
        name: "exp_vec",
        args: &[Domain::Signed(-125.0, 126.0)],
        lits: &[0.0, 1.0, -1.0, 10.0, 0.5],
        edges: EXP_EDGES,
    },
    FMathOp {
        name: "exn",
        args: &[Domain::Signed(-86.0, 87.0)],
        lits: &[0.0, 1.0, -1.0, 2.5],
        edges: EXP_EDGES,
    },
    FMathOp {
        name: "log",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "log_zeroop(infinity)",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "log_vec",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "ln",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "sqrt",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "sqrt_vec",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "rsq",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "rsq_zeroop(zero)",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "rsq_vec",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "rcp",
        args: &[Domain::Magnitude {
            lo: 0.0,
            hi: RCP_MAX,
            neg: true,
        }],
        lits: DIV_LITS,
        edges: RCP_EDGES,
    },
    FMathOp {
        name: "rcp_zeroop(infinity)",
        args: &[Domain::Magnitude {
            lo: 0.0,
            hi: RCP_MAX,
            neg: true,
        }],
        lits: DIV_LITS,
        edges: RCP_EDGES,
    },
    FMathOp {
        name: "rcp_vec",
        args: &[Domain::Magnitude {
            lo: 0.0,
            hi: RCP_MAX,
            neg: true,
        }],
        lits: DIV_LITS,
        edges: RCP_EDGES,
    },
    FMathOp {
        name: "div",
        args: &[QUOTIENT, QUOTIENT],
        lits: DIV_LITS,
        edges: DIV_EDGES,
    },
    FMathOp {
        name: "div_zeroop(zero)",
        args: &[QUOTIENT, QUOTIENT],
        lits: DIV_LITS,
        edges: DIV_EDGES,
    },
    FMathOp {
        name: "rcp_zeroop(zero)",
        args: &[Domain::Magnitude {
            lo: 0.0,
            hi: RCP_MAX,
            neg: true,
        }],
        lits: DIV_LITS,
        edges: RCP_EDGES,
    },
    FMathOp {
        name: "rcp_zeroop(fltmax)",
        args: &[Domain::Magnitude {
            lo: 0.0,
            hi: RCP_MAX,
            neg: true,
        }],
        lits: DIV_LITS,
        edges: RCP_EDGES,
    },
    FMathOp {
        name: "rsq_zeroop(infinity)",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "ln_zeroop(infinity)",
        args: POSITIVE,
        lits: POSITIVE_LITS,
        edges: POSITIVE_EDGES,
    },
    FMathOp {
        name: "div_zeroop(infinity)",
        args: &[QUOTIENT, QUOTIENT],
        lits: DIV_LITS,
        edges: DIV_EDGES,
    },
    FMathOp {
        name: "div_zeroop(fltmax)",
        args: &[QUOTIENT, QUOTIENT],
        lits: DIV_LITS,
        edges: DIV_EDGES,
    },
    FMathOp {
        name: "mod",
        args: &[
            Domain::Magnitude {
                lo: 0.0,
                hi: LARGE,
                neg: true,
            },
            QUOTIENT,
        ],
        lits: DIV_LITS,
        edges: DIV_EDGES,
    },
    FMathOp {
        name: "pow",
        args: &[
            Domain::Magnitude {
                lo: 0.003_906_25,
                hi: 256.0,
                neg: false,
            },
            Domain::Signed(-15.0, 15.0),
        ],
        lits: &[0.0, 1.0, 2.0, 0.5],
        edges: NO_EDGES,
    },
];

/// The `fmath` operation named `name`, if it is one.
pub fn fmath_op(name: &str) -> Option<&'static FMathOp> {
    FMATH.iter().find(|o| o.name == name)
}

/// 64-bit operations on two 64-bit sources.
const LONG_BINARY: &[&str] = &[
    "i64add", "i64add", "i64sub", "i64mul", "u64mul", "i64max", "i64min", "u64max", "u64min",
    "i64div", "i64mod", "u64div", "u64mod",
];
/// 64-bit shifts: a 64-bit value and a 32-bit count.
const LONG_SHIFT: &[&str] = &["i64shl", "i64shr", "u64shr"];
/// 64-bit compares, into an integer variable.
pub(crate) const LONG_COMPARE: &[&str] = &["i64eq", "i64ne", "i64ge", "i64lt", "u64ge", "u64lt"];
/// 64-bit literals at the edges.
const LONG_LITS: &[u64] = &[
    0,
    1,
    2,
    7,
    0xFFFF_FFFF,
    0x1_0000_0000,
    0x7FFF_FFFF_FFFF_FFFF,
    0x8000_0000_0000_0000,
    0xFFFF_FFFF_FFFF_FFFF,
    0xFFFF_FFFF_0000_0001,
    0x0000_0001_8000_0000,
];

/// Commutative atomics for shared addresses: any order of the lanes gives the same memory.
/// The index is the region of the operation (16 dwords of UAV 12, 8 of the LDS).
pub const SHARED_ATOMICS: &[&str] = &[
    "add", "min", "max", "umin", "umax", "and", "or", "xor", "sub",
];
/// LDS regions: 8 (the shared LDS area holds 64 dwords).
pub const LDS_SHARED_ATOMICS: usize = 8;
/// Atomics with a return value, on the work-item's own dwords.
const RETURN_ATOMICS: &[&str] = &[
    "add", "sub", "rsub", "min", "max", "umin", "umax", "and", "or", "xor", "xchg", "cmp_xchg",
    "inc", "dec",
];

impl Gen<'_> {
    /// A 64-bit source: a variable, or a literal at the edges.
    pub(crate) fn loperand(&mut self) -> Operand {
        // A constant-buffer component (both dwords the same): a uniform 64-bit value.
        if self.f.cb && self.rng.chance(15) {
            return self.cb_operand();
        }
        if self.rng.chance(20) {
            Operand::DLit(self.rng.pick(LONG_LITS))
        } else {
            Operand::Var(self.var(Ty::Long))
        }
    }

    /// A component of `cb1[0..8]` at a literal index.
    pub(crate) fn cb_operand(&mut self) -> Operand {
        Operand::Cb {
            index: self.rng.below(8) as u8,
            comp: self.rng.below(4) as u8,
        }
    }

    /// An operation of `fmath` or `i64` producing `ty`, or `None`.
    pub(crate) fn extra_op(&mut self, ty: Ty) -> Option<Stmt> {
        match ty {
            Ty::Long => Some(self.long_op()),
            Ty::Float if self.f.fmath && self.rng.chance(30) => Some(self.fmath_op()),
            Ty::Int if self.f.i64 && self.rng.chance(20) => {
                let dst = self.var(Ty::Int);
                let (op, srcs) = match self.rng.below(3) {
                    0 => ("i64lo", vec![Operand::Var(self.var(Ty::Long))]),
                    1 => ("i64hi", vec![Operand::Var(self.var(Ty::Long))]),
                    _ => (
                        self.rng.pick(LONG_COMPARE),
                        vec![self.loperand(), self.loperand()],
                    ),
                };
                Some(Stmt::Op { op, dst, srcs })
            }
            _ => None,
        }
    }

    fn fmath_op(&mut self) -> Stmt {
        let o = &FMATH[self.rng.below(FMATH.len())];
        // Half of the results go to an ordinary float variable, which later operations read:
        // `ilc check` judges what a tolerated value reaches by the target's formulas and the
        // error envelope (issue #15), so the error may grow through exact operations.
        let dst = if self.rng.chance(50) {
            self.var(Ty::Float)
        } else {
            Var {
                reg: 9,
                comp: self.rng.below(4) as u8,
            }
        };
        let srcs = o
            .args
            .iter()
            .map(|d| {
                if !o.edges.is_empty() && self.rng.chance(6) {
                    return Operand::Lit(self.rng.pick(o.edges));
                }
                if self.rng.chance(15) {
                    return Operand::Lit(self.rng.pick(o.lits).to_bits());
                }
                let v = self.var(Ty::Float);
                match d {
                    Domain::Magnitude { neg: true, .. } if self.rng.chance(40) => Operand::Neg(v),
                    _ => Operand::Var(v),
                }
            })
            .collect();
        Stmt::Op {
            op: o.name,
            dst,
            srcs,
        }
    }

    fn long_op(&mut self) -> Stmt {
        let dst = self.var(Ty::Long);
        let (op, srcs) = match self.rng.below(10) {
            0..=4 => (
                self.rng.pick(LONG_BINARY),
                vec![self.loperand(), self.loperand()],
            ),
            5 => ("i64negate", vec![self.loperand()]),
            6 | 7 => (
                self.rng.pick(LONG_SHIFT),
                vec![self.loperand(), self.operand(Ty::Int)],
            ),
            // One dword of the variable from an integer variable.
            8 => (
                self.rng.pick(&["i64setlo", "i64sethi"]),
                vec![Operand::Var(self.var(Ty::Int))],
            ),
            _ => ("mov", vec![Operand::Var(self.var(Ty::Long))]),
        };
        Stmt::Op { op, dst, srcs }
    }

    /// A statement of `atomic`, `typed` or `cb`, or `None` (most of the time).
    pub(crate) fn extra_stmt(&mut self, _ctx: Ctx) -> Option<Stmt> {
        if self.f.atomic && self.rng.chance(8) {
            return Some(self.atomic());
        }
        if self.f.typed && self.rng.chance(8) {
            return Some(self.typed());
        }
        if self.f.cb && self.rng.chance(5) {
            return Some(Stmt::CbLoad {
                dst: self.any_var(),
                idx: self.var(Ty::Int),
                k: self.rng.below(5) as u8,
                comp: self.rng.below(4) as u8,
            });
        }
        None
    }

    fn atomic(&mut self) -> Stmt {
        let mut spaces = vec![Space::Uav, Space::Uav];
        if self.f.lds {
            spaces.extend([Space::Lds, Space::Lds]);
        }
        if self.f.typed {
            spaces.extend([Space::Typed, Space::Struct, Space::Arena]);
        }
        let space = self.rng.pick(&spaces);
        // Integer sources: an atomic combines the bits, and a float NaN's sign and payload
        // are open (a product of two NaNs may return either; the accuracy table counts
        // any two NaNs equal), so float bits would make the memory differ where the
        // values agree (found with large programs: a NaN of the reference and of gfx906
        // differing in the sign bit, summed by `uav_add`).
        let (src, src2, idx) = (self.var(Ty::Int), self.var(Ty::Int), self.var(Ty::Int));
        let ret = space == Space::Arena || self.rng.chance(50);
        let op = if ret {
            let op = self.rng.pick(RETURN_ATOMICS);
            // The UAV's wrapping increment and decrement are `uinc`/`udec`.
            match (space, op) {
                (Space::Lds, _) => op,
                (_, "inc") => "uinc",
                (_, "dec") => "udec",
                _ => op,
            }
        } else if space == Space::Lds {
            SHARED_ATOMICS[self.rng.below(LDS_SHARED_ATOMICS)]
        } else {
            self.rng.pick(SHARED_ATOMICS)
        };
        Stmt::Atomic(Atomic {
            space,
            op,
            src,
            src2,
            idx,
            ret: ret.then(|| self.any_var()),
        })
    }

    fn typed(&mut self) -> Stmt {
        let kind = match self.rng.below(5) {
            0 => TypedKind::Buffer,
            1 => TypedKind::Struct,
            4 => TypedKind::StructVec {
                mask: 1 + self.rng.below(15) as u8,
            },
            2 => TypedKind::Arena(self.rng.pick(&[1, 2, 4])),
            _ => TypedKind::Narrow {
                bytes: self.rng.pick(&[1, 2]),
                signed: self.rng.chance(50),
            },
        };
        Stmt::Typed(Typed {
            kind,
            store: self.rng.chance(50),
            var: self.any_var(),
            idx: self.var(Ty::Int),
        })
    }
}
