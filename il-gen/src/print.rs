//! IL text of a generated program (the register roles are in `ast`'s module comment).
//!
//! Memory layout of raw UAV 11 (16 KiB, what `ilc check` binds for 128 work-items):
//! bytes [0, 8192) the outputs (64 bytes per work-item: `r2`..`r5`), [8192, 10240) the
//! scratch area of `UavStore` (16 bytes per work-item), [12288, 16384) the input area
//! (32 bytes per work-item). LDS (2 KiB per group): [0, 256) the exchange slots, [1024,
//! 2048) 16 private bytes per work-item. Every access stays inside its work-item's own
//! bytes, except the exchange, which barriers order: results never depend on timing.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::ast::{Area, Cond, Operand, Program, Stmt, Trips, Var};
use crate::print_extra::{DOUBLE_SINK_REG, DOUBLE_SINK_UAV};

/// Work-items per group of every generated kernel.
pub const GROUP: u32 = 64;
const OUT_BYTES: u32 = 64;
const SCRATCH_BASE: u32 = 8192;
const INPUT_BASE: u32 = 12288;
pub(crate) const LDS_PRIVATE_BASE: u32 = 1024;
/// Bytes per work-item of the input area; the epilogue stores the doubles `r6`, `r7` over
/// them (no load reads the area after the epilogue).
const INPUT_BYTES: u32 = 32;
/// The first literal register of double literals (`lo, hi, lo, hi`), after the single ones.
const DLIT_BASE: u32 = 200;

pub(crate) struct Printer {
    pub(crate) out: String,
    /// Literal bits -> (l register, component).
    lits: BTreeMap<u32, (u32, u8)>,
    /// Double literal bits -> l register.
    dlits: BTreeMap<u64, u32>,
    indent: usize,
    /// First loop-counter register of the body being printed.
    counter_base: u32,
}

pub(crate) const COMP: [char; 4] = ['x', 'y', 'z', 'w'];

impl Printer {
    pub(crate) fn lit(&mut self, bits: u32) -> String {
        let n = self.lits.len() as u32;
        let (reg, comp) = *self.lits.entry(bits).or_insert((n / 4, (n % 4) as u8));
        format!("l{reg}.{}", COMP[comp as usize])
    }

    pub(crate) fn var(v: Var) -> String {
        format!("r{}.{}", v.reg, COMP[v.comp as usize])
    }

    /// A double source: `r6` (the xy half) or `r6.zwzw`.
    fn dsrc(v: Var) -> String {
        if v.comp == 0 {
            format!("r{}", v.reg)
        } else {
            format!("r{}.zwzw", v.reg)
        }
    }

    fn ddst(v: Var) -> String {
        if v.comp == 0 {
            format!("r{}.xy", v.reg)
        } else {
            format!("r{}.zw", v.reg)
        }
    }

    /// A source: doubles as `dsrc`, modifiers as `_neg(xyzw)` (a double's: `_neg(y)`, its
    /// high dword) and `_abs`.
    pub(crate) fn operand(&mut self, o: Operand) -> String {
        let double = |v: Var| v.ty().wide();
        let text = |v: Var| {
            if double(v) {
                Self::dsrc(v)
            } else {
                Self::var(v)
            }
        };
        match o {
            Operand::Var(v) => text(v),
            Operand::Neg(v) if double(v) => format!("{}_neg(y)", text(v)),
            Operand::Neg(v) => format!("{}_neg(xyzw)", text(v)),
            Operand::Abs(v) => format!("{}_abs", text(v)),
            Operand::Lit(bits) => self.lit(bits),
            Operand::DLit(bits) => {
                let n = DLIT_BASE + self.dlits.len() as u32;
                format!("l{}", self.dlits.entry(bits).or_insert(n))
            }
            Operand::Cb { index, comp } => format!("cb1[{index}].{}", COMP[comp as usize]),
        }
    }

    pub(crate) fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Computes a condition into `r10.x` if needed; returns the register tested.
    fn cond(&mut self, c: &Cond) -> String {
        match c.op {
            Some(op) => {
                let (a, b) = (self.operand(c.a), self.operand(c.b));
                self.line(&format!("{op} r10.x, {a}, {b}"));
                "r10.x".into()
            }
            None => self.operand(c.a),
        }
    }

