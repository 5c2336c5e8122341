//! 64-bit values: doubles on Cayman's 64-bit slot-pair instructions, 64-bit integers by
//! expansion into 32-bit operations.
//!
//! A 64-bit IR value is a pair of 32-bit operands (low dword, high dword), each its own
//! virtual register with its own channel. The 64-bit instructions read the high dwords in
//! slot x (or z) and the low dwords in slot y (or w), and write the low result dword in x/z
//! and the high one in y/w (cayman L2030-L2034, L3293-L3307; MUL_64 / FMA_64 take all four
//! slots, high dwords in x, y, z and low in w, L5213-L5241); so the two halves of a double
//! need not share a GPR: the slot's own source and destination fields carry them. Source
//! modifiers act on the high dword only (the sign of the double), as the ISA allows them
//! only in x/z (digest §3.8).
//!
//! The 64-bit floating-point instructions run with double denormals kept: every ALU clause
//! that holds one starts with SET_MODE (crate::alu_mode), so they compute IEEE 754 doubles
//! as il-semantics does.

use il_frontend::opcode::Opcode;
use midend::ir::{self, Modifier, Op, Type, Value};

use super::{unsupported, Isel};
use crate::group::inline_constant;
use crate::isa::opcodes::{AluEncoding, SlotRule};
use crate::isa::AluOp as A;
use crate::isa::Chan;
use crate::mir::{MAlu, Operand, Src, VRegInfo};
use crate::CompileError;

/// A 64-bit value: (low dword, high dword).
pub(super) type Wide = (Operand, Operand);

/// The quiet bit of a double's high dword.
const QUIET64: u32 = 0x0008_0000;

