//! The generated program as a small statement tree, kept apart from IL text so that the
//! shrinker can delete and simplify whole statements and blocks and print again.
//!
//! Registers are fixed by role (the printer and the generator agree on them):
//! - `r0.x` the absolute work-item id, `r1.x` the id in the group (set by the prologue);
//! - variables: integers in `r2`, `r3`, floats in `r4`, `r5` (every component), doubles in
//!   the halves of `r6`, `r7`; the epilogue stores `r2`..`r5` to the thread's output slot
//!   (and `r6`, `r7` over the thread's input area when the program has doubles);
//! - `r8` (two doubles): the sinks of the double operations that are not correctly rounded
//!   (`dsqrt`, `drcp`, `drsq`: a tolerance of 1-2 ulps). No instruction reads them, so
//!   their error reaches no exact comparison and is not amplified; the epilogue stores them
//!   and the run is compared within the double tolerance;
//! - scratch `r10`..`r13` (set just before each use, never live across statements);
//! - loop counters, assigned by nesting depth when printing: `r20 + depth` in the main
//!   body, `r32 + 8f + depth` in function `f`, so that no body and no callee touches them.

/// A variable: a register component (or a register half for doubles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Var {
    pub reg: u8,
    /// Component 0..3 (x..w); for a double, 0 (xy) or 2 (zw).
    pub comp: u8,
}

/// The type of what a variable holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Int,
    Float,
    Double,
}

impl Var {
    pub fn ty(self) -> Ty {
        match self.reg {
            2 | 3 => Ty::Int,
            4 | 5 => Ty::Float,
            _ => Ty::Double,
        }
    }
}

/// A source operand: a variable or a literal (bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Var(Var),
    Lit(u32),
    /// A double literal (bits), printed as a literal register `lo, hi, lo, hi`.
    DLit(u64),
    /// `_neg` of a float or double variable (for a double only the high dword: `_neg(y)`).
    Neg(Var),
    /// `_abs` of a float or double variable.
    Abs(Var),
}

impl Operand {
    /// The variable an operand reads, if any.
    pub fn var(self) -> Option<Var> {
        match self {
            Operand::Var(v) | Operand::Neg(v) | Operand::Abs(v) => Some(v),
            Operand::Lit(_) | Operand::DLit(_) => None,
        }
    }
}

/// A condition: `op r10.x, a, b` then a test of `r10.x`, or the test of `a` itself when
/// `op` is `None`; `zero` tests for zero (`_logicalz`), else for non-zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cond {
    pub op: Option<&'static str>,
    pub a: Operand,
    pub b: Operand,
    pub zero: bool,
}

/// How many times a loop runs at most: a literal count, or `(v & 3) + 1` of an integer
/// variable (different per work-item, so the loop diverges; re-read every iteration, and
/// still at most 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trips {
    Fixed(u32),
    Var(Var),
}

/// Which thread-private UAV area a load reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// 8 dwords of input per work-item that no store touches.
    Input,
    /// The 4 dwords per work-item that `UavStore` writes.
    Scratch,
}

/// One `case` of a switch (`label` `None` is `default`); `brk` ends it with `break`,
/// otherwise it falls through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub label: Option<u32>,
    pub body: Vec<Stmt>,
    pub brk: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `op dst, srcs...`.
    Op {
        op: &'static str,
        dst: Var,
        srcs: Vec<Operand>,
    },
    If {
        cond: Cond,
        then: Vec<Stmt>,
        els: Option<Vec<Stmt>>,
    },
    Loop {
        trips: Trips,
        body: Vec<Stmt>,
    },
    /// `break` (or `break_logical*` with a condition): in a loop or a switch.
    Break(Option<Cond>),
    /// `continue` (or `continue_logical*`): in a loop.
    Continue(Option<Cond>),
    /// `switch ((v & 3))`.
    Switch {
        sel: Var,
        cases: Vec<Case>,
    },
    Call(u32),
    /// `ret_dyn`, conditional through an enclosing `if` when `Some`.
    Ret(Option<Cond>),
    /// A load of the thread's own UAV area, dword `idx & 7` (`& 3` for Scratch).
    UavLoad {
        dst: Var,
        area: Area,
        idx: Var,
    },
    /// A store to the thread's scratch UAV area, dword `idx & 3`.
    UavStore {
        src: Var,
        idx: Var,
    },
    /// Work-group exchange through LDS in uniform control flow: store `src` at the
    /// work-item's slot, barrier, load the slot of work-item `(id + shift) & 63`, barrier.
    LdsExchange {
        dst: Var,
        src: Var,
        shift: u32,
    },
    /// Thread-private LDS dword `idx & 3` (no barrier needed).
    LdsLoad {
        dst: Var,
        idx: Var,
    },
    LdsStore {
        src: Var,
        idx: Var,
    },
    /// `mov x0[(idx & 3) + k].c` into `dst`, relative addressing with an immediate.
    XLoad {
        dst: Var,
        idx: Var,
        k: u8,
        comp: u8,
    },
    /// `mov x0[idx & 7].c, src`.
    XStore {
        src: Var,
        idx: Var,
        comp: u8,
    },
}

/// A subroutine `func <id>`: ends with `ret`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub id: u32,
    pub body: Vec<Stmt>,
}

/// A whole generated kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub seed: u64,
    pub main: Vec<Stmt>,
    pub funcs: Vec<Func>,
    /// Declares the LDS, the indexed temporary array and the doubles' prologue.
    pub lds: bool,
    pub indexed: bool,
    pub doubles: bool,
    /// Initializes and stores the double sinks `r8` (feature `dmath`).
    pub sinks: bool,
}

impl Program {
    /// Statements in the whole program, nested ones included.
    pub fn size(&self) -> usize {
        count(&self.main) + self.funcs.iter().map(|f| 1 + count(&f.body)).sum::<usize>()
    }
}

/// Statements in `body`, nested ones included.
pub fn count(body: &[Stmt]) -> usize {
    body.iter()
        .map(|s| {
            1 + match s {
                Stmt::If { then, els, .. } => count(then) + els.as_deref().map_or(0, count),
                Stmt::Loop { body, .. } => count(body),
                Stmt::Switch { cases, .. } => cases.iter().map(|c| 1 + count(&c.body)).sum(),
                _ => 0,
            }
        })
        .sum()
}
