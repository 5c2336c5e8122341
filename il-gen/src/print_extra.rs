//! IL text of the features `fmath`, `i64`, `atomic`, `typed` and `cb` (see `extra`).
//!
//! The float sinks `r9` go to raw UAV 13 and the double sinks `r8` to raw UAV 10 (16 bytes
//! per work-item each) and nothing else does, so that `ilc fuzz` can compare every other
//! output without the sinks' tolerances ([`FLOAT_SINK_UAV`], [`DOUBLE_SINK_UAV`]). Raw UAV 12 (16 KiB, declared when a program has 64-bit variables
//! or atomics): bytes [2048, 6144) the 64-bit variables `r14`, `r15` (32 per work-item),
//! [6144, 6720) the shared atomic regions (64 bytes per operation of `SHARED_ATOMICS`),
//! [8192, 10240) the work-items' own dwords of the returning atomics (16 each), [10240,
//! 10752) the group's shared LDS atomic area after the last barrier (4 bytes per
//! work-item). LDS [256, 512): the shared atomic area (32 bytes per operation), initialized
//! by the prologue before a barrier.

use std::fmt::Write;

use crate::ast::{Atomic, Operand, Program, Space, Typed, TypedKind, Var};
use crate::extra::{fmath_op, Domain, SHARED_ATOMICS};
use crate::print::{Printer, COMP, LDS_PRIVATE_BASE};

/// The register of the float sinks (feature `fmath`): only operations with a tolerance
/// write it, and only the store to [`FLOAT_SINK_UAV`] reads it.
pub const FLOAT_SINK_REG: u32 = 9;
/// The raw UAV that holds the float sinks and nothing else.
pub const FLOAT_SINK_UAV: u32 = 13;
/// The register of the double sinks (feature `dmath`): only `dsqrt`, `drcp` and `drsq`
/// write it, and only the store to [`DOUBLE_SINK_UAV`] reads it.
pub const DOUBLE_SINK_REG: u32 = 8;
/// The raw UAV that holds the double sinks and nothing else.
pub const DOUBLE_SINK_UAV: u32 = 10;
const SIDE_LONGS: u32 = 2048;
const SIDE_SHARED: u32 = 6144;
const SIDE_PRIVATE: u32 = 8192;
const SIDE_LDS_FLUSH: u32 = 10240;
const LDS_SHARED: u32 = 256;
/// Typed buffer UAV 1: the shared atomic regions (16 elements per operation) after the
/// work-items' own 4 elements each.
const TYPED_SHARED: u32 = 512;
/// Structured UAV 2: the shared atomic elements (one per operation) after the work-items'.
const STRUCT_SHARED: u32 = 200;
/// The scratch area of raw UAV 11 (see `print`): 16 bytes per work-item.
const SCRATCH_BASE: u32 = 8192;

/// The declarations the features need.
pub fn declarations(p: &Program, head: &mut String) {
    if p.side_uav() {
        head.push_str("dcl_raw_uav_id(12)\n");
    }
    if p.fsinks {
        let _ = writeln!(head, "dcl_raw_uav_id({FLOAT_SINK_UAV})");
    }
    if p.sinks {
        let _ = writeln!(head, "dcl_raw_uav_id({DOUBLE_SINK_UAV})");
    }
    if p.typed {
        head.push_str("dcl_uav_id(1)_type(buffer)_fmtx(uint)\n");
        head.push_str("dcl_struct_uav_id(2) 16\n");
        head.push_str("dcl_arena_uav_id(8)\n");
    }
    if p.cb {
        let _ = writeln!(head, "dcl_cb cb1[8]");
    }
}

impl Printer {
    pub(crate) fn extra_prologue(&mut self, p: &Program) {
        if p.fsinks {
            self.line("mov r9, r5");
        }
        if p.longs {
            self.line("mov r14, r2");
            self.line("mov r15, r3");
        }
        if p.atomics && p.lds {
            let (two, base) = (self.lit(2), self.lit(LDS_SHARED));
            self.line(&format!("ishl r11.x, r1.x, {two}"));
            self.line(&format!("iadd r11.x, r11.x, {base}"));
            self.line("lds_store_id(0) r11.x, r2.x");
            self.line("fence_threads_lds");
        }
    }