impl Isel<'_> {
    /// True when the instruction reads or writes a 64-bit value.
    pub(super) fn is_wide_inst(&self, inst: ir::Inst) -> bool {
        let data = &self.f.insts[inst];
        let wide = |t: Type| matches!(t, Type::I64 | Type::F64);
        data.results.iter().any(|&r| wide(self.f.ty(r)))
            || data
                .args
                .iter()
                .any(|&a| wide(self.f.ty(self.f.resolve(a))))
    }

    fn wide_arg(&self, v: Value) -> Result<Wide, CompileError> {
        self.wide
            .get(&self.f.resolve(v))
            .copied()
            .ok_or_else(|| CompileError::Internal(format!("64-bit value {v} is not selected")))
    }

    /// Selects an instruction with 64-bit operands or results.
    pub(super) fn wide_inst(&mut self, inst: ir::Inst) -> Result<(), CompileError> {
        let data = &self.f.insts[inst];
        let args: Vec<Value> = data.args.iter().map(|&a| self.f.resolve(a)).collect();
        let results = data.results.clone();
        let op = data.op.clone();
        let Some(&r) = results.first() else {
            return Err(unsupported(
                format!("`{}` on 64-bit values", op.name()),
                self.span,
            ));
        };
        let is_wide = |t: Type| matches!(t, Type::I64 | Type::F64);
        let wide_result = is_wide(self.f.ty(r));
        let arg = |k: usize| -> Result<Value, CompileError> {
            args.get(k)
                .copied()
                .ok_or_else(|| CompileError::Internal(format!("{inst} lacks argument {k}")))
        };
        let out: Result<Wide, CompileError> = match &op {
            Op::Const(c) => Ok((Operand::imm(*c as u32), Operand::imm((*c >> 32) as u32))),
            Op::Pack64 => Ok((self.operand(arg(0)?)?, self.operand(arg(1)?)?)),
            Op::Lo32 | Op::Hi32 => {
                let (lo, hi) = self.wide_arg(arg(0)?)?;
                self.vals
                    .insert(r, if matches!(op, Op::Lo32) { lo } else { hi });
                return Ok(());
            }
            Op::Modifier(m) => {
                let (lo, hi) = self.wide_arg(arg(0)?)?;
                match m {
                    Modifier::DoubleNeg => Ok((lo, hi.negated())),
                    Modifier::DoubleAbs => Ok((lo, hi.absolute())),
                    Modifier::DoubleSaturate => {
                        // max(x, 0) then min(., 1): MAX_64 returns src1 for a NaN src0
                        // (cayman L4911), so NaN becomes 0 as `_sat` wants.
                        let z = (Operand::imm(0), Operand::imm(0));
                        let m = self.op64(A::Max64, &[(lo, hi), z]);
                        Ok(self.op64(A::Min64, &[m, (Operand::imm(0), Operand::imm(0x3FF0_0000))]))
                    }
                    Modifier::DoubleShift(s) => {
                        use il_frontend::enums::ShiftScale as S;
                        let f: u32 = match s {
                            S::None => return self.set_wide(r, (lo, hi)),
                            S::X2 => 0x4000_0000,
                            S::X4 => 0x4010_0000,
                            S::X8 => 0x4020_0000,
                            S::D2 => 0x3FE0_0000,
                            S::D4 => 0x3FD0_0000,
                            S::D8 => 0x3FC0_0000,
                        };
                        Ok(self.op64(A::Mul64, &[(lo, hi), (Operand::imm(0), Operand::imm(f))]))
                    }
                    other => Err(unsupported(
                        format!("the operand modifier {other:?} on a 64-bit value"),
                        self.span,
                    )),
                }
            }
            Op::Select if wide_result => {
                let c = self.operand(arg(0)?)?;
                let (tl, th) = self.wide_arg(arg(1)?)?;
                let (el, eh) = self.wide_arg(arg(2)?)?;
                let lo = self.alu_op(A::CndeInt, vec![c, el, tl]);
                let hi = self.alu_op(A::CndeInt, vec![c, eh, th]);
                Ok((lo, hi))
            }
            Op::Alu(a) => {
                let shape = midend::alu::shape(a.opcode)
                    .ok_or_else(|| unsupported(format!("`{}`", a.opcode.mnemonic()), self.span))?;
                let mut ops: Vec<Result<Wide, Operand>> = Vec::new();
                let mut k = 0;
                for sa in shape.args {
                    let n = if *sa == midend::alu::Arg::Vec4 { 4 } else { 1 };
                    for _ in 0..n {
                        let v = arg(k)?;
                        k += 1;
                        ops.push(if is_wide(self.f.ty(v)) {
                            Ok(self.wide_arg(v)?)
                        } else {
                            Err(self.operand(v)?)
                        });
                    }
                }
                match self.wide_alu(a, &ops)? {
                    Ok(w) => Ok(w),
                    Err(narrow) => {
                        self.vals.insert(r, narrow);
                        return Ok(());
                    }
                }
            }
            other => Err(unsupported(
                format!("`{}` on 64-bit values", other.name()),
                self.span,
            )),
        };
        let w = out?;
        if wide_result {
            self.set_wide(r, w)
        } else {
            Err(CompileError::Internal(format!(
                "`{}` gave a 64-bit value for a 32-bit result",
                op.name()
            )))
        }
    }

    fn set_wide(&mut self, r: Value, w: Wide) -> Result<(), CompileError> {
        self.wide.insert(r, w);
        Ok(())
    }

    /// A 64-bit ALU instruction: its 64-bit result (`Ok`) or its 32-bit one (`Err`).
    fn wide_alu(
        &mut self,
        op: &ir::AluOp,
        a: &[Result<Wide, Operand>],
    ) -> Result<Result<Wide, Operand>, CompileError> {
        use Opcode as O;
        let w = |k: usize| -> Result<Wide, CompileError> {
            match a.get(k) {
                Some(Ok(x)) => Ok(*x),
                _ => Err(CompileError::Internal(format!(
                    "{} lacks 64-bit operand {k}",
                    op.opcode.mnemonic()
                ))),
            }
        };
        let s = |k: usize| -> Result<Operand, CompileError> {
            match a.get(k) {
                Some(Err(x)) => Ok(*x),
                _ => Err(CompileError::Internal(format!(
                    "{} lacks 32-bit operand {k}",
                    op.opcode.mnemonic()
                ))),
            }
        };
        let imm = Operand::imm;
        Ok(Ok(match op.opcode {
            // ---- doubles on the 64-bit instructions
            O::DAdd => self.op64(A::Add64, &[w(0)?, w(1)?]),
            O::DMul => self.op64(A::Mul64, &[w(0)?, w(1)?]),
            // dmad is fused (il-semantics `double::dmad`): FMA_64.
            O::DMuladd | O::DDivFmas => self.op64(A::Fma64, &[w(0)?, w(1)?, w(2)?]),
            O::DMax | O::DMin => {
                // src0 >= src1 ? src0 : src1 (dmin: <), one NaN gives the other operand,
                // two give src0 quieted (il-semantics `double::dmax`). MAX_64 orders -0
                // below +0 (cayman L4911), which the IL does not: compare and select.
                let (x, y) = (w(0)?, w(1)?);
                let pick_x = if op.opcode == O::DMax {
                    self.cmp64(A::Setge64, x, y)
                } else {
                    self.cmp64(A::Setgt64, y, x)
                };
                let ynan = self.cmp64(A::Setne64, y, y);
                let pick_x = self.alu_op(A::OrInt, vec![pick_x, ynan]);
                let xnan = self.cmp64(A::Setne64, x, x);
                let xq = self.alu_op(A::OrInt, vec![x.1, imm(QUIET64)]);
                let xh = self.alu_op(A::CndeInt, vec![xnan, x.1, xq]);
                let lo = self.alu_op(A::CndeInt, vec![pick_x, y.0, x.0]);
                let hi = self.alu_op(A::CndeInt, vec![pick_x, y.1, xh]);
                (lo, hi)
            }
            O::Deq => return Ok(Err(self.cmp64(A::Sete64, w(0)?, w(1)?))),
            O::Dne => return Ok(Err(self.cmp64(A::Setne64, w(0)?, w(1)?))),
            O::Dge => return Ok(Err(self.cmp64(A::Setge64, w(0)?, w(1)?))),
            O::Dlt => return Ok(Err(self.cmp64(A::Setgt64, w(1)?, w(0)?))),
            O::DMovc => {
                let c = s(0)?;
                let (x, y) = (w(1)?, w(2)?);
                let lo = self.alu_op(A::CndeInt, vec![c, x.0, y.0]);
                let hi = self.alu_op(A::CndeInt, vec![c, x.1, y.1]);
                (lo, hi)
            }
            O::DFrac => {
                // FRACT_64 can round up to 1.0 for a tiny negative input; the IL's range is
                // [0, 1): the largest double below 1.0 then (il-semantics `double::dfrac`).
                // A denormal input (FRACT_64 keeps a positive one) gives +0 in the IL.
                let x = w(0)?;
                let r = self.op64(A::Fract64, &[x]);
                let one = self.cmp64(A::Sete64, r, (imm(0), imm(0x3FF0_0000)));
                let lo = self.alu_op(A::CndeInt, vec![one, r.0, imm(u32::MAX)]);
                let hi = self.alu_op(A::CndeInt, vec![one, r.1, imm(0x3FEF_FFFF)]);
                let e = self.alu_op(A::AndInt, vec![x.1, imm(0x7FF0_0000)]);
                let lo = self.alu_op(A::CndeInt, vec![e, imm(0), lo]);
                let hi = self.alu_op(A::CndeInt, vec![e, imm(0), hi]);
                (lo, hi)
            }
            O::F2D => {
                // FLT32_TO_FLT64 reads the float in slot x (cayman L4110-L4118).
                let f = s(0)?;
                self.op64(A::Flt32ToFlt64, &[(f, f)])
            }
            O::D2F => return Ok(Err(self.op64(A::Flt64ToFlt32, &[w(0)?]).0)),
            O::Itod | O::Utod => {
                // Exact: the two 16-bit halves convert exactly to float and to double, and
                // hi * 65536 + lo is exact in double precision.
                let x = s(0)?;
                let (shr, cvt) = if op.opcode == O::Itod {
                    (A::AshrInt, A::IntToFlt)
                } else {
                    (A::LshrInt, A::UintToFlt)
                };
                let h = self.alu_op(shr, vec![x, imm(16)]);
                let h = self.alu_op(cvt, vec![h]);
                let l = self.alu_op(A::AndInt, vec![x, imm(0xFFFF)]);
                let l = self.alu_op(A::UintToFlt, vec![l]);
                let hd = self.op64(A::Flt32ToFlt64, &[(h, h)]);
                let ld = self.op64(A::Flt32ToFlt64, &[(l, l)]);
                self.op64(A::Fma64, &[hd, (imm(0), imm(0x40F0_0000)), ld])
            }
            O::DFrexp | O::DFrexpExp | O::DFrexpMant => {
                let (e, m) = self.dfrexp(w(0)?);
                return Ok(match (op.opcode, op.comp & 3) {
                    (O::DFrexpMant, _) => Ok(m),
                    (O::DFrexpExp, _) | (O::DFrexp, 1) => Err(e),
                    (O::DFrexp, 2) => Err(m.0),
                    (O::DFrexp, 3) => Err(m.1),
                    _ => Err(imm(0)),
                });
            }
            O::Dtoi | O::Dtou => return Ok(Err(self.dtoi(w(0)?, op.opcode == O::Dtoi))),
            O::DLdexp => self.dldexp(w(0)?, s(1)?),
            O::DDivFixup => self.ddiv_fixup(w(0)?, w(1)?, w(2)?),
            // Newton steps in FMA_64 (isel::ddiv).
            O::DDiv => self.ddiv(w(0)?, w(1)?),
            O::DRcp => self.drcp(w(0)?, super::float::zeroop(op)),
            O::DSqrt => self.dsqrt(w(0)?),
            O::DRsq => self.drsq(w(0)?, super::float::zeroop(op)),
            // ---- the quad SADs (decision "msad_u8, qsad_u8, mqsad_u8"): field k of the result
            // is sad(window k, src1, src2 field k) mod 2^16, window k = BYTE_ALIGN(hi, lo, k).
            // Per dword: BFI puts the low field's sum under src2's high field, and
            // SAD_ACCUM_HI adds the high field's sum << 16 (its carry leaves the dword).
            O::QsadU8 | O::MqsadU8 => {
                let (x, b, acc) = (w(0)?, s(1)?, w(2)?);
                let mask = (op.opcode == O::MqsadU8).then(|| self.nonzero_bytes(b));
                let mut windows = Vec::with_capacity(4);
                for k in 0..4u32 {
                    let win = if k == 0 {
                        x.0
                    } else {
                        self.alu_op(A::ByteAlignInt, vec![x.1, x.0, imm(k)])
                    };
                    windows.push(match mask {
                        Some(m) => self.alu_op(A::AndInt, vec![win, m]),
                        None => win,
                    });
                }
                let mut half = |k: usize, c: Operand| {
                    let lo = self.alu_op(A::SadAccumUint, vec![windows[k], b, c]);
                    let merged = self.alu_op(A::BfiInt, vec![imm(0xFFFF), lo, c]);
                    self.alu_op(A::SadAccumHiUint, vec![windows[k + 1], b, merged])
                };
                (half(0, acc.0), half(2, acc.1))
            }
            // ---- 64-bit integers by expansion
            O::I64Add => self.add64(w(0)?, w(1)?),
            O::I64Sub => self.sub64(w(0)?, w(1)?),
            O::I64Negate => self.sub64((imm(0), imm(0)), w(0)?),
            O::I64Mul | O::U64Mul => {
                let (x, y) = (w(0)?, w(1)?);
                let lo = self.alu_op(A::MulloUint, vec![x.0, y.0]);
                let h = self.alu_op(A::MulhiUint, vec![x.0, y.0]);
                let c1 = self.alu_op(A::MulloUint, vec![x.0, y.1]);
                let c2 = self.alu_op(A::MulloUint, vec![x.1, y.0]);
                let h = self.alu_op(A::AddInt, vec![h, c1]);
                let hi = self.alu_op(A::AddInt, vec![h, c2]);
                (lo, hi)
            }
            O::I64Eq | O::I64Ne => {
                let (x, y) = (w(0)?, w(1)?);
                let e = self.eq64(x, y);
                return Ok(Err(if op.opcode == O::I64Eq {
                    e
                } else {
                    self.alu_op(A::NotInt, vec![e])
                }));
            }
            O::I64Lt | O::I64Ge | O::U64Lt | O::U64Ge => {
                let signed = matches!(op.opcode, O::I64Lt | O::I64Ge);
                let lt = self.lt64(w(0)?, w(1)?, signed);
                return Ok(Err(if matches!(op.opcode, O::I64Lt | O::U64Lt) {
                    lt
                } else {
                    self.alu_op(A::NotInt, vec![lt])
                }));
            }
            O::I64Max | O::I64Min | O::U64Max | O::U64Min => {
                let (x, y) = (w(0)?, w(1)?);
                let signed = matches!(op.opcode, O::I64Max | O::I64Min);
                let lt = self.lt64(x, y, signed);
                // max: x < y ? y : x; min: x < y ? x : y.
                let (f, t) = if matches!(op.opcode, O::I64Max | O::U64Max) {
                    (x, y)
                } else {
                    (y, x)
                };
                let lo = self.alu_op(A::CndeInt, vec![lt, f.0, t.0]);
                let hi = self.alu_op(A::CndeInt, vec![lt, f.1, t.1]);
                (lo, hi)
            }
            O::U64Div | O::U64Mod => {
                let (q, r) = self.udivmod64(w(0)?, w(1)?);
                if op.opcode == O::U64Div {
                    q
                } else {
                    r
                }
            }
            O::I64Div | O::I64Mod => {
                // Magnitudes divided; the quotient negative when the signs differ, the
                // remainder with the dividend's sign (il-semantics `int::i64div`/`i64mod`);
                // a zero divisor gives all ones for both.
                let (x, y) = (w(0)?, w(1)?);
                let xn = self.alu_op(A::AshrInt, vec![x.1, imm(31)]);
                let yn = self.alu_op(A::AshrInt, vec![y.1, imm(31)]);
                let xa = self.abs64(x, xn);
                let ya = self.abs64(y, yn);
                let (q, r) = self.udivmod64(xa, ya);
                let zero = self.eq64(y, (imm(0), imm(0)));
                let (v, neg) = if op.opcode == O::I64Div {
                    (q, self.alu_op(A::XorInt, vec![xn, yn]))
                } else {
                    (r, xn)
                };
                let vn = self.sub64((imm(0), imm(0)), v);
                let lo = self.alu_op(A::CndeInt, vec![neg, v.0, vn.0]);
                let hi = self.alu_op(A::CndeInt, vec![neg, v.1, vn.1]);
                let lo = self.alu_op(A::CndeInt, vec![zero, lo, imm(u32::MAX)]);
                let hi = self.alu_op(A::CndeInt, vec![zero, hi, imm(u32::MAX)]);
                (lo, hi)
            }
            O::I64Shl => self.shl64(w(0)?, s(1)?),
            O::I64Shr => self.shr64(w(0)?, s(1)?, true),
            O::U64Shr => self.shr64(w(0)?, s(1)?, false),
            other => {
                return Err(unsupported(
                    format!("`{}` (64-bit)", other.mnemonic()),
                    self.span,
                ))
            }
        }))
    }

    /// An operand a 64-bit instruction can read in every slot it spans: kcache constants
    /// and literals go through a register first, so that the group's constant and literal
    /// limits cannot be exceeded by the replicated sources.
    fn slot_safe(&mut self, o: Operand) -> Operand {
        match o.src {
            Src::Reg(_) => o,
            Src::Imm(x) if inline_constant(x).is_some() => o,
            _ => {
                let r = self.materialize(Operand::new(o.src));
                Operand {
                    src: Src::Reg(r),
                    ..o
                }
            }
        }
    }

    /// Fixes the channel of `o`'s register to `c` unless it has one.
    fn pin_channel(&mut self, o: Operand, c: Chan) {
        if let Src::Reg(v) = o.src {
            if let Some(info) = self.m.vregs.get_mut(v.index()) {
                if info.chan.is_none() {
                    info.chan = Some(c);
                }
            }
        }
    }

    /// A 64-bit instruction on the slot pair (or all four slots): its (low, high) result.
    pub(super) fn op64(&mut self, op: A, srcs: &[Wide]) -> Wide {
        let op3 = op.encoding() == AluEncoding::Op3;
        let mut his = Vec::new();
        let mut los = Vec::new();
        for &(lo, hi) in srcs {
            // A register whose channel is still free gets the channel of its dword in a
            // 64-bit result (low x, high y): up to six operands then never crowd one
            // channel's three read cycles (cayman L1560-L1617).
            self.pin_channel(lo, Chan::X);
            self.pin_channel(hi, Chan::Y);
            let mut hi = self.slot_safe(hi);
            if op3 && hi.abs {
                // OP3 has no ABS (cayman L1549). The copy is a high dword like the others
                // (channel y): left free, it could take x beside the low dwords, and with
                // a loop-carried operand fixed there no group held the FMA_64 (found by
                // `ilc fuzz`, tests/regressions/cayman-dmad-abs-in-loop.il).
                hi = Operand::reg(self.alu(A::Mov, vec![hi]));
                self.pin_channel(hi, Chan::Y);
            }
            let lo = self.slot_safe(Operand {
                neg: false,
                abs: false,
                ..lo
            });
            // A literal dword moved into a register gets its channel too: left free, the
            // packer put both copies of a literal pair compared with itself (`dmin`'s
            // SETNE_64 NaN test) and another pair all in w, four GPRs for the w bank's three
            // read cycles (found by `ilc fuzz`,
            // tests/regressions/cayman-dmin-literal-pair.il).
            self.pin_channel(hi, Chan::Y);
            self.pin_channel(lo, Chan::X);
            his.push(hi);
            los.push(lo);
        }
        // The result channels are fixed now (x and y), so that a later user that needs a
        // channel of its own (a store's `.x`) moves the value instead of re-fixing it.
        let dlo = self.m.new_vreg(VRegInfo {
            chan: Some(Chan::X),
            ..VRegInfo::default()
        });
        let dhi = self.m.new_vreg(VRegInfo {
            chan: Some(Chan::Y),
            ..VRegInfo::default()
        });
        let part = |dst, srcs: &Vec<Operand>| MAlu {
            op,
            dst,
            srcs: srcs.clone(),
            clamp: false,
            exec_update: false,
            lds: None,
            others: Vec::new(),
        };
        let mut first = part(Some(dlo), &his);
        first.others = if op.info().slots == SlotRule::Quad64 {
            // z and w repeat the result; OP3 has no write mask (cayman L1950), so FMA_64
            // writes them to registers nobody reads.
            let spare = |s: &mut Self, chan| {
                (op3).then(|| {
                    s.m.new_vreg(VRegInfo {
                        chan: Some(chan),
                        ..VRegInfo::default()
                    })
                })
            };
            let (z, w) = (spare(self, Chan::Z), spare(self, Chan::W));
            vec![part(Some(dhi), &his), part(z, &his), part(w, &los)]
        } else {
            vec![part(Some(dhi), &los)]
        };
        self.push(first);
        (Operand::reg(dlo), Operand::reg(dhi))
    }

    /// A double comparison's mask (SETcc_64 writes it to both halves; the low one is used).
    fn cmp64(&mut self, op: A, x: Wide, y: Wide) -> Operand {
        self.op64(op, &[x, y]).0
    }

    /// `dldexp` (il-semantics `double::dldexp`): x * 2^n, exact, with a result below the
    /// normal range ±0. x * 2^n1 * 2^n2 * 2^n3 (each clamped to the normal exponents) is exact
    /// wherever the result is normal; whether it is, the same product scaled by 2^54 tells
    /// without rounding: the result is normal exactly when x * 2^(n + 54) >= 2^-968 (a
    /// product that rounds up to 2^-1022 from below must still give ±0).
    fn dldexp(&mut self, x: Wide, n: Operand) -> Wide {
        let imm = Operand::imm;
        // |n| beyond 2200 saturates either way; the bound keeps n + 54 from wrapping.
        let n = self.alu_op(A::MaxInt, vec![n, imm((-2200i32) as u32)]);
        let n = self.alu_op(A::MinInt, vec![n, imm(2200)]);
        let r = self.scale_by_pow2(x, n);
        let n54 = self.alu_op(A::AddInt, vec![n, imm(54)]);
        let scaled = self.scale_by_pow2(x, n54);
        let e = self.alu_op(A::BfeUint, vec![scaled.1, imm(20), imm(11)]);
        let normal = self.alu_op(A::SetgeUint, vec![e, imm(55)]);
        let sign = self.alu_op(A::AndInt, vec![r.1, imm(0x8000_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![normal, imm(0), r.0]);
        let hi = self.alu_op(A::CndeInt, vec![normal, sign, r.1]);
        (lo, hi)
    }

    /// x * 2^n1 * 2^n2 * 2^n3, n = n1 + n2 + n3 with each clamped to [-1022, 1023] (each
    /// a double). Three factors, because two reach only 2^2046: the largest denormal
    /// (2^-1022 - 2^-1074) times 2^2046 is still finite where `dldexp` with n = 2046..2200
    /// must overflow to ±Inf, and the smallest denormal needs 2^2098 (found by `ilc fuzz`,
    /// tests/regressions/cayman-dldexp-denormal-overflow.il). Every product but the last
    /// is exact or already overflows or falls below the normal range, where the result is
    /// ±Inf or ±0 either way.
    pub(super) fn scale_by_pow2(&mut self, x: Wide, n: Operand) -> Wide {
        let imm = Operand::imm;
        let mut rest = n;
        let mut y = x;
        for _ in 0..3 {
            let k = self.alu_op(A::MaxInt, vec![rest, imm((-1022i32) as u32)]);
            let k = self.alu_op(A::MinInt, vec![k, imm(1023)]);
            rest = self.alu_op(A::SubInt, vec![rest, k]);
            let p = self.pow2(k);
            y = self.op64(A::Mul64, &[y, p]);
        }
        y
    }

    /// 2^n as a double, n in [-1022, 1023].
    pub(super) fn pow2(&mut self, n: Operand) -> Wide {
        let e = self.alu_op(A::AddInt, vec![n, Operand::imm(1023)]);
        let hi = self.alu_op(A::LshlInt, vec![e, Operand::imm(20)]);
        (Operand::imm(0), hi)
    }

    /// `dtoi` / `dtou` on the bits: truncation toward zero, saturating, NaN 0
    /// (il-semantics `convert::dtoi`). Cayman has no double-to-integer conversion.
    fn dtoi(&mut self, x: Wide, signed: bool) -> Operand {
        let imm = Operand::imm;
        let (lo, hi) = (
            Operand {
                neg: false,
                abs: false,
                ..x.0
            },
            x.1,
        );
        let hi = if hi.neg || hi.abs {
            self.alu_op(A::Mov, vec![hi])
        } else {
            hi
        };
        let e = self.alu_op(A::BfeUint, vec![hi, imm(20), imm(11)]);
        // The 53-bit significand's top 21 bits, with the leading one.
        let m = self.alu_op(A::AndInt, vec![hi, imm(0x000F_FFFF)]);
        let m = self.alu_op(A::OrInt, vec![m, imm(0x0010_0000)]);
        // |x| = significand * 2^(e - 1075): shift right by t = 1075 - e.
        let t = self.alu_op(A::SubInt, vec![imm(1075), e]);
        let big = self.alu_op(A::SetgeInt, vec![t, imm(32)]);
        let small = self.alu_op(A::BitAlignInt, vec![m, lo, t]);
        let shifted = self.alu_op(A::LshrInt, vec![m, t]);
        let mag = self.alu_op(A::CndeInt, vec![big, small, shifted]);
        // |x| < 1 gives 0.
        let tiny = self.alu_op(A::SetgtInt, vec![imm(1023), e]);
        let mag = self.alu_op(A::CndeInt, vec![tiny, mag, imm(0)]);
        let neg = self.alu_op(A::SetgtInt, vec![imm(0), hi]);
        let nan_or_inf = self.alu_op(A::SeteInt, vec![e, imm(2047)]);
        let frac = self.alu_op(A::OrInt, vec![m, lo]);
        let frac = self.alu_op(A::AndInt, vec![frac, imm(0x000F_FFFF)]);
        let lo_nz = self.alu_op(A::SetneInt, vec![lo, imm(0)]);
        let m_nz = self.alu_op(A::SetneInt, vec![frac, imm(0)]);
        let nz = self.alu_op(A::OrInt, vec![lo_nz, m_nz]);
        let nan = self.alu_op(A::AndInt, vec![nan_or_inf, nz]);
        if signed {
            // |x| >= 2^31 saturates (e >= 1054).
            let sat = self.alu_op(A::SetgeInt, vec![e, imm(1054)]);
            let v = self.alu_op(A::SubInt, vec![imm(0), mag]);
            let v = self.alu_op(A::CndeInt, vec![neg, mag, v]);
            let limit = self.alu_op(A::CndeInt, vec![neg, imm(0x7FFF_FFFF), imm(0x8000_0000)]);
            let v = self.alu_op(A::CndeInt, vec![sat, v, limit]);
            self.alu_op(A::CndeInt, vec![nan, v, imm(0)])
        } else {
            // x >= 2^32 saturates (e >= 1055); negative gives 0.
            let sat = self.alu_op(A::SetgeInt, vec![e, imm(1055)]);
            let v = self.alu_op(A::CndeInt, vec![sat, mag, imm(u32::MAX)]);
            let v = self.alu_op(A::CndeInt, vec![neg, v, imm(0)]);
            self.alu_op(A::CndeInt, vec![nan, v, imm(0)])
        }
    }

    /// `dfrexp` on the bits (il-semantics `double::frexp`): (exponent, mantissa in
    /// ±[0.5, 1)); ±0 and denormals give 0 and ±0, NaN -1 and itself quieted, ±Inf -1 and
    /// 0xFFF8000000000000.
    fn dfrexp(&mut self, x: Wide) -> (Operand, Wide) {
        let imm = Operand::imm;
        let plain = |s: &mut Self, o: Operand| {
            if o.neg || o.abs {
                s.alu_op(A::Mov, vec![o])
            } else {
                o
            }
        };
        let (lo, hi) = (plain(self, x.0), plain(self, x.1));
        let e = self.alu_op(A::BfeUint, vec![hi, imm(20), imm(11)]);
        let zero = self.alu_op(A::SeteInt, vec![e, imm(0)]);
        let special = self.alu_op(A::SeteInt, vec![e, imm(2047)]);
        let frac = self.alu_op(A::AndInt, vec![hi, imm(0x000F_FFFF)]);
        let frac = self.alu_op(A::OrInt, vec![frac, lo]);
        let frac = self.alu_op(A::SetneInt, vec![frac, imm(0)]);
        let nan = self.alu_op(A::AndInt, vec![special, frac]);
        let ev = self.alu_op(A::AddInt, vec![e, imm((-1022i32) as u32)]);
        let ev = self.alu_op(A::CndeInt, vec![special, ev, imm(u32::MAX)]);
        let ev = self.alu_op(A::CndeInt, vec![zero, ev, imm(0)]);
        let mh = self.alu_op(A::AndInt, vec![hi, imm(0x800F_FFFF)]);
        let mh = self.alu_op(A::OrInt, vec![mh, imm(0x3FE0_0000)]);
        let qh = self.alu_op(A::OrInt, vec![hi, imm(QUIET64)]);
        let sh = self.alu_op(A::CndeInt, vec![nan, imm(0xFFF8_0000), qh]);
        let sl = self.alu_op(A::CndeInt, vec![nan, imm(0), lo]);
        let mh = self.alu_op(A::CndeInt, vec![special, mh, sh]);
        let ml = self.alu_op(A::CndeInt, vec![special, lo, sl]);
        let zh = self.alu_op(A::AndInt, vec![hi, imm(0x8000_0000)]);
        let mh = self.alu_op(A::CndeInt, vec![zero, mh, zh]);
        let ml = self.alu_op(A::CndeInt, vec![zero, ml, imm(0)]);
        (ev, (ml, mh))
    }

    /// |x| given x's sign mask.
    fn abs64(&mut self, x: Wide, neg: Operand) -> Wide {
        let n = self.sub64((Operand::imm(0), Operand::imm(0)), x);
        let lo = self.alu_op(A::CndeInt, vec![neg, x.0, n.0]);
        let hi = self.alu_op(A::CndeInt, vec![neg, x.1, n.1]);
        (lo, hi)
    }

    /// Unsigned 64-bit quotient and remainder by restoring long division, one dividend bit
    /// per step (Cayman has no divide); a zero divisor gives all ones for both
    /// (il-semantics `int::u64div`, I-21).
    fn udivmod64(&mut self, x: Wide, y: Wide) -> (Wide, Wide) {
        let imm = Operand::imm;
        // Dividend and quotient shift left one bit per step (a chain, so that the packer
        // cannot hoist 64 independent bit extractions and run out of registers).
        let mut n = x;
        let mut r = (imm(0), imm(0));
        let mut q = (imm(0), imm(0));
        for _ in 0..64 {
            let bit = self.alu_op(A::LshrInt, vec![n.1, imm(31)]);
            n = self.shl1(n, imm(0));
            // The bit shifted out of the top: r < y before the shift, so r << 1 has 65 bits.
            let carry = self.alu_op(A::LshrInt, vec![r.1, imm(31)]);
            let shifted = self.shl1(r, bit);
            let lt = self.lt64(shifted, y, false);
            let ge = self.alu_op(A::NotInt, vec![lt]);
            let c = self.alu_op(A::SubInt, vec![imm(0), carry]);
            let ge = self.alu_op(A::OrInt, vec![ge, c]);
            let d = self.sub64(shifted, y);
            let rl = self.alu_op(A::CndeInt, vec![ge, shifted.0, d.0]);
            let rh = self.alu_op(A::CndeInt, vec![ge, shifted.1, d.1]);
            r = (rl, rh);
            let b = self.alu_op(A::AndInt, vec![ge, imm(1)]);
            q = self.shl1(q, b);
        }
        let zero = self.eq64(y, (imm(0), imm(0)));
        let m = |s: &mut Self, v: Operand| s.alu_op(A::CndeInt, vec![zero, v, imm(u32::MAX)]);
        let q = (m(self, q.0), m(self, q.1));
        let r = (m(self, r.0), m(self, r.1));
        (q, r)
    }

    /// (x << 1) | bit, bit 0 or 1.
    fn shl1(&mut self, x: Wide, bit: Operand) -> Wide {
        let hi = self.alu_op(A::BitAlignInt, vec![x.1, x.0, Operand::imm(31)]);
        let lo = self.alu_op(A::LshlInt, vec![x.0, Operand::imm(1)]);
        let lo = match bit.src {
            Src::Imm(0) => lo,
            _ => self.alu_op(A::OrInt, vec![lo, bit]),
        };
        (lo, hi)
    }

    pub(super) fn add64(&mut self, x: Wide, y: Wide) -> Wide {
        let lo = self.alu_op(A::AddInt, vec![x.0, y.0]);
        let c = self.alu_op(A::AddcUint, vec![x.0, y.0]);
        let h = self.alu_op(A::AddInt, vec![x.1, y.1]);
        let hi = self.alu_op(A::AddInt, vec![h, c]);
        (lo, hi)
    }

    pub(super) fn sub64(&mut self, x: Wide, y: Wide) -> Wide {
        let lo = self.alu_op(A::SubInt, vec![x.0, y.0]);
        let b = self.alu_op(A::SubbUint, vec![x.0, y.0]);
        let h = self.alu_op(A::SubInt, vec![x.1, y.1]);
        let hi = self.alu_op(A::SubInt, vec![h, b]);
        (lo, hi)
    }

    fn eq64(&mut self, x: Wide, y: Wide) -> Operand {
        let l = self.alu_op(A::SeteInt, vec![x.0, y.0]);
        let h = self.alu_op(A::SeteInt, vec![x.1, y.1]);
        self.alu_op(A::AndInt, vec![l, h])
    }

    /// x < y as a mask: the high dwords decide unless equal, then the low ones (unsigned).
    fn lt64(&mut self, x: Wide, y: Wide, signed: bool) -> Operand {
        let gt = if signed { A::SetgtInt } else { A::SetgtUint };
        let h_lt = self.alu_op(gt, vec![y.1, x.1]);
        let h_eq = self.alu_op(A::SeteInt, vec![x.1, y.1]);
        let l_lt = self.alu_op(A::SetgtUint, vec![y.0, x.0]);
        let l = self.alu_op(A::AndInt, vec![h_eq, l_lt]);
        self.alu_op(A::OrInt, vec![h_lt, l])
    }

    /// x << (s & 63).
    fn shl64(&mut self, x: Wide, s: Operand) -> Wide {
        let imm = Operand::imm;
        let s = self.alu_op(A::AndInt, vec![s, imm(63)]);
        let big = self.alu_op(A::SetgeUint, vec![s, imm(32)]);
        // s < 32: lo = lo << s, hi = (hi:lo) >> (32 - s), hi itself for s = 0.
        let lo_s = self.alu_op(A::LshlInt, vec![x.0, s]);
        let r = self.alu_op(A::SubInt, vec![imm(32), s]);
        let hi_s = self.alu_op(A::BitAlignInt, vec![x.1, x.0, r]);
        let hi_s = self.alu_op(A::CndeInt, vec![s, x.1, hi_s]);
        // s >= 32: hi = lo << (s - 32) (LSHL_INT uses s[4:0]), lo = 0.
        let lo = self.alu_op(A::CndeInt, vec![big, lo_s, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![big, hi_s, lo_s]);
        (lo, hi)
    }

    /// x >> (s & 63), arithmetic or logical.
    fn shr64(&mut self, x: Wide, s: Operand, arith: bool) -> Wide {
        let imm = Operand::imm;
        let sh = if arith { A::AshrInt } else { A::LshrInt };
        let s = self.alu_op(A::AndInt, vec![s, imm(63)]);
        let big = self.alu_op(A::SetgeUint, vec![s, imm(32)]);
        // BIT_ALIGN_INT shifts (hi:lo) right by s[4:0] (cayman L3539).
        let lo_s = self.alu_op(A::BitAlignInt, vec![x.1, x.0, s]);
        let hi_s = self.alu_op(sh, vec![x.1, s]);
        let fill = if arith {
            self.alu_op(A::AshrInt, vec![x.1, imm(31)])
        } else {
            imm(0)
        };
        let lo = self.alu_op(A::CndeInt, vec![big, lo_s, hi_s]);
        let hi = self.alu_op(A::CndeInt, vec![big, hi_s, fill]);
        (lo, hi)
    }
}

impl Isel<'_> {
    /// `ddiv_fixup` (decision "div_fixup, ddiv_fixup", il-semantics `double::ddiv_fixup`) on
    /// the dwords of the patterns (nothing flushed), the cases applied from the last to the
    /// first.
    pub(super) fn ddiv_fixup(&mut self, q: Wide, d: Wide, n: Wide) -> Wide {
        let imm = Operand::imm;
        const EXP: u32 = 0x7FF0_0000;
        let class = |s: &mut Self, x: Wide| {
            let ah = s.alu_op(A::AndInt, vec![x.1, imm(0x7FFF_FFFF)]);
            let any = s.alu_op(A::OrInt, vec![ah, x.0]);
            let zero = s.alu_op(A::SeteInt, vec![any, imm(0)]);
            let top = s.alu_op(A::SeteInt, vec![ah, imm(EXP)]);
            let lo_zero = s.alu_op(A::SeteInt, vec![x.0, imm(0)]);
            let inf = s.alu_op(A::AndInt, vec![top, lo_zero]);
            let above = s.alu_op(A::SetgtUint, vec![ah, imm(EXP)]);
            let lo_set = s.alu_op(A::SetneInt, vec![x.0, imm(0)]);
            let top_nan = s.alu_op(A::AndInt, vec![top, lo_set]);
            let nan = s.alu_op(A::OrInt, vec![above, top_nan]);
            (zero, inf, nan)
        };
        let (d_zero, d_inf, d_nan) = class(self, d);
        let (n_zero, n_inf, n_nan) = class(self, n);
        let sx = self.alu_op(A::XorInt, vec![d.1, n.1]);
        let sign = self.alu_op(A::AndInt, vec![sx, imm(0x8000_0000)]);
        let qh = self.alu_op(A::AndInt, vec![q.1, imm(0x7FFF_FFFF)]);
        let qh = self.alu_op(A::OrInt, vec![qh, sign]);
        let mut r = (q.0, qh);
        let pick = |s: &mut Self, c: Operand, r: Wide, v: Wide| -> Wide {
            (
                s.alu_op(A::CndeInt, vec![c, r.0, v.0]),
                s.alu_op(A::CndeInt, vec![c, r.1, v.1]),
            )
        };
        // x/Inf, 0/y: ±0.
        let c = self.alu_op(A::OrInt, vec![d_inf, n_zero]);
        r = pick(self, c, r, (imm(0), sign));
        // x/0, Inf/y: ±Inf.
        let c = self.alu_op(A::OrInt, vec![d_zero, n_inf]);
        let inf = self.alu_op(A::OrInt, vec![sign, imm(EXP)]);
        r = pick(self, c, r, (imm(0), inf));
        // 0/0, Inf/Inf: the NaN 0xFFF8000000000000.
        let zz = self.alu_op(A::AndInt, vec![d_zero, n_zero]);
        let ii = self.alu_op(A::AndInt, vec![d_inf, n_inf]);
        let c = self.alu_op(A::OrInt, vec![zz, ii]);
        r = pick(self, c, r, (imm(0), imm(0xFFF8_0000)));
        // A NaN denominator, then a NaN numerator, quieted.
        for (nan, x) in [(d_nan, d), (n_nan, n)] {
            let quiet = self.alu_op(A::OrInt, vec![x.1, imm(0x0008_0000)]);
            r = pick(self, nan, r, (x.0, quiet));
        }
        r
    }
}
