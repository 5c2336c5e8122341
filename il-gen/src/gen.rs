//! The random generator: a statement tree from a seed, restricted to the enabled features.
//!
//! Well-formedness by construction: loops are counted (at most 4 iterations, the counter
//! in a register no body writes), `break`/`continue` appear only inside a loop or switch
//! they belong to (`continue` only when the innermost one is a loop), `ret_dyn` only in
//! functions, calls only go to functions with a larger id (no recursion), and the LDS
//! exchange with its barriers only in main where control flow is uniform: the top level
//! (main never returns early), and fixed-count loops entered from there whose `break`s and
//! `continue`s (feature `cb`) test constants only and sit outside any `if` (the front end
//! refuses a barrier inside an `if` or `switch`, L4762, and warns inside a loop).

use crate::ast::{Area, Case, Cond, Func, Operand, Program, Stmt, Trips, Ty, Var};
use crate::edge::{
    BITS_BINARY, BITS_UNARY, DOUBLE_BINARY, DOUBLE_COMPARE, DOUBLE_INEXACT, DOUBLE_LITS,
    FLOAT_EDGE_LITS, FLOAT_MODIFIED, INT_EDGE_LITS,
};
use crate::Features;

/// SplitMix64: the same seed gives the same program everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x1F0E_5EED_0000_0000)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const INT_BINARY: &[&str] = &[
    "iadd", "iadd", "imul", "iand", "ior", "ixor", "imin", "imax", "umin", "umax", "ishl", "ishr",
    "ushr", "udiv", "umod",
];
const INT_COMPARE: &[&str] = &["ieq", "ine", "ilt", "ige", "ult", "uge"];
/// Only operations the reference defines exactly (`div` and the transcendentals have a
/// per-operation tolerance whose error later operations amplify past any bound).
const FLOAT_BINARY: &[&str] = &["add", "add", "mul", "min", "max"];
const FLOAT_COMPARE: &[&str] = &["eq", "ne", "lt", "ge"];
const INT_LITS: &[u32] = &[
    0,
    1,
    2,
    3,
    5,
    7,
    8,
    16,
    31,
    32,
    255,
    0x8000_0000,
    0xFFFF_FFFF,
];
const FLOAT_LITS: &[f32] = &[0.0, 0.5, 1.0, 1.5, 2.0, -1.0, -2.5, 3.25, 100.0, 0.125];

/// Where a statement is being generated.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    pub(crate) depth: u32,
    /// Innermost breakable construct: none, a loop, or a switch.
    breakable: Option<Breakable>,
    /// Inside an `if` since the innermost breakable (a plain `break` is not the last word
    /// of every path then).
    guarded: bool,
    /// Every work-item of the group gets here together (main's top level, and inside
    /// fixed-count loops entered from there): barriers are allowed.
    pub(crate) uniform: bool,
    /// The innermost loop was entered uniformly and must stay so: a `break` or `continue`
    /// of it only where `uniform` holds, and only on a uniform condition.
    pub(crate) loop_uniform: bool,
    /// The function being generated (0: main).
    pub(crate) func: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Breakable {
    Loop,
    Switch,
}

pub(crate) struct Gen<'a> {
    pub(crate) rng: Rng,
    pub(crate) f: &'a Features,
    budget: usize,
    funcs: u32,
}

/// Generates the program of `seed` with the enabled features.
pub fn generate(seed: u64, features: &Features) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        f: features,
        budget: 0,
        funcs: 0,
    };
    g.funcs = if features.call {
        g.rng.below(4) as u32
    } else {
        0
    };
    let mut funcs = Vec::new();
    for id in 1..=g.funcs {
        g.budget = 3 + g.rng.below(8);
        let ctx = Ctx {
            depth: 0,
            breakable: None,
            guarded: false,
            uniform: false,
            loop_uniform: false,
            func: id,
        };
        let n = 2 + g.rng.below(4);
        let body = g.block(ctx, n);
        funcs.push(Func { id, body });
    }
    g.budget = 6 + g.rng.below(30);
    let ctx = Ctx {
        depth: 0,
        breakable: None,
        guarded: false,
        uniform: true,
        loop_uniform: false,
        func: 0,
    };
    let mut main = Vec::new();
    while g.budget > 0 {
        let s = g.stmt(ctx);
        main.push(s);
    }
    Program {
        seed,
        main,
        funcs,
        lds: features.lds,
        indexed: features.indexed,
        doubles: features.double,
        sinks: features.dmath,
        fsinks: features.fmath,
        longs: features.i64,
        atomics: features.atomic,
        typed: features.typed,
        cb: features.cb,
    }
}