    fn suffix(c: &Cond) -> &'static str {
        if c.zero {
            "logicalz"
        } else {
            "logicalnz"
        }
    }

    fn body(&mut self, body: &[Stmt], depth: u32) {
        self.indent += 1;
        for s in body {
            self.stmt(s, depth);
        }
        self.indent -= 1;
    }

    /// `r11.x = base + ((id << shift) | (idx & mask)) * 4` for a thread-private area.
    pub(crate) fn address(&mut self, idx: Var, id: &str, shift: u32, mask: u32, base: u32) {
        let (m, s, two, b) = (self.lit(mask), self.lit(shift), self.lit(2), self.lit(base));
        let idx = Self::var(idx);
        self.line(&format!("iand r11.x, {idx}, {m}"));
        self.line(&format!("ishl r12.x, {id}, {s}"));
        self.line("ior r11.x, r11.x, r12.x");
        self.line(&format!("ishl r11.x, r11.x, {two}"));
        self.line(&format!("iadd r11.x, r11.x, {b}"));
    }

    fn stmt(&mut self, s: &Stmt, depth: u32) {
        match s {
            Stmt::Op { op, dst, srcs } => {
                if self.extra_op(op, *dst, srcs) {
                    return;
                }
                let double = dst.ty().wide();
                let d = if double {
                    Self::ddst(*dst)
                } else {
                    Self::var(*dst)
                };
                let srcs: Vec<String> = srcs.iter().map(|&o| self.operand(o)).collect();
                if *op == "d2f" {
                    // d2f writes one dword: through scratch into the float variable.
                    self.line(&format!("d2f r12.x, {}", srcs[0]));
                    self.line(&format!("mov {d}, r12.x"));
                } else if *op == "dfrexp" {
                    // dfrexp writes all four dwords: [0, exponent, mantissa]; the variable
                    // takes the exponent (an integer) or the mantissa (a double).
                    self.line(&format!("dfrexp r12, {}", srcs[0]));
                    let part = if double { "r12.zwzw" } else { "r12.y" };
                    self.line(&format!("mov {d}, {part}"));
                } else {
                    self.line(&format!("{op} {d}, {}", srcs.join(", ")));
                }
            }
            Stmt::If { cond, then, els } => {
                let r = self.cond(cond);
                self.line(&format!("if_{} {r}", Self::suffix(cond)));
                self.body(then, depth);
                if let Some(els) = els {
                    self.line("else");
                    self.body(els, depth);
                }
                self.line("endif");
            }
            Stmt::Loop { trips, body } => {
                let counter = format!("r{}.x", self.counter_base + depth);
                let (zero, one) = (self.lit(0), self.lit(1));
                self.line(&format!("mov {counter}, {zero}"));
                self.line("whileloop");
                self.indent += 1;
                match trips {
                    Trips::Fixed(n) => {
                        let n = self.lit(*n);
                        self.line(&format!("ige r10.x, {counter}, {n}"));
                    }
                    Trips::Var(v) => {
                        let three = self.lit(3);
                        self.line(&format!("iand r10.x, {}, {three}", Self::var(*v)));
                        self.line(&format!("iadd r10.x, r10.x, {one}"));
                        self.line(&format!("ige r10.x, {counter}, r10.x"));
                    }
                }
                self.line("break_logicalnz r10.x");
                self.line(&format!("iadd {counter}, {counter}, {one}"));
                self.indent -= 1;
                self.body(body, depth + 1);
                self.line("endloop");
            }
            Stmt::Break(c) | Stmt::Continue(c) | Stmt::Ret(c) => {
                let word = match s {
                    Stmt::Break(_) => "break",
                    Stmt::Continue(_) => "continue",
                    _ => "ret_dyn",
                };
                match c {
                    None => self.line(word),
                    Some(c) if word == "ret_dyn" => {
                        let r = self.cond(c);
                        self.line(&format!("if_{} {r}", Self::suffix(c)));
                        self.indent += 1;
                        self.line("ret_dyn");
                        self.indent -= 1;
                        self.line("endif");
                    }
                    Some(c) => {
                        let r = self.cond(c);
                        self.line(&format!("{word}_{} {r}", Self::suffix(c)));
                    }
                }
            }
            Stmt::Switch { sel, cases } => {
                let three = self.lit(3);
                self.line(&format!("iand r10.x, {}, {three}", Self::var(*sel)));
                self.line("switch r10.x");
                for c in cases {
                    match c.label {
                        Some(l) => self.line(&format!("case {l}")),
                        None => self.line("default"),
                    }
                    self.body(&c.body, depth);
                    if c.brk {
                        self.indent += 1;
                        self.line("break");
                        self.indent -= 1;
                    }
                }
                self.line("endswitch");
            }
            Stmt::Call(f) => self.line(&format!("call {f}")),
            Stmt::UavLoad { dst, area, idx } => {
                match area {
                    Area::Input => self.address(*idx, "r0.x", 3, 7, INPUT_BASE),
                    Area::Scratch => self.address(*idx, "r0.x", 2, 3, SCRATCH_BASE),
                }
                self.line("uav_raw_load_id(11) r12.x, r11.x");
                self.line(&format!("mov {}, r12.x", Self::var(*dst)));
            }
            Stmt::UavStore { src, idx } => {
                self.address(*idx, "r0.x", 2, 3, SCRATCH_BASE);
                self.line(&format!("mov r12.x, {}", Self::var(*src)));
                self.line("uav_raw_store_id(11) mem.x, r11.x, r12.x");
            }
            Stmt::LdsExchange { dst, src, shift } => {
                let (two, sh, mask) = (self.lit(2), self.lit(*shift), self.lit(GROUP - 1));
                self.line(&format!("ishl r11.x, r1.x, {two}"));
                self.line(&format!("mov r12.x, {}", Self::var(*src)));
                self.line("lds_store_id(0) r11.x, r12.x");
                self.line("fence_threads_lds");
                self.line(&format!("iadd r11.x, r1.x, {sh}"));
                self.line(&format!("iand r11.x, r11.x, {mask}"));
                self.line(&format!("ishl r11.x, r11.x, {two}"));
                self.line("lds_load_id(0) r12.x, r11.x");
                self.line(&format!("mov {}, r12.x", Self::var(*dst)));
                self.line("fence_threads_lds");
            }
            Stmt::LdsLoad { dst, idx } => {
                self.address(*idx, "r1.x", 2, 3, LDS_PRIVATE_BASE);
                self.line("lds_load_id(0) r12.x, r11.x");
                self.line(&format!("mov {}, r12.x", Self::var(*dst)));
            }
            Stmt::LdsStore { src, idx } => {
                self.address(*idx, "r1.x", 2, 3, LDS_PRIVATE_BASE);
                self.line(&format!("mov r12.x, {}", Self::var(*src)));
                self.line("lds_store_id(0) r11.x, r12.x");
            }
            Stmt::XLoad { dst, idx, k, comp } => {
                let three = self.lit(3);
                self.line(&format!("iand r13.x, {}, {three}", Self::var(*idx)));
                let c = COMP[*comp as usize];
                self.line(&format!("mov {}, x0[r13.x+{k}].{c}", Self::var(*dst)));
            }
            Stmt::XStore { src, idx, comp } => {
                let seven = self.lit(7);
                self.line(&format!("iand r13.x, {}, {seven}", Self::var(*idx)));
                let c = COMP[*comp as usize];
                self.line(&format!("mov x0[r13.x].{c}, {}", Self::var(*src)));
            }
            Stmt::Atomic(a) => self.atomic(a),
            Stmt::CbLoad { dst, idx, k, comp } => {
                let three = self.lit(3);
                self.line(&format!("iand r13.x, {}, {three}", Self::var(*idx)));
                let c = COMP[*comp as usize];
                self.line(&format!("mov {}, cb1[r13.x+{k}].{c}", Self::var(*dst)));
            }
            Stmt::Typed(t) => self.typed(t),
        }
    }
}

