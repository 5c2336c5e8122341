//! The IR printed back as IL: the route that validates the midend without trusting it.
//!
//! [`to_il`] turns a [`Function`] into an IL program that computes exactly what the IR
//! computes, so that the reference interpreter (`runtime-sim`, which reads the AST and
//! knows nothing of the midend) can run the original program and this one on the same
//! inputs and compare every output bit. A builder or pass bug then shows up as a
//! difference, without the midend having to be right about anything itself.
//!
//! The translation is deliberately naive, so that it is obviously right:
//!
//! - **One register per SSA value**: value `vN` lives in `rN.x` (64-bit values in `rN.xy`,
//!   `bool`s as the IL masks 0 / 0xFFFFFFFF). Instructions that need operands elsewhere
//!   (a vector, a matrix in consecutive registers, a result in another component) go
//!   through scratch registers numbered after the values, reused from one IR instruction
//!   to the next.
//! - **Block parameters are registers too**: a jump's arguments become `mov`s into the
//!   target's parameter registers right before the jump, through scratch registers when a
//!   parameter register is also a source (a parallel copy).
//! - **The region tree is IL's structured flow**: `if_logicalnz` / `else` / `endif`,
//!   `whileloop` / `endloop`, `break` and `continue` for the jumps the tree allows.
//! - **Each operation is the IL instruction it came from**, or the shortest IL that means
//!   the same under the interpreter's rules (operand modifiers as `mov` with the modifier,
//!   a float test as `ifc`).
//!
//! The result is built as an AST (exact control bits and extra tokens, no spelling to get
//! wrong); [`to_il_text`] prints it.

use std::collections::HashMap;

use il_frontend::ast::{Dst, DstMod, Index, Instruction, Program, Register, Src, SrcMod};
use il_frontend::enums::{DivComp, DstComp, ImportUsage, ShiftScale, Swizzle};
use il_frontend::opcode::Opcode;
use il_frontend::regs::RegType;
use smallvec::SmallVec;

use crate::alu::{self, Arg, Res};
use crate::ir::{
    AluOp, Block, BlockCall, DstKind, Function, IlOp, Input, Inst, Modifier, Node, Op, Region,
    Terminator, Test, Type, Value, ValueDef, Width,
};

/// Why a function could not be written as IL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ToIlError {
    /// An operation IL (or this translation) has no spelling for.
    #[error("`{inst}`: {reason}")]
    Unsupported { inst: String, reason: String },
    /// The function breaks a rule of the IR (region tree, operand counts or widths, dangling
    /// references); the verifier should have caught it.
    #[error("malformed IR: {0}")]
    Malformed(String),
}

type Result<T> = std::result::Result<T, ToIlError>;

const XYZW: [Swizzle; 4] = [Swizzle::X, Swizzle::Y, Swizzle::Z, Swizzle::W];

/// Writes `func` as an IL program with the header and declarations of `original` (all
/// `dcl_*` but its literals; its code is not used).
pub fn to_il(func: &Function, original: &Program) -> Result<Program> {
    let mut e = Emitter::new(func, original);
    e.region(&func.body, Follow::End, None)?;
    e.code.push(Instruction::new(Opcode::End));

    let mut body: Vec<Instruction> = original
        .body
        .iter()
        .filter(|i| is_declaration(i.opcode) && i.opcode != Opcode::DclLiteral)
        .cloned()
        .map(|mut i| {
            i.clear_spans();
            i
        })
        .collect();
    body.extend(undeclared_private_arrays(func, original));
    for (n, value) in e.literals.iter().enumerate() {
        let mut lit = Instruction::new(Opcode::DclLiteral);
        lit.srcs
            .push(Src::new(Register::new(RegType::Literal, n as u32)));
        lit.words.extend(value.iter().copied());
        body.push(lit);
    }
    body.append(&mut e.code);
    let mut version = original.version;
    version.span = Default::default();
    Ok(Program {
        macros: Vec::new(),
        language: original.language,
        version,
        body,
    })
}

/// A `dcl_indexed_temp_array` for every private array the IR uses that `original` does
/// not declare (the spill slots of `crate::spill`), as long as its largest constant
/// element needs.
fn undeclared_private_arrays(func: &Function, original: &Program) -> Vec<Instruction> {
    let declared: std::collections::HashSet<u32> = original
        .body
        .iter()
        .filter(|i| i.opcode == Opcode::DclIndexedTempArray)
        .filter_map(|i| i.srcs.first().map(|s| s.reg.num))
        .collect();
    let mut len: std::collections::BTreeMap<u32, u32> = Default::default();
    for (_, inst) in func.placed_insts() {
        if let Op::PrivateLoad { array, offset, .. } | Op::PrivateStore { array, offset, .. } =
            func.insts[inst].op
        {
            if !declared.contains(&array) {
                let l = len.entry(array).or_default();
                *l = (*l).max(offset.max(0) as u32 + 1);
            }
        }
    }
    len.into_iter()
        .map(|(array, n)| {
            let mut reg = Register::new(RegType::ITemp, array);
            reg.index = Some(Index {
                relative: None,
                offset: Some(n),
            });
            let mut dcl = Instruction::new(Opcode::DclIndexedTempArray);
            dcl.srcs.push(Src::new(reg));
            dcl
        })
        .collect()
}

/// [`to_il`], printed as canonical IL text.
pub fn to_il_text(func: &Function, original: &Program) -> Result<String> {
    Ok(il_frontend::text::print(&to_il(func, original)?))
}

/// The instructions copied from the original program: what the interpreter's kernel
/// lowering (and the validator) count as declarations.
fn is_declaration(op: Opcode) -> bool {
    op.mnemonic().starts_with("dcl")
}

/// Where control goes after the last block of a region falls through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Follow {
    /// The block after the enclosing `if` (its merge).
    Block(Block),
    /// The loop header (the end of a loop body: `endloop` jumps back).
    Header(Block),
    /// The end of the kernel.
    End,
}

/// The innermost loop, for `break` and `continue`.
#[derive(Clone, Copy, Debug)]
struct LoopCtx {
    header: Block,
    exit: Option<Block>,
}

struct Emitter<'f> {
    func: &'f Function,
    code: Vec<Instruction>,
    /// Literal values in `l0, l1, ...` order, and the index of each.
    literals: Vec<[u32; 4]>,
    literal_of: HashMap<[u32; 4], u32>,
    /// The first scratch register (after every value's register).
    scratch_base: u32,
    /// Scratch registers handed out since the last [`Emitter::reset_scratch`].
    scratch_used: u32,
    /// The input register the original declares as the pixel position, if any.
    position: Option<u32>,
    /// The instruction being translated, for error messages.
    current: Option<Inst>,
}