impl Gen<'_> {
    fn block(&mut self, ctx: Ctx, n: usize) -> Vec<Stmt> {
        let mut out = Vec::new();
        for _ in 0..n {
            if self.budget == 0 {
                break;
            }
            out.push(self.stmt(ctx));
        }
        out
    }

    fn types(&self) -> Vec<Ty> {
        let mut t = Vec::new();
        if self.f.int {
            t.extend([Ty::Int, Ty::Int]);
        }
        if self.f.float {
            t.extend([Ty::Float, Ty::Float]);
        }
        if self.f.double {
            t.push(Ty::Double);
        }
        if self.f.i64 {
            t.push(Ty::Long);
        }
        if t.is_empty() {
            t.push(Ty::Int);
        }
        t
    }

    pub(crate) fn var(&mut self, ty: Ty) -> Var {
        match ty {
            Ty::Long => Var {
                reg: 14 + self.rng.below(2) as u8,
                comp: 2 * self.rng.below(2) as u8,
            },
            Ty::Int => Var {
                reg: 2 + self.rng.below(2) as u8,
                comp: self.rng.below(4) as u8,
            },
            Ty::Float => Var {
                reg: 4 + self.rng.below(2) as u8,
                comp: self.rng.below(4) as u8,
            },
            Ty::Double => Var {
                reg: 6 + self.rng.below(2) as u8,
                comp: 2 * self.rng.below(2) as u8,
            },
        }
    }

    /// Any scalar variable (an index or a selector may read any bits).
    pub(crate) fn any_var(&mut self) -> Var {
        let ty = if self.f.float && self.rng.chance(30) {
            Ty::Float
        } else {
            Ty::Int
        };
        self.var(ty)
    }

    pub(crate) fn operand(&mut self, ty: Ty) -> Operand {
        if ty == Ty::Double {
            return self.doperand();
        }
        if ty == Ty::Long {
            return self.loperand();
        }
        if self.f.cb && self.rng.chance(8) {
            return self.cb_operand();
        }
        if self.rng.chance(25) {
            match ty {
                Ty::Float if self.f.fedge && self.rng.chance(50) => {
                    Operand::Lit(self.rng.pick(FLOAT_EDGE_LITS))
                }
                Ty::Float => Operand::Lit(self.rng.pick(FLOAT_LITS).to_bits()),
                _ if self.f.bits && self.rng.chance(30) => {
                    Operand::Lit(self.rng.pick(INT_EDGE_LITS))
                }
                _ => Operand::Lit(self.rng.pick(INT_LITS)),
            }
        } else if ty == Ty::Float && self.f.fmod && self.rng.chance(15) {
            self.modified(ty)
        } else {
            Operand::Var(self.var(ty))
        }
    }

    /// `_neg` or `_abs` of a variable.
    fn modified(&mut self, ty: Ty) -> Operand {
        let v = self.var(ty);
        if self.rng.chance(50) {
            Operand::Neg(v)
        } else {
            Operand::Abs(v)
        }
    }

    /// A double source: a variable, or with `dmath` an edge literal or a modified variable.
    fn doperand(&mut self) -> Operand {
        if !self.f.dmath {
            return Operand::Var(self.var(Ty::Double));
        }
        match self.rng.below(100) {
            0..=24 => Operand::DLit(self.rng.pick(DOUBLE_LITS)),
            25..=39 => self.modified(Ty::Double),
            _ => Operand::Var(self.var(Ty::Double)),
        }
    }

    /// A double sink `r8.xy` or `r8.zw` (see `ast`).
    fn sink(&mut self) -> Var {
        Var {
            reg: 8,
            comp: 2 * self.rng.below(2) as u8,
        }
    }

    /// A condition every work-item of the group evaluates alike: a constant of `cb1`
    /// against a literal or another constant.
    fn uniform_cond(&mut self) -> Cond {
        let b = if self.rng.chance(50) {
            self.cb_operand()
        } else {
            Operand::Lit(self.rng.pick(INT_LITS))
        };
        Cond {
            op: Some(self.rng.pick(INT_COMPARE)),
            a: self.cb_operand(),
            b,
            zero: self.rng.chance(40),
        }
    }

    fn cond(&mut self) -> Cond {
        let zero = self.rng.chance(40);
        if self.f.dmath && self.rng.chance(20) {
            Cond {
                op: Some(self.rng.pick(DOUBLE_COMPARE)),
                a: Operand::Var(self.var(Ty::Double)),
                b: self.doperand(),
                zero,
            }
        } else if self.f.i64 && self.rng.chance(15) {
            Cond {
                op: Some(self.rng.pick(crate::extra::LONG_COMPARE)),
                a: Operand::Var(self.var(Ty::Long)),
                b: self.loperand(),
                zero,
            }
        } else if self.f.cb && self.rng.chance(15) {
            self.uniform_cond()
        } else if self.f.float && self.rng.chance(35) {
            Cond {
                op: Some(self.rng.pick(FLOAT_COMPARE)),
                a: Operand::Var(self.var(Ty::Float)),
                b: self.operand(Ty::Float),
                zero,
            }
        } else if self.rng.chance(20) {
            Cond {
                op: None,
                a: Operand::Var(self.var(Ty::Int)),
                b: Operand::Lit(0),
                zero,
            }
        } else {
            Cond {
                op: Some(self.rng.pick(INT_COMPARE)),
                a: Operand::Var(self.var(Ty::Int)),
                b: self.operand(Ty::Int),
                zero,
            }
        }
    }

    fn op(&mut self) -> Stmt {
        let ty = self.rng.pick(&self.types());
        if let Some(s) = self.extra_op(ty) {
            return s;
        }
        if let Some(s) = self.extended_op(ty) {
            return s;
        }
        let dst = self.var(ty);
        let (op, srcs): (&'static str, Vec<Operand>) = match ty {
            Ty::Int => match self.rng.below(10) {
                0..=4 => {
                    let op = self.rng.pick(INT_BINARY);
                    (op, vec![self.operand(ty), self.operand(ty)])
                }
                5 => (self.rng.pick(&["inot", "inegate"]), vec![self.operand(ty)]),
                6 => (
                    "imad",
                    vec![self.operand(ty), self.operand(ty), self.operand(ty)],
                ),
                7 => {
                    let op = self.rng.pick(INT_COMPARE);
                    (op, vec![self.operand(ty), self.operand(ty)])
                }
                8 if self.f.float => {
                    if self.rng.chance(50) {
                        let op = self.rng.pick(FLOAT_COMPARE);
                        (op, vec![self.operand(Ty::Float), self.operand(Ty::Float)])
                    } else {
                        let op = self.rng.pick(&["ftoi", "ftou"]);
                        (op, vec![Operand::Var(self.var(Ty::Float))])
                    }
                }
                _ => (
                    "cmov_logical",
                    vec![
                        Operand::Var(self.var(ty)),
                        self.operand(ty),
                        self.operand(ty),
                    ],
                ),
            },
            Ty::Float => match self.rng.below(10) {
                0..=4 => {
                    let op = self.rng.pick(FLOAT_BINARY);
                    (op, vec![self.operand(ty), self.operand(ty)])
                }
                5 => (
                    "mad",
                    vec![self.operand(ty), self.operand(ty), self.operand(ty)],
                ),
                6 | 7 => (
                    self.rng.pick(&["frc", "flr", "mov"]),
                    vec![Operand::Var(self.var(ty))],
                ),
                8 if self.f.int => (
                    self.rng.pick(&["itof", "utof"]),
                    vec![Operand::Var(self.var(Ty::Int))],
                ),
                9 if self.f.double => ("d2f", vec![Operand::Var(self.var(Ty::Double))]),
                _ => {
                    let op = self.rng.pick(FLOAT_BINARY);
                    (op, vec![self.operand(ty), Operand::Var(self.var(ty))])
                }
            },
            // `extra_op` generates every 64-bit integer operation.
            Ty::Long => ("i64add", vec![self.loperand(), self.loperand()]),
            Ty::Double => match self.rng.below(4) {
                0 if self.f.float => ("f2d", vec![Operand::Var(self.var(Ty::Float))]),
                1 => (
                    "dmad",
                    vec![
                        Operand::Var(self.var(ty)),
                        Operand::Var(self.var(ty)),
                        Operand::Var(self.var(ty)),
                    ],
                ),
                _ => (
                    self.rng.pick(&["dadd", "dmul"]),
                    vec![Operand::Var(self.var(ty)), Operand::Var(self.var(ty))],
                ),
            },
        };
        Stmt::Op { op, dst, srcs }
    }

    /// An operation of the extended features (`dmath`, `bits`, `fmod`) producing `ty`, or
    /// `None` (most of the time) for the basic ones.
    fn extended_op(&mut self, ty: Ty) -> Option<Stmt> {
        let (op, dst, srcs): (&'static str, Var, Vec<Operand>) = match ty {
            Ty::Int if self.f.dmath && self.rng.chance(20) => {
                let dst = self.var(ty);
                match self.rng.below(4) {
                    0 => ("dtoi", dst, vec![self.doperand()]),
                    1 => ("dtou", dst, vec![self.doperand()]),
                    // The exponent of `dfrexp` (the printer picks `.y`).
                    2 => ("dfrexp", dst, vec![self.doperand()]),
                    _ => {
                        let op = self.rng.pick(DOUBLE_COMPARE);
                        (op, dst, vec![self.doperand(), self.doperand()])
                    }
                }
            }
            Ty::Int if self.f.bits && self.rng.chance(25) => {
                let dst = self.var(ty);
                match self.rng.below(5) {
                    0 => (
                        self.rng.pick(&["ubit_extract", "ibit_extract"]),
                        dst,
                        vec![self.operand(ty), self.operand(ty), self.operand(ty)],
                    ),
                    1 => (
                        "ubit_insert",
                        dst,
                        vec![
                            self.operand(ty),
                            self.operand(ty),
                            self.operand(ty),
                            self.operand(ty),
                        ],
                    ),
                    2 | 3 => (self.rng.pick(BITS_UNARY), dst, vec![self.operand(ty)]),
                    _ => (
                        self.rng.pick(BITS_BINARY),
                        dst,
                        vec![self.operand(ty), self.operand(ty)],
                    ),
                }
            }
            Ty::Float if self.f.fmod && self.rng.chance(25) => {
                let dst = self.var(ty);
                if self.rng.chance(25) {
                    let op = self.rng.pick(&["mad_sat", "mad_x2", "mad_d2"]);
                    (
                        op,
                        dst,
                        vec![self.operand(ty), self.operand(ty), self.operand(ty)],
                    )
                } else {
                    let op = self.rng.pick(FLOAT_MODIFIED);
                    (op, dst, vec![self.operand(ty), self.operand(ty)])
                }
            }
            Ty::Double if self.f.dmath && self.rng.chance(60) => match self.rng.below(10) {
                0..=3 => {
                    let dst = self.var(ty);
                    let op = self.rng.pick(DOUBLE_BINARY);
                    (op, dst, vec![self.doperand(), self.doperand()])
                }
                4 => {
                    let dst = self.var(ty);
                    let op = self.rng.pick(&["dmad", "dmad", "dmad_x2"]);
                    (
                        op,
                        dst,
                        vec![self.doperand(), self.doperand(), self.doperand()],
                    )
                }
                5 => {
                    let dst = self.var(ty);
                    let op = self.rng.pick(&["dfrac", "dfrexp"]);
                    (op, dst, vec![self.doperand()])
                }
                6 => {
                    let dst = self.var(ty);
                    let n = if self.f.int || self.rng.chance(50) {
                        self.operand(Ty::Int)
                    } else {
                        Operand::Lit(self.rng.pick(INT_EDGE_LITS))
                    };
                    ("dldexp", dst, vec![self.doperand(), n])
                }
                7 => {
                    let dst = self.var(ty);
                    let op = self.rng.pick(&["itod", "utod"]);
                    (op, dst, vec![self.operand(Ty::Int)])
                }
                _ => {
                    let dst = self.sink();
                    (self.rng.pick(DOUBLE_INEXACT), dst, vec![self.doperand()])
                }
            },
            _ => return None,
        };
        Some(Stmt::Op { op, dst, srcs })
    }

    fn stmt(&mut self, ctx: Ctx) -> Stmt {
        self.budget = self.budget.saturating_sub(1);
        let inner = Ctx {
            depth: ctx.depth + 1,
            uniform: false,
            ..ctx
        };
        if let Some(s) = self.extra_stmt(ctx) {
            return s;
        }
        let nest = self.f.flow && ctx.depth < 3 && self.budget > 2;
        loop {
            let pick = self.rng.below(100);
            match pick {
                0..=44 => return self.op(),
                45..=54 if nest => {
                    // No barrier inside an `if`, even on a constant (L4762; the front end
                    // refuses it).
                    let cond = self.cond();
                    let body_ctx = Ctx {
                        guarded: true,
                        ..inner
                    };
                    let n = 1 + self.rng.below(4);
                    let then = self.block(body_ctx, n);
                    let els = if self.rng.chance(40) {
                        let n = 1 + self.rng.below(3);
                        Some(self.block(body_ctx, n))
                    } else {
                        None
                    };
                    return Stmt::If { cond, then, els };
                }
                55..=61 if nest => {
                    let trips = if self.rng.chance(50) {
                        Trips::Fixed(1 + self.rng.below(4) as u32)
                    } else {
                        Trips::Var(self.var(Ty::Int))
                    };
                    let uniform = ctx.uniform && matches!(trips, Trips::Fixed(_));
                    let body_ctx = Ctx {
                        breakable: Some(Breakable::Loop),
                        guarded: false,
                        uniform,
                        loop_uniform: uniform,
                        ..inner
                    };
                    let n = 1 + self.rng.below(5);
                    let body = self.block(body_ctx, n);
                    return Stmt::Loop { trips, body };
                }
                62..=65 if nest => {
                    let sel = self.any_var();
                    let mut labels = vec![0u32, 1, 2, 3];
                    let n = 1 + self.rng.below(3);
                    let mut cases = Vec::new();
                    let body_ctx = Ctx {
                        breakable: Some(Breakable::Switch),
                        guarded: false,
                        ..inner
                    };
                    for _ in 0..n {
                        let l = labels.remove(self.rng.below(labels.len()));
                        let k = 1 + self.rng.below(2);
                        let body = self.block(body_ctx, k);
                        cases.push(Case {
                            label: Some(l),
                            body,
                            brk: self.rng.chance(70),
                        });
                    }
                    if self.rng.chance(60) {
                        let body = self.block(body_ctx, 1);
                        let at = self.rng.below(cases.len() + 1);
                        cases.insert(
                            at,
                            Case {
                                label: None,
                                body,
                                brk: self.rng.chance(70),
                            },
                        );
                    }
                    return Stmt::Switch { sel, cases };
                }
                66..=69 if ctx.breakable.is_some() => {
                    let keep_uniform = ctx.breakable == Some(Breakable::Loop) && ctx.loop_uniform;
                    if keep_uniform && !(ctx.uniform && self.f.cb) {
                        continue;
                    }
                    let cond = if ctx.guarded && self.rng.chance(40) {
                        None
                    } else if keep_uniform {
                        Some(self.uniform_cond())
                    } else {
                        Some(self.cond())
                    };
                    if ctx.breakable == Some(Breakable::Loop) && self.rng.chance(40) {
                        return Stmt::Continue(cond);
                    }
                    return Stmt::Break(cond);
                }
                70..=73 if self.f.call && ctx.func < self.funcs => {
                    let callee =
                        ctx.func + 1 + self.rng.below((self.funcs - ctx.func) as usize) as u32;
                    return Stmt::Call(callee);
                }
                74..=75 if ctx.func > 0 => {
                    let cond = if ctx.depth > 0 && self.rng.chance(30) {
                        None
                    } else {
                        Some(self.cond())
                    };
                    return Stmt::Ret(cond);
                }
                76..=83 if self.f.uav => {
                    let idx = self.any_var();
                    if self.rng.chance(50) {
                        let src = self.any_var();
                        return Stmt::UavStore { src, idx };
                    }
                    let ty = if self.f.float && self.rng.chance(50) {
                        Ty::Float
                    } else {
                        Ty::Int
                    };
                    let dst = self.var(ty);
                    let area = if self.rng.chance(50) {
                        Area::Input
                    } else {
                        Area::Scratch
                    };
                    return Stmt::UavLoad { dst, area, idx };
                }
                84..=89 if self.f.lds => {
                    let src = self.any_var();
                    let dst = self.any_var();
                    if ctx.uniform && ctx.func == 0 && self.rng.chance(50) {
                        let shift = 1 + self.rng.below(63) as u32;
                        return Stmt::LdsExchange { dst, src, shift };
                    }
                    let idx = self.any_var();
                    if self.rng.chance(50) {
                        return Stmt::LdsStore { src, idx };
                    }
                    return Stmt::LdsLoad { dst, idx };
                }
                90..=95 if self.f.indexed => {
                    let idx = self.var(Ty::Int);
                    let comp = self.rng.below(4) as u8;
                    if self.rng.chance(50) {
                        let src = self.any_var();
                        return Stmt::XStore { src, idx, comp };
                    }
                    let dst = self.any_var();
                    let k = self.rng.below(5) as u8;
                    return Stmt::XLoad { dst, idx, k, comp };
                }
                _ => continue,
            }
        }
    }
}