    pub(crate) fn extra_epilogue(&mut self, p: &Program) {
        if p.fsinks {
            let four = self.lit(4);
            self.line(&format!("ishl r11.x, r0.x, {four}"));
            self.line(&format!(
                "uav_raw_store_id({FLOAT_SINK_UAV}) mem.xyzw, r11.x, r{FLOAT_SINK_REG}"
            ));
        }
        if p.longs {
            let (five, base, sixteen) = (self.lit(5), self.lit(SIDE_LONGS), self.lit(16));
            self.line(&format!("ishl r11.x, r0.x, {five}"));
            self.line(&format!("iadd r11.x, r11.x, {base}"));
            self.line("uav_raw_store_id(12) mem.xyzw, r11.x, r14");
            self.line(&format!("iadd r11.x, r11.x, {sixteen}"));
            self.line("uav_raw_store_id(12) mem.xyzw, r11.x, r15");
        }
        if p.atomics && p.lds {
            let (two, base, out) = (self.lit(2), self.lit(LDS_SHARED), self.lit(SIDE_LDS_FLUSH));
            self.line("fence_threads_lds");
            self.line(&format!("ishl r11.x, r1.x, {two}"));
            self.line(&format!("iadd r11.x, r11.x, {base}"));
            self.line("lds_load_id(0) r12.x, r11.x");
            self.line(&format!("ishl r11.x, r0.x, {two}"));
            self.line(&format!("iadd r11.x, r11.x, {out}"));
            self.line("uav_raw_store_id(12) mem.x, r11.x, r12.x");
        }
    }

    /// Prints the operations of `fmath` and the 64-bit dword moves; false for the others.
    pub(crate) fn extra_op(&mut self, op: &str, dst: Var, srcs: &[Operand]) -> bool {
        if let Some(f) = fmath_op(op) {
            let texts: Vec<String> = srcs
                .iter()
                .zip(f.args)
                .enumerate()
                .map(|(k, (&o, &d))| self.clamped(o, d, k))
                .collect();
            // `sincos` writes cos and sin to x and y (L7421), `expp`/`logp` all four
            // components (L6838, L7012).
            let d = match op {
                "sincos" => format!("r{FLOAT_SINK_REG}.xy"),
                "expp" | "logp" => format!("r{FLOAT_SINK_REG}"),
                _ => Self::var(dst),
            };
            self.line(&format!("{op} {d}, {}", texts.join(", ")));
            return true;
        }
        let half =
            |v: Var, high: bool| format!("r{}.{}", v.reg, COMP[(v.comp + high as u8) as usize]);
        match op {
            "i64lo" | "i64hi" => {
                let src = match srcs[0] {
                    Operand::Var(v) => half(v, op == "i64hi"),
                    o => self.operand(o),
                };
                self.line(&format!("mov {}, {src}", Self::var(dst)));
                true
            }
            "i64setlo" | "i64sethi" => {
                let src = self.operand(srcs[0]);
                self.line(&format!("mov {}, {src}", half(dst, op == "i64sethi")));
                true
            }
            _ => false,
        }
    }

    /// Source `k` of an `fmath` operation: a literal as it is, anything else clamped into
    /// `d` in `r12.<k>` (`min`/`max` also take NaN and ±Inf into the range).
    fn clamped(&mut self, o: Operand, d: Domain, k: usize) -> String {
        if let Operand::Lit(bits) = o {
            return self.lit(bits);
        }
        let neg = matches!(o, Operand::Neg(_));
        let plain = match o {
            Operand::Var(v) | Operand::Neg(v) | Operand::Abs(v) => Operand::Var(v),
            other => other,
        };
        let src = self.operand(plain);
        let scratch = format!("r12.{}", COMP[k]);
        let (lo, hi, src, neg) = match d {
            Domain::Signed(lo, hi) => (lo, hi, src, false),
            Domain::Magnitude { lo, hi, neg: n } => (lo, hi, format!("{src}_abs"), neg && n),
        };
        let (lo, hi) = (self.lit(lo.to_bits()), self.lit(hi.to_bits()));
        self.line(&format!("max {scratch}, {src}, {lo}"));
        self.line(&format!("min {scratch}, {scratch}, {hi}"));
        if neg {
            format!("{scratch}_neg(xyzw)")
        } else {
            scratch
        }
    }