impl<'f> Emitter<'f> {
    fn new(func: &'f Function, original: &Program) -> Emitter<'f> {
        let position = original
            .body
            .iter()
            .filter(|i| {
                i.opcode == Opcode::DclInput
                    && i.field("usage").and_then(ImportUsage::from_u32)
                        == Some(ImportUsage::Position)
            })
            .filter_map(|i| i.dst.as_ref())
            .find(|d| d.reg.ty == RegType::Input)
            .map(|d| d.reg.num);
        Emitter {
            func,
            code: Vec::new(),
            literals: Vec::new(),
            literal_of: HashMap::new(),
            scratch_base: func.values.len() as u32,
            scratch_used: 0,
            position,
            current: None,
        }
    }

    // ---- values and registers ------------------------------------------------------------

    /// The value `v` stands for (aliases followed), checked to exist.
    fn resolve(&self, v: Value) -> Result<Value> {
        let mut v = v;
        for _ in 0..=self.func.values.len() {
            match self.func.values.get(v) {
                None => return Err(ToIlError::Malformed(format!("{v} does not exist"))),
                Some(d) => match d.def {
                    ValueDef::Alias(to) => v = to,
                    _ => return Ok(v),
                },
            }
        }
        Err(ToIlError::Malformed(format!("{v}: alias cycle")))
    }

    fn ty(&self, v: Value) -> Result<Type> {
        self.func
            .values
            .get(v)
            .map(|d| d.ty)
            .ok_or_else(|| ToIlError::Malformed(format!("{v} does not exist")))
    }

    /// The register a use of `v` reads, and its width.
    fn use_reg(&self, v: Value) -> Result<(u32, Width)> {
        let r = self.resolve(v)?;
        Ok((r.as_u32(), self.ty(r)?.width()))
    }

    /// The register of a 32-bit (or `bool`) operand.
    fn use32(&self, v: Value) -> Result<u32> {
        match self.use_reg(v)? {
            (r, Width::W32 | Width::Bool) => Ok(r),
            (_, Width::W64) => Err(self.malformed(format!("{v} is 64-bit where 32 bits are read"))),
        }
    }

    /// The register of a 64-bit operand.
    fn use64(&self, v: Value) -> Result<u32> {
        match self.use_reg(v)? {
            (r, Width::W64) => Ok(r),
            _ => Err(self.malformed(format!("{v} is not 64-bit where a pair is read"))),
        }
    }

    /// The register a definition of `v` writes: its own, even if it was later aliased
    /// (uses read the value the alias stands for, so the write is merely dead).
    fn def_reg(&self, v: Value) -> Result<(u32, Width)> {
        Ok((v.as_u32(), self.ty(v)?.width()))
    }

    fn scratch(&mut self) -> u32 {
        self.scratch_block(1)
    }

    /// `n` consecutive scratch registers (a matrix for `det` and `mmul`).
    fn scratch_block(&mut self, n: u32) -> u32 {
        let r = self.scratch_base + self.scratch_used;
        self.scratch_used += n;
        r
    }

    fn reset_scratch(&mut self) {
        self.scratch_used = 0;
    }

    /// The literal register holding `value`.
    fn literal(&mut self, value: [u32; 4]) -> u32 {
        if let Some(&n) = self.literal_of.get(&value) {
            return n;
        }
        let n = self.literals.len() as u32;
        self.literals.push(value);
        self.literal_of.insert(value, n);
        n
    }

    fn lit_src(&mut self, value: u32) -> Src {
        let n = self.literal([value; 4]);
        replicate(Register::new(RegType::Literal, n), 0)
    }

    fn inst_text(&self) -> String {
        match self.current {
            Some(i) if self.func.insts.get(i).is_some() => {
                crate::ir::print::inst_to_string(self.func, i)
            }
            Some(i) => format!("{i}"),
            None => "terminator".into(),
        }
    }

    fn malformed(&self, what: String) -> ToIlError {
        ToIlError::Malformed(format!("{}: {what}", self.inst_text()))
    }

    fn unsupported(&self, reason: impl Into<String>) -> ToIlError {
        ToIlError::Unsupported {
            inst: self.inst_text(),
            reason: reason.into(),
        }
    }

    // ---- emission helpers ------------------------------------------------------------------

    fn emit(&mut self, opcode: Opcode, dst: Option<Dst>, srcs: Vec<Src>) {
        let mut i = Instruction::new(opcode);
        i.dst = dst;
        i.srcs = srcs.into_iter().collect();
        self.code.push(i);
    }

    fn emit_ctl(&mut self, opcode: Opcode, control: u16, dst: Option<Dst>, srcs: Vec<Src>) {
        let mut i = Instruction::new(opcode);
        i.control = control;
        i.dst = dst;
        i.srcs = srcs.into_iter().collect();
        self.code.push(i);
    }

    /// `mov rD.<mask>, src`.
    fn mov(&mut self, dst_reg: u32, mask: u8, src: Src) {
        self.emit(Opcode::Mov, Some(temp_dst(dst_reg, mask)), vec![src]);
    }

    /// Copies a value register to another of the same width.
    fn copy(&mut self, to: u32, from: u32, width: Width) {
        let (mask, src) = match width {
            Width::W64 => (0b0011, full(temp(from))),
            _ => (0b0001, replicate(temp(from), 0)),
        };
        self.mov(to, mask, src);
    }

    // ---- control flow ----------------------------------------------------------------------

    /// Emits a region; `follow` is where its last block falls through to.
    fn region(&mut self, region: &Region, follow: Follow, lp: Option<LoopCtx>) -> Result<()> {
        let nodes = &region.nodes;
        let mut i = 0;
        while i < nodes.len() {
            let Node::Block(b) = &nodes[i] else {
                return Err(ToIlError::Malformed(
                    "a region has a control node where a block belongs".into(),
                ));
            };
            let b = *b;
            let data = self
                .func
                .blocks
                .get(b)
                .ok_or_else(|| ToIlError::Malformed(format!("{b} does not exist")))?;
            for &inst in &data.insts {
                self.inst(inst)?;
            }
            self.current = None;
            self.reset_scratch();
            let after = || match nodes.get(i + 2) {
                Some(Node::Block(m)) => Ok(*m),
                _ => Err(ToIlError::Malformed(format!(
                    "the control node after {b} is not followed by a block"
                ))),
            };
            match (nodes.get(i + 1), &data.term) {
                (Some(Node::If(node)), Terminator::Branch { cond, then_, else_ }) => {
                    let merge = after()?;
                    let c = self.use32(*cond)?;
                    self.emit(Opcode::IfLogicalnz, None, vec![replicate(temp(c), 0)]);
                    self.arm(then_, &node.then_, merge, lp)?;
                    let mark = self.code.len();
                    self.emit(Opcode::Else, None, vec![]);
                    self.arm(else_, &node.else_, merge, lp)?;
                    if self.code.len() == mark + 1 {
                        self.code.pop();
                    }
                    self.emit(Opcode::Endif, None, vec![]);
                }
                (Some(Node::Loop(node)), Terminator::Jump(call)) => {
                    let header = node.body.first_block();
                    if header != Some(call.block) {
                        return Err(ToIlError::Malformed(format!(
                            "{b} is followed by a loop but does not jump to its header"
                        )));
                    }
                    self.parallel_copy(call)?;
                    let ctx = LoopCtx {
                        header: call.block,
                        exit: match nodes.get(i + 2) {
                            Some(Node::Block(x)) => Some(*x),
                            _ => None,
                        },
                    };
                    self.emit(Opcode::While, None, vec![]);
                    self.region(&node.body, Follow::Header(call.block), Some(ctx))?;
                    self.emit(Opcode::Endloop, None, vec![]);
                }
                (Some(Node::If(_)), _) => {
                    return Err(ToIlError::Malformed(format!(
                        "{b} is followed by an if but does not end in a branch"
                    )))
                }
                (Some(Node::Loop(_)), _) => {
                    return Err(ToIlError::Malformed(format!(
                        "{b} is followed by a loop but does not jump to it"
                    )))
                }
                (Some(Node::Block(_)), _) => {
                    return Err(ToIlError::Malformed(format!(
                        "{b} is followed by another block in its region"
                    )))
                }
                (None, term) => self.last_terminator(b, term, follow, lp)?,
            }
            i += 2;
        }
        Ok(())
    }

    /// One arm of an `if`, entered through `call`.
    fn arm(
        &mut self,
        call: &BlockCall,
        region: &Region,
        merge: Block,
        lp: Option<LoopCtx>,
    ) -> Result<()> {
        match region.first_block() {
            Some(first) if first == call.block => {
                self.parallel_copy(call)?;
                self.region(region, Follow::Block(merge), lp)
            }
            None if region.nodes.is_empty() && call.block == merge => self.parallel_copy(call),
            _ => Err(ToIlError::Malformed(format!(
                "a branch to {} does not enter its if arm",
                call.block
            ))),
        }
    }

    /// The terminator of the last block of a region: a fall-through, `break`, `continue`
    /// or the end of the kernel.
    fn last_terminator(
        &mut self,
        b: Block,
        term: &Terminator,
        follow: Follow,
        lp: Option<LoopCtx>,
    ) -> Result<()> {
        match term {
            Terminator::Jump(call) => {
                let falls_through = matches!(follow,
                    Follow::Block(t) | Follow::Header(t) if t == call.block);
                self.parallel_copy(call)?;
                if falls_through {
                    return Ok(());
                }
                match lp {
                    Some(l) if l.header == call.block => {
                        self.emit(Opcode::Continue, None, vec![]);
                        Ok(())
                    }
                    Some(l) if l.exit == Some(call.block) => {
                        self.emit(Opcode::Break, None, vec![]);
                        Ok(())
                    }
                    _ => Err(ToIlError::Malformed(format!(
                        "{b} jumps to {}, which is neither the next block nor the innermost \
                         loop's header or exit",
                        call.block
                    ))),
                }
            }
            Terminator::Return if follow == Follow::End => Ok(()),
            Terminator::Return => Err(ToIlError::Malformed(format!(
                "{b} returns but is not the last block of the function"
            ))),
            Terminator::Unreachable => Ok(()),
            Terminator::Branch { .. } => Err(ToIlError::Malformed(format!(
                "{b} ends in a branch but no if follows it"
            ))),
        }
    }

    /// Moves a jump's arguments into the target's parameter registers, all at once: when a
    /// parameter register is also read by another move, every argument goes through a
    /// scratch register first.
    fn parallel_copy(&mut self, call: &BlockCall) -> Result<()> {
        let params = &self
            .func
            .blocks
            .get(call.block)
            .ok_or_else(|| ToIlError::Malformed(format!("{} does not exist", call.block)))?
            .params;
        if params.len() != call.args.len() {
            return Err(ToIlError::Malformed(format!(
                "a jump passes {} values to {}, which has {} parameters",
                call.args.len(),
                call.block,
                params.len()
            )));
        }
        let mut moves: SmallVec<[(u32, u32, Width); 4]> = SmallVec::new();
        for (&p, &a) in params.iter().zip(&call.args) {
            let (to, wp) = self.def_reg(p)?;
            let (from, wa) = self.use_reg(a)?;
            if wp != wa {
                return Err(ToIlError::Malformed(format!(
                    "{a} passed to parameter {p} of {} has another width",
                    call.block
                )));
            }
            if to != from {
                moves.push((to, from, wp));
            }
        }
        let clobbers = moves
            .iter()
            .enumerate()
            .any(|(i, m)| moves.iter().enumerate().any(|(j, n)| i != j && n.1 == m.0));
        self.reset_scratch();
        if clobbers {
            let staged: SmallVec<[(u32, u32, Width); 4]> = moves
                .iter()
                .map(|&(to, from, w)| {
                    let s = self.scratch();
                    self.copy(s, from, w);
                    (to, s, w)
                })
                .collect();
            moves = staged;
        }
        for (to, from, w) in moves {
            self.copy(to, from, w);
        }
        self.reset_scratch();
        Ok(())
    }

    // ---- instructions ----------------------------------------------------------------------

    fn inst(&mut self, inst: Inst) -> Result<()> {
        self.current = Some(inst);
        self.reset_scratch();
        let func = self.func;
        let data = func
            .insts
            .get(inst)
            .ok_or_else(|| ToIlError::Malformed(format!("{inst} does not exist")))?;
        let args = &data.args[..];
        let results = &data.results[..];
        match &data.op {
            Op::Const(bits) => {
                let r = self.one_result(results)?;
                let (reg, w) = self.def_reg(r)?;
                match w {
                    Width::W32 => {
                        let src = self.lit_src(*bits as u32);
                        self.mov(reg, 0b0001, src);
                    }
                    Width::Bool => {
                        let src = self.lit_src(if *bits != 0 { u32::MAX } else { 0 });
                        self.mov(reg, 0b0001, src);
                    }
                    Width::W64 => {
                        let (lo, hi) = (*bits as u32, (*bits >> 32) as u32);
                        let n = self.literal([lo, hi, lo, hi]);
                        self.mov(reg, 0b0011, full(Register::new(RegType::Literal, n)));
                    }
                }
            }
            Op::Alu(op) => self.alu(op, args, results)?,
            Op::Modifier(m) => self.modifier(*m, args, results)?,
            Op::Select => {
                let [c, a, b] = self.args::<3>(args)?;
                let r = self.one_result(results)?;
                let (reg, w) = self.def_reg(r)?;
                let c = self.use32(c)?;
                let (ra, wa) = self.use_reg(a)?;
                let (rb, wb) = self.use_reg(b)?;
                if wa != w || wb != w {
                    return Err(self.malformed("select of values of other widths".into()));
                }
                let (mask, pick) = match w {
                    Width::W64 => (0b0011, full as fn(Register) -> Src),
                    _ => (0b0001, (|r| replicate(r, 0)) as fn(Register) -> Src),
                };
                self.emit(
                    Opcode::CmovLogical,
                    Some(temp_dst(reg, mask)),
                    vec![replicate(temp(c), 0), pick(temp(ra)), pick(temp(rb))],
                );
            }
            Op::Test(t) => self.test(*t, args, results)?,
            Op::And | Op::Or => {
                let [a, b] = self.args::<2>(args)?;
                let r = self.result32(results)?;
                let (a, b) = (self.use32(a)?, self.use32(b)?);
                let opcode = if matches!(data.op, Op::And) {
                    Opcode::And
                } else {
                    Opcode::IOr
                };
                self.emit(
                    opcode,
                    Some(temp_dst(r, 0b0001)),
                    vec![replicate(temp(a), 0), replicate(temp(b), 0)],
                );
            }
            Op::Not => {
                let [a] = self.args::<1>(args)?;
                let r = self.result32(results)?;
                let a = self.use32(a)?;
                self.emit(
                    Opcode::INot,
                    Some(temp_dst(r, 0b0001)),
                    vec![replicate(temp(a), 0)],
                );
            }
            Op::Pack64 => {
                let [lo, hi] = self.args::<2>(args)?;
                let r = self.one_result(results)?;
                let (reg, w) = self.def_reg(r)?;
                if w != Width::W64 {
                    return Err(self.malformed("pack64 to a 32-bit value".into()));
                }
                let (lo, hi) = (self.use32(lo)?, self.use32(hi)?);
                self.mov(reg, 0b0001, replicate(temp(lo), 0));
                self.mov(reg, 0b0010, replicate(temp(hi), 0));
            }
            Op::Lo32 | Op::Hi32 => {
                let [a] = self.args::<1>(args)?;
                let r = self.result32(results)?;
                let a = self.use64(a)?;
                let c = if matches!(data.op, Op::Lo32) { 0 } else { 1 };
                self.mov(r, 0b0001, replicate(temp(a), c));
            }
            Op::Input(input) => {
                self.args::<0>(args)?;
                let r = self.result32(results)?;
                self.input(*input, r)?;
            }
            Op::CbLoad {
                buffer,
                offset,
                comp,
            } => {
                let r = self.result32(results)?;
                let index = self.index(*offset, args.first().copied())?;
                if args.len() > 1 {
                    return Err(self.malformed("cb_load takes at most an index".into()));
                }
                let mut reg = Register::new(RegType::ConstBuff, *buffer);
                reg.index = Some(index);
                self.mov(r, 0b0001, replicate(reg, *comp));
            }
            Op::IcbLoad { offset, comp } => {
                let r = self.result32(results)?;
                if args.len() > 1 {
                    return Err(self.malformed("icb_load takes at most an index".into()));
                }
                let mut reg = Register::new(RegType::ImmedConstBuff, 0);
                reg.index = Some(self.index(*offset, args.first().copied())?);
                self.mov(r, 0b0001, replicate(reg, *comp));
            }
            Op::PrivateLoad {
                array,
                offset,
                comp,
            } => {
                let r = self.result32(results)?;
                if args.len() > 1 {
                    return Err(self.malformed("private_load takes at most an index".into()));
                }
                let mut reg = Register::new(RegType::ITemp, *array);
                reg.index = Some(self.index(*offset, args.first().copied())?);
                self.mov(r, 0b0001, replicate(reg, *comp));
            }
            Op::GlobalLoad { offset, comp } => {
                let r = self.result32(results)?;
                if args.len() > 1 {
                    return Err(self.malformed("global_load takes at most an index".into()));
                }
                let mut reg = Register::new(RegType::Global, 0);
                reg.index = Some(self.index(*offset, args.first().copied())?);
                self.mov(r, 0b0001, replicate(reg, *comp));
            }
            Op::PrivateStore {
                array,
                offset,
                comp,
            } => self.store(RegType::ITemp, *array, *offset, *comp, args, results)?,
            Op::GlobalStore { offset, comp } => {
                self.store(RegType::Global, 0, *offset, *comp, args, results)?
            }
            Op::SharedLoad { reg, comp } => {
                self.args::<0>(args)?;
                let r = self.result32(results)?;
                let src = replicate(Register::new(RegType::SharedTemp, *reg), *comp);
                self.mov(r, 0b0001, src);
            }
            Op::SharedStore { reg, comp } => {
                let [v] = self.args::<1>(args)?;
                self.no_results(results)?;
                let v = self.use32(v)?;
                let dst = Dst {
                    reg: Register::new(RegType::SharedTemp, *reg),
                    modifier: Some(mask_mod(1 << (*comp & 3))),
                };
                self.emit(Opcode::Mov, Some(dst), vec![replicate(temp(v), 0)]);
            }
            Op::Output { reg, comp } => {
                let [v] = self.args::<1>(args)?;
                self.no_results(results)?;
                let v = self.use32(v)?;
                let dst = Dst {
                    reg: Register::new(RegType::Output, *reg),
                    modifier: Some(mask_mod(1 << (*comp & 3))),
                };
                self.emit(Opcode::Mov, Some(dst), vec![replicate(temp(v), 0)]);
            }
            Op::Il(il) => self.il(il, args, results)?,
        }
        Ok(())
    }

    /// Exactly `N` arguments.
    fn args<const N: usize>(&self, args: &[Value]) -> Result<[Value; N]> {
        <[Value; N]>::try_from(args)
            .map_err(|_| self.malformed(format!("{} arguments where {N} belong", args.len())))
    }

    fn one_result(&self, results: &[Value]) -> Result<Value> {
        match results {
            [r] => Ok(*r),
            _ => Err(self.malformed(format!("{} results where 1 belongs", results.len()))),
        }
    }

    fn no_results(&self, results: &[Value]) -> Result<()> {
        if results.is_empty() {
            Ok(())
        } else {
            Err(self.malformed(format!("{} results where none belong", results.len())))
        }
    }

    /// The register of the single 32-bit (or `bool`) result.
    fn result32(&self, results: &[Value]) -> Result<u32> {
        let r = self.one_result(results)?;
        match self.def_reg(r)? {
            (reg, Width::W32 | Width::Bool) => Ok(reg),
            _ => Err(self.malformed(format!("{r} is 64-bit where a 32-bit result belongs"))),
        }
    }

    /// `[rI.x + offset]`, or `[offset]` without an index value.
    fn index(&self, offset: i32, index: Option<Value>) -> Result<Index> {
        Ok(match index {
            Some(v) => Index {
                relative: Some(Box::new(replicate(temp(self.use32(v)?), 0))),
                offset: (offset != 0).then_some(offset as u32),
            },
            None => Index {
                relative: None,
                offset: Some(offset as u32),
            },
        })
    }

    /// `mov x<array>[index].<comp>, value` or `mov g[index].<comp>, value`: args are
    /// `[index?, value]`.
    fn store(
        &mut self,
        ty: RegType,
        num: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
        results: &[Value],
    ) -> Result<()> {
        self.no_results(results)?;
        let (index, value) = match args {
            [i, v] => (Some(*i), *v),
            [v] => (None, *v),
            _ => return Err(self.malformed("a store takes [index?, value]".into())),
        };
        let v = self.use32(value)?;
        let mut reg = Register::new(ty, num);
        reg.index = Some(self.index(offset, index)?);
        let dst = Dst {
            reg,
            modifier: Some(mask_mod(1 << (comp & 3))),
        };
        self.emit(Opcode::Mov, Some(dst), vec![replicate(temp(v), 0)]);
        Ok(())
    }

    fn alu(&mut self, op: &AluOp, args: &[Value], results: &[Value]) -> Result<()> {
        let Some(shape) = alu::shape(op.opcode) else {
            return Err(self.unsupported("not an ALU instruction the midend computes"));
        };
        let want = shape.arg_count() + usize::from(shape.keeps_old);
        if args.len() != want {
            return Err(self.malformed(format!("{} arguments where {want} belong", args.len())));
        }
        let r = self.one_result(results)?;
        let (rr, rw) = self.def_reg(r)?;
        let want_width = if shape.result == Res::Pair {
            Width::W64
        } else {
            Width::W32
        };
        if rw != want_width && !(rw == Width::Bool && want_width == Width::W32) {
            return Err(self.malformed(format!("{r} has the wrong width for the result")));
        }
        // `det` reads its matrix from src0 and the three registers after it, `mmul` from
        // src1 on: those vectors go to consecutive scratch registers, and only the first
        // is an operand.
        let matrix_from = match op.opcode {
            Opcode::Det => Some(0),
            Opcode::Mmul => Some(1),
            _ => None,
        };
        let matrix = matrix_from.map(|m| self.scratch_block((shape.args.len() - m) as u32));
        let mut srcs = Vec::new();
        let mut k = 0;
        for (i, arg) in shape.args.iter().enumerate() {
            match arg {
                Arg::Comp | Arg::W | Arg::X => {
                    let reg = self.use32(args[k])?;
                    srcs.push(replicate(temp(reg), 0));
                    k += 1;
                }
                Arg::Pair => {
                    let reg = self.use64(args[k])?;
                    srcs.push(full(temp(reg)));
                    k += 1;
                }
                Arg::Vec4 => {
                    let (s, operand) = match (matrix_from, matrix) {
                        (Some(m), Some(base)) if i >= m => (base + (i - m) as u32, i == m),
                        _ => (self.scratch(), true),
                    };
                    for c in 0..4 {
                        let reg = self.use32(args[k + c])?;
                        self.mov(s, 1 << c, replicate(temp(reg), 0));
                    }
                    k += 4;
                    if operand {
                        srcs.push(full(temp(s)));
                    }
                }
            }
        }
        // Sources the instruction has but ignores (`dxsincos`'s src1 and src2): any value.
        while srcs.len() < usize::from(op.opcode.info().srcs) {
            let zero = self.lit_src(0);
            srcs.push(zero);
        }
        let old = if shape.keeps_old {
            Some(args[want - 1])
        } else {
            None
        };
        match shape.result {
            Res::PerComp | Res::Scalar | Res::Pair => {
                let mask = if shape.result == Res::Pair {
                    0b0011
                } else {
                    0b0001
                };
                if let Some(old) = old {
                    let (o, ow) = self.use_reg(old)?;
                    if ow != rw {
                        return Err(self.malformed("the old value has another width".into()));
                    }
                    self.copy(rr, o, rw);
                }
                self.emit_ctl(op.opcode, op.control, Some(temp_dst(rr, mask)), srcs);
            }
            Res::Vector(mask) => {
                let c = op.comp & 3;
                if mask >> c & 1 == 0 {
                    return Err(
                        self.malformed(format!("component {c} is not one the instruction writes"))
                    );
                }
                let s = self.scratch();
                if let Some(old) = old {
                    let o = self.use32(old)?;
                    self.mov(s, 1 << c, replicate(temp(o), 0));
                }
                self.emit_ctl(op.opcode, op.control, Some(temp_dst(s, mask)), srcs);
                self.mov(rr, 0b0001, replicate(temp(s), c));
            }
        }
        Ok(())
    }

    fn modifier(&mut self, m: Modifier, args: &[Value], results: &[Value]) -> Result<()> {
        let r = self.one_result(results)?;
        let (rr, rw) = self.def_reg(r)?;
        let double = matches!(
            m,
            Modifier::DoubleNeg
                | Modifier::DoubleAbs
                | Modifier::DoubleSaturate
                | Modifier::DoubleShift(_)
        );
        if double != (rw == Width::W64) {
            return Err(self.malformed(format!("{r} has the wrong width for the modifier")));
        }
        if m == Modifier::DivComp {
            let [x, d] = self.args::<2>(args)?;
            let (x, d) = (self.use32(x)?, self.use32(d)?);
            let s = self.scratch();
            self.mov(s, 0b0001, replicate(temp(x), 0));
            self.mov(s, 0b0010, replicate(temp(d), 0));
            let mut src = full(temp(s));
            src.modifier = Some(SrcMod {
                divcomp: DivComp::Y,
                ..SrcMod::IDENTITY
            });
            self.mov(rr, 0b0001, src);
            return Ok(());
        }
        let [a] = self.args::<1>(args)?;
        if m == Modifier::DoubleSaturate {
            let a = self.use64(a)?;
            self.double_saturate(rr, a);
            return Ok(());
        }
        if double {
            let a = self.use64(a)?;
            let mut src = SrcMod::IDENTITY;
            let mut dst = mask_mod(0b0011);
            match m {
                // A double's sign is bit 31 of its high dword (`.y`).
                Modifier::DoubleNeg => src.negate = [false, true, false, true],
                Modifier::DoubleAbs => src.abs = true,
                Modifier::DoubleShift(s) => dst.shift = s,
                _ => {}
            }
            let src = Src {
                reg: temp(a),
                modifier: (src != SrcMod::IDENTITY).then_some(src),
            };
            let dst = Dst {
                reg: temp(rr),
                modifier: Some(dst),
            };
            self.emit(Opcode::DMov, Some(dst), vec![src]);
            return Ok(());
        }
        let ra = self.use32(a)?;
        match m {
            Modifier::IntNeg => {
                self.emit(
                    Opcode::INegate,
                    Some(temp_dst(rr, 0b0001)),
                    vec![replicate(temp(ra), 0)],
                );
            }
            Modifier::IntAbs => {
                // max(x, -x) as signed integers: i32::MIN stays 0x80000000, its magnitude
                // as an unsigned number, as the interpreter's `_abs` of an integer gives.
                let s = self.scratch();
                self.emit(
                    Opcode::INegate,
                    Some(temp_dst(s, 0b0001)),
                    vec![replicate(temp(ra), 0)],
                );
                self.emit(
                    Opcode::IMax,
                    Some(temp_dst(rr, 0b0001)),
                    vec![replicate(temp(ra), 0), replicate(temp(s), 0)],
                );
            }
            Modifier::Saturate | Modifier::Shift(_) => {
                let mut dm = mask_mod(0b0001);
                match m {
                    Modifier::Saturate => dm.clamp = true,
                    Modifier::Shift(s) => dm.shift = s,
                    _ => {}
                }
                let dst = Dst {
                    reg: temp(rr),
                    modifier: Some(dm),
                };
                self.emit(Opcode::Mov, Some(dst), vec![replicate(temp(ra), 0)]);
            }
            _ => {
                // `mov` reads its source as a float: the modifier acts as the interpreter's
                // float source modifiers do.
                let mut sm = SrcMod {
                    swizzle: [Swizzle::X; 4],
                    ..SrcMod::IDENTITY
                };
                match m {
                    Modifier::FloatNeg => sm.negate = [true; 4],
                    Modifier::FloatAbs => sm.abs = true,
                    Modifier::Invert => sm.invert = true,
                    Modifier::Bias => sm.bias = true,
                    Modifier::Times2 => sm.x2 = true,
                    Modifier::Sign => sm.sign = true,
                    _ => return Err(self.unsupported("no IL spelling for this modifier")),
                }
                let src = Src {
                    reg: temp(ra),
                    modifier: Some(sm),
                };
                self.mov(rr, 0b0001, src);
            }
        }
        Ok(())
    }

    /// `_sat` of a double, which IL allows on float instructions only (L598): the
    /// interpreter's `NaN -> 0, else clamp(x, 0, 1)` (which keeps -0) as comparisons and
    /// selects, all exact IEEE operations.
    fn double_saturate(&mut self, r: u32, x: u32) {
        let zero = Src::new(Register::new(RegType::Literal, self.literal([0; 4])));
        let one = [0, 0x3FF0_0000, 0, 0x3FF0_0000];
        let one = Src::new(Register::new(RegType::Literal, self.literal(one)));
        let (ge0, low, gt1) = (self.scratch(), self.scratch(), self.scratch());
        // low = x >= 0 ? x : 0 (NaN and negatives to 0)
        self.emit(
            Opcode::Dge,
            Some(temp_dst(ge0, 0b0001)),
            vec![full(temp(x)), zero.clone()],
        );
        self.emit(
            Opcode::DMovc,
            Some(temp_dst(low, 0b0011)),
            vec![replicate(temp(ge0), 0), zero, full(temp(x))],
        );
        // r = 1 < x ? 1 : low
        self.emit(
            Opcode::Dlt,
            Some(temp_dst(gt1, 0b0001)),
            vec![one.clone(), full(temp(x))],
        );
        self.emit(
            Opcode::DMovc,
            Some(temp_dst(r, 0b0011)),
            vec![replicate(temp(gt1), 0), full(temp(low)), one],
        );
    }

    fn test(&mut self, t: Test, args: &[Value], results: &[Value]) -> Result<()> {
        let r = self.result32(results)?;
        match t {
            Test::NonZero | Test::Zero => {
                let [a] = self.args::<1>(args)?;
                let a = self.use32(a)?;
                let zero = self.lit_src(0);
                let opcode = if t == Test::NonZero {
                    Opcode::INe
                } else {
                    Opcode::IEq
                };
                self.emit(
                    opcode,
                    Some(temp_dst(r, 0b0001)),
                    vec![replicate(temp(a), 0), zero],
                );
            }
            Test::Float(relop) => {
                // `ifc` is the interpreter's own float condition, so the mask means exactly
                // what the flow instruction the test came from meant.
                let [a, b] = self.args::<2>(args)?;
                let (a, b) = (self.use32(a)?, self.use32(b)?);
                let zero = self.lit_src(0);
                let ones = self.lit_src(u32::MAX);
                self.mov(r, 0b0001, zero);
                self.emit_ctl(
                    Opcode::Ifc,
                    relop as u16,
                    None,
                    vec![replicate(temp(a), 0), replicate(temp(b), 0)],
                );
                self.mov(r, 0b0001, ones);
                self.emit(Opcode::Endif, None, vec![]);
            }
        }
        Ok(())
    }

    fn input(&mut self, input: Input, r: u32) -> Result<()> {
        let single = |ty: RegType, c: u8| replicate(Register::new(ty, 0), c);
        let src = match input {
            Input::ThreadIdInGroup(c) => single(RegType::ThreadIdInGroup, c),
            Input::ThreadIdInGroupFlat => single(RegType::ThreadIdInGroupFlat, 0),
            Input::AbsoluteThreadId(c) => single(RegType::AbsoluteThreadId, c),
            Input::AbsoluteThreadIdFlat => single(RegType::AbsoluteThreadIdFlat, 0),
            Input::ThreadGroupId(c) => single(RegType::ThreadGroupId, c),
            Input::ThreadGroupIdFlat => single(RegType::ThreadGroupIdFlat, 0),
            Input::Pixel { reg, comp } => replicate(Register::new(RegType::Input, reg), comp),
            Input::Position(c) => match self.position {
                Some(n) => replicate(Register::new(RegType::Input, n), c),
                None => single(RegType::WinCoord, c),
            },
            Input::Face => single(RegType::Face, 0),
            Input::PrimitiveId => single(RegType::VPrim, 0),
            Input::PixelIndex => single(RegType::ObjectIndex, 0),
            Input::WaveId => {
                self.emit(Opcode::WaveId, Some(temp_dst(r, 0b0001)), vec![]);
                return Ok(());
            }
        };
        self.mov(r, 0b0001, src);
        Ok(())
    }

    fn il(&mut self, il: &IlOp, args: &[Value], results: &[Value]) -> Result<()> {
        let needed: usize = il
            .srcs
            .iter()
            .map(|m| (m & 0xF).count_ones() as usize)
            .sum();
        if needed != args.len() {
            return Err(self.malformed(format!(
                "the source masks read {needed} components, the instruction has {} arguments",
                args.len()
            )));
        }
        let mut srcs = Vec::new();
        let mut k = 0;
        for &mask in &il.srcs {
            let mask = mask & 0xF;
            if mask.count_ones() == 1 {
                // One component: read it from the value's `.x` through a replicate
                // swizzle, no move needed.
                let reg = self.use32(args[k])?;
                srcs.push(replicate(temp(reg), 0));
                k += 1;
                continue;
            }
            let s = self.scratch();
            for c in 0..4 {
                if mask >> c & 1 != 0 {
                    let reg = self.use32(args[k])?;
                    self.mov(s, 1 << c, replicate(temp(reg), 0));
                    k += 1;
                }
            }
            srcs.push(full(temp(s)));
        }
        let mut inst = Instruction::new(il.opcode);
        inst.control = il.control;
        inst.extra = il.extra;
        inst.words = il.words.iter().copied().collect();
        inst.precise = (il.precise != 0).then_some(il.precise);
        inst.srcs = srcs.into_iter().collect();
        let mut outs: SmallVec<[(u32, u8); 4]> = SmallVec::new();
        match il.dst {
            DstKind::None => self.no_results(results)?,
            DstKind::Memory(mask) => {
                self.no_results(results)?;
                inst.dst = Some(Dst {
                    reg: Register::new(RegType::GenericMem, 0),
                    modifier: Some(mask_mod(mask & 0xF)),
                });
            }
            DstKind::Values(mask) => {
                let mask = mask & 0xF;
                if mask.count_ones() as usize != results.len() {
                    return Err(self.malformed(format!(
                        "the destination mask writes {} components, the instruction has {} \
                         results",
                        mask.count_ones(),
                        results.len()
                    )));
                }
                let s = self.scratch();
                inst.dst = Some(temp_dst(s, mask));
                let mut i = 0;
                for c in 0..4u8 {
                    if mask >> c & 1 != 0 {
                        let r = self.result32(&results[i..=i])?;
                        outs.push((r, c));
                        i += 1;
                    }
                }
                self.code.push(inst);
                for (r, c) in outs {
                    self.mov(r, 0b0001, replicate(temp(s), c));
                }
                return Ok(());
            }
        }
        self.code.push(inst);
        Ok(())
    }
}

fn temp(n: u32) -> Register {
    Register::new(RegType::Temp, n)
}

/// A source reading component `c` in all four lanes (`r5.x` in text).
fn replicate(reg: Register, c: u8) -> Src {
    Src {
        reg,
        modifier: Some(SrcMod {
            swizzle: [XYZW[usize::from(c & 3)]; 4],
            ..SrcMod::IDENTITY
        }),
    }
}

/// A source with the identity swizzle (a 64-bit value's `.xy`, an assembled vector).
fn full(reg: Register) -> Src {
    Src::new(reg)
}

/// A write mask (bit c = component c) as a destination modifier.
fn mask_mod(mask: u8) -> DstMod {
    DstMod {
        mask: [0, 1, 2, 3].map(|c| {
            if mask >> c & 1 != 0 {
                DstComp::Write
            } else {
                DstComp::NoWrite
            }
        }),
        clamp: false,
        shift: ShiftScale::None,
    }
}

fn temp_dst(n: u32, mask: u8) -> Dst {
    Dst {
        reg: temp(n),
        modifier: Some(mask_mod(mask)),
    }
}

#[cfg(test)]
mod tests {
    use il_frontend::diag::Span;
    use il_frontend::enums::RelOp;

