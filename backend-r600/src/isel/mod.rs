//! Instruction selection: the midend's scalar IR to Cayman ALU operations, VTX fetches and
//! RAT stores on virtual registers ([`crate::mir`]).
//!
//! Each IR operation is one IL component, so most become one Cayman instruction. Where
//! Cayman has no instruction the IL meaning is built from several (`udiv`/`umod`, `imad`,
//! `ne`), always to the bit the reference interpreter computes (`il-semantics`). Values that
//! are free operands on Cayman do not get a register: constants become inline constants or
//! literals, constant-buffer reads with a constant index become kcache operands, and float
//! negation and absolute value become source modifiers of their users.
//!
//! Booleans are IL masks (0 / 0xFFFFFFFF) in a register; a branch turns its condition into a
//! `PRED_SET*` with UPDATE_EXEC_MASK, fused with the test that made it where it can be.

use std::collections::{HashMap, HashSet};

use cranelift_entity::EntityRef;
use il_frontend::diag::Span;
use il_frontend::enums::RelOp;
use il_frontend::opcode::Opcode;
use midend::ir::{
    self, Block, DstKind, Function, IlOp, Input, Modifier, Op, Terminator, Test, Type, Value,
};

use crate::abi;
use crate::isa::{AluOp, Chan, RatInst};
use crate::mir::{MAlu, MBlock, MFunc, MInst, Operand, Src, VReg, VRegInfo};
use crate::CompileError;

mod ddiv;
mod export;
mod float;
mod fmod;
mod gds;
mod int;
mod kill;
pub use kill::stop_killed_pixels;
mod lds;
mod private;
mod resinfo;
mod texture;
mod uav;
mod vector;
mod wide;

/// What instruction selection needs to know beyond the IR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SelectOptions {
    /// The work-group size when the program fixes it (`dcl_num_thread_per_group`); otherwise
    /// it is read from the launch buffer.
    pub group_size: Option<[u32; 3]>,
    /// A pixel kernel (`il_ps`): position in R0, `o#` and `g[]` through RATs.
    pub pixel: bool,
}

/// What instruction selection found out about the launch the program needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uses {
    pub const_buffers: HashSet<u32>,
    pub launch_buffer: bool,
    pub rats: HashSet<u32>,
    pub vtx: HashSet<u32>,
    /// Render targets `oN` written.
    pub render_targets: HashSet<u32>,
    /// The global buffer `g[]` is read.
    pub global_reads: bool,
    /// The global buffer `g[]` is written.
    pub global_writes: bool,
    /// Texture resources read.
    pub textures: HashSet<u32>,
    /// A `sample_c*` compares through sampler 0.
    pub depth_compare: bool,
    /// GDS or an append counter is accessed (the GDS buffer).
    pub gds: bool,
    /// Interpolated pixel inputs `vN` read.
    pub pixel_inputs: HashSet<u32>,
    /// The pixel kernel uses IL `kill` (`kill.rs`).
    pub kills: bool,
    /// Constant buffers read with a register index (through their VTX buffer).
    pub cb_vtx: HashSet<u32>,
    /// LDS is accessed.
    pub lds: bool,
    /// `lds_read_vec_neighborExch` needs its scratch dword per work-item after the
    /// group's LDS (`lds.rs`, [`crate::abi::lds_bytes`]).
    pub lds_exchange: bool,
    /// SRVs read.
    pub srvs: HashSet<u32>,
    /// UAVs whose returning atomics need a return buffer.
    pub rat_returns: HashSet<u32>,
    /// Indexed temporaries are accessed (through the private buffer).
    pub private: bool,
}

/// What the compiler knows about a declared resource (`dcl_resource_id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceInfo {
    /// 1D (the v coordinate is not read) rather than 2D.
    pub one_d: bool,
    /// Declared `unnorm`: sample coordinates are in texels.
    pub unnormalized: bool,
    /// A 1D or 2D array (`1darray`, `2darray`): the coordinate after u (1D) or v (2D) is
    /// the slice, which the TEX instruction takes in z.
    pub array: bool,
}

/// Selects machine instructions for every block of `func` placed in its region tree.
pub fn select(
    func: &Function,
    opts: &SelectOptions,
    resources: &std::collections::BTreeMap<u32, ResourceInfo>,
) -> Result<(MFunc, Uses), CompileError> {
    select_with(func, opts, resources, &abi::MemoryDecls::default())
}

/// [`select`] for a program with memory declarations (LDS, UAV and SRV kinds).
pub fn select_with(
    func: &Function,
    opts: &SelectOptions,
    resources: &std::collections::BTreeMap<u32, ResourceInfo>,
    memory: &abi::MemoryDecls,
) -> Result<(MFunc, Uses), CompileError> {
    let mut s = Isel {
        lds: memory.lds.clone(),
        lds_exchange: lds::exchanges(func),
        gds: memory.gds.clone(),
        uav_kinds: memory.uavs.clone(),
        itemps: memory.itemps.clone(),
        srv_kinds: memory.srvs.clone(),
        f: func,
        opts: *opts,
        resources: resources.clone(),
        private_base: None,
        ties: 0,
        used: used_values(func),
        m: MFunc::default(),
        vals: HashMap::new(),
        wide: HashMap::new(),
        conds: HashMap::new(),
        params: HashMap::new(),
        inputs: HashMap::new(),
        compares: HashMap::new(),
        aligned: HashSet::new(),
        pending: HashMap::new(),
        cur: Vec::new(),
        uses: Uses::default(),
        outputs: Default::default(),
        discarded: None,
        span: Span::default(),
    };
    if opts.pixel && kill::discards(func) {
        s.discarded = Some(s.m.new_vreg(VRegInfo::default()));
    }
    s.m.blocks = vec![MBlock::default(); func.blocks.len()];
    for b in func.layout() {
        for &p in &func.blocks[b].params {
            if func.ty(p).width() != ir::Width::W32 && func.ty(p) != Type::Bool {
                return Err(unsupported(
                    format!("a block parameter of type {}", func.ty(p)),
                    s.span,
                ));
            }
            let v = s.m.new_vreg(VRegInfo::default());
            s.params.insert(p, v);
            s.vals.insert(p, Operand::reg(v));
        }
    }
    for b in func.layout() {
        s.block(b)?;
    }
    let mut m = s.m;
    eliminate_dead_code(&mut m);
    Ok((m, s.uses))
}

/// The values read by some instruction or terminator of `func`.
fn used_values(func: &Function) -> HashSet<Value> {
    let mut used = HashSet::new();
    for b in func.layout() {
        let data = &func.blocks[b];
        for &i in &data.insts {
            used.extend(func.insts[i].args.iter().map(|&a| func.resolve(a)));
        }
        match &data.term {
            Terminator::Jump(call) => used.extend(call.args.iter().map(|&a| func.resolve(a))),
            Terminator::Branch { cond, then_, else_ } => {
                used.insert(func.resolve(*cond));
                for call in [then_, else_] {
                    used.extend(call.args.iter().map(|&a| func.resolve(a)));
                }
            }
            Terminator::Return | Terminator::Unreachable => {}
        }
    }
    used
}