    pub(crate) fn atomic(&mut self, a: &Atomic) {
        let addr = match a.ret {
            None => self.shared_address(a),
            Some(_) => self.own_address(a),
        };
        self.line(&format!("mov r12.x, {}", Self::var(a.src)));
        let mut srcs = format!("{addr}, r12.x");
        if a.op == "cmp_xchg" {
            self.line(&format!("mov r12.y, {}", Self::var(a.src2)));
            srcs.push_str(", r12.y");
        }
        let (prefix, suffix) = match a.space {
            Space::Uav => ("uav", "_id(12)"),
            Space::Lds => ("lds", "_id(0)"),
            Space::Typed => ("uav", "_id(1)"),
            Space::Struct => ("uav", "_id(2)"),
            Space::Arena => ("uav", "_id(8)_arena"),
        };
        match a.ret {
            None => self.line(&format!("{prefix}_{}{suffix} {srcs}", a.op)),
            Some(dst) => {
                self.line(&format!("{prefix}_read_{}{suffix} r13.x, {srcs}", a.op));
                self.line(&format!("mov {}, r13.x", Self::var(dst)));
            }
        }
    }

    /// The address of a shared atomic (into `r11`): the region of its operation, dword
    /// `idx & 15` (`& 7` in the LDS, `& 3` of a structure); returns the address operand.
    fn shared_address(&mut self, a: &Atomic) -> &'static str {
        let region = SHARED_ATOMICS.iter().position(|&o| o == a.op).unwrap_or(0) as u32;
        let idx = Self::var(a.idx);
        match a.space {
            Space::Struct => {
                let (el, three, two) = (self.lit(STRUCT_SHARED + region), self.lit(3), self.lit(2));
                self.line(&format!("mov r11.x, {el}"));
                self.line(&format!("iand r11.y, {idx}, {three}"));
                self.line(&format!("ishl r11.y, r11.y, {two}"));
                "r11.xy"
            }
            Space::Typed => {
                let (m, b) = (self.lit(15), self.lit(TYPED_SHARED + 16 * region));
                self.line(&format!("iand r11.x, {idx}, {m}"));
                self.line(&format!("iadd r11.x, r11.x, {b}"));
                "r11.x"
            }
            _ => {
                let (mask, base) = match a.space {
                    Space::Lds => (7, LDS_SHARED + 32 * region),
                    _ => (15, SIDE_SHARED + 64 * region),
                };
                let (m, two, b) = (self.lit(mask), self.lit(2), self.lit(base));
                self.line(&format!("iand r11.x, {idx}, {m}"));
                self.line(&format!("ishl r11.x, r11.x, {two}"));
                self.line(&format!("iadd r11.x, r11.x, {b}"));
                "r11.x"
            }
        }
    }

    /// The address of the work-item's own dword `idx & 3` for a returning atomic.
    fn own_address(&mut self, a: &Atomic) -> &'static str {
        let idx = Self::var(a.idx);
        match a.space {
            Space::Uav => self.address(a.idx, "r0.x", 2, 3, SIDE_PRIVATE),
            Space::Lds => self.address(a.idx, "r1.x", 2, 3, LDS_PRIVATE_BASE),
            Space::Typed => {
                let (three, two) = (self.lit(3), self.lit(2));
                self.line(&format!("iand r11.x, {idx}, {three}"));
                self.line(&format!("ishl r12.x, r0.x, {two}"));
                self.line("iadd r11.x, r11.x, r12.x");
            }
            Space::Struct => {
                let (three, two) = (self.lit(3), self.lit(2));
                self.line("mov r11.x, r0.x");
                self.line(&format!("iand r11.y, {idx}, {three}"));
                self.line(&format!("ishl r11.y, r11.y, {two}"));
                return "r11.xy";
            }
            Space::Arena => {
                let (m, four, base) = (self.lit(12), self.lit(4), self.lit(SCRATCH_BASE));
                self.line(&format!("iand r11.x, {idx}, {m}"));
                self.line(&format!("ishl r12.x, r0.x, {four}"));
                self.line("iadd r11.x, r11.x, r12.x");
                self.line(&format!("iadd r11.x, r11.x, {base}"));
            }
        }
        "r11.x"
    }

    pub(crate) fn typed(&mut self, t: &Typed) {
        let (var, idx) = (Self::var(t.var), Self::var(t.idx));
        match t.kind {
            TypedKind::Buffer => {
                let (three, two) = (self.lit(3), self.lit(2));
                self.line(&format!("iand r11.x, {idx}, {three}"));
                self.line(&format!("ishl r12.x, r0.x, {two}"));
                self.line("iadd r11.x, r11.x, r12.x");
                if t.store {
                    self.line(&format!("mov r12, {var}"));
                    self.line("uav_store_id(1) r11.x, r12");
                } else {
                    self.line("uav_load_id(1) r12, r11.x");
                    self.line(&format!("mov {var}, r12.x"));
                }
            }
            TypedKind::Struct => {
                let (three, two) = (self.lit(3), self.lit(2));
                self.line("mov r11.x, r0.x");
                self.line(&format!("iand r11.y, {idx}, {three}"));
                self.line(&format!("ishl r11.y, r11.y, {two}"));
                if t.store {
                    self.line(&format!("mov r12.x, {var}"));
                    self.line("uav_struct_store_id(2) mem.x, r11.xy, r12.x");
                } else {
                    self.line("uav_struct_load_id(2) r12, r11.xy");
                    self.line(&format!("mov {var}, r12.x"));
                }
            }
            TypedKind::StructVec { mask } => {
                let zero = self.lit(0);
                self.line("mov r11.x, r0.x");
                self.line(&format!("mov r11.y, {zero}"));
                if t.store {
                    let m: String = (0..4)
                        .map(|c| if mask >> c & 1 == 1 { COMP[c] } else { '_' })
                        .collect();
                    let reg = t.var.reg;
                    self.line(&format!("uav_struct_store_id(2) mem.{m}, r11.xy, r{reg}"));
                } else {
                    self.line("uav_struct_load_id(2) r12, r11.xy");
                    self.line(&format!("mov {var}, r12.{}", COMP[t.var.comp as usize]));
                }
            }
            TypedKind::Arena(bytes) | TypedKind::Narrow { bytes, .. } => {
                let mask = 15 & !(u32::from(bytes) - 1);
                let (m, four, base) = (self.lit(mask), self.lit(4), self.lit(SCRATCH_BASE));
                self.line(&format!("iand r11.x, {idx}, {m}"));
                self.line(&format!("ishl r12.x, r0.x, {four}"));
                self.line("iadd r11.x, r11.x, r12.x");
                self.line(&format!("iadd r11.x, r11.x, {base}"));
                let size = match bytes {
                    1 => "byte",
                    2 => "short",
                    _ => "dword",
                };
                let (load, store) = match t.kind {
                    TypedKind::Narrow { signed, .. } => {
                        let u = if signed { "" } else { "u" };
                        (
                            format!("uav_{u}{size}_load_id(11)"),
                            format!("uav_{size}_store_id(11)"),
                        )
                    }
                    _ => (
                        format!("uav_arena_load_id(8)_size({size})"),
                        format!("uav_arena_store_id(8)_size({size})"),
                    ),
                };
                if t.store {
                    self.line(&format!("{store} r11.x, {var}"));
                } else {
                    self.line(&format!("{load} r12.x, r11.x"));
                    self.line(&format!("mov {var}, r12.x"));
                }
            }
        }
    }
}