    use super::*;
    use crate::ir::{IfNode, LoopNode};

    fn parse(text: &str) -> Program {
        let (p, d) = il_frontend::text::parse(text);
        assert!(!d.has_errors(), "{d:?}");
        p.expect("a program")
    }

    const CS: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_cb cb0[8]
dcl_literal l5, 0x1, 0x2, 0x3, 0x4
mov r0.x, l5.x
end
";

    /// Hand-built IR, one helper per kind of instruction.
    struct Ir {
        f: Function,
    }

    impl Ir {
        fn new() -> Ir {
            Ir { f: Function::new() }
        }

        fn block(&mut self) -> Block {
            self.f.create_block()
        }

        fn op(&mut self, b: Block, op: Op, args: &[Value], ty: Type) -> Value {
            let i = self.f.append(b, op, args, &[ty], Span::default());
            self.f.insts[i].results[0]
        }

        fn sink(&mut self, b: Block, op: Op, args: &[Value]) {
            self.f.append(b, op, args, &[], Span::default());
        }

        fn c32(&mut self, b: Block, v: u32) -> Value {
            self.op(b, Op::Const(u64::from(v)), &[], Type::I32)
        }

        fn alu(&mut self, b: Block, opcode: Opcode, args: &[Value], ty: Type) -> Value {
            self.alu_c(b, opcode, 0, args, ty)
        }

