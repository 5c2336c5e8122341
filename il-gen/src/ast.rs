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
//!   alone to raw UAV 10, compared within the double tolerance;
//! - `r9` (four floats, feature `fmath`): sinks of the single-precision operations with a
//!   tolerance (transcendentals, `div`, `mod`), like `r8`: nothing reads them, and the
//!   epilogue stores them alone to raw UAV 13 (the other half of those operations write
//!   ordinary float variables, which later operations read);
//! - `r14`, `r15` (feature `i64`): 64-bit integer variables in their halves (xy, zw);
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
    /// A 64-bit integer (feature `i64`).
    Long,
}

impl Ty {
    /// Whether a variable of this type takes two dwords (a register half).
    pub fn wide(self) -> bool {
        matches!(self, Ty::Double | Ty::Long)
    }
}

impl Var {
    pub fn ty(self) -> Ty {
        match self.reg {
            2 | 3 => Ty::Int,
            4 | 5 | 9 => Ty::Float,
            14 | 15 => Ty::Long,
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
    /// A component of the constant buffer `cb1` at a literal index (feature `cb`).
    Cb {
        index: u8,
        comp: u8,
    },
}

impl Operand {
    /// The variable an operand reads, if any.
    pub fn var(self) -> Option<Var> {
        match self {
            Operand::Var(v) | Operand::Neg(v) | Operand::Abs(v) => Some(v),
            Operand::Lit(_) | Operand::DLit(_) | Operand::Cb { .. } => None,
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
    /// An atomic (feature `atomic`); see [`Atomic`].
    Atomic(Atomic),
    /// `mov dst, cb1[(idx & 3) + k].c`: a constant read with a relative index (`cb`).
    CbLoad {
        dst: Var,
        idx: Var,
        k: u8,
        comp: u8,
    },
    /// A load or store through a typed, structured or arena UAV, or a byte/short access
    /// (feature `typed`); see [`Typed`].
    Typed(Typed),
}

/// Where an atomic goes: raw UAV 12, the LDS, or (with `typed`) typed buffer UAV 1,
/// structured UAV 2 or arena UAV 8 (with a return value only: its memory is raw UAV 11's,
/// which has no shared area).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Uav,
    Lds,
    Typed,
    Struct,
    Arena,
}

/// An atomic operation. Without a return value (`ret` `None`) it goes to an address all
/// work-items share, in a region that only this operation (`op`, commutative: the result
/// does not depend on the lanes' order) touches; with one, to the work-item's own dword
/// `idx & 3`, so that the returned value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atomic {
    pub space: Space,
    /// The operation's name without the `uav_`/`lds_` and `read_` prefixes (`add`, `umin`,
    /// `cmp_xchg`, ...).
    pub op: &'static str,
    pub src: Var,
    /// The second source of `cmp_xchg`.
    pub src2: Var,
    pub idx: Var,
    pub ret: Option<Var>,
}

/// The kind of a [`Stmt::Typed`] access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedKind {
    /// `uav_load`/`uav_store` of typed buffer UAV 1 (`uint`), element `4·id + (idx & 3)`.
    Buffer,
    /// `uav_struct_load`/`_store` of structured UAV 2 (16-byte elements), element `id`,
    /// byte offset `4·(idx & 3)`.
    Struct,
    /// `uav_arena_load`/`_store` of arena UAV 8 (which shares raw UAV 11's memory) of this
    /// many bytes (1, 2 or 4) in the work-item's scratch area.
    Arena(u8),
    /// `uav_struct_store_id(2) mem.<mask>` of a whole variable register (`r2`..`r5`, the
    /// register of `var`) at offset 0 of the work-item's element, or a load of all four
    /// dwords of it and a move of `var`'s component: several dwords at once, write masks
    /// with gaps.
    StructVec { mask: u8 },
    /// `uav_[u]byte_load`/`uav_[u]short_load`/`uav_byte_store`/`uav_short_store` of raw
    /// UAV 11 (1 or 2 bytes; `signed` loads sign-extend) in the scratch area.
    Narrow { bytes: u8, signed: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Typed {
    pub kind: TypedKind,
    pub store: bool,
    /// The stored or loaded variable.
    pub var: Var,
    pub idx: Var,
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
    /// Initializes and stores the float sinks `r9` (feature `fmath`).
    pub fsinks: bool,
    /// Initializes and stores the 64-bit variables `r14`, `r15` (feature `i64`).
    pub longs: bool,
    /// Atomics (feature `atomic`): declares UAV 12, and with `lds` initializes and stores
    /// the shared LDS atomic area.
    pub atomics: bool,
    /// Declares the typed, structured and arena UAVs (feature `typed`).
    pub typed: bool,
    /// Declares the constant buffer `cb1` (feature `cb`).
    pub cb: bool,
}

impl Program {
    /// Whether the program uses raw UAV 12 (the 64-bit variables, the atomics' areas).
    pub fn side_uav(&self) -> bool {
        self.longs || self.atomics
    }

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