fn unsupported(what: String, span: Span) -> CompileError {
    CompileError::Unsupported { what, span }
}

/// Removes pure instructions whose results nobody reads, until none is left.
pub fn eliminate_dead_code(m: &mut MFunc) {
    loop {
        let mut used = vec![false; m.vregs.len()];
        for b in &m.blocks {
            for i in &b.insts {
                for u in i.uses() {
                    used[u.index()] = true;
                }
            }
            if let Some(c) = &b.cond {
                for u in c.srcs.iter().filter_map(Operand::vreg) {
                    used[u.index()] = true;
                }
            }
        }
        let mut changed = false;
        for b in &mut m.blocks {
            let before = b.insts.len();
            b.insts.retain(|i| {
                let defs = i.defs();
                i.has_effect()
                    || defs.is_empty()
                    || defs
                        .iter()
                        .any(|d| used.get(d.index()).copied().unwrap_or(true))
            });
            changed |= b.insts.len() != before;
        }
        if !changed {
            return;
        }
    }
}

struct Isel<'f> {
    f: &'f Function,
    /// The LDS declarations (`lds.rs`).
    lds: abi::LdsLayout,
    /// The program has an `lds_read_vec_neighborExch`, so LDS past the reference's holds
    /// its scratch (`lds.rs`).
    lds_exchange: bool,
    /// The GDS allocations (`gds.rs`).
    gds: abi::LdsLayout,
    /// The UAV and SRV declarations (`uav.rs`).
    uav_kinds: std::collections::BTreeMap<u32, abi::UavKind>,
    srv_kinds: std::collections::BTreeMap<u32, Option<u32>>,
    /// The indexed temporary arrays (`private.rs`).
    itemps: abi::ITemps,
    opts: SelectOptions,
    resources: std::collections::BTreeMap<u32, ResourceInfo>,
    /// The work-item's first private dword and its byte address (`private.rs`), computed
    /// once per block.
    private_base: Option<(VReg, Option<VReg>)>,
    /// Tie groups handed out.
    ties: u32,
    /// The values some instruction or terminator reads.
    used: HashSet<Value>,
    m: MFunc,
    /// The operand each IR value stands for.
    vals: HashMap<Value, Operand>,
    /// The (low, high) dwords each 64-bit IR value stands for.
    wide: HashMap<Value, wide::Wide>,
    /// For a `bool`: the PRED_SET that computes it directly (opcode and operands).
    conds: HashMap<Value, (AluOp, Operand, Operand)>,
    params: HashMap<Value, VReg>,
    /// Registers the launch preloads, by (GPR, channel).
    inputs: HashMap<(u8, Chan), VReg>,
    /// Registers holding an integer comparison's mask: the PRED_SET that computes the
    /// comparison directly, and the one that computes its negation.
    compares: HashMap<VReg, [(AluOp, Operand, Operand); 2]>,
    /// Registers known to hold multiples of 4 (byte addresses that need no aligning).
    aligned: HashSet<VReg>,
    /// Moves to emit at the start of a block (the arguments of a `Branch`).
    pending: HashMap<Block, Vec<(VReg, Operand)>>,
    cur: Vec<MInst>,
    uses: Uses,
    /// Pixel kernels: the final value of each output component, exported at the end
    /// (`export.rs`).
    outputs: std::collections::BTreeMap<u32, [Option<Operand>; 4]>,
    /// Pixel kernels that discard: the per-lane "discarded" flag (`kill.rs`).
    discarded: Option<VReg>,
    span: Span,
}