        fn alu_c(&mut self, b: Block, opcode: Opcode, comp: u8, args: &[Value], ty: Type) -> Value {
            let op = Op::Alu(AluOp {
                opcode,
                control: 0,
                comp,
            });
            self.op(b, op, args, ty)
        }

        fn tid(&mut self, b: Block) -> Value {
            self.op(b, Op::Input(Input::AbsoluteThreadId(0)), &[], Type::I32)
        }

        /// `uav_raw_store_id(11) mem.x, addr, value`.
        fn store(&mut self, b: Block, addr: Value, value: Value) {
            self.sink(
                b,
                Op::Il(il_op(
                    "uav_raw_store_id(11) mem.x, r0.x, r1.x",
                    &[1, 1],
                    DstKind::Memory(1),
                )),
                &[addr, value],
            );
        }

        fn term(&mut self, b: Block, t: Terminator) {
            self.f.blocks[b].term = t;
        }
    }

    /// An [`IlOp`] with the opcode, control bits and extra tokens of `text`.
    fn il_op(text: &str, srcs: &[u8], dst: DstKind) -> IlOp {
        let p = parse(&format!("il_cs_2_0\n{text}\nend\n"));
        let i = &p.body[0];
        IlOp {
            opcode: i.opcode,
            control: i.control,
            extra: i.extra,
            words: i.words.iter().copied().collect(),
            srcs: srcs.iter().copied().collect(),
            dst,
            precise: i.precise.unwrap_or(0),
        }
    }