/// The IL text of `p`.
pub fn to_il(p: &Program) -> String {
    let mut pr = Printer {
        out: String::new(),
        lits: BTreeMap::new(),
        dlits: BTreeMap::new(),
        indent: 0,
        counter_base: 20,
    };
    // Prologue: ids, the float inputs, integers derived from the id and the inputs' bits.
    let (five, sixteen, input) = (pr.lit(5), pr.lit(16), pr.lit(INPUT_BASE));
    pr.line("mov r0.x, vAbsTidFlat.x");
    pr.line("mov r1.x, vTidInGrpFlat.x");
    pr.line(&format!("ishl r11.x, r0.x, {five}"));
    pr.line(&format!("iadd r11.x, r11.x, {input}"));
    pr.line("uav_raw_load_id(11) r4, r11.x");
    pr.line(&format!("iadd r11.x, r11.x, {sixteen}"));
    pr.line("uav_raw_load_id(11) r5, r11.x");
    let (a, b, c, d) = (pr.lit(3), pr.lit(7), pr.lit(1), pr.lit(0x9E37));
    pr.line(&format!("imul r2.x, r0.x, {a}"));
    pr.line(&format!("iadd r2.y, r0.x, {b}"));
    pr.line(&format!("iadd r2.z, r1.x, {c}"));
    pr.line(&format!("ixor r2.w, r0.x, {d}"));
    pr.line("mov r3, r4");
    if p.doubles {
        pr.line("f2d r6.xy, r4.x");
        pr.line("f2d r6.zw, r4.y");
        pr.line("f2d r7.xy, r5.z");
        pr.line("f2d r7.zw, r5.w");
    }
    if p.sinks {
        pr.line("f2d r8.xy, r5.x");
        pr.line("f2d r8.zw, r5.y");
    }
    pr.extra_prologue(p);
    for s in &p.main {
        pr.stmt(s, 0);
    }
    // Epilogue: the variables to the work-item's output slot.
    let out = pr.lit(OUT_BYTES.trailing_zeros());
    pr.line(&format!("ishl r11.x, r0.x, {out}"));
    for r in 2..=5 {
        if r > 2 {
            pr.line(&format!("iadd r11.x, r11.x, {sixteen}"));
        }
        pr.line(&format!("uav_raw_store_id(11) mem.xyzw, r11.x, r{r}"));
    }
    if p.doubles {
        let (shift, input) = (pr.lit(INPUT_BYTES.trailing_zeros()), pr.lit(INPUT_BASE));
        pr.line(&format!("ishl r11.x, r0.x, {shift}"));
        pr.line(&format!("iadd r11.x, r11.x, {input}"));
        pr.line("uav_raw_store_id(11) mem.xyzw, r11.x, r6");
        pr.line(&format!("iadd r11.x, r11.x, {sixteen}"));
        pr.line("uav_raw_store_id(11) mem.xyzw, r11.x, r7");
    }
    if p.sinks {
        let four = pr.lit(4);
        pr.line(&format!("ishl r11.x, r0.x, {four}"));
        pr.line(&format!(
            "uav_raw_store_id({DOUBLE_SINK_UAV}) mem.xyzw, r11.x, r{DOUBLE_SINK_REG}"
        ));
    }
    pr.extra_epilogue(p);
    pr.line("endmain");
    for f in &p.funcs {
        pr.line(&format!("func {}", f.id));
        pr.counter_base = 32 + 8 * f.id;
        pr.body(&f.body, 0);
        pr.line("ret");
        pr.line("endfunc");
    }
    pr.line("end");

    let mut head = String::new();
    let _ = writeln!(head, "; il-gen seed {}", p.seed);
    head.push_str("il_cs_2_0\n");
    let _ = writeln!(head, "dcl_num_thread_per_group {GROUP}");
    head.push_str("dcl_raw_uav_id(11)\n");
    if p.lds {
        head.push_str("dcl_lds_id(0) 2048\n");
    }
    if p.indexed {
        head.push_str("dcl_indexed_temp_array x0[8]\n");
    }
    crate::print_extra::declarations(p, &mut head);
    let mut regs: BTreeMap<u32, [u32; 4]> = BTreeMap::new();
    for (&bits, &(reg, comp)) in &pr.lits {
        regs.entry(reg).or_default()[comp as usize] = bits;
    }
    for (reg, v) in regs {
        let _ = writeln!(
            head,
            "dcl_literal l{reg}, 0x{:08X}, 0x{:08X}, 0x{:08X}, 0x{:08X}",
            v[0], v[1], v[2], v[3]
        );
    }
    for (&bits, &reg) in &pr.dlits {
        let (lo, hi) = (bits as u32, (bits >> 32) as u32);
        let _ = writeln!(
            head,
            "dcl_literal l{reg}, 0x{lo:08X}, 0x{hi:08X}, 0x{lo:08X}, 0x{hi:08X}"
        );
    }
    head + &pr.out
}