impl Isel<'_> {
    fn block(&mut self, b: Block) -> Result<(), CompileError> {
        let data = &self.f.blocks[b];
        if matches!(data.term, Terminator::Unreachable) && data.insts.is_empty() {
            return Ok(());
        }
        self.cur = Vec::new();
        self.private_base = None;
        if let Some(moves) = self.pending.remove(&b) {
            self.parallel_copy(&moves);
        }
        self.init_discarded(b);
        for &inst in &data.insts {
            self.inst(inst)?;
        }
        let mut cond = None;
        match &data.term {
            Terminator::Jump(call) => {
                let moves = self.call_moves(call)?;
                self.parallel_copy(&moves);
            }
            Terminator::Branch {
                cond: c,
                then_,
                else_,
            } => {
                for call in [then_, else_] {
                    let moves = self.call_moves(call)?;
                    if !moves.is_empty() {
                        self.pending.entry(call.block).or_default().extend(moves);
                    }
                }
                let c = self.f.resolve(*c);
                let (op, a, z) = match self.conds.get(&c) {
                    Some(x) => *x,
                    None => (AluOp::PredSetneInt, self.operand(c)?, Operand::imm(0)),
                };
                let a = self.reg_operand_if_needed(a);
                cond = Some(MAlu {
                    op,
                    dst: None,
                    srcs: vec![a, z],
                    clamp: false,
                    exec_update: true,
                    lds: None,
                    others: Vec::new(),
                });
            }
            Terminator::Return if self.opts.pixel => self.exports()?,
            Terminator::Return | Terminator::Unreachable => {}
        }
        if !self.outputs.is_empty() {
            return Err(CompileError::Internal(format!(
                "{b} writes outputs but does not end the program"
            )));
        }
        let mb = &mut self.m.blocks[b.index()];
        mb.insts = std::mem::take(&mut self.cur);
        mb.cond = cond;
        Ok(())
    }

    /// A PRED_SET reads its operands like any ALU op; nothing to change (kept as a hook for
    /// operands the exec-mask form cannot take).
    fn reg_operand_if_needed(&mut self, a: Operand) -> Operand {
        a
    }

    fn call_moves(&mut self, call: &ir::BlockCall) -> Result<Vec<(VReg, Operand)>, CompileError> {
        let params = &self.f.blocks[call.block].params;
        let mut moves = Vec::new();
        for (p, a) in params.iter().zip(&call.args) {
            let dst = *self
                .params
                .get(p)
                .ok_or_else(|| CompileError::Internal(format!("no register for parameter {p}")))?;
            let src = self.operand(self.f.resolve(*a))?;
            if src.is_plain_reg() && src.vreg() == Some(dst) {
                continue;
            }
            moves.push((dst, src));
        }
        Ok(moves)
    }

    /// Moves with parallel-copy meaning: through temporaries when a destination is read by
    /// another move.
    fn parallel_copy(&mut self, moves: &[(VReg, Operand)]) {
        let dsts: HashSet<VReg> = moves.iter().map(|(d, _)| *d).collect();
        let clash = moves
            .iter()
            .any(|(d, s)| s.vreg().is_some_and(|v| dsts.contains(&v) && v != *d));
        if !clash {
            for &(d, s) in moves {
                self.push(MAlu::new(AluOp::Mov, d, vec![s]));
            }
            return;
        }
        let temps: Vec<VReg> = moves
            .iter()
            .map(|&(_, s)| self.alu(AluOp::Mov, vec![s]))
            .collect();
        for (&(d, _), t) in moves.iter().zip(temps) {
            self.push(MAlu::new(AluOp::Mov, d, vec![Operand::reg(t)]));
        }
    }

    fn push(&mut self, a: MAlu) {
        self.cur.push(MInst::Alu(a));
    }

    /// Appends `op srcs` to a new register and returns the register.
    fn alu(&mut self, op: AluOp, mut srcs: Vec<Operand>) -> VReg {
        if op.encoding() == crate::isa::opcodes::AluEncoding::Op3 {
            // OP3 instructions have NEG but no ABS (cayman L1549): |x| goes through a MOV.
            for s in srcs.iter_mut() {
                if s.abs {
                    *s = Operand::reg(self.alu(AluOp::Mov, vec![*s]));
                }
            }
        }
        let d = self.m.new_vreg(VRegInfo::default());
        self.push(MAlu::new(op, d, srcs));
        d
    }

    fn alu_op(&mut self, op: AluOp, srcs: Vec<Operand>) -> Operand {
        Operand::reg(self.alu(op, srcs))
    }

    fn operand(&self, v: Value) -> Result<Operand, CompileError> {
        self.vals.get(&self.f.resolve(v)).copied().ok_or_else(|| {
            CompileError::Internal(format!("value {v} is used before it is selected"))
        })
    }

    /// The operand in a register of its own (a move where it is not a plain register).
    fn materialize(&mut self, o: Operand) -> VReg {
        match o.src {
            Src::Reg(v) if o.is_plain_reg() => v,
            _ => self.alu(AluOp::Mov, vec![o]),
        }
    }

    /// The operand in a register whose channel is `chan` (a move unless it can be fixed).
    fn in_chan(&mut self, o: Operand, chan: Chan) -> VReg {
        if let Src::Reg(v) = o.src {
            if o.is_plain_reg() {
                let info = &mut self.m.vregs[v.index()];
                if info.gpr.is_none() && info.chan.is_none_or(|c| c == chan) {
                    info.chan = Some(chan);
                    return v;
                }
            }
        }
        self.tied(chan, None, o)
    }

    fn inst(&mut self, inst: ir::Inst) -> Result<(), CompileError> {
        let data = &self.f.insts[inst];
        self.span = data.span;
        let args: Vec<Value> = data.args.iter().map(|&a| self.f.resolve(a)).collect();
        let results = data.results.clone();
        if self.is_wide_inst(inst) {
            return self.wide_inst(inst);
        }
        let a = |k: usize| -> Result<Operand, CompileError> {
            let v = *args.get(k).ok_or_else(|| {
                CompileError::Internal(format!("instruction {inst} lacks argument {k}"))
            })?;
            self.operand(v)
        };
        let result: Option<Operand> = match &data.op {
            Op::Const(c) => Some(Operand::imm(match results.first().map(|&r| self.f.ty(r)) {
                Some(Type::Bool) => {
                    if *c != 0 {
                        u32::MAX
                    } else {
                        0
                    }
                }
                _ => *c as u32,
            })),
            Op::Alu(op) => {
                let ops: Vec<Operand> = (0..args.len()).map(a).collect::<Result<_, _>>()?;
                Some(self.alu_inst(op, &ops)?)
            }
            Op::Modifier(m) => {
                let x = a(0)?;
                Some(match m {
                    Modifier::FloatNeg => x.negated(),
                    Modifier::FloatAbs => x.absolute(),
                    Modifier::IntNeg => self.alu_op(AluOp::SubInt, vec![Operand::imm(0), x]),
                    Modifier::IntAbs => {
                        let n = self.alu_op(AluOp::SubInt, vec![Operand::imm(0), x]);
                        self.alu_op(AluOp::MaxInt, vec![x, n])
                    }
                    Modifier::Saturate => {
                        let d = self.m.new_vreg(VRegInfo::default());
                        let mut mov = MAlu::new(AluOp::Mov, d, vec![x]);
                        mov.clamp = true;
                        self.push(mov);
                        Operand::reg(d)
                    }
                    other => {
                        let d = args.get(1).map(|&v| self.operand(v)).transpose()?;
                        self.float_modifier(*other, x, d).ok_or_else(|| {
                            unsupported(format!("the operand modifier {other:?}"), self.span)
                        })?
                    }
                })
            }
            Op::Select => {
                let (c, t, e) = (a(0)?, a(1)?, a(2)?);
                Some(self.alu_op(AluOp::CndeInt, vec![c, e, t]))
            }
            Op::Test(t) => {
                let r = *results
                    .first()
                    .ok_or_else(|| CompileError::Internal("a test without result".into()))?;
                let fused = |k: usize, x: &Operand| {
                    x.vreg()
                        .filter(|_| x.is_plain_reg())
                        .and_then(|v| self.compares.get(&v))
                        .map(|p| p[k])
                };
                let (mask, pred) = match t {
                    Test::NonZero => {
                        let x = a(0)?;
                        let p = fused(0, &x).unwrap_or((AluOp::PredSetneInt, x, Operand::imm(0)));
                        (
                            self.alu_op(AluOp::SetneInt, vec![x, Operand::imm(0)]),
                            Some(p),
                        )
                    }
                    Test::Zero => {
                        let x = a(0)?;
                        let p = fused(1, &x).unwrap_or((AluOp::PredSeteInt, x, Operand::imm(0)));
                        (
                            self.alu_op(AluOp::SeteInt, vec![x, Operand::imm(0)]),
                            Some(p),
                        )
                    }
                    Test::Float(rel) => (self.float_compare(*rel, a(0)?, a(1)?), None),
                };
                if let Some(p) = pred {
                    self.conds.insert(r, p);
                }
                Some(mask)
            }
            Op::And => Some(self.alu_op(AluOp::AndInt, vec![a(0)?, a(1)?])),
            Op::Or => Some(self.alu_op(AluOp::OrInt, vec![a(0)?, a(1)?])),
            Op::Not => Some(self.alu_op(AluOp::NotInt, vec![a(0)?])),
            Op::Input(i) => Some(self.input(*i)?),
            Op::CbLoad {
                buffer,
                offset,
                comp,
            } => {
                let mut offset = *offset;
                if let Some(&i) = args.first() {
                    let idx = self.operand(i)?;
                    match idx.src {
                        Src::Imm(c) => offset = offset.wrapping_add(c as i32),
                        _ => {
                            // A register index: a VTX fetch from the buffer bound as VTX
                            // buffer N as well (byte address 16 * element + 4 * comp).
                            if *buffer > 14 {
                                return Err(unsupported(
                                    format!("cb{buffer} with a register index (cb0..cb14)"),
                                    self.span,
                                ));
                            }
                            self.uses.const_buffers.insert(*buffer);
                            self.uses.cb_vtx.insert(*buffer);
                            let e = if offset == 0 {
                                idx
                            } else {
                                self.alu_op(AluOp::AddInt, vec![idx, Operand::imm(offset as u32)])
                            };
                            let addr = self.alu(AluOp::LshlInt, vec![e, Operand::imm(4)]);
                            let dst = self.m.new_vreg(VRegInfo::default());
                            self.cur.push(MInst::Fetch {
                                buffer: abi::cb_vtx_buffer(*buffer),
                                dst,
                                addr,
                                offset: 4 * u16::from(*comp & 3),
                            });
                            if let Some(&r) = results.first() {
                                self.vals.insert(r, Operand::reg(dst));
                            }
                            return Ok(());
                        }
                    }
                }
                let offset = &offset;
                if *buffer > 14 || *offset < 0 || *offset >= 4096 {
                    return Err(unsupported(
                        format!(
                            "cb{buffer}[{offset}] (kcache reaches cb0..cb14, elements 0..4095)"
                        ),
                        self.span,
                    ));
                }
                self.uses.const_buffers.insert(*buffer);
                Some(Operand::new(Src::Const {
                    bank: *buffer as u8,
                    index: *offset as u32,
                    chan: Chan::from_bits(u32::from(*comp)),
                }))
            }
            Op::Il(il) => {
                self.il_inst(il, &args, &results)?;
                None
            }
            Op::Output { reg, comp } if self.opts.pixel => {
                let val = a(0)?;
                self.output(*reg, *comp, val)?;
                None
            }
            Op::GlobalLoad { offset, comp } => {
                self.uses.global_reads = true;
                let element = self.global_element(&args, 1, *offset)?;
                let addr = self.alu(AluOp::LshlInt, vec![element, Operand::imm(4)]);
                let dst = self.m.new_vreg(VRegInfo::default());
                self.cur.push(MInst::Fetch {
                    buffer: abi::GLOBAL_VTX,
                    dst,
                    addr,
                    offset: 4 * u16::from(*comp & 3),
                });
                Some(Operand::reg(dst))
            }
            Op::PrivateLoad {
                array,
                offset,
                comp,
            } => Some(self.private_load(*array, *offset, *comp, &args)?),
            Op::PrivateStore {
                array,
                offset,
                comp,
            } => {
                self.private_store(*array, *offset, *comp, &args)?;
                None
            }
            Op::GlobalStore { offset, comp } => {
                let value = a(args.len().saturating_sub(1))?;
                self.uses.global_writes = true;
                let element = self.global_element(&args, 2, *offset)?;
                let base = self.alu(AluOp::LshlInt, vec![element, Operand::imm(2)]);
                let index = self.alu(
                    AluOp::AddInt,
                    vec![Operand::reg(base), Operand::imm(u32::from(*comp & 3))],
                );
                let index = self.in_chan(Operand::reg(index), Chan::X);
                let data = self.in_chan(value, Chan::X);
                self.cur.push(MInst::Store {
                    rat: abi::GLOBAL_RAT,
                    index,
                    data,
                    inst: RatInst::StoreDword,
                    cmp: None,
                    ret: None,
                });
                None
            }
            other => {
                return Err(unsupported(format!("`{}`", other.name()), self.span));
            }
        };
        if let (Some(o), Some(&r)) = (result, results.first()) {
            self.vals.insert(r, o);
        }
        Ok(())
    }

    /// A float comparison as an IL mask: false on NaN for every relation, `ne` included
    /// (il-semantics `float::relop`).
    fn float_compare(&mut self, rel: RelOp, x: Operand, y: Operand) -> Operand {
        match rel {
            RelOp::Eq => self.alu_op(AluOp::SeteDx10, vec![x, y]),
            RelOp::Ge => self.alu_op(AluOp::SetgeDx10, vec![x, y]),
            RelOp::Gt => self.alu_op(AluOp::SetgtDx10, vec![x, y]),
            RelOp::Lt => self.alu_op(AluOp::SetgtDx10, vec![y, x]),
            RelOp::Le => self.alu_op(AluOp::SetgeDx10, vec![y, x]),
            RelOp::Ne => {
                let g = self.alu_op(AluOp::SetgtDx10, vec![x, y]);
                let l = self.alu_op(AluOp::SetgtDx10, vec![y, x]);
                self.alu_op(AluOp::OrInt, vec![g, l])
            }
        }
    }

    fn flag(op: &ir::AluOp, name: &str) -> bool {
        op.opcode
            .info()
            .field(name)
            .and_then(|f| f.value_in(op.control, &Default::default(), &[]))
            .unwrap_or(0)
            != 0
    }

    fn alu_inst(&mut self, op: &ir::AluOp, a: &[Operand]) -> Result<Operand, CompileError> {
        use Opcode as O;
        let n = |k: usize| -> Result<Operand, CompileError> {
            a.get(k).copied().ok_or_else(|| {
                CompileError::Internal(format!("{} lacks operand {k}", op.opcode.mnemonic()))
            })
        };
        let two = |o: AluOp| -> Result<(AluOp, Vec<Operand>), CompileError> {
            Ok((o, vec![n(0)?, n(1)?]))
        };
        let swapped = |o: AluOp| -> Result<(AluOp, Vec<Operand>), CompileError> {
            Ok((o, vec![n(1)?, n(0)?]))
        };
        let one =
            |o: AluOp| -> Result<(AluOp, Vec<Operand>), CompileError> { Ok((o, vec![n(0)?])) };
        let ieee = Self::flag(op, "ieee");
        if let Some(r) = self.float_alu(op, a)? {
            return Ok(r);
        }
        if let Some(r) = self.int_alu(op, a)? {
            return Ok(r);
        }
        if let Some(r) = self.vector_alu(op, a)? {
            return Ok(r);
        }
        let (hw, srcs) = match op.opcode {
            O::Mov | O::InvMov => return n(0),
            O::IAdd => two(AluOp::AddInt)?,
            O::INegate => (AluOp::SubInt, vec![Operand::imm(0), n(0)?]),
            O::IMul | O::UMul => two(AluOp::MulloInt)?,
            O::IMulHigh => two(AluOp::MulhiInt)?,
            O::UMulHigh => two(AluOp::MulhiUint)?,
            O::IMad | O::UMad => {
                let p = self.alu_op(AluOp::MulloInt, vec![n(0)?, n(1)?]);
                (AluOp::AddInt, vec![p, n(2)?])
            }
            O::And => two(AluOp::AndInt)?,
            O::IOr => two(AluOp::OrInt)?,
            O::IXor => two(AluOp::XorInt)?,
            O::INot => one(AluOp::NotInt)?,
            O::IShl => two(AluOp::LshlInt)?,
            O::IShr => two(AluOp::AshrInt)?,
            O::UShr => two(AluOp::LshrInt)?,
            O::IMax => two(AluOp::MaxInt)?,
            O::IMin => two(AluOp::MinInt)?,
            O::UMax => two(AluOp::MaxUint)?,
            O::UMin => two(AluOp::MinUint)?,
            O::IEq => two(AluOp::SeteInt)?,
            O::INe => two(AluOp::SetneInt)?,
            O::IGe => two(AluOp::SetgeInt)?,
            O::ILt => swapped(AluOp::SetgtInt)?,
            O::UGe => two(AluOp::SetgeUint)?,
            O::ULt => swapped(AluOp::SetgtUint)?,
            O::UDiv | O::UMod => {
                let (q, r) = self.udivmod(n(0)?, n(1)?);
                return Ok(Operand::reg(if op.opcode == O::UDiv { q } else { r }));
            }
            O::UBitExtract => (AluOp::BfeUint, vec![n(2)?, n(1)?, n(0)?]),
            O::IBitExtract => (AluOp::BfeInt, vec![n(2)?, n(1)?, n(0)?]),
            O::UBitReverse => one(AluOp::BfrevInt)?,
            O::ICountbits => one(AluOp::BcntInt)?,
            O::CmovLogical => (AluOp::CndeInt, vec![n(0)?, n(2)?, n(1)?]),
            O::Add => two(AluOp::Add)?,
            O::Sub => (AluOp::Add, vec![n(0)?, n(1)?.negated()]),
            O::Mul => two(if ieee { AluOp::MulIeee } else { AluOp::Mul })?,
            O::Mad => (
                if ieee {
                    AluOp::MuladdIeee
                } else {
                    AluOp::Muladd
                },
                vec![n(0)?, n(1)?, n(2)?],
            ),
            O::Eq => two(AluOp::SeteDx10)?,
            O::Ge => two(AluOp::SetgeDx10)?,
            O::Lt => swapped(AluOp::SetgtDx10)?,
            O::Ne => return Ok(self.float_compare(RelOp::Ne, n(0)?, n(1)?)),
            O::Div => {
                // x * (1/y) (RECIP_IEEE 1 ULP, the product half an ULP: within `div`'s
                // 3 ULP); a zero divisor gives the zeroop value with x's sign
                // (il-semantics `float::div`; the default zeroop is FLT_MAX).
                use il_frontend::enums::ZeroOp;
                let zeroop = op
                    .opcode
                    .info()
                    .field("zeroop")
                    .and_then(|f| f.value_in(op.control, &Default::default(), &[]))
                    .and_then(ZeroOp::from_u32)
                    .unwrap_or(ZeroOp::FltMax);
                let value = match zeroop {
                    ZeroOp::Zero => 0,
                    ZeroOp::FltMax => 0x7F7F_FFFF,
                    ZeroOp::Infinity | ZeroOp::InfElseMax => 0x7F80_0000,
                };
                let (x, y) = (n(0)?, n(1)?);
                let r = self.alu_op(AluOp::RecipIeee, vec![y]);
                let q = self.alu_op(AluOp::MulIeee, vec![x, r]);
                let zero = self.alu_op(AluOp::SeteDx10, vec![y, Operand::imm(0)]);
                let neg = self.alu_op(AluOp::SetgtDx10, vec![Operand::imm(0), x]);
                let sign = self.alu_op(AluOp::AndInt, vec![neg, Operand::imm(0x8000_0000)]);
                let z = self.alu_op(AluOp::OrInt, vec![sign, Operand::imm(value)]);
                (AluOp::CndeInt, vec![zero, q, z])
            }
            O::SqrtVec => one(AluOp::SqrtIeee)?,
            O::ExpVec => one(AluOp::ExpIeee)?,
            O::RsqVec => one(AluOp::RecipsqrtIeee)?,
            O::Frc => one(AluOp::Fract)?,
            O::LogVec => one(AluOp::LogIeee)?,
            O::Dp2 | O::Dp3 | O::Dp4 => {
                // Products rounded, then summed left to right (il-semantics `float::dp*`);
                // without `_ieee`, 0 * n = 0 (MUL).
                let k = match op.opcode {
                    O::Dp2 => 2,
                    O::Dp3 => 3,
                    _ => 4,
                };
                let m = if ieee { AluOp::MulIeee } else { AluOp::Mul };
                let mut sum = None;
                for i in 0..k {
                    let p = self.alu_op(m, vec![n(i)?, n(4 + i)?]);
                    sum = Some(match sum {
                        None => p,
                        Some(s) => self.alu_op(AluOp::Add, vec![s, p]),
                    });
                }
                return sum.ok_or_else(|| CompileError::Internal("an empty dot product".into()));
            }
            O::Rnd => {
                // floor(x + 0.5) exactly: floor(x) + (x - floor(x) >= 0.5), the difference
                // being exact (il-semantics `float::rnd`).
                let x = n(0)?;
                let t = self.alu_op(AluOp::Floor, vec![x]);
                let f = self.alu_op(AluOp::Add, vec![x, t.negated()]);
                let up = self.alu_op(AluOp::SetgeDx10, vec![f, Operand::imm(0x3F00_0000)]);
                let one = self.alu_op(AluOp::AndInt, vec![up, Operand::imm(0x3F80_0000)]);
                (AluOp::Add, vec![t, one])
            }
            O::Flr | O::RoundNegInf => one(AluOp::Floor)?,
            O::Clg | O::RoundPlusInf => one(AluOp::Ceil)?,
            O::Trc | O::RoundZero => one(AluOp::Trunc)?,
            O::RoundNear => one(AluOp::Rndne)?,
            O::Ftou => one(AluOp::FltToUint)?,
            O::Itof => one(AluOp::IntToFlt)?,
            O::Utof => one(AluOp::UintToFlt)?,
            other => {
                return Err(unsupported(format!("`{}`", other.mnemonic()), self.span));
            }
        };
        let srcs = self.limit_kcache_operands(srcs);
        let d = self.alu(hw, srcs.clone());
        if let Some(p) = Self::pred_forms(hw, &srcs) {
            self.compares.insert(d, p);
        }
        if hw == AluOp::LshlInt {
            if let Some(Src::Imm(s)) = a.get(1).map(|o| o.src) {
                if s & 31 >= 2 {
                    self.aligned.insert(d);
                }
            }
        }
        if hw == AluOp::AddInt && a.iter().all(|o| self.is_aligned(o)) {
            self.aligned.insert(d);
        }
        if hw == AluOp::AndInt && a.iter().any(|o| matches!(o.src, Src::Imm(x) if x & 3 == 0)) {
            self.aligned.insert(d);
        }
        Ok(Operand::reg(d))
    }

    /// The PRED_SET forms of an integer comparison (true, false): a branch on the
    /// comparison's mask then needs no separate test (PRED_SET*_INT/UINT compare as the
    /// SET*_INT/UINT forms do, cayman L1769-L1781, L5848, L6173).
    fn pred_forms(hw: AluOp, s: &[Operand]) -> Option<[(AluOp, Operand, Operand); 2]> {
        use AluOp as A;
        let (x, y) = (*s.first()?, *s.get(1)?);
        Some(match hw {
            A::SeteInt => [(A::PredSeteInt, x, y), (A::PredSetneInt, x, y)],
            A::SetneInt => [(A::PredSetneInt, x, y), (A::PredSeteInt, x, y)],
            A::SetgtInt => [(A::PredSetgtInt, x, y), (A::PredSetgeInt, y, x)],
            A::SetgeInt => [(A::PredSetgeInt, x, y), (A::PredSetgtInt, y, x)],
            A::SetgtUint => [(A::PredSetgtUint, x, y), (A::PredSetgeUint, y, x)],
            A::SetgeUint => [(A::PredSetgeUint, x, y), (A::PredSetgtUint, y, x)],
            _ => return None,
        })
    }

    fn is_aligned(&self, o: &Operand) -> bool {
        match o.src {
            Src::Imm(x) => x & 3 == 0,
            Src::Reg(v) => o.is_plain_reg() && self.aligned.contains(&v),
            Src::Const { .. } | Src::LdsPop => false,
        }
    }

    /// A group reads at most two kcache constant pairs (cayman L1564): an instruction with
    /// three constant operands gets one of them moved into a register first.
    fn limit_kcache_operands(&mut self, mut srcs: Vec<Operand>) -> Vec<Operand> {
        let consts = srcs
            .iter()
            .filter(|o| matches!(o.src, Src::Const { .. }))
            .count();
        if consts > 2 {
            if let Some(o) = srcs
                .iter_mut()
                .rev()
                .find(|o| matches!(o.src, Src::Const { .. }))
            {
                let r = self.materialize(Operand::new(o.src));
                *o = Operand {
                    src: Src::Reg(r),
                    ..*o
                };
            }
        }
        srcs
    }

    /// Unsigned 32-bit division and remainder: Cayman has no integer divide (digest §3.2).
    /// The reciprocal estimate, one Newton-Raphson step in fixed point and two corrections,
    /// as LLVM's AMDGPU `expandDivRem32` does (exact for every dividend and nonzero divisor);
    /// a zero divisor gives the IL's 0xFFFFFFFF for both (il-semantics `int.rs`, I-21).
    fn udivmod(&mut self, x: Operand, y: Operand) -> (VReg, VReg) {
        use AluOp as A;
        let r = Operand::reg;
        let yf = self.alu(A::UintToFlt, vec![y]);
        let rcp = self.alu(A::RecipIeee, vec![r(yf)]);
        // 0x4F7FFFFE = 4294966784.0f, just below 2^32.
        let sc = self.alu(A::MulIeee, vec![r(rcp), Operand::imm(0x4F7F_FFFE)]);
        let z0 = self.alu(A::FltToUint, vec![r(sc)]);
        let ny = self.alu(A::SubInt, vec![Operand::imm(0), y]);
        let nyz = self.alu(A::MulloInt, vec![r(ny), r(z0)]);
        let zh = self.alu(A::MulhiUint, vec![r(z0), r(nyz)]);
        let z = self.alu(A::AddInt, vec![r(z0), r(zh)]);
        let q0 = self.alu(A::MulhiUint, vec![x, r(z)]);
        let qy = self.alu(A::MulloInt, vec![r(q0), y]);
        let r0 = self.alu(A::SubInt, vec![x, r(qy)]);
        let c1 = self.alu(A::SetgeUint, vec![r(r0), y]);
        let q1 = self.alu(A::SubInt, vec![r(q0), r(c1)]);
        let yc1 = self.alu(A::AndInt, vec![y, r(c1)]);
        let r1 = self.alu(A::SubInt, vec![r(r0), r(yc1)]);
        let c2 = self.alu(A::SetgeUint, vec![r(r1), y]);
        let q2 = self.alu(A::SubInt, vec![r(q1), r(c2)]);
        let yc2 = self.alu(A::AndInt, vec![y, r(c2)]);
        let r2 = self.alu(A::SubInt, vec![r(r1), r(yc2)]);
        let q = self.alu(A::CndeInt, vec![y, Operand::imm(u32::MAX), r(q2)]);
        let rem = self.alu(A::CndeInt, vec![y, Operand::imm(u32::MAX), r(r2)]);
        (q, rem)
    }

    /// A register the launch preloads (R0.xyz local id, R1.xyz group id).
    fn preloaded(&mut self, gpr: u8, c: u8) -> Operand {
        let chan = Chan::from_bits(u32::from(c));
        let m = &mut self.m;
        let v = *self.inputs.entry((gpr, chan)).or_insert_with(|| {
            m.new_vreg(VRegInfo {
                chan: Some(chan),
                gpr: Some(gpr),
                tie: None,
            })
        });
        Operand::reg(v)
    }

    /// Component `d` of the group size: a literal when the program fixes it, else the
    /// launch buffer.
    fn group_size(&mut self, d: usize) -> Operand {
        match self.opts.group_size {
            Some(g) => Operand::imm(g[d]),
            None => self.launch_dword(abi::LAUNCH_GROUP_SIZE + d as u32),
        }
    }

    pub(super) fn launch_dword(&mut self, k: u32) -> Operand {
        self.uses.launch_buffer = true;
        Operand::new(Src::Const {
            bank: abi::LAUNCH_BANK,
            index: k / 4,
            chan: Chan::from_bits(k % 4),
        })
    }

    /// `a * b + c` for sizes and ids (below 2^24, so the 24-bit multiply is exact).
    fn mad24(&mut self, a: Operand, b: Operand, c: Operand) -> Operand {
        match (b.src, c.src) {
            (Src::Imm(1), Src::Imm(0)) => a,
            (Src::Imm(1), _) => self.alu_op(AluOp::AddInt, vec![a, c]),
            (Src::Imm(0), _) => c,
            _ => self.alu_op(AluOp::MuladdUint24, vec![a, b, c]),
        }
    }

    fn mul24(&mut self, a: Operand, b: Operand) -> Operand {
        match (a.src, b.src) {
            (Src::Imm(x), Src::Imm(y)) => Operand::imm(x.wrapping_mul(y)),
            (Src::Imm(1), _) => b,
            (_, Src::Imm(1)) => a,
            _ => self.alu_op(AluOp::MulUint24, vec![a, b]),
        }
    }

    fn local_flat(&mut self) -> Operand {
        let (x, y, z) = (
            self.preloaded(0, 0),
            self.preloaded(0, 1),
            self.preloaded(0, 2),
        );
        let (dx, dy, dz) = (self.group_size(0), self.group_size(1), self.group_size(2));
        let yx = self.mad24(y, dx, x);
        let yx = if matches!(dy.src, Src::Imm(1)) && matches!(dz.src, Src::Imm(1)) {
            x
        } else {
            yx
        };
        if matches!(dz.src, Src::Imm(1)) {
            return yx;
        }
        let dxy = self.mul24(dx, dy);
        self.mad24(z, dxy, yx)
    }

    fn group_flat(&mut self) -> Operand {
        let (x, y, z) = (
            self.preloaded(1, 0),
            self.preloaded(1, 1),
            self.preloaded(1, 2),
        );
        let nx = self.launch_dword(abi::LAUNCH_NUM_GROUPS);
        let ny = self.launch_dword(abi::LAUNCH_NUM_GROUPS + 1);
        let yx = self.mad24(y, nx, x);
        let nxy = self.mul24(nx, ny);
        self.mad24(z, nxy, yx)
    }

    fn input(&mut self, i: Input) -> Result<Operand, CompileError> {
        Ok(match i {
            Input::ThreadIdInGroup(c) | Input::ThreadGroupId(c) | Input::AbsoluteThreadId(c)
                if c > 2 =>
            {
                Operand::imm(0)
            }
            Input::ThreadIdInGroup(c) => self.preloaded(0, c),
            Input::ThreadGroupId(c) => self.preloaded(1, c),
            Input::AbsoluteThreadId(c) => {
                let g = self.preloaded(1, c);
                let l = self.preloaded(0, c);
                let d = self.group_size(usize::from(c));
                self.mad24(g, d, l)
            }
            Input::ThreadIdInGroupFlat => self.local_flat(),
            Input::ThreadGroupIdFlat => self.group_flat(),
            // The wavefront's index in its group: the group's work-items fill wavefronts of
            // 64 in flat order (`docs/abi.md`), so the flat id shifted right by 6.
            Input::WaveId if !self.opts.pixel => {
                let t = self.local_flat();
                self.alu_op(AluOp::LshrInt, vec![t, Operand::imm(6)])
            }
            Input::Position(c) if self.opts.pixel => match c {
                0 | 1 => self.preloaded(0, c),
                3 => Operand::imm(0x3F80_0000),
                _ => Operand::imm(0),
            },
            Input::Face if self.opts.pixel => Operand::imm(0x3F80_0000),
            Input::Pixel { reg, comp } if self.opts.pixel => {
                let gpr = abi::pixel_input_gpr(reg).ok_or_else(|| {
                    unsupported(
                        format!("the interpolated input v{reg} (v0..v63)"),
                        self.span,
                    )
                })?;
                self.uses.pixel_inputs.insert(reg);
                self.preloaded(gpr, comp & 3)
            }
            Input::PrimitiveId if self.opts.pixel => Operand::imm(0),
            Input::PixelIndex if self.opts.pixel => self.pixel_index(),
            Input::AbsoluteThreadIdFlat => {
                let g = self.group_flat();
                let l = self.local_flat();
                let (dx, dy, dz) = (self.group_size(0), self.group_size(1), self.group_size(2));
                let dxy = self.mul24(dx, dy);
                let d = self.mul24(dxy, dz);
                self.mad24(g, d, l)
            }
            other => {
                return Err(unsupported(
                    format!("the input {other:?} (compute kernels only)"),
                    self.span,
                ))
            }
        })
    }

    /// The element index of a `g[]` access: `args[0] + offset` when the access has an index
    /// (`args.len() == with_index`), else `offset`.
    fn global_element(
        &mut self,
        args: &[Value],
        with_index: usize,
        offset: i32,
    ) -> Result<Operand, CompileError> {
        if args.len() == with_index {
            let i = self.operand(args[0])?;
            Ok(if offset == 0 {
                i
            } else {
                self.alu_op(AluOp::AddInt, vec![i, Operand::imm(offset as u32)])
            })
        } else {
            Ok(Operand::imm(offset as u32))
        }
    }

    /// The pixel's row-major index `y * W + x`, from the position in R0 (x + 0.5, y + 0.5;
    /// FLT_TO_UINT truncates) and the domain width in the launch buffer: the element of
    /// the pixel's private space and the ordered pixel index `vObjIndex0.x`
    /// (`docs/decisions.md`, "The ordered pixel index"). The 24-bit multiply is exact while
    /// W and H are below 2^24.
    fn pixel_index(&mut self) -> Operand {
        let px = self.preloaded(0, 0);
        let py = self.preloaded(0, 1);
        let x = self.alu_op(AluOp::FltToUint, vec![px]);
        let y = self.alu_op(AluOp::FltToUint, vec![py]);
        let w = self.launch_dword(abi::LAUNCH_GLOBAL_SIZE);
        self.alu_op(AluOp::MuladdUint24, vec![y, w, x])
    }

    /// `sample*` (the LOD, bias and gradient forms read level 0, `texture.rs`) and `load` of a declared 1D/2D (array) resource:
    /// one TEX instruction per result component, the coordinates moved into .xyzw of one GPR
    /// (u, v, slice, reference; `texture.rs`).
    fn texture(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let field = |f: &str| il.field(f);
        let ld = il.opcode == Opcode::Load;
        let compare = matches!(
            il.opcode,
            Opcode::SampleC
                | Opcode::SampleCLz
                | Opcode::SampleCL
                | Opcode::SampleCB
                | Opcode::SampleCG
        );
        if il.extra.resource_format.is_some() {
            return Err(unsupported(
                format!("{name} with indexed resources"),
                self.span,
            ));
        }
        let id = field("resource").unwrap_or(0);
        let info = *self.resources.get(&id).ok_or_else(|| {
            unsupported(
                format!("{name}: resource {id} is not a declared 1D/2D (array) resource"),
                self.span,
            )
        })?;
        if id > 127 {
            return Err(unsupported(
                format!("{name}: resource {id} (0..127)"),
                self.span,
            ));
        }
        let mut normalized = match field("coordtype").unwrap_or(0) {
            1 => true,
            2 => false,
            _ => !info.unnormalized,
        };
        let DstKind::Values(mask) = il.dst else {
            return Err(CompileError::Internal(format!(
                "{name} without a register destination"
            )));
        };
        let coord = |s: &Self, c: u32| -> Result<Operand, CompileError> {
            match Self::il_arg(il, args, 0, c) {
                Some(v) => s.operand(v),
                None => Ok(Operand::imm(0)),
            }
        };
        let (mut cu, mut cv) = (coord(self, 0)?, coord(self, 1)?);
        if ld {
            // `_aoffimmi(u,v,w)` of a `load`: whole texels added to the integer coordinates
            // (signed 7.1 fixed point, the fraction dropped as the reference does, L4960).
            if let Some(word) = il.extra.address_offset {
                let off = |b: u32| (f32::from((word >> b) as u8 as i8) / 2.0) as i32 as u32;
                if off(0) != 0 {
                    cu = self.alu_op(AluOp::AddInt, vec![cu, Operand::imm(off(0))]);
                }
                if off(8) != 0 {
                    cv = self.alu_op(AluOp::AddInt, vec![cv, Operand::imm(off(8))]);
                }
            }
        }
        if let Some([u, v]) =
            self.programmable_offset_coords(il, args, id, info, normalized, [cu, cv])?
        {
            (cu, cv, normalized) = (u, v, false);
        }
        let gather_reference = self.gather_reference(il, args)?;
        self.ties += 1;
        let tie = Some(self.ties);
        let u = self.tied(Chan::X, tie, cu);
        let v = if info.one_d {
            None
        } else {
            let v = self.tied(Chan::Y, tie, cv);
            Some(v)
        };
        let mut extra = self.texture_extra(il, args, info, ld, compare, tie)?;
        extra.gather = self.gather_component(il);
        self.uses.textures.insert(id);
        for (c, r) in masked_results(mask, results, name)? {
            let dst = self.m.new_vreg(VRegInfo::default());
            self.cur.push(MInst::Tex {
                resource: id as u8,
                ld,
                normalized,
                // A comparison result is in X only (cayman L7400).
                comp: if compare { 0 } else { c },
                dst,
                u,
                v,
                extra,
            });
            let value = match gather_reference {
                Some(reference) => self.gather_compare(reference, Operand::reg(dst)),
                None => Operand::reg(dst),
            };
            self.vals.insert(r, value);
        }
        Ok(())
    }

    /// The no-return RAT atomic of an IL UAV atomic on a raw UAV (cayman L8231-L8285;
    /// `uav_read_*` when its old value is not read).
    fn rat_atomic(op: Opcode) -> Option<RatInst> {
        use Opcode as O;
        Some(match op {
            O::UavAdd | O::UavReadAdd => RatInst::Add,
            O::UavSub | O::UavReadSub => RatInst::Sub,
            O::UavRsub | O::UavReadRsub => RatInst::Rsub,
            O::UavMin | O::UavReadMin => RatInst::MinInt,
            O::UavMax | O::UavReadMax => RatInst::MaxInt,
            O::UavUmin | O::UavReadUmin => RatInst::MinUint,
            O::UavUmax | O::UavReadUmax => RatInst::MaxUint,
            O::UavAnd | O::UavReadAnd => RatInst::And,
            O::UavOr | O::UavReadOr => RatInst::Or,
            O::UavXor | O::UavReadXor => RatInst::Xor,
            _ => return None,
        })
    }

    fn uav_id(il: &IlOp) -> u32 {
        il.field("id").unwrap_or(0)
    }

    /// The IR argument holding component `comp` of source `src`.
    fn il_arg(il: &IlOp, args: &[Value], src: usize, comp: u32) -> Option<Value> {
        let before: u32 = il.srcs.iter().take(src).map(|m| m.count_ones()).sum();
        let mask = u32::from(*il.srcs.get(src)?);
        if mask >> comp & 1 == 0 {
            return None;
        }
        let within = (mask & ((1 << comp) - 1)).count_ones();
        args.get((before + within) as usize).copied()
    }

    fn il_inst(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let missing = || CompileError::Internal(format!("{name}: an operand is missing"));
        if let Some(r) = self.lds_inst(il, args, results) {
            return r;
        }
        if let Some(r) = self.uav_inst(il, args, results) {
            return r;
        }
        match il.opcode {
            Opcode::DiscardLogicalnz => self.discard(true, args),
            Opcode::Kill => self.kill(args),
            Opcode::Resinfo => self.resinfo(il, args, results),
            Opcode::Bufinfo => self.bufinfo(il, results),
            Opcode::DiscardLogicalz => self.discard(false, args),
            Opcode::Sample
            | Opcode::Load
            | Opcode::SampleC
            | Opcode::SampleCLz
            | Opcode::SampleL
            | Opcode::SampleB
            | Opcode::SampleG
            | Opcode::SampleCL
            | Opcode::SampleCB
            | Opcode::SampleCG
            | Opcode::Fetch4
            | Opcode::Fetch4C
            | Opcode::Fetch4Po
            | Opcode::Fetch4PoC => self.texture(il, args, results),
            op if Self::rat_atomic(op).is_some() && !self.opts.pixel => {
                let inst = Self::rat_atomic(op).unwrap_or(RatInst::Nop);
                if results.iter().any(|r| self.used.contains(r)) {
                    return Err(unsupported(
                        format!("{name} whose old value is read (returning RAT atomics)"),
                        self.span,
                    ));
                }
                let id = Self::uav_id(il);
                let rat = abi::uav_rat(id).ok_or_else(|| {
                    unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span)
                })?;
                self.uses.rats.insert(id);
                let addr = self.operand(Self::il_arg(il, args, 0, 0).ok_or_else(missing)?)?;
                let v = self.operand(Self::il_arg(il, args, 1, 0).ok_or_else(missing)?)?;
                let index = self.m.new_vreg(VRegInfo {
                    chan: Some(Chan::X),
                    gpr: None,
                    tie: None,
                });
                self.push(MAlu::new(
                    AluOp::LshrInt,
                    index,
                    vec![addr, Operand::imm(2)],
                ));
                let data = self.in_chan(v, Chan::X);
                self.cur.push(MInst::Store {
                    rat,
                    index,
                    data,
                    inst,
                    cmp: None,
                    ret: None,
                });
                Ok(())
            }
            Opcode::UavRawLoad | Opcode::UavRawStore if self.opts.pixel => Err(unsupported(
                format!("{name} in a pixel kernel (not done yet)"),
                self.span,
            )),
            Opcode::UavRawLoad => {
                let id = Self::uav_id(il);
                let buffer = abi::uav_vtx_buffer(id).ok_or_else(|| {
                    unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span)
                })?;
                let DstKind::Values(mask) = il.dst else {
                    return Err(CompileError::Internal(format!(
                        "{name} without a register destination"
                    )));
                };
                let addr = self.operand(Self::il_arg(il, args, 0, 0).ok_or_else(missing)?)?;
                let addr = if self.is_aligned(&addr) {
                    self.materialize(addr)
                } else {
                    self.alu(AluOp::AndInt, vec![addr, Operand::imm(!3)])
                };
                self.uses.vtx.insert(id);
                let mut k = 0;
                for c in 0..4u16 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    let r = *results.get(k).ok_or_else(missing)?;
                    k += 1;
                    let dst = self.m.new_vreg(VRegInfo::default());
                    self.cur.push(MInst::Fetch {
                        buffer,
                        dst,
                        addr,
                        offset: 4 * c,
                    });
                    self.vals.insert(r, Operand::reg(dst));
                }
                Ok(())
            }
            Opcode::UavRawStore => {
                let id = Self::uav_id(il);
                let rat = abi::uav_rat(id).ok_or_else(|| {
                    unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span)
                })?;
                let DstKind::Memory(mask) = il.dst else {
                    return Err(CompileError::Internal(format!(
                        "{name} without a memory destination"
                    )));
                };
                self.uses.rats.insert(id);
                let addr = self.operand(Self::il_arg(il, args, 0, 0).ok_or_else(missing)?)?;
                let base = self.m.new_vreg(VRegInfo {
                    chan: Some(Chan::X),
                    gpr: None,
                    tie: None,
                });
                self.push(MAlu::new(AluOp::LshrInt, base, vec![addr, Operand::imm(2)]));
                for c in 0..4u32 {
                    if u32::from(mask) >> c & 1 == 0 {
                        continue;
                    }
                    let v = self.operand(Self::il_arg(il, args, 1, c).ok_or_else(missing)?)?;
                    let data = self.in_chan(v, Chan::X);
                    let index = if c == 0 {
                        base
                    } else {
                        let i = self.m.new_vreg(VRegInfo {
                            chan: Some(Chan::X),
                            gpr: None,
                            tie: None,
                        });
                        self.push(MAlu::new(
                            AluOp::AddInt,
                            i,
                            vec![Operand::reg(base), Operand::imm(c)],
                        ));
                        i
                    };
                    self.cur.push(MInst::Store {
                        rat,
                        index,
                        data,
                        inst: RatInst::StoreDword,
                        cmp: None,
                        ret: None,
                    });
                }
                Ok(())
            }
            _ => Err(unsupported(format!("`{name}`"), self.span)),
        }
    }
}

/// The components written by `mask` (bit c for component c), each with its result value:
/// `results` holds one value per written component, in component order.
fn masked_results(
    mask: u8,
    results: &[Value],
    name: &str,
) -> Result<Vec<(u8, Value)>, CompileError> {
    let written: Vec<u8> = (0..4u8).filter(|c| mask >> c & 1 == 1).collect();
    if results.len() < written.len() {
        return Err(CompileError::Internal(format!(
            "{name}: a result is missing"
        )));
    }
    Ok(written.into_iter().zip(results.iter().copied()).collect())
}