    fn call(b: Block, args: &[Value]) -> BlockCall {
        BlockCall {
            block: b,
            args: args.iter().copied().collect(),
        }
    }

    fn text(ir: &Ir, original: &str) -> String {
        let t = to_il_text(&ir.f, &parse(original)).expect("to_il");
        // The text must read back (and validate) as the program it prints.
        let (p, d) = il_frontend::text::parse(&t);
        assert!(!d.has_errors(), "{t}\n{d:?}");
        let report = il_frontend::validate::validate(&p.expect("a program"));
        assert!(!report.has_errors(), "{t}\n{report:?}");
        t
    }

    #[test]
    fn straight_line_keeps_declarations_and_drops_literals_and_code() {
        let mut ir = Ir::new();
        let b = ir.block();
        let tid = ir.tid(b);
        let four = ir.c32(b, 4);
        let addr = ir.alu(b, Opcode::IMul, &[tid, four], Type::I32);
        let index = ir.c32(b, 1);
        let cb = ir.op(
            b,
            Op::CbLoad {
                buffer: 0,
                offset: 6,
                comp: 0,
            },
            &[],
            Type::I32,
        );
        let cb2 = ir.op(
            b,
            Op::CbLoad {
                buffer: 0,
                offset: 2,
                comp: 3,
            },
            &[index],
            Type::I32,
        );
        let sum = ir.alu(b, Opcode::IAdd, &[cb, cb2], Type::I32);
        let sum = ir.alu(b, Opcode::IAdd, &[sum, tid], Type::I32);
        ir.store(b, addr, sum);
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        insta::assert_snapshot!(text(&ir, CS));
    }

    /// `if (tid & 1) x = tid * 3 else x = tid >> 1`, the merge receiving x as a parameter.
    #[test]
    fn if_else_passes_arm_values_to_the_merge() {
        let mut ir = Ir::new();
        let (b0, b1, b2, b3) = (ir.block(), ir.block(), ir.block(), ir.block());
        let x = ir.f.add_param(b3, Type::I32);
        let tid = ir.tid(b0);
        let one = ir.c32(b0, 1);
        let odd = ir.alu(b0, Opcode::And, &[tid, one], Type::I32);
        let cond = ir.op(b0, Op::Test(Test::NonZero), &[odd], Type::Bool);
        ir.term(
            b0,
            Terminator::Branch {
                cond,
                then_: call(b1, &[]),
                else_: call(b2, &[]),
            },
        );
        let three = ir.c32(b1, 3);
        let t = ir.alu(b1, Opcode::IMul, &[tid, three], Type::I32);
        ir.term(b1, Terminator::Jump(call(b3, &[t])));
        let e = ir.alu(b2, Opcode::UShr, &[tid, one], Type::I32);
        ir.term(b2, Terminator::Jump(call(b3, &[e])));
        let four = ir.c32(b3, 4);
        let addr = ir.alu(b3, Opcode::IMul, &[tid, four], Type::I32);
        ir.store(b3, addr, x);
        ir.term(b3, Terminator::Return);
        ir.f.body = Region {
            nodes: vec![
                Node::Block(b0),
                Node::If(IfNode {
                    then_: Region::block(b1),
                    else_: Region::block(b2),
                }),
                Node::Block(b3),
            ],
        };
        insta::assert_snapshot!(text(&ir, CS));
    }

    /// Fibonacci: a loop whose back edge swaps two parameters (a parallel copy through
    /// scratch registers) and whose break passes a value to the exit.
    #[test]
    fn loop_with_break_continue_and_a_swapping_back_edge() {
        let mut ir = Ir::new();
        let entry = ir.block();
        let header = ir.block();
        let brk = ir.block();
        let other = ir.block();
        let merge = ir.block();
        let exit = ir.block();
        let i = ir.f.add_param(header, Type::I32);
        let a = ir.f.add_param(header, Type::I32);
        let b = ir.f.add_param(header, Type::I32);
        let result = ir.f.add_param(exit, Type::I32);

        let tid = ir.tid(entry);
        let twenty = ir.c32(entry, 20);
        let n = ir.alu(entry, Opcode::UMod, &[tid, twenty], Type::I32);
        let zero = ir.c32(entry, 0);
        let one = ir.c32(entry, 1);
        ir.term(entry, Terminator::Jump(call(header, &[zero, zero, one])));

        let done = ir.alu(header, Opcode::IGe, &[i, n], Type::I32);
        let cond = ir.op(header, Op::Test(Test::NonZero), &[done], Type::Bool);
        ir.term(
            header,
            Terminator::Branch {
                cond,
                then_: call(brk, &[]),
                else_: call(other, &[]),
            },
        );
        ir.term(brk, Terminator::Jump(call(exit, &[a])));
        ir.term(other, Terminator::Jump(call(merge, &[])));
        let next = ir.c32(merge, 1);
        let i1 = ir.alu(merge, Opcode::IAdd, &[i, next], Type::I32);
        let s = ir.alu(merge, Opcode::IAdd, &[a, b], Type::I32);
        ir.term(merge, Terminator::Jump(call(header, &[i1, b, s])));

        let four = ir.c32(exit, 4);
        let addr = ir.alu(exit, Opcode::IMul, &[tid, four], Type::I32);
        ir.store(exit, addr, result);
        ir.term(exit, Terminator::Return);
        ir.f.body = Region {
            nodes: vec![
                Node::Block(entry),
                Node::Loop(LoopNode {
                    body: Region {
                        nodes: vec![
                            Node::Block(header),
                            Node::If(IfNode {
                                then_: Region::block(brk),
                                else_: Region::block(other),
                            }),
                            Node::Block(merge),
                        ],
                    },
                }),
                Node::Block(exit),
            ],
        };
        insta::assert_snapshot!(text(&ir, CS));
    }

    /// Every modifier, test and bool operation, and the 64-bit moves.
    #[test]
    fn modifiers_tests_and_pairs() {
        let mut ir = Ir::new();
        let b = ir.block();
        let x = ir.op(b, Op::Const(0xC0A0_0000), &[], Type::F32); // -5.0
        let y = ir.op(b, Op::Const(0x4000_0000), &[], Type::F32); // 2.0
        let i = ir.c32(b, 0x8000_0000);
        let mut outs = Vec::new();
        for m in [
            Modifier::IntNeg,
            Modifier::IntAbs,
            Modifier::FloatNeg,
            Modifier::FloatAbs,
            Modifier::Invert,
            Modifier::Bias,
            Modifier::Times2,
            Modifier::Sign,
            Modifier::Saturate,
            Modifier::Shift(ShiftScale::D4),
        ] {
            let src = if matches!(m, Modifier::IntNeg | Modifier::IntAbs) {
                i
            } else {
                x
            };
            outs.push(ir.op(b, Op::Modifier(m), &[src], Type::F32));
        }
        outs.push(ir.op(b, Op::Modifier(Modifier::DivComp), &[x, y], Type::F32));
        let d = ir.op(b, Op::Const(0xC004_0000_0000_0000), &[], Type::F64); // -2.5
        for m in [
            Modifier::DoubleNeg,
            Modifier::DoubleAbs,
            Modifier::DoubleSaturate,
            Modifier::DoubleShift(ShiftScale::X2),
        ] {
            let v = ir.op(b, Op::Modifier(m), &[d], Type::F64);
            outs.push(ir.op(b, Op::Lo32, &[v], Type::I32));
            outs.push(ir.op(b, Op::Hi32, &[v], Type::I32));
        }
        let lt = ir.op(b, Op::Test(Test::Float(RelOp::Lt)), &[x, y], Type::Bool);
        let z = ir.op(b, Op::Test(Test::Zero), &[i], Type::Bool);
        let t = ir.op(b, Op::Const(1), &[], Type::Bool);
        let and = ir.op(b, Op::And, &[lt, z], Type::Bool);
        let or = ir.op(b, Op::Or, &[and, t], Type::Bool);
        let not = ir.op(b, Op::Not, &[or], Type::Bool);
        outs.push(ir.op(b, Op::Select, &[not, x, y], Type::F32));
        let p = ir.op(b, Op::Pack64, &[x, y], Type::I64);
        let q = ir.op(b, Op::Select, &[lt, p, d], Type::I64);
        outs.push(ir.op(b, Op::Hi32, &[q], Type::I32));
        for (k, v) in outs.into_iter().enumerate() {
            let addr = ir.c32(b, 4 * k as u32);
            ir.store(b, addr, v);
        }
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        insta::assert_snapshot!(text(&ir, CS));
    }

    /// Operand shapes: a vector, a scalar from `.w`, pairs, the old value of `cmov`, one
    /// component of a vector result, a matrix in consecutive registers, a load into
    /// several results, and the per-lane inputs.
    #[test]
    fn alu_shapes_and_memory_results() {
        let mut ir = Ir::new();
        let b = ir.block();
        let v: Vec<Value> = (0..16)
            .map(|k| ir.op(b, Op::Const(u64::from(0x3F80_0000u32 + k)), &[], Type::F32))
            .collect();
        let dp = ir.alu(b, Opcode::Dp4, &v[..8], Type::F32);
        let rcp = ir.alu(b, Opcode::Rcp, &[dp], Type::F32);
        let d = ir.alu(b, Opcode::F2D, &[rcp], Type::F64);
        let dd = ir.alu(b, Opcode::DAdd, &[d, d], Type::F64);
        let f = ir.alu(b, Opcode::D2F, &[dd], Type::F32);
        let cm = ir.alu(b, Opcode::Cmov, &[f, rcp, dp], Type::F32);
        let sin = ir.alu_c(b, Opcode::Sincos, 1, &[cm], Type::F32);
        let det = ir.alu(b, Opcode::Det, &v, Type::F32);
        let tid = ir.op(b, Op::Input(Input::ThreadIdInGroup(1)), &[], Type::I32);
        let grp = ir.op(b, Op::Input(Input::ThreadGroupIdFlat), &[], Type::I32);
        let wave = ir.op(b, Op::Input(Input::WaveId), &[], Type::I32);
        let load = ir.f.append(
            b,
            Op::Il(il_op(
                "uav_raw_load_id(11) r0.xy, r1.x",
                &[1],
                DstKind::Values(0b0101),
            )),
            &[tid],
            &[Type::I32, Type::I32],
            Span::default(),
        );
        let loaded = ir.f.insts[load].results.to_vec();
        let sel = ir.op(b, Op::IcbLoad { offset: 3, comp: 2 }, &[grp], Type::I32);
        let priv_ = ir.op(
            b,
            Op::PrivateLoad {
                array: 1,
                offset: 0,
                comp: 1,
            },
            &[wave],
            Type::I32,
        );
        ir.sink(
            b,
            Op::PrivateStore {
                array: 1,
                offset: 2,
                comp: 3,
            },
            &[wave, sel],
        );
        ir.sink(b, Op::GlobalStore { offset: 5, comp: 0 }, &[priv_]);
        for (k, x) in [sin, det, loaded[0], loaded[1]].into_iter().enumerate() {
            let addr = ir.c32(b, 4 * k as u32);
            ir.store(b, addr, x);
        }
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        insta::assert_snapshot!(to_il_text(&ir.f, &parse(CS)).expect("to_il"));
    }

    /// Pixel inputs: a declared position register, interpolated inputs, outputs.
    #[test]
    fn pixel_inputs_and_outputs() {
        let ps = "il_ps_2_0
dcl_input_position_interp(linear_noperspective) v0.xy__
dcl_input_generic_interp(linear) v1
dcl_output_generic o0
end
";
        let mut ir = Ir::new();
        let b = ir.block();
        let x = ir.op(b, Op::Input(Input::Position(1)), &[], Type::F32);
        let y = ir.op(
            b,
            Op::Input(Input::Pixel { reg: 1, comp: 2 }),
            &[],
            Type::F32,
        );
        let s = ir.alu(b, Opcode::Add, &[x, y], Type::F32);
        ir.sink(b, Op::Output { reg: 0, comp: 0 }, &[s]);
        ir.sink(b, Op::Output { reg: 0, comp: 3 }, &[x]);
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        insta::assert_snapshot!(text(&ir, ps));
    }

    /// Shared registers: `sr#` components read and written in place.
    #[test]
    fn shared_registers() {
        let cs = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_shared_temp sr2\nend\n";
        let mut ir = Ir::new();
        let b = ir.block();
        let old = ir.op(b, Op::SharedLoad { reg: 1, comp: 2 }, &[], Type::I32);
        let one = ir.c32(b, 1);
        let new = ir.alu(b, Opcode::IAdd, &[old, one], Type::I32);
        ir.sink(b, Op::SharedStore { reg: 1, comp: 2 }, &[new]);
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        insta::assert_snapshot!(text(&ir, cs));
    }

    #[test]
    fn what_has_no_il_spelling_is_an_error() {
        let mut ir = Ir::new();
        let b = ir.block();
        let x = ir.c32(b, 1);
        ir.alu(b, Opcode::Nop, &[x], Type::I32);
        ir.term(b, Terminator::Return);
        ir.f.body = Region::block(b);
        let err = to_il(&ir.f, &parse(CS)).unwrap_err();
        assert!(matches!(err, ToIlError::Unsupported { .. }), "{err}");
    }

    #[test]
    fn malformed_ir_is_an_error_not_a_panic() {
        // Wrong argument count.
        let mut ir = Ir::new();
        let b = ir.block();
        let x = ir.c32(b, 1);
        ir.alu(b, Opcode::IAdd, &[x], Type::I32);
        ir.f.body = Region::block(b);
        let err = to_il(&ir.f, &parse(CS)).unwrap_err();
        assert!(matches!(err, ToIlError::Malformed(_)), "{err}");

        // A branch with no if after it.
        let mut ir = Ir::new();
        let (b0, b1) = (ir.block(), ir.block());
        let c = ir.op(b0, Op::Const(1), &[], Type::Bool);
        ir.term(
            b0,
            Terminator::Branch {
                cond: c,
                then_: call(b1, &[]),
                else_: call(b1, &[]),
            },
        );
        ir.f.body = Region::block(b0);
        assert!(matches!(
            to_il(&ir.f, &parse(CS)),
            Err(ToIlError::Malformed(_))
        ));

        // A jump to a block of another region; a value that does not exist.
        let mut ir = Ir::new();
        let (b0, b1) = (ir.block(), ir.block());
        ir.term(b0, Terminator::Jump(call(b1, &[])));
        ir.f.body = Region::block(b0);
        assert!(to_il(&ir.f, &parse(CS)).is_err());
        let mut other = Ir::new();
        let ob = other.block();
        for _ in 0..5 {
            other.c32(ob, 0);
        }
        let dangling = other.c32(ob, 0);
        let mut ir = Ir::new();
        let b = ir.block();
        ir.sink(b, Op::Output { reg: 0, comp: 0 }, &[dangling]);
        ir.f.body = Region::block(b);
        assert!(matches!(
            to_il(&ir.f, &parse(CS)),
            Err(ToIlError::Malformed(_))
        ));

        // An empty function is fine: just `end`.
        assert!(to_il(&Function::new(), &parse(CS)).is_ok());
    }
}
