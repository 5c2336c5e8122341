//! Instruction selection: IR instructions to machine instructions on virtual registers.
//!
//! # Register files from uniformity
//!
//! A value that [`Uniformity::is_uniform_everywhere`] calls uniform lives in SGPRs, every
//! other one in VGPRs, and a `bool` is always a 64-bit lane mask in an SGPR pair (bit `l`
//! is lane `l`'s truth; only active lanes' bits mean anything, because every consumer ANDs
//! with EXEC or writes only active lanes). Operations with a scalar form (integer
//! arithmetic, logic, shifts, compares, selects) run on the SALU when their result is
//! uniform; the others run on the VALU and a uniform result is read back with
//! `v_readfirstlane_b32` (correct because all active lanes hold the same value).
//!
//! A value uniform where it is defined but divergent at a use after a loop with a
//! divergent exit (temporal divergence) is not "uniform everywhere": it lives in a VGPR and
//! is written under EXEC, so lanes that left the loop keep the value of their last
//! iteration.
//!
//! # Operand legality (gfx9)
//!
//! One scalar value (SGPR or literal) per VALU instruction (the constant bus), no literal
//! in a VOP3 encoding, VOP2's second source a VGPR, one literal per SALU instruction. The
//! builders below enforce this by swapping commutative sources or copying a source to a
//! VGPR first; inline constants (-16..64 and the float constants) cost nothing.

use std::collections::{BTreeMap, HashMap};

use il_frontend::enums::RelOp;
use il_frontend::opcode::Opcode as IlOpcode;
use midend::analysis::Uniformity;
use midend::ir::{AluOp, DstKind, Function, IlOp, Input, Modifier, Op, Test, Type, Value};
use smallvec::{smallvec, SmallVec};

mod memory;
mod pixel;
pub use pixel::{col_format, PS_INPUT_ENA};
mod private;
mod texture;

pub use private::private_bytes;

pub use memory::{LdsAlloc, MemLayout, TypedShape, UavKind};

use crate::abi::{self, KernelAbi};
use crate::isa::{Buf, Inst, Opcode, Operand, Salu, Smem, SmemOffset, Ty, Valu};
use crate::mir::{phys_operand, File, Label, MFunc, MInst, Reg, RegRef, Slot, VReg};
use crate::CompileError;

mod alu32;
mod derivative;
mod discard;
mod double;
mod fmod;
mod image;
mod int64;
mod modifiers;
mod vector;

/// A source operand before legalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    /// Dwords `offset..offset+count` of a virtual register.
    R(VReg, u8, u8),
    /// A 32-bit (or, for 64-bit operands, sign-extended inline) constant.
    Imm(u32),
}

impl Src {
    pub fn r(v: VReg) -> Src {
        Src::R(v, 0, 1)
    }
}

/// A destination: dwords `offset..offset+count` of a virtual register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dst(pub VReg, pub u8, pub u8);

impl Dst {
    pub fn r(v: VReg) -> Dst {
        Dst(v, 0, 1)
    }
}

/// VOP3 modifiers of one instruction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mods {
    pub neg: u8,
    pub abs: u8,
    pub clamp: bool,
}

/// The state of selection for one function.
#[derive(Debug)]
pub struct Selector<'f> {
    pub func: &'f Function,
    pub uni: Uniformity,
    pub m: MFunc,
    pub abi: KernelAbi,
    vals: HashMap<Value, VReg>,
    /// Launch values loaded in the prologue.
    pub(crate) kernarg: VReg,
    pub(crate) launch: Option<VReg>,
    pub(crate) uav_rsrc: BTreeMap<u32, VReg>,
    /// Sized typed UAVs: 4 SGPRs (width, height, depth, samples).
    pub(crate) uav_dims: BTreeMap<u32, VReg>,
    pub(crate) cb_ptr: BTreeMap<u32, VReg>,
    /// Resources: 4 SGPRs (width, height, width and height as floats).
    pub(crate) res: BTreeMap<u32, VReg>,
    /// How each resource is declared (`dcl_resource_id`).
    pub res_decls: BTreeMap<u32, crate::ResourceDecl>,
    /// Render target V#s by output register.
    pub(crate) rt_rsrc: BTreeMap<u32, VReg>,
    pub(crate) global_rsrc: Option<VReg>,
    /// Interpolated input V#s by input register.
    pub(crate) in_rsrc: BTreeMap<u32, VReg>,
    /// A pixel kernel's pixel coordinates and the byte offset of its render-target element.
    pub(crate) pixel: Option<(VReg, VReg, VReg)>,
    pub(crate) tid: [Option<VReg>; 3],
    pub(crate) wgid: [Option<VReg>; 3],
    /// LDS allocations and UAV declarations (`isel/memory.rs`).
    pub mem: MemLayout,
    /// Raw and structured SRV V#s by id.
    pub(crate) srv_rsrc: BTreeMap<u32, VReg>,
    /// The private segment V# (scratch), when indexed temporaries live there.
    pub(crate) private_rsrc: Option<VReg>,
    /// The slice counts of array resources.
    pub(crate) res_slices: BTreeMap<u32, VReg>,
    /// Discard and kill bookkeeping of a pixel kernel (`isel/discard.rs`).
    pub(crate) pixel_masks: discard::PixelMasks,
    /// Image descriptors (T#, 8 SGPRs) and sampler descriptors (S#, 4) by resource id.
    pub(crate) tsharp: BTreeMap<u32, VReg>,
    pub(crate) ssharp: BTreeMap<u32, VReg>,
    /// Pixel-shader entry and exports (`isel/pixel.rs`).
    pub(crate) ps: pixel::PsState,
}

fn unsupported(what: impl Into<String>) -> CompileError {
    CompileError::Unsupported(what.into())
}

/// The `id` field of a memory instruction.
pub fn il_id(il: &IlOp) -> u32 {
    il.field("id").unwrap_or(0)
}

fn alu_flag(op: &AluOp, name: &str) -> bool {
    op.opcode
        .info()
        .field(name)
        .and_then(|f| f.value_in(op.control, &Default::default(), &[]))
        .unwrap_or(0)
        != 0
}

/// The argument of `args` that holds component `comp` of source `src` of an IL
/// instruction (args are the read components, source after source).
pub fn il_src(il: &IlOp, args: &[Value], src: usize, comp: u8) -> Option<Value> {
    let masks = il.srcs.get(..=src)?;
    let mask = masks[src];
    if mask >> comp & 1 == 0 {
        return None;
    }
    let before: u32 = masks[..src].iter().map(|m| m.count_ones()).sum();
    let within = (mask & ((1u8 << comp) - 1)).count_ones();
    args.get((before + within) as usize).copied()
}

/// The components a masked instruction writes, each with its result: the results of an
/// instruction are its written components in order (bit c of `mask` = component c).
fn written(mask: u8, results: &[Value]) -> impl Iterator<Item = (u8, Value)> + '_ {
    (0..4u8)
        .filter(move |c| mask >> c & 1 != 0)
        .zip(results.iter().copied())
}

impl<'f> Selector<'f> {
    pub fn new(func: &'f Function, abi: KernelAbi) -> Selector<'f> {
        let uni = Uniformity::new(func);
        let mut m = MFunc::default();
        let kernarg = m.new_vreg(File::S, 2);
        Selector {
            func,
            uni,
            m,
            abi,
            vals: HashMap::new(),
            kernarg,
            launch: None,
            uav_rsrc: BTreeMap::new(),
            uav_dims: BTreeMap::new(),
            cb_ptr: BTreeMap::new(),
            res: BTreeMap::new(),
            res_decls: BTreeMap::new(),
            rt_rsrc: BTreeMap::new(),
            global_rsrc: None,
            in_rsrc: BTreeMap::new(),
            pixel: None,
            tid: [None; 3],
            wgid: [None; 3],
            mem: MemLayout::default(),
            srv_rsrc: BTreeMap::new(),
            private_rsrc: None,
            res_slices: BTreeMap::new(),
            pixel_masks: discard::PixelMasks::default(),
            tsharp: BTreeMap::new(),
            ssharp: BTreeMap::new(),
            ps: pixel::PsState::default(),
        }
    }

    // ---- values and registers ------------------------------------------------------------

    pub fn file_of(&self, v: Value) -> File {
        let v = self.func.resolve(v);
        if self.func.ty(v) == Type::Bool || self.uni.is_uniform_everywhere(v) {
            File::S
        } else {
            File::V
        }
    }

    fn size_of(&self, v: Value) -> u8 {
        match self.func.ty(v) {
            Type::I32 | Type::F32 => 1,
            _ => 2,
        }
    }

    /// The virtual register of an IR value (created on first use).
    pub fn vreg(&mut self, v: Value) -> VReg {
        let v = self.func.resolve(v);
        if let Some(r) = self.vals.get(&v) {
            return *r;
        }
        let r = self.m.new_vreg(self.file_of(v), self.size_of(v));
        self.vals.insert(v, r);
        r
    }

    /// The constant an IR value is, if it is one.
    pub fn constant(&self, v: Value) -> Option<u64> {
        let v = self.func.resolve(v);
        match self.func.values[v].def {
            midend::ir::ValueDef::Result(inst, 0) => match self.func.insts[inst].op {
                Op::Const(c) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    /// A 32-bit source for an IR value: an immediate for constants.
    pub fn src(&mut self, v: Value) -> Src {
        match self.constant(v) {
            Some(c) => Src::Imm(c as u32),
            None => Src::r(self.vreg(v)),
        }
    }

    /// A source that is a register of `file` (constants and other-file values copied).
    pub fn src_in(&mut self, v: Value, file: File) -> VReg {
        let s = self.src(v);
        self.to_reg(s, file)
    }

    pub fn to_reg(&mut self, s: Src, file: File) -> VReg {
        match s {
            Src::R(r, 0, 1) if self.m.info(r).file == file && self.m.info(r).size == 1 => r,
            Src::R(r, _, _) if self.m.info(r).file == file && self.m.info(r).size == 1 => r,
            _ => {
                let t = self.m.new_vreg(file, 1);
                self.mov32(Dst::r(t), s);
                t
            }
        }
    }

    // ---- emission ------------------------------------------------------------------------

    pub fn push(&mut self, inst: Inst, regs: SmallVec<[RegRef; 4]>) {
        self.m.insts.push(MInst::Op { inst, regs });
    }

    pub fn label(&mut self, l: Label) {
        self.m.insts.push(MInst::Label(l));
    }

    pub fn branch(&mut self, op: Opcode, target: Label) {
        self.m.insts.push(MInst::Branch { op, target });
    }

    fn reg_ref(&self, slot: Slot, r: VReg, offset: u8, count: u8, def: bool) -> RegRef {
        RegRef {
            slot,
            reg: Reg::Virt(r),
            offset,
            count,
            def,
        }
    }

    fn placeholder(&self, r: VReg, count: u8) -> Operand {
        phys_operand(self.m.info(r).file, 0, count)
    }

    /// A scalar ALU instruction. At most one literal: a second distinct one is moved to an
    /// SGPR first; a VGPR source is read back with `v_readfirstlane_b32`.
    pub fn salu(&mut self, op: Opcode, dst: Option<Dst>, srcs: &[Src]) {
        let mut srcs: SmallVec<[Src; 2]> = srcs.iter().copied().collect();
        let mut literal: Option<u32> = None;
        for s in srcs.iter_mut() {
            match *s {
                Src::Imm(x) if !is_inline(x) => match literal {
                    Some(l) if l == x => {}
                    None => literal = Some(x),
                    Some(_) => {
                        let t = self.m.new_vreg(File::S, 1);
                        self.salu(Opcode::S_MOV_B32, Some(Dst::r(t)), &[Src::Imm(x)]);
                        *s = Src::r(t);
                    }
                },
                Src::R(r, off, 1) if self.m.info(r).file == File::V => {
                    let t = self.m.new_vreg(File::S, 1);
                    self.readfirstlane(Dst::r(t), Src::R(r, off, 1));
                    *s = Src::r(t);
                }
                _ => {}
            }
        }
        let mut regs: SmallVec<[RegRef; 4]> = SmallVec::new();
        let mut ops: [Option<Operand>; 2] = [None, None];
        for (i, s) in srcs.iter().enumerate().take(2) {
            ops[i] = Some(match *s {
                Src::Imm(x) => imm_operand(x, Ty::B32),
                Src::R(r, off, n) => {
                    regs.push(self.reg_ref(Slot::Src(i as u8), r, off, n, false));
                    self.placeholder(r, n)
                }
            });
        }
        let dst_op = dst.map(|Dst(r, off, n)| {
            regs.push(self.reg_ref(Slot::Dst, r, off, n, true));
            self.placeholder(r, n)
        });
        let [src0, src1] = ops;
        self.push(
            Inst::Salu(Salu {
                op,
                dst: dst_op,
                src0,
                src1,
            }),
            regs,
        );
    }

    pub fn readfirstlane(&mut self, dst: Dst, src: Src) {
        let Dst(r, off, _) = dst;
        let mut regs: SmallVec<[RegRef; 4]> = smallvec![self.reg_ref(Slot::Dst, r, off, 1, true)];
        let s = match src {
            Src::Imm(x) => imm_operand(x, Ty::B32),
            Src::R(v, o, n) => {
                regs.push(self.reg_ref(Slot::Src(0), v, o, n, false));
                self.placeholder(v, n)
            }
        };
        let inst = Valu::new(
            Opcode::V_READFIRSTLANE_B32,
            Some(Operand::s(0)),
            std::slice::from_ref(&s),
        );
        self.push(Inst::Valu(inst), regs);
    }

    /// A vector operation without modifiers into a new 32-bit VGPR, which it returns.
    fn vop(&mut self, op: Opcode, srcs: &[Src]) -> VReg {
        let r = self.m.new_vreg(File::V, 1);
        self.valu(op, Some(Dst::r(r)), None, srcs, Mods::default());
        r
    }

    /// A vector ALU instruction, legalized (see the module notes). `sdst` is the SGPR
    /// pair of a compare (the VOP3 form is used then).
    pub fn valu(
        &mut self,
        op: Opcode,
        dst: Option<Dst>,
        sdst: Option<Dst>,
        srcs: &[Src],
        mut mods: Mods,
    ) {
        let shape = op.valu_shape();
        let mut srcs: SmallVec<[Src; 3]> = srcs.iter().copied().collect();
        let is_vop2 = op.format() == crate::isa::Format::Vop2;
        let vop3_only = matches!(op.format(), crate::isa::Format::Vop3);
        let is_v = |s: &Src, m: &MFunc| matches!(s, Src::R(r, _, _) if m.info(*r).file == File::V);
        // VOP2 wants a VGPR in src1: swap a commutative pair, else use VOP3.
        if is_vop2
            && srcs.len() >= 2
            && !is_v(&srcs[1], &self.m)
            && is_v(&srcs[0], &self.m)
            && commutative(op)
        {
            srcs.swap(0, 1);
            // The modifiers go with their sources.
            let swap_bits = |m: u8| (m & !3) | (m & 1) << 1 | (m >> 1 & 1);
            mods.neg = swap_bits(mods.neg);
            mods.abs = swap_bits(mods.abs);
        }
        let mut vop3 = vop3_only
            || sdst.is_some()
            || mods.neg != 0
            || mods.abs != 0
            || mods.clamp
            || (is_vop2 && srcs.len() >= 2 && !is_v(&srcs[1], &self.m))
            || op == Opcode::V_CNDMASK_B32;
        if op == Opcode::V_READFIRSTLANE_B32 {
            vop3 = false;
        }
        let src_ty = |i: usize| shape.map(|s| s.srcs[i.min(2)]).unwrap_or(Ty::B32);
        // Literals: none in VOP3, and only src0 of VOP1/VOP2 may be one.
        for i in 0..srcs.len() {
            if let Src::Imm(x) = srcs[i] {
                let inline = Operand::inline_for(u64::from(x), src_ty(i)).is_some();
                if !inline && (vop3 || i > 0) {
                    let t = self.m.new_vreg(File::V, 1);
                    self.mov32(Dst::r(t), Src::Imm(x));
                    srcs[i] = Src::r(t);
                }
            }
        }
        // The constant bus: one scalar value (SGPR or literal).
        let mut scalar: Option<Src> = None;
        // v_cndmask's lane mask (src2) must stay scalar: look at it first.
        let order: SmallVec<[usize; 3]> = if op == Opcode::V_CNDMASK_B32 && srcs.len() == 3 {
            smallvec![2, 0, 1]
        } else {
            (0..srcs.len()).collect()
        };
        for i in order {
            let s = srcs[i];
            let is_scalar = match s {
                Src::Imm(x) => Operand::inline_for(u64::from(x), src_ty(i)).is_none(),
                Src::R(r, _, _) => self.m.info(r).file == File::S,
            };
            if !is_scalar {
                continue;
            }
            match scalar {
                None => scalar = Some(s),
                Some(t) if t == s => {}
                Some(_) => {
                    let t = self.m.new_vreg(File::V, 1);
                    self.mov32(Dst::r(t), s);
                    srcs[i] = Src::r(t);
                }
            }
        }
        let mut regs: SmallVec<[RegRef; 4]> = SmallVec::new();
        let mut ops: SmallVec<[Operand; 3]> = SmallVec::new();
        for (i, s) in srcs.iter().enumerate() {
            ops.push(match *s {
                Src::Imm(x) => imm_operand(x, src_ty(i)),
                Src::R(r, off, n) => {
                    regs.push(self.reg_ref(Slot::Src(i as u8), r, off, n, false));
                    self.placeholder(r, n)
                }
            });
        }
        let vdst = dst.map(|Dst(r, off, n)| {
            regs.push(self.reg_ref(Slot::Dst, r, off, n, true));
            self.placeholder(r, n)
        });
        let mut inst = Valu::new(op, vdst, &ops);
        inst.vop3 = vop3;
        inst.neg = mods.neg;
        inst.abs = mods.abs;
        inst.clamp = mods.clamp;
        if let Some(Dst(r, off, n)) = sdst {
            regs.push(self.reg_ref(Slot::Sdst, r, off, n, true));
            inst.sdst = Some(self.placeholder(r, n));
        }
        self.push(Inst::Valu(inst), regs);
    }

    /// `dst = src` for one dword in the destination's file.
    pub fn mov32(&mut self, dst: Dst, src: Src) {
        match self.m.info(dst.0).file {
            File::S => match src {
                Src::R(r, o, n) if self.m.info(r).file == File::V => {
                    self.readfirstlane(dst, Src::R(r, o, n))
                }
                _ => self.salu(Opcode::S_MOV_B32, Some(dst), &[src]),
            },
            File::V => self.valu(Opcode::V_MOV_B32, Some(dst), None, &[src], Mods::default()),
        }
    }

    /// Copies a whole value (1 or 2 dwords; a lane mask with `s_mov_b64`).
    pub fn copy_value(&mut self, dst: VReg, src: Value) {
        let size = self.m.info(dst).size;
        let dfile = self.m.info(dst).file;
        if let Some(c) = self.constant(src) {
            if size == 2 && dfile == File::S {
                let lo = Src::Imm(c as u32);
                let hi = Src::Imm((c >> 32) as u32);
                if self.func.ty(src) == Type::Bool {
                    let all = if c != 0 { u32::MAX } else { 0 };
                    self.salu(Opcode::S_MOV_B64, Some(Dst(dst, 0, 2)), &[Src::Imm(all)]);
                } else {
                    self.mov32(Dst(dst, 0, 1), lo);
                    self.mov32(Dst(dst, 1, 1), hi);
                }
            } else {
                for k in 0..size {
                    self.mov32(Dst(dst, k, 1), Src::Imm((c >> (32 * u32::from(k))) as u32));
                }
            }
            return;
        }
        let s = self.vreg(src);
        if s == dst {
            return;
        }
        if size == 2 && dfile == File::S && self.m.info(s).file == File::S {
            self.salu(Opcode::S_MOV_B64, Some(Dst(dst, 0, 2)), &[Src::R(s, 0, 2)]);
        } else {
            for k in 0..size {
                self.mov32(Dst(dst, k, 1), Src::R(s, k, 1));
            }
        }
    }

    /// A uniform lane-mask truth as SCC: `s_and_b64 tmp, mask, exec`.
    fn scc_from_mask(&mut self, mask: VReg) {
        let t = self.m.new_vreg(File::S, 2);
        let regs = smallvec![
            self.reg_ref(Slot::Src(0), mask, 0, 2, false),
            self.reg_ref(Slot::Dst, t, 0, 2, true)
        ];
        self.push(
            Inst::Salu(Salu {
                op: Opcode::S_AND_B64,
                dst: Some(Operand::s_range(0, 2)),
                src0: Some(Operand::s_range(0, 2)),
                src1: Some(Operand::EXEC),
            }),
            regs,
        );
    }

    // ---- the prologue --------------------------------------------------------------------

    /// Loads `dwords` dwords of the kernarg segment at `offset` into a new SGPR range.
    fn kernarg_load(&mut self, offset: u32, dwords: u8) -> VReg {
        let r = self.m.new_vreg(File::S, dwords);
        let op = match dwords {
            1 => Opcode::S_LOAD_DWORD,
            2 => Opcode::S_LOAD_DWORDX2,
            4 => Opcode::S_LOAD_DWORDX4,
            _ => Opcode::S_LOAD_DWORDX8,
        };
        self.smem(op, r, dwords, self.kernarg, offset as i32);
        r
    }

    pub fn smem(&mut self, op: Opcode, dst: VReg, dwords: u8, base: VReg, offset: i32) {
        let regs = smallvec![
            self.reg_ref(Slot::Dst, dst, 0, dwords, true),
            self.reg_ref(Slot::Sbase, base, 0, 2, false)
        ];
        self.push(
            Inst::Smem(Smem {
                op,
                sdata: Some(Operand::s_range(0, dwords)),
                sbase: Some(Operand::s_range(0, 2)),
                offset: Some(SmemOffset::Imm(offset)),
                glc: false,
            }),
            regs,
        );
    }

    /// Scans the function for the launch data it reads, fixes the ABI's register set-up
    /// and emits the prologue: copies out of the entry registers, then the kernarg loads.
    pub fn prologue(&mut self) -> Result<(), CompileError> {
        let mut tid_dims = 0u8;
        let mut wg = [true, false, false];
        let mut launch = false;
        for (_, inst) in self.func.placed_insts() {
            let data = &self.func.insts[inst];
            if let Op::Il(il) = &data.op {
                if memory::needs_flat_tid(il) && !self.abi.pixel {
                    tid_dims = 3;
                    launch = true;
                }
            }
            if let Op::Input(i) = data.op {
                if self.abi.pixel {
                    continue;
                }
                let (t, g, l): (u8, [bool; 3], bool) = match i {
                    Input::ThreadIdInGroup(c) if c < 3 => (c + 1, [false; 3], false),
                    Input::ThreadIdInGroup(_) => (0, [false; 3], false),
                    Input::ThreadIdInGroupFlat | Input::WaveId => (3, [false; 3], true),
                    Input::ThreadGroupId(c) if c < 3 => {
                        let mut g = [false; 3];
                        g[usize::from(c)] = true;
                        (0, g, false)
                    }
                    Input::ThreadGroupId(_) => (0, [false; 3], false),
                    Input::ThreadGroupIdFlat => (0, [true; 3], true),
                    Input::AbsoluteThreadId(c) if c < 3 => {
                        let mut g = [false; 3];
                        g[usize::from(c)] = true;
                        (c + 1, g, true)
                    }
                    Input::AbsoluteThreadId(_) => (0, [false; 3], false),
                    Input::AbsoluteThreadIdFlat => (3, [true; 3], true),
                    other => {
                        return Err(unsupported(format!(
                            "the input {other:?} in a compute kernel"
                        )))
                    }
                };
                tid_dims = tid_dims.max(t);
                for k in 0..3 {
                    wg[k] |= g[k];
                }
                launch |= l;
            }
        }
        if self.abi.pixel {
            // A pixel-shader wave: the position comes in VGPRs (`isel/pixel.rs`), there
            // are no group or item ids; the domain's width comes from the launch block.
            wg = [false; 3];
            tid_dims = 0;
            launch = true;
        }
        self.abi.workgroup_ids = wg;
        self.abi.workitem_id_dims = tid_dims.max(1);
        // Entry registers: s[0:1] kernarg pointer, then group ids; v0..v2 thread ids.
        let kernarg_sgpr = self.abi.kernarg_sgpr();
        self.m.inputs.push((File::S, kernarg_sgpr));
        self.m.inputs.push((File::S, kernarg_sgpr + 1));
        if let Some(scratch) = self.abi.scratch_sgprs() {
            for k in 0..4 {
                self.m.inputs.push((File::S, scratch.buffer + k));
            }
            self.m.inputs.push((File::S, scratch.wave_offset));
            self.m.scratch = Some(scratch);
            self.m.private_bytes = self.abi.private_bytes;
        }
        let entry_copy = |this: &mut Self, dst: VReg, file: File, index: u8, count: u8| {
            let regs = smallvec![RegRef {
                slot: Slot::Src(0),
                reg: Reg::Phys(file, index),
                offset: 0,
                count,
                def: false,
            }];
            let mut regs: SmallVec<[RegRef; 4]> = regs;
            regs.push(this.reg_ref(Slot::Dst, dst, 0, count, true));
            let src = phys_operand(file, index, count);
            let inst = match file {
                File::S => Inst::Salu(Salu {
                    op: if count == 2 {
                        Opcode::S_MOV_B64
                    } else {
                        Opcode::S_MOV_B32
                    },
                    dst: Some(Operand::s_range(0, count)),
                    src0: Some(src),
                    src1: None,
                }),
                File::V => Inst::Valu(Valu::new(Opcode::V_MOV_B32, Some(Operand::v(0)), &[src])),
            };
            this.push(inst, regs);
        };
        for k in 0..3 {
            if let Some(s) = self.abi.workgroup_id_sgpr(k) {
                self.m.inputs.push((File::S, s));
                let r = self.m.new_vreg(File::S, 1);
                entry_copy(self, r, File::S, s, 1);
                self.wgid[k] = Some(r);
            }
        }
        for k in 0..usize::from(tid_dims.min(3)) {
            self.m.inputs.push((File::V, k as u8));
            let r = self.m.new_vreg(File::V, 1);
            entry_copy(self, r, File::V, k as u8, 1);
            self.tid[k] = Some(r);
        }
        if self.abi.pixel {
            self.ps_entry();
        }
        let kernarg = self.kernarg;
        entry_copy(self, kernarg, File::S, kernarg_sgpr, 2);
        self.private_prologue()?;
        if launch {
            self.launch = Some(self.kernarg_load(0, 8));
        }
        for (id, off) in self.abi.uavs.clone() {
            let r = self.kernarg_load(off, 4);
            self.uav_rsrc.insert(id, r);
        }
        for (id, off) in self.abi.typed_uav_sizes.clone() {
            let r = self.kernarg_load(off, 4);
            self.uav_dims.insert(id, r);
        }
        for (id, off) in self.abi.const_buffers.clone() {
            let r = self.kernarg_load(off, 4);
            self.cb_ptr.insert(id, r);
        }
        for (id, off) in self.abi.resources.clone() {
            // The sizes: width, height (u32), width, height (f32).
            let r = self.kernarg_load(off + abi::RESOURCE_SIZES, 4);
            self.res.insert(id, r);
            if self.res_decls.get(&id).is_some_and(|d| d.array) {
                let s = self.kernarg_load(off + abi::RESOURCE_SLICES, 1);
                self.res_slices.insert(id, s);
            }
        }
        self.image_prologue();
        for (n, off) in self.abi.render_targets.clone() {
            if self.abi.pixel {
                // Exported, not stored (`isel/pixel.rs`).
                continue;
            }
            let r = self.kernarg_load(off, 4);
            self.rt_rsrc.insert(n, r);
        }
        for (n, off) in self.abi.inputs.clone() {
            let r = self.kernarg_load(off, 4);
            self.in_rsrc.insert(n, r);
        }
        if let Some(off) = self.abi.global {
            self.global_rsrc = Some(self.kernarg_load(off, 4));
        }
        for (id, off) in self.abi.srvs.clone() {
            let r = self.kernarg_load(off, 4);
            self.srv_rsrc.insert(id, r);
        }
        if self.abi.pixel {
            self.pixel_coordinates()?;
        }
        Ok(())
    }

    // ---- instructions --------------------------------------------------------------------

    /// Selects one IR instruction.
    pub fn inst(&mut self, inst: midend::ir::Inst) -> Result<(), CompileError> {
        let data = &self.func.insts[inst];
        let op = data.op.clone();
        let args: SmallVec<[Value; 4]> = data.args.iter().map(|&a| self.func.resolve(a)).collect();
        let results: SmallVec<[Value; 1]> = data.results.clone();
        let res = results.first().copied();
        let arity = match &op {
            Op::And | Op::Or | Op::Pack64 => 2,
            Op::Not | Op::Lo32 | Op::Hi32 | Op::Modifier(_) => 1,
            Op::Select => 3,
            Op::Test(Test::Float(_)) => 2,
            Op::Test(_) => 1,
            _ => 0,
        };
        if args.len() < arity {
            return Err(CompileError::Internal(format!(
                "`{}` with {} arguments",
                op.name(),
                args.len()
            )));
        }
        let need = |r: Option<Value>| {
            r.ok_or_else(|| unsupported(format!("{} without a result", op.name())))
        };
        match &op {
            // Constants are folded into their uses as immediates.
            Op::Const(_) => Ok(()),
            Op::Alu(a) => self.alu(a, &args, need(res)?),
            Op::Modifier(m) => self.modifier(*m, &args, need(res)?),
            Op::Select => self.select(&args, need(res)?),
            Op::Test(t) => self.test(*t, &args, need(res)?),
            Op::And | Op::Or => {
                let r = need(res)?;
                let d = self.vreg(r);
                let a = self.mask_src(args[0]);
                let b = self.mask_src(args[1]);
                let o = if matches!(op, Op::And) {
                    Opcode::S_AND_B64
                } else {
                    Opcode::S_OR_B64
                };
                self.salu(o, Some(Dst(d, 0, 2)), &[a, b]);
                Ok(())
            }
            Op::Not => {
                let r = need(res)?;
                let d = self.vreg(r);
                let a = self.mask_src(args[0]);
                self.salu(Opcode::S_NOT_B64, Some(Dst(d, 0, 2)), &[a]);
                Ok(())
            }
            Op::Pack64 => {
                let r = need(res)?;
                let d = self.vreg(r);
                for (k, &a) in args.iter().enumerate().take(2) {
                    let s = self.src(a);
                    self.mov32(Dst(d, k as u8, 1), s);
                }
                Ok(())
            }
            Op::Lo32 | Op::Hi32 => {
                let r = need(res)?;
                let d = self.vreg(r);
                let k = u8::from(matches!(op, Op::Hi32));
                match self.constant(args[0]) {
                    Some(c) => self.mov32(Dst::r(d), Src::Imm((c >> (32 * u32::from(k))) as u32)),
                    None => {
                        let s = self.vreg(args[0]);
                        self.mov32(Dst::r(d), Src::R(s, k, 1));
                    }
                }
                Ok(())
            }
            Op::Input(i) => self.input(*i, need(res)?),
            Op::CbLoad {
                buffer,
                offset,
                comp,
            } => {
                let r = need(res)?;
                // A constant index folds into the offset.
                let folded = args.first().and_then(|&i| self.constant(i));
                let offset = &offset.wrapping_add(folded.map_or(0, |c| c as i32));
                let args: &[Value] = if folded.is_some() { &[] } else { &args };
                if let Some(&index) = args.first() {
                    let rsrc = *self
                        .cb_ptr
                        .get(buffer)
                        .ok_or_else(|| unsupported(format!("cb{buffer} has no binding")))?;
                    let addr = self.element_address(index, *offset);
                    self.load_dword(r, addr, rsrc, 4 * u16::from(*comp));
                    return Ok(());
                }
                let byte = i64::from(*offset) * 16 + i64::from(*comp) * 4;
                if !(0..(1 << 20)).contains(&byte) {
                    return Err(unsupported(format!(
                        "cb{buffer}[{offset}]: offset out of range"
                    )));
                }
                let ptr = *self
                    .cb_ptr
                    .get(buffer)
                    .ok_or_else(|| unsupported(format!("cb{buffer} has no binding")))?;
                let file = self.file_of(r);
                let d = self.vreg(r);
                match file {
                    File::S => self.smem(Opcode::S_LOAD_DWORD, d, 1, ptr, byte as i32),
                    File::V => {
                        let t = self.m.new_vreg(File::S, 1);
                        self.smem(Opcode::S_LOAD_DWORD, t, 1, ptr, byte as i32);
                        self.mov32(Dst::r(d), Src::r(t));
                    }
                }
                Ok(())
            }
            Op::Il(il) => self.il(il, &args, &results),
            Op::PrivateLoad {
                array,
                offset,
                comp,
            } => match args.first() {
                Some(&i) => self.private_load(*array, *offset, *comp, i, need(res)?),
                None => Err(CompileError::Internal("private load arguments".into())),
            },
            Op::PrivateStore {
                array,
                offset,
                comp,
            } => match args[..] {
                [i, v] => self.private_store(*array, *offset, *comp, i, v),
                _ => Err(CompileError::Internal("private store arguments".into())),
            },
            Op::GlobalLoad { offset, comp } => {
                let r = need(res)?;
                let rsrc = self
                    .global_rsrc
                    .ok_or_else(|| unsupported("g[] has no binding"))?;
                let addr = match args.first() {
                    Some(&i) => self.element_address(i, *offset),
                    None => self.const_address(*offset),
                };
                self.load_dword(r, addr, rsrc, 4 * u16::from(*comp));
                Ok(())
            }
            Op::GlobalStore { offset, comp } => {
                let rsrc = self
                    .global_rsrc
                    .ok_or_else(|| unsupported("g[] has no binding"))?;
                let (addr, value) = match args.len() {
                    2 => (self.element_address(args[0], *offset), args[1]),
                    1 => (self.const_address(*offset), args[0]),
                    _ => return Err(CompileError::Internal("global store arguments".into())),
                };
                let data = self.src_in(value, File::V);
                self.buf(
                    Opcode::BUFFER_STORE_DWORD,
                    data,
                    addr,
                    rsrc,
                    4 * u16::from(*comp),
                    false,
                );
                Ok(())
            }
            Op::Output { reg, comp } if self.abi.pixel => {
                let value = *args
                    .first()
                    .ok_or_else(|| CompileError::Internal("output without a value".into()))?;
                let data = self.src_in(value, File::V);
                self.ps_output(*reg, *comp, data)
            }
            Op::Output { reg, comp } => {
                let rsrc = *self
                    .rt_rsrc
                    .get(reg)
                    .ok_or_else(|| unsupported(format!("o{reg} has no render target")))?;
                let (_, _, addr) = self
                    .pixel
                    .ok_or_else(|| unsupported("an output register outside a pixel kernel"))?;
                self.mask_outputs();
                let value = *args
                    .first()
                    .ok_or_else(|| CompileError::Internal("output without a value".into()))?;
                let data = self.src_in(value, File::V);
                self.buf(
                    Opcode::BUFFER_STORE_DWORD,
                    data,
                    addr,
                    rsrc,
                    4 * u16::from(*comp),
                    false,
                );
                Ok(())
            }
            other => Err(unsupported(format!("the IR operation `{}`", other.name()))),
        }
    }

    /// A lane-mask source (a constant `bool` as 0 or all ones).
    fn mask_src(&mut self, v: Value) -> Src {
        match self.constant(v) {
            Some(c) => Src::Imm(if c != 0 { u32::MAX } else { 0 }),
            None => Src::R(self.vreg(v), 0, 2),
        }
    }

    /// The VGPR a VALU result goes to: the value's own register, or a temporary that
    /// [`Self::finish`] reads back into the value's SGPR.
    fn vdst(&mut self, r: Value) -> VReg {
        let d = self.vreg(r);
        if self.m.info(d).file == File::V {
            d
        } else {
            self.m.new_vreg(File::V, 1)
        }
    }

    fn finish(&mut self, r: Value, tmp: VReg) {
        let d = self.vreg(r);
        if d != tmp {
            self.readfirstlane(Dst::r(d), Src::r(tmp));
        }
    }

    /// `r = op(srcs)` on the VALU.
    fn valu_value(&mut self, op: Opcode, r: Value, srcs: &[Src], mods: Mods) {
        let d = self.vdst(r);
        self.valu(op, Some(Dst::r(d)), None, srcs, mods);
        self.finish(r, d);
    }

    /// `r = op(a, b)` on the SALU when `r` is uniform, else the VALU op.
    fn int_binary(&mut self, r: Value, s: Option<Opcode>, v: Opcode, a: Src, b: Src, rev: bool) {
        if let (File::S, Some(s)) = (self.file_of(r), s) {
            let d = self.vreg(r);
            self.salu(s, Some(Dst::r(d)), &[a, b]);
        } else {
            let srcs = if rev { [b, a] } else { [a, b] };
            self.valu_value(v, r, &srcs, Mods::default());
        }
    }

    /// An integer compare producing IL's 0 / 0xFFFFFFFF mask.
    fn int_compare(&mut self, r: Value, s: Opcode, v: Opcode, a: Src, b: Src) {
        if self.file_of(r) == File::S {
            let d = self.vreg(r);
            self.salu(s, None, &[a, b]);
            self.salu(
                Opcode::S_CSELECT_B32,
                Some(Dst::r(d)),
                &[Src::Imm(u32::MAX), Src::Imm(0)],
            );
        } else {
            let m = self.m.new_vreg(File::S, 2);
            self.valu(v, None, Some(Dst(m, 0, 2)), &[a, b], Mods::default());
            self.valu_value(
                Opcode::V_CNDMASK_B32,
                r,
                &[Src::Imm(0), Src::Imm(u32::MAX), Src::R(m, 0, 2)],
                Mods::default(),
            );
        }
    }

    fn float_compare(&mut self, r: Value, v: Opcode, a: Src, b: Src) {
        let m = self.m.new_vreg(File::S, 2);
        self.valu(v, None, Some(Dst(m, 0, 2)), &[a, b], Mods::default());
        self.valu_value(
            Opcode::V_CNDMASK_B32,
            r,
            &[Src::Imm(0), Src::Imm(u32::MAX), Src::R(m, 0, 2)],
            Mods::default(),
        );
    }

    fn alu(&mut self, a: &AluOp, args: &[Value], r: Value) -> Result<(), CompileError> {
        use IlOpcode as O;
        use Opcode as M;
        if args
            .iter()
            .chain(std::iter::once(&r))
            .any(|&v| self.size_of(v) != 1)
        {
            return self.alu64(a, args, r);
        }
        let srcs: SmallVec<[Src; 4]> = args.iter().map(|&v| self.src(v)).collect();
        let s = |i: usize| srcs.get(i).copied().unwrap_or(Src::Imm(0));
        let ieee = alu_flag(a, "ieee");
        let none = Mods::default();
        match a.opcode {
            O::Mov | O::InvMov | O::DMov => {
                let d = self.vreg(r);
                self.mov32(Dst::r(d), s(0));
            }
            O::IAdd => self.int_binary(r, Some(M::S_ADD_U32), M::V_ADD_U32, s(0), s(1), false),
            O::INegate => self.int_binary(
                r,
                Some(M::S_SUB_U32),
                M::V_SUB_U32,
                Src::Imm(0),
                s(0),
                false,
            ),
            O::IMul | O::UMul => {
                self.int_binary(r, Some(M::S_MUL_I32), M::V_MUL_LO_U32, s(0), s(1), false)
            }
            O::IMulHigh => {
                self.int_binary(r, Some(M::S_MUL_HI_I32), M::V_MUL_HI_I32, s(0), s(1), false)
            }
            O::UMulHigh => {
                self.int_binary(r, Some(M::S_MUL_HI_U32), M::V_MUL_HI_U32, s(0), s(1), false)
            }
            O::IShl => self.int_binary(r, Some(M::S_LSHL_B32), M::V_LSHLREV_B32, s(0), s(1), true),
            O::IShr => self.int_binary(r, Some(M::S_ASHR_I32), M::V_ASHRREV_I32, s(0), s(1), true),
            O::UShr => self.int_binary(r, Some(M::S_LSHR_B32), M::V_LSHRREV_B32, s(0), s(1), true),
            O::And => self.int_binary(r, Some(M::S_AND_B32), M::V_AND_B32, s(0), s(1), false),
            O::IOr => self.int_binary(r, Some(M::S_OR_B32), M::V_OR_B32, s(0), s(1), false),
            O::IXor => self.int_binary(r, Some(M::S_XOR_B32), M::V_XOR_B32, s(0), s(1), false),
            O::IMax => self.int_binary(r, Some(M::S_MAX_I32), M::V_MAX_I32, s(0), s(1), false),
            O::IMin => self.int_binary(r, Some(M::S_MIN_I32), M::V_MIN_I32, s(0), s(1), false),
            O::UMax => self.int_binary(r, Some(M::S_MAX_U32), M::V_MAX_U32, s(0), s(1), false),
            O::UMin => self.int_binary(r, Some(M::S_MIN_U32), M::V_MIN_U32, s(0), s(1), false),
            O::INot => {
                if self.file_of(r) == File::S {
                    let d = self.vreg(r);
                    self.salu(M::S_NOT_B32, Some(Dst::r(d)), &[s(0)]);
                } else {
                    self.valu_value(M::V_NOT_B32, r, &[s(0)], none);
                }
            }
            O::IMad | O::UMad => {
                let file = self.file_of(r);
                let t = self.m.new_vreg(file, 1);
                if file == File::S {
                    self.salu(M::S_MUL_I32, Some(Dst::r(t)), &[s(0), s(1)]);
                    let d = self.vreg(r);
                    self.salu(M::S_ADD_U32, Some(Dst::r(d)), &[Src::r(t), s(2)]);
                } else {
                    self.valu(M::V_MUL_LO_U32, Some(Dst::r(t)), None, &[s(0), s(1)], none);
                    self.valu_value(M::V_ADD_U32, r, &[Src::r(t), s(2)], none);
                }
            }
            O::IEq => self.int_compare(r, M::S_CMP_EQ_U32, M::V_CMP_EQ_U32, s(0), s(1)),
            O::INe => self.int_compare(r, M::S_CMP_LG_U32, M::V_CMP_NE_U32, s(0), s(1)),
            O::IGe => self.int_compare(r, M::S_CMP_GE_I32, M::V_CMP_GE_I32, s(0), s(1)),
            O::ILt => self.int_compare(r, M::S_CMP_LT_I32, M::V_CMP_LT_I32, s(0), s(1)),
            O::UGe => self.int_compare(r, M::S_CMP_GE_U32, M::V_CMP_GE_U32, s(0), s(1)),
            O::ULt => self.int_compare(r, M::S_CMP_LT_U32, M::V_CMP_LT_U32, s(0), s(1)),
            O::CmovLogical => {
                if self.file_of(r) == File::S {
                    let d = self.vreg(r);
                    self.salu(M::S_CMP_LG_U32, None, &[s(0), Src::Imm(0)]);
                    self.salu(M::S_CSELECT_B32, Some(Dst::r(d)), &[s(1), s(2)]);
                } else {
                    let m = self.m.new_vreg(File::S, 2);
                    self.valu(
                        M::V_CMP_NE_U32,
                        None,
                        Some(Dst(m, 0, 2)),
                        &[Src::Imm(0), s(0)],
                        none,
                    );
                    self.valu_value(M::V_CNDMASK_B32, r, &[s(2), s(1), Src::R(m, 0, 2)], none);
                }
            }
            O::UDiv | O::UMod => self.udiv(r, s(0), s(1), a.opcode == O::UDiv),
            O::Add => self.valu_value(M::V_ADD_F32, r, &[s(0), s(1)], none),
            O::Sub => self.valu_value(M::V_SUB_F32, r, &[s(0), s(1)], none),
            O::Mul if ieee => self.valu_value(M::V_MUL_F32, r, &[s(0), s(1)], none),
            O::Mul => {
                let d = self.vdst(r);
                self.legacy_mul(d, s(0), s(1));
                self.finish(r, d);
            }
            // Unfused, the product rounded and flushed first: v_mul_f32 then v_add_f32 under
            // the flushing FP mode (`docs/decisions.md`, gfx906 ALU lowerings).
            O::Mad if ieee => {
                let p = self.vop(M::V_MUL_F32, &[s(0), s(1)]);
                self.valu_value(M::V_ADD_F32, r, &[Src::r(p), s(2)], none);
            }
            O::Mad => {
                let p = self.m.new_vreg(File::V, 1);
                self.legacy_mul(p, s(0), s(1));
                self.valu_value(M::V_ADD_F32, r, &[Src::r(p), s(2)], none);
            }
            O::Max if !ieee => self.valu_value(M::V_MAX_F32, r, &[s(0), s(1)], none),
            O::Max | O::Min if ieee => {
                // `_ieee`: minNum/maxNum, a signaling NaN operand (src0 first) gives it
                // quieted; otherwise as without (the kernels run with IEEE mode off).
                let op = if a.opcode == O::Max {
                    M::V_MAX_F32
                } else {
                    M::V_MIN_F32
                };
                let mut v = self.m.new_vreg(File::V, 1);
                self.valu(op, Some(Dst::r(v)), None, &[s(0), s(1)], none);
                for k in [1, 0] {
                    let snan = self.m.new_vreg(File::S, 2);
                    self.valu(
                        M::V_CMP_CLASS_F32,
                        None,
                        Some(Dst(snan, 0, 2)),
                        &[s(k), Src::Imm(1)],
                        none,
                    );
                    let q = self.vop(M::V_OR_B32, &[Src::Imm(0x40_0000), s(k)]);
                    let t = self.vop(
                        M::V_CNDMASK_B32,
                        &[Src::r(v), Src::r(q), Src::R(snan, 0, 2)],
                    );
                    v = t;
                }
                self.valu_value(M::V_MOV_B32, r, &[Src::r(v)], none);
            }
            O::Min if !ieee => self.valu_value(M::V_MIN_F32, r, &[s(0), s(1)], none),
            O::Eq => self.float_compare(r, M::V_CMP_EQ_F32, s(0), s(1)),
            O::Ne => self.float_compare(r, M::V_CMP_LG_F32, s(0), s(1)),
            O::Lt => self.float_compare(r, M::V_CMP_LT_F32, s(0), s(1)),
            O::Ge => self.float_compare(r, M::V_CMP_GE_F32, s(0), s(1)),
            O::Ftoi => self.valu_value(M::V_CVT_I32_F32, r, &[s(0)], none),
            O::Ftou => self.valu_value(M::V_CVT_U32_F32, r, &[s(0)], none),
            O::Itof => self.valu_value(M::V_CVT_F32_I32, r, &[s(0)], none),
            O::Utof => self.valu_value(M::V_CVT_F32_U32, r, &[s(0)], none),
            O::Flr | O::RoundNegInf => self.valu_value(M::V_FLOOR_F32, r, &[s(0)], none),
            O::RoundPlusInf | O::Clg => self.valu_value(M::V_CEIL_F32, r, &[s(0)], none),
            O::RoundZero | O::Trc => self.valu_value(M::V_TRUNC_F32, r, &[s(0)], none),
            O::RoundNear => self.valu_value(M::V_RNDNE_F32, r, &[s(0)], none),
            O::SqrtVec => self.valu_value(M::V_SQRT_F32, r, &[s(0)], none),
            O::RcpVec => self.valu_value(M::V_RCP_F32, r, &[s(0)], none),
            O::Dp2 | O::Dp3 | O::Dp4 => {
                // Products summed left to right (the pseudo-code's order); args are the
                // four components of each source.
                let n = match a.opcode {
                    O::Dp2 => 2,
                    O::Dp3 => 3,
                    _ => 4,
                };
                let mut acc: Option<VReg> = None;
                for k in 0..n {
                    let p = self.m.new_vreg(File::V, 1);
                    if ieee {
                        self.valu(M::V_MUL_F32, Some(Dst::r(p)), None, &[s(k), s(4 + k)], none);
                    } else {
                        self.legacy_mul(p, s(k), s(4 + k));
                    }
                    acc = Some(match acc {
                        None => p,
                        Some(prev) => self.vop(M::V_ADD_F32, &[Src::r(prev), Src::r(p)]),
                    });
                }
                let sum = acc.ok_or_else(|| CompileError::Internal("empty dot product".into()))?;
                self.valu_value(M::V_MOV_B32, r, &[Src::r(sum)], none);
            }
            // ubit_extract(width, offset, value) = v_bfe_u32(value, offset, width): both take
            // the low 5 bits of width and offset, and bits above 31 are zero.
            O::UBitExtract => self.valu_value(M::V_BFE_U32, r, &[s(2), s(1), s(0)], none),
            O::RsqVec => self.valu_value(M::V_RSQ_F32, r, &[s(0)], none),
            O::Frc => self.valu_value(M::V_FRACT_F32, r, &[s(0)], none),
            O::SinVec | O::CosVec => {
                // V_SIN/V_COS take revolutions (`alu32.rs`).
                let t = self.trig(s(0), a.opcode == O::SinVec);
                self.valu_value(M::V_MOV_B32, r, &[Src::r(t)], none);
            }
            O::ExpVec => self.valu_value(M::V_EXP_F32, r, &[s(0)], none),
            O::LogVec => self.valu_value(M::V_LOG_F32, r, &[s(0)], none),
            // |x| flushed: 1.0 * |x| (the multiply flushes a denormal as IL's abs does).
            O::Abs => self.valu_value(
                M::V_MUL_F32,
                r,
                &[s(0), Src::Imm(1.0f32.to_bits())],
                Mods { abs: 1, ..none },
            ),
            O::Mod => {
                let m = self.fmod(s(0), s(1));
                self.valu_value(M::V_MOV_B32, r, &[Src::r(m)], none);
            }
            O::Rnd => {
                // floor(x) + (x - floor(x) >= 0.5): floor(x + 0.5) evaluated exactly (the
                // difference is exact).
                let f = self.vop(M::V_FLOOR_F32, &[s(0)]);
                let d = self.vop(M::V_SUB_F32, &[s(0), Src::r(f)]);
                let up = self.m.new_vreg(File::S, 2);
                self.valu(
                    M::V_CMP_LE_F32,
                    None,
                    Some(Dst(up, 0, 2)),
                    &[Src::Imm(0.5f32.to_bits()), Src::r(d)],
                    none,
                );
                let one = self.vop(
                    M::V_CNDMASK_B32,
                    &[Src::Imm(0), Src::Imm(1.0f32.to_bits()), Src::R(up, 0, 2)],
                );
                self.valu_value(M::V_ADD_F32, r, &[Src::r(f), Src::r(one)], none);
            }
            O::Div => {
                // ILZeroOp: fltmax (the default), zero, infinity, inf_else_max.
                let zero = match a
                    .opcode
                    .info()
                    .field("zeroop")
                    .and_then(|f| f.value_in(a.control, &Default::default(), &[]))
                    .unwrap_or(0)
                {
                    1 => 0,
                    2 | 3 => 0x7F80_0000,
                    _ => 0x7F7F_FFFF,
                };
                let q = self.fast_div(s(0), s(1));
                // A zero divisor gives the zeroop value with the dividend's sign (x < 0).
                let neg = self.m.new_vreg(File::S, 2);
                self.valu(
                    M::V_CMP_GT_F32,
                    None,
                    Some(Dst(neg, 0, 2)),
                    &[Src::Imm(0), s(0)],
                    none,
                );
                let z = self.vop(
                    M::V_CNDMASK_B32,
                    &[
                        Src::Imm(zero),
                        Src::Imm(zero | 0x8000_0000),
                        Src::R(neg, 0, 2),
                    ],
                );
                let y0 = self.m.new_vreg(File::S, 2);
                self.valu(
                    M::V_CMP_EQ_F32,
                    None,
                    Some(Dst(y0, 0, 2)),
                    &[Src::Imm(0), s(1)],
                    none,
                );
                self.valu_value(
                    M::V_CNDMASK_B32,
                    r,
                    &[Src::r(q), Src::r(z), Src::R(y0, 0, 2)],
                    none,
                );
            }
            _ => return self.alu_more(a, args, r),
        }
        Ok(())
    }

    /// IL's non-IEEE multiply, "0 * anything = 0" with the sign an IEEE product of finite
    /// values would have: `v_mul_legacy_f32` gives +0 for a zero operand, so the sign of
    /// `a ^ b` is ORed in (a no-op for every nonzero, non-NaN product, whose sign it is).
    /// `x / y` as `x * rcp(y)`, with y scaled by 2^-32 when |y| > 2^96 (LLVM's
    /// `fdiv.fast`) and by 2^32 when |y| < 2^-96, so that the reciprocal stays normal and
    /// finite; the quotient is scaled back. Within IL's 3 ULP for `div` unless the
    /// quotient itself is near the ends of the range.
    fn fast_div(&mut self, x: Src, y: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let big = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_GT_F32,
            None,
            Some(Dst(big, 0, 2)),
            &[y, Src::Imm(0x6F80_0000)],
            Mods { abs: 1, ..none },
        );
        let small = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_GT_F32,
            None,
            Some(Dst(small, 0, 2)),
            &[Src::Imm(0x0F80_0000), y],
            Mods { abs: 2, ..none },
        );
        let up = self.vop(
            M::V_CNDMASK_B32,
            &[
                Src::Imm(1.0f32.to_bits()),
                Src::Imm(0x4F80_0000),
                Src::R(small, 0, 2),
            ],
        );
        let scale = self.vop(
            M::V_CNDMASK_B32,
            &[Src::r(up), Src::Imm(0x2F80_0000), Src::R(big, 0, 2)],
        );
        let ys = self.vop(M::V_MUL_F32, &[y, Src::r(scale)]);
        let rcp = self.vop(M::V_RCP_F32, &[Src::r(ys)]);
        let q = self.vop(M::V_MUL_F32, &[x, Src::r(rcp)]);

        self.vop(M::V_MUL_F32, &[Src::r(scale), Src::r(q)])
    }

    /// IL's `mod`: `x - y * trunc(x / y)` with the sign of x; a zero divisor or an
    /// infinite one gives x. The quotient comes from [`Self::fast_div`]; one correction
    /// step each way fixes a truncated quotient that is one off. Exact while |x / y| <
    /// 2^24 (the quotient is then an exact integer and the fma exact); `fmod_reduce`
    /// brings larger quotients below 2^20 first.
    fn fmod(&mut self, x: Src, y: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        // Large quotients first (`fmod.rs`).
        let x = Src::r(self.fmod_reduce(x, y));
        let q0 = self.fast_div(x, y);
        let q = self.vop(M::V_TRUNC_F32, &[Src::r(q0)]);
        // r = fma(-q, y, x)
        let r = self.m.new_vreg(File::V, 1);
        self.valu(
            M::V_FMA_F32,
            Some(Dst::r(r)),
            None,
            &[Src::r(q), y, x],
            Mods { neg: 1, ..none },
        );
        // |y| with the sign of x: the step that moves r towards x's side.
        let ay = self.vop(M::V_AND_B32, &[Src::Imm(0x7FFF_FFFF), y]);
        let sx = self.vop(M::V_AND_B32, &[Src::Imm(0x8000_0000), x]);
        let step = self.vop(M::V_OR_B32, &[Src::r(sx), Src::r(ay)]);
        // The quotient was one too large: r's sign differs from x's (and r is not 0).
        let sr = self.vop(M::V_XOR_B32, &[Src::r(r), x]);
        let flip = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_GT_I32,
            None,
            Some(Dst(flip, 0, 2)),
            &[Src::Imm(0), Src::r(sr)],
            none,
        );
        let nz = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_NEQ_F32,
            None,
            Some(Dst(nz, 0, 2)),
            &[Src::Imm(0), Src::r(r)],
            none,
        );
        let low = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(low, 0, 2)),
            &[Src::R(flip, 0, 2), Src::R(nz, 0, 2)],
        );
        let up = self.vop(M::V_ADD_F32, &[Src::r(r), Src::r(step)]);
        let r1 = self.vop(
            M::V_CNDMASK_B32,
            &[Src::r(r), Src::r(up), Src::R(low, 0, 2)],
        );
        // The quotient was one too small: |r| >= |y|.
        let high = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_GE_F32,
            None,
            Some(Dst(high, 0, 2)),
            &[Src::r(r1), Src::r(ay)],
            Mods { abs: 1, ..none },
        );
        let down = self.vop(M::V_SUB_F32, &[Src::r(r1), Src::r(step)]);
        let r2 = self.vop(
            M::V_CNDMASK_B32,
            &[Src::r(r1), Src::r(down), Src::R(high, 0, 2)],
        );
        // y = ±0 (denormals flushed), or y = ±Inf with a finite x: x (flushed, as 1.0 * x
        // is). Class masks: zeros and denormals 0xF0, infinities 0x204, finite 0x1F8.
        let zero = self.class_mask(y, 0xF0);
        let inf = self.class_mask(y, 0x204);
        let finite = self.class_mask(x, 0x1F8);
        let both = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(both, 0, 2)),
            &[Src::R(inf, 0, 2), Src::R(finite, 0, 2)],
        );
        let special = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_OR_B64,
            Some(Dst(special, 0, 2)),
            &[Src::R(zero, 0, 2), Src::R(both, 0, 2)],
        );
        let xf = self.vop(M::V_MUL_F32, &[x, Src::Imm(1.0f32.to_bits())]);
        let sel = self.vop(
            M::V_CNDMASK_B32,
            &[Src::r(r2), Src::r(xf), Src::R(special, 0, 2)],
        );
        // The result has x's sign (a zero remainder of -x is -0).

        self.vop(M::V_BFI_B32, &[Src::Imm(0x7FFF_FFFF), Src::r(sel), x])
    }

    fn legacy_mul(&mut self, d: VReg, a: Src, b: Src) {
        let none = Mods::default();
        let x = self.vop(Opcode::V_XOR_B32, &[a, b]);
        let sign = self.vop(Opcode::V_AND_B32, &[Src::Imm(0x8000_0000), Src::r(x)]);
        let p = self.vop(Opcode::V_MUL_LEGACY_F32, &[a, b]);
        self.valu(
            Opcode::V_OR_B32,
            Some(Dst::r(d)),
            None,
            &[Src::r(p), Src::r(sign)],
            none,
        );
    }

    /// Unsigned 32-bit division and remainder with the reference's x / 0 = x % 0 =
    /// 0xFFFFFFFF: a reciprocal estimate from `v_rcp_iflag_f32` scaled to 2^32, one
    /// Newton-Raphson step in integers, the quotient estimate, two corrections (the
    /// expansion LLVM's AMDGPU backend uses), then the divide-by-zero fix-up.
    fn udiv(&mut self, r: Value, x: Src, y: Src, quotient: bool) {
        use Opcode as M;
        let none = Mods::default();
        let y = Src::r(self.to_reg(y, File::V));
        let fy = self.vop(M::V_CVT_F32_U32, &[y]);
        let rcp = self.vop(M::V_RCP_IFLAG_F32, &[Src::r(fy)]);
        let scaled = self.vop(M::V_MUL_F32, &[Src::Imm(0x4F7F_FFFE), Src::r(rcp)]);
        let z0 = self.vop(M::V_CVT_U32_F32, &[Src::r(scaled)]);
        let negy = self.vop(M::V_SUB_U32, &[Src::Imm(0), y]);
        let negyz = self.vop(M::V_MUL_LO_U32, &[Src::r(negy), Src::r(z0)]);
        let hi = self.vop(M::V_MUL_HI_U32, &[Src::r(z0), Src::r(negyz)]);
        let z = self.vop(M::V_ADD_U32, &[Src::r(z0), Src::r(hi)]);
        let mut q = self.vop(M::V_MUL_HI_U32, &[x, Src::r(z)]);
        let qy = self.vop(M::V_MUL_LO_U32, &[Src::r(q), y]);
        let mut rem = self.vop(M::V_SUB_U32, &[x, Src::r(qy)]);
        for _ in 0..2 {
            let c = self.m.new_vreg(File::S, 2);
            self.valu(
                M::V_CMP_GE_U32,
                None,
                Some(Dst(c, 0, 2)),
                &[Src::r(rem), y],
                none,
            );
            if quotient {
                let q1 = self.vop(M::V_ADD_U32, &[Src::Imm(1), Src::r(q)]);
                let qn = self.vop(M::V_CNDMASK_B32, &[Src::r(q), Src::r(q1), Src::R(c, 0, 2)]);
                q = qn;
            }
            let r1 = self.vop(M::V_SUB_U32, &[Src::r(rem), y]);
            let rn = self.vop(
                M::V_CNDMASK_B32,
                &[Src::r(rem), Src::r(r1), Src::R(c, 0, 2)],
            );
            rem = rn;
        }
        let zero = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_CMP_EQ_U32,
            None,
            Some(Dst(zero, 0, 2)),
            &[Src::Imm(0), y],
            none,
        );
        let out = if quotient { q } else { rem };
        self.valu_value(
            M::V_CNDMASK_B32,
            r,
            &[Src::r(out), Src::Imm(u32::MAX), Src::R(zero, 0, 2)],
            none,
        );
    }

    fn modifier(&mut self, m: Modifier, args: &[Value], r: Value) -> Result<(), CompileError> {
        use Opcode as M;
        if self.size_of(r) != 1 {
            return self.modifier64(m, args, r);
        }
        let a = self.src(args[0]);
        let none = Mods::default();
        match m {
            Modifier::IntNeg => {
                self.int_binary(r, Some(M::S_SUB_U32), M::V_SUB_U32, Src::Imm(0), a, false)
            }
            Modifier::IntAbs => {
                let file = self.file_of(r);
                let n = self.m.new_vreg(file, 1);
                if file == File::S {
                    self.salu(M::S_SUB_U32, Some(Dst::r(n)), &[Src::Imm(0), a]);
                } else {
                    self.valu(M::V_SUB_U32, Some(Dst::r(n)), None, &[Src::Imm(0), a], none);
                }
                self.int_binary(r, Some(M::S_MAX_U32), M::V_MAX_U32, a, Src::r(n), false);
            }
            Modifier::FloatNeg => self.int_binary(
                r,
                Some(M::S_XOR_B32),
                M::V_XOR_B32,
                Src::Imm(0x8000_0000),
                a,
                false,
            ),
            Modifier::FloatAbs => self.int_binary(
                r,
                Some(M::S_AND_B32),
                M::V_AND_B32,
                Src::Imm(0x7FFF_FFFF),
                a,
                false,
            ),
            // x + 0 with the clamp bit: -0 becomes +0 and NaN 0 (DX10_CLAMP), as `_sat` wants.
            Modifier::Saturate => self.valu_value(
                M::V_ADD_F32,
                r,
                &[a, Src::Imm(0)],
                Mods {
                    clamp: true,
                    ..none
                },
            ),
            other => return self.modifier_more(other, args, r),
        }
        Ok(())
    }

    fn select(&mut self, args: &[Value], r: Value) -> Result<(), CompileError> {
        let size = self.size_of(r);
        let d = self.vreg(r);
        if self.func.ty(r) == Type::Bool {
            // (c & a) | (~c & b) on masks.
            let c = self.mask_src(args[0]);
            let a = self.mask_src(args[1]);
            let b = self.mask_src(args[2]);
            let t = self.m.new_vreg(File::S, 2);
            let u = self.m.new_vreg(File::S, 2);
            self.salu(Opcode::S_AND_B64, Some(Dst(t, 0, 2)), &[c, a]);
            self.salu(Opcode::S_ANDN2_B64, Some(Dst(u, 0, 2)), &[b, c]);
            self.salu(
                Opcode::S_OR_B64,
                Some(Dst(d, 0, 2)),
                &[Src::R(t, 0, 2), Src::R(u, 0, 2)],
            );
            return Ok(());
        }
        let cond = match self.constant(args[0]) {
            Some(c) => {
                self.copy_value(d, if c != 0 { args[1] } else { args[2] });
                return Ok(());
            }
            None => self.vreg(args[0]),
        };
        let part = |this: &mut Self, v: Value, k: u8| -> Src {
            match this.constant(v) {
                Some(c) => Src::Imm((c >> (32 * u32::from(k))) as u32),
                None => {
                    let r = this.vreg(v);
                    Src::R(r, k, 1)
                }
            }
        };
        if self.m.info(d).file == File::S {
            self.scc_from_mask(cond);
            for k in 0..size {
                let a = part(self, args[1], k);
                let b = part(self, args[2], k);
                self.salu(Opcode::S_CSELECT_B32, Some(Dst(d, k, 1)), &[a, b]);
            }
        } else {
            for k in 0..size {
                let a = part(self, args[1], k);
                let b = part(self, args[2], k);
                self.valu(
                    Opcode::V_CNDMASK_B32,
                    Some(Dst(d, k, 1)),
                    None,
                    &[b, a, Src::R(cond, 0, 2)],
                    Mods::default(),
                );
            }
        }
        Ok(())
    }

    /// `d = (a != 0)` per lane (`a == 0` without `nonzero`) as a lane mask: S_CMP and
    /// S_CSELECT_B64 for a scalar `a`, a VOPC compare for a VGPR.
    pub(super) fn zero_test(&mut self, a: Src, nonzero: bool, d: VReg) {
        let scalar = !matches!(a, Src::R(v, _, _) if self.m.info(v).file == File::V);
        if scalar {
            let op = if nonzero {
                Opcode::S_CMP_LG_U32
            } else {
                Opcode::S_CMP_EQ_U32
            };
            self.salu(op, None, &[a, Src::Imm(0)]);
            self.salu(
                Opcode::S_CSELECT_B64,
                Some(Dst(d, 0, 2)),
                &[Src::Imm(u32::MAX), Src::Imm(0)],
            );
        } else {
            let op = if nonzero {
                Opcode::V_CMP_NE_U32
            } else {
                Opcode::V_CMP_EQ_U32
            };
            self.valu(
                op,
                None,
                Some(Dst(d, 0, 2)),
                &[Src::Imm(0), a],
                Mods::default(),
            );
        }
    }

    fn test(&mut self, t: Test, args: &[Value], r: Value) -> Result<(), CompileError> {
        let d = self.vreg(r);
        let none = Mods::default();
        match t {
            Test::NonZero | Test::Zero => {
                let a = self.src(args[0]);
                self.zero_test(a, t == Test::NonZero, d);
            }
            Test::Float(rel) => {
                let op = match rel {
                    RelOp::Eq => Opcode::V_CMP_EQ_F32,
                    RelOp::Ne => Opcode::V_CMP_LG_F32,
                    RelOp::Ge => Opcode::V_CMP_GE_F32,
                    RelOp::Gt => Opcode::V_CMP_GT_F32,
                    RelOp::Le => Opcode::V_CMP_LE_F32,
                    RelOp::Lt => Opcode::V_CMP_LT_F32,
                };
                let a = self.src(args[0]);
                let b = self.src(args[1]);
                self.valu(op, None, Some(Dst(d, 0, 2)), &[a, b], none);
            }
        }
        Ok(())
    }

    fn launch_dword(&mut self, offset: u32) -> Result<Src, CompileError> {
        let l = self
            .launch
            .ok_or_else(|| unsupported("launch values were not loaded"))?;
        Ok(Src::R(l, (offset / 4) as u8, 1))
    }

    /// The flat id of a thread in its group, `z*Dx*Dy + y*Dx + x`, as a VGPR.
    fn flat_tid(&mut self) -> Result<VReg, CompileError> {
        let none = Mods::default();
        let x = self.tid[0].ok_or_else(|| unsupported("thread id x"))?;
        let dx = self.launch_dword(abi::GROUP_SIZE_OFFSET)?;
        let dy = self.launch_dword(abi::GROUP_SIZE_OFFSET + 4)?;
        let (y, z) = match (self.tid[1], self.tid[2]) {
            (Some(y), Some(z)) => (y, z),
            _ => return Err(unsupported("thread ids y and z")),
        };
        // (z * Dy + y) * Dx + x
        let dxy = self.m.new_vreg(File::S, 1);
        let t0 = self.m.new_vreg(File::V, 1);
        let t1 = self.m.new_vreg(File::V, 1);
        let out = self.m.new_vreg(File::V, 1);
        let _ = dxy;
        self.valu(
            Opcode::V_MUL_LO_U32,
            Some(Dst::r(t0)),
            None,
            &[Src::r(z), dy],
            none,
        );
        self.valu(
            Opcode::V_ADD_U32,
            Some(Dst::r(t1)),
            None,
            &[Src::r(y), Src::r(t0)],
            none,
        );
        let t2 = self.vop(Opcode::V_MUL_LO_U32, &[Src::r(t1), dx]);
        self.valu(
            Opcode::V_ADD_U32,
            Some(Dst::r(out)),
            None,
            &[Src::r(x), Src::r(t2)],
            none,
        );
        Ok(out)
    }

    /// The flat id of the group, `gz*Nx*Ny + gy*Nx + gx`, as an SGPR.
    fn flat_group(&mut self) -> Result<VReg, CompileError> {
        let g = |this: &Self, k: usize| this.wgid[k].ok_or_else(|| unsupported("group ids"));
        let (gx, gy, gz) = (g(self, 0)?, g(self, 1)?, g(self, 2)?);
        let nx = self.launch_dword(abi::NUM_GROUPS_OFFSET)?;
        let ny = self.launch_dword(abi::NUM_GROUPS_OFFSET + 4)?;
        let t0 = self.m.new_vreg(File::S, 1);
        let t1 = self.m.new_vreg(File::S, 1);
        let t2 = self.m.new_vreg(File::S, 1);
        let out = self.m.new_vreg(File::S, 1);
        self.salu(Opcode::S_MUL_I32, Some(Dst::r(t0)), &[Src::r(gz), ny]);
        self.salu(
            Opcode::S_ADD_U32,
            Some(Dst::r(t1)),
            &[Src::r(t0), Src::r(gy)],
        );
        self.salu(Opcode::S_MUL_I32, Some(Dst::r(t2)), &[Src::r(t1), nx]);
        self.salu(
            Opcode::S_ADD_U32,
            Some(Dst::r(out)),
            &[Src::r(t2), Src::r(gx)],
        );
        Ok(out)
    }

    fn input(&mut self, i: Input, r: Value) -> Result<(), CompileError> {
        let none = Mods::default();
        let d = self.vreg(r);
        let want = self.m.info(d).file;
        let result = |this: &mut Self, s: Src| this.mov32(Dst::r(d), s);
        match i {
            Input::ThreadIdInGroup(c) => match self.tid.get(usize::from(c)).copied().flatten() {
                Some(t) => result(self, Src::r(t)),
                None => result(self, Src::Imm(0)),
            },
            Input::ThreadGroupId(c) => match self.wgid.get(usize::from(c)).copied().flatten() {
                Some(g) => result(self, Src::r(g)),
                None => result(self, Src::Imm(0)),
            },
            Input::ThreadIdInGroupFlat => {
                let t = self.flat_tid()?;
                result(self, Src::r(t));
            }
            Input::ThreadGroupIdFlat => {
                let g = self.flat_group()?;
                result(self, Src::r(g));
            }
            // The wavefront's index in its group: the group's work-items fill wavefronts of
            // 64 in flat order (`docs/abi.md`), so it is the flat id shifted right by 6; the
            // same in every lane.
            Input::WaveId => {
                let t = self.flat_tid()?;
                let v = if want == File::V {
                    d
                } else {
                    self.m.new_vreg(File::V, 1)
                };
                self.valu(
                    Opcode::V_LSHRREV_B32,
                    Some(Dst::r(v)),
                    None,
                    &[Src::Imm(6), Src::r(t)],
                    none,
                );
                if v != d {
                    self.readfirstlane(Dst::r(d), Src::r(v));
                }
            }
            Input::AbsoluteThreadId(c) if c < 3 => {
                let c = usize::from(c);
                let g = self.wgid[c].ok_or_else(|| unsupported("group id"))?;
                let t = self.tid[c].ok_or_else(|| unsupported("thread id"))?;
                let dsz = self.launch_dword(abi::GROUP_SIZE_OFFSET + 4 * c as u32)?;
                let base = self.m.new_vreg(File::S, 1);
                self.salu(Opcode::S_MUL_I32, Some(Dst::r(base)), &[Src::r(g), dsz]);
                if want == File::V {
                    self.valu(
                        Opcode::V_ADD_U32,
                        Some(Dst::r(d)),
                        None,
                        &[Src::r(base), Src::r(t)],
                        none,
                    );
                } else {
                    let v = self.vop(Opcode::V_ADD_U32, &[Src::r(base), Src::r(t)]);
                    self.readfirstlane(Dst::r(d), Src::r(v));
                }
            }
            Input::AbsoluteThreadId(_) => result(self, Src::Imm(0)),
            Input::AbsoluteThreadIdFlat => {
                let g = self.flat_group()?;
                let t = self.flat_tid()?;
                let l = self.launch.ok_or_else(|| unsupported("launch values"))?;
                let size = self.m.new_vreg(File::S, 1);
                let size2 = self.m.new_vreg(File::S, 1);
                let base = self.m.new_vreg(File::S, 1);
                self.salu(
                    Opcode::S_MUL_I32,
                    Some(Dst::r(size)),
                    &[Src::R(l, 0, 1), Src::R(l, 1, 1)],
                );
                self.salu(
                    Opcode::S_MUL_I32,
                    Some(Dst::r(size2)),
                    &[Src::r(size), Src::R(l, 2, 1)],
                );
                self.salu(
                    Opcode::S_MUL_I32,
                    Some(Dst::r(base)),
                    &[Src::r(g), Src::r(size2)],
                );
                let v = if want == File::V {
                    d
                } else {
                    self.m.new_vreg(File::V, 1)
                };
                self.valu(
                    Opcode::V_ADD_U32,
                    Some(Dst::r(v)),
                    None,
                    &[Src::r(base), Src::r(t)],
                    none,
                );
                if v != d {
                    self.readfirstlane(Dst::r(d), Src::r(v));
                }
            }
            Input::Position(c) => match (c, self.pixel) {
                (0 | 1, Some(_)) if self.ps_position(c).is_some() => {
                    let p = self.ps_position(c).unwrap_or(d);
                    result(self, Src::r(p))
                }
                (0 | 1, Some((x, y, _))) => {
                    let p = if c == 0 { x } else { y };
                    let f = self.vop(Opcode::V_CVT_F32_U32, &[Src::r(p)]);
                    let t = if want == File::V {
                        d
                    } else {
                        self.m.new_vreg(File::V, 1)
                    };
                    self.valu(
                        Opcode::V_ADD_F32,
                        Some(Dst::r(t)),
                        None,
                        &[Src::Imm(0.5f32.to_bits()), Src::r(f)],
                        none,
                    );
                    if t != d {
                        self.readfirstlane(Dst::r(d), Src::r(t));
                    }
                }
                (2, Some(_)) => result(self, Src::Imm(0)),
                (3, Some(_)) => result(self, Src::Imm(1.0f32.to_bits())),
                _ => return Err(unsupported("the position outside a pixel kernel")),
            },
            Input::Pixel { reg, comp } => {
                let rsrc = *self
                    .in_rsrc
                    .get(&reg)
                    .ok_or_else(|| unsupported(format!("input v{reg} has no binding")))?;
                let (_, _, addr) = self
                    .pixel
                    .ok_or_else(|| unsupported("an interpolated input outside a pixel kernel"))?;
                self.load_dword(r, addr, rsrc, 4 * u16::from(comp));
            }
            Input::Face if self.abi.pixel => result(self, Src::Imm(1.0f32.to_bits())),
            Input::PrimitiveId if self.abi.pixel => result(self, Src::Imm(0)),
            Input::PixelIndex if self.abi.pixel => {
                let index = self.ps_index()?;
                result(self, Src::r(index));
            }
            other => return Err(unsupported(format!("the input {other:?}"))),
        }
        Ok(())
    }

    /// A pixel kernel's coordinates (from the pixel centres in VGPRs, `isel/pixel.rs`) and
    /// the byte offset of its element in the interpolated inputs, `16 * (y * W + x)`.
    fn pixel_coordinates(&mut self) -> Result<(), CompileError> {
        if self.abi.inputs.is_empty() {
            // Only interpolated inputs need the integer pixel and its element offset; the
            // position is read from the centres themselves (`ps_position`).
            let [px, py] = self
                .ps
                .position
                .ok_or_else(|| CompileError::Internal("pixel position VGPRs".into()))?;
            self.pixel = Some((px, py, px));
            return Ok(());
        }
        let [x, y] = self.ps_coordinates()?;
        let index = self.ps_index_of(x, y)?;
        let addr = self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(4), Src::r(index)]);
        self.pixel = Some((x, y, addr));
        Ok(())
    }

    /// The byte offset `16 * (index + offset)` of a 16-byte element, in a VGPR.
    fn element_address(&mut self, index: Value, offset: i32) -> VReg {
        let i = self.src(index);
        let sum = if offset != 0 {
            let t = self.vop(Opcode::V_ADD_U32, &[Src::Imm(offset as u32), i]);
            Src::r(t)
        } else {
            i
        };
        self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(4), sum])
    }

    /// The byte offset of element `offset`, in a VGPR.
    fn const_address(&mut self, offset: i32) -> VReg {
        let addr = self.m.new_vreg(File::V, 1);
        self.mov32(Dst::r(addr), Src::Imm((offset as u32).wrapping_mul(16)));
        addr
    }

    /// One `buffer_load_dword` per component of `mask`, at byte `4 c` from `addr`, into the
    /// results in order (one result per set bit, as `DstKind::Values` has them).
    fn load_components(&mut self, results: &[Value], mask: u8, addr: VReg, rsrc: VReg) {
        let components = (0..4u8).filter(|c| mask >> c & 1 != 0);
        for (&r, c) in results.iter().zip(components) {
            self.load_dword(r, addr, rsrc, 4 * u16::from(c));
        }
    }

    /// `buffer_load_dword` into the register of `r` (through a VGPR when `r` is uniform).
    fn load_dword(&mut self, r: Value, addr: VReg, rsrc: VReg, offset: u16) {
        let d = self.vreg(r);
        let t = if self.m.info(d).file == File::V {
            d
        } else {
            self.m.new_vreg(File::V, 1)
        };
        self.buf(Opcode::BUFFER_LOAD_DWORD, t, addr, rsrc, offset, true);
        if t != d {
            self.readfirstlane(Dst::r(d), Src::r(t));
        }
    }

    /// A dword-aligned byte address in a VGPR: IL raw UAV addresses ignore their two low
    /// bits (`docs/decisions.md`), and so do MUBUF dword accesses, but the range check
    /// uses the unaligned offset; clearing them here makes the two agree. Addresses that
    /// are multiples of 4 by construction skip the `v_and_b32`.
    fn dword_address(&mut self, v: Value) -> VReg {
        let s = self.src(v);
        if self.known_aligned(v, 4) {
            return self.to_reg(s, File::V);
        }

        self.vop(Opcode::V_AND_B32, &[Src::Imm(0xFFFF_FFFC), s])
    }

    /// Whether `v` is a multiple of 4 (a small known-bits analysis over shifts, adds and
    /// constants).
    fn known_aligned(&self, v: Value, depth: u32) -> bool {
        if let Some(c) = self.constant(v) {
            return c & 3 == 0;
        }
        if depth == 0 {
            return false;
        }
        let v = self.func.resolve(v);
        let midend::ir::ValueDef::Result(inst, _) = self.func.values[v].def else {
            return false;
        };
        let data = &self.func.insts[inst];
        let Op::Alu(a) = &data.op else { return false };
        let arg = |i: usize| data.args.get(i).copied();
        match a.opcode {
            IlOpcode::IShl => arg(1)
                .and_then(|s| self.constant(s))
                .is_some_and(|s| (2..32).contains(&(s & 31))),
            IlOpcode::IAdd => {
                arg(0).is_some_and(|x| self.known_aligned(x, depth - 1))
                    && arg(1).is_some_and(|x| self.known_aligned(x, depth - 1))
            }
            IlOpcode::IMul | IlOpcode::UMul => {
                arg(0).is_some_and(|x| self.known_aligned(x, depth - 1))
                    || arg(1).is_some_and(|x| self.known_aligned(x, depth - 1))
            }
            _ => false,
        }
    }

    fn buf(&mut self, op: Opcode, data: VReg, addr: VReg, rsrc: VReg, offset: u16, load: bool) {
        let regs = smallvec![
            self.reg_ref(Slot::Dst, data, 0, 1, load),
            self.reg_ref(Slot::Vaddr, addr, 0, 1, false),
            self.reg_ref(Slot::Srsrc, rsrc, 0, 4, false)
        ];
        self.push(
            Inst::Buf(Buf {
                op,
                vdata: Some(Operand::v(0)),
                vaddr: Some(Operand::v(0)),
                srsrc: Some(Operand::s_range(0, 4)),
                soffset: Some(Operand::Int(0)),
                offset,
                offen: true,
                idxen: false,
                glc: false,
                slc: false,
                lds: false,
                tfe: false,
                dfmt: 0,
                nfmt: 0,
            }),
            regs,
        );
    }

    /// Memory instructions kept whole by the midend: raw UAV loads and stores, as MUBUF
    /// dword accesses through the UAV's V# (one per component, at offsets 0, 4, 8, 12).
    fn il(&mut self, il: &IlOp, args: &[Value], results: &[Value]) -> Result<(), CompileError> {
        match (il.opcode, il.dst) {
            (IlOpcode::UavRawLoad, DstKind::Values(mask)) => {
                let id = il_id(il);
                let rsrc = *self
                    .uav_rsrc
                    .get(&id)
                    .ok_or_else(|| unsupported(format!("UAV {id} has no binding")))?;
                let a = il_src(il, args, 0, 0)
                    .ok_or_else(|| unsupported("uav_raw_load without an address"))?;
                let addr = self.dword_address(a);
                let mut k = 0;
                for c in 0..4u8 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    let Some(&r) = results.get(k) else { break };
                    k += 1;
                    let d = self.vreg(r);
                    let t = if self.m.info(d).file == File::V {
                        d
                    } else {
                        self.m.new_vreg(File::V, 1)
                    };
                    self.buf(
                        Opcode::BUFFER_LOAD_DWORD,
                        t,
                        addr,
                        rsrc,
                        4 * u16::from(c),
                        true,
                    );
                    if t != d {
                        self.readfirstlane(Dst::r(d), Src::r(t));
                    }
                }
                Ok(())
            }
            (IlOpcode::UavRawStore, DstKind::Memory(mask)) => {
                let id = il_id(il);
                let rsrc = *self
                    .uav_rsrc
                    .get(&id)
                    .ok_or_else(|| unsupported(format!("UAV {id} has no binding")))?;
                let a = il_src(il, args, 0, 0)
                    .ok_or_else(|| unsupported("uav_raw_store without an address"))?;
                let addr = self.dword_address(a);
                for c in 0..4u8 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    let v = il_src(il, args, 1, c)
                        .ok_or_else(|| unsupported("uav_raw_store value component"))?;
                    let data = self.src_in(v, File::V);
                    self.buf(
                        Opcode::BUFFER_STORE_DWORD,
                        data,
                        addr,
                        rsrc,
                        4 * u16::from(c),
                        false,
                    );
                }
                Ok(())
            }
            (
                IlOpcode::Sample | IlOpcode::SampleL | IlOpcode::SampleB | IlOpcode::SampleG,
                DstKind::Values(mask),
            ) => self.image_sample(il, args, results, mask),
            (IlOpcode::Bufinfo, DstKind::Values(_)) => self.bufinfo(il, results),
            (IlOpcode::Dsx | IlOpcode::Dsy | IlOpcode::Fwidth, DstKind::Values(mask)) => {
                self.derivative(il, args, results, mask)
            }
            (op, _) if memory::handles(op) => self.memory_il(il, args, results),
            (op, _) if discard::handles(op) => self.discard_il(il, args),
            (IlOpcode::Load, DstKind::Values(mask)) => self.image_load(il, args, results, mask),
            (IlOpcode::Resinfo, DstKind::Values(mask)) => {
                self.image_resinfo(il, args, results, mask)
            }
            (op, DstKind::Values(_)) if texture::is_compare_sample(op) => {
                self.image_sample_compare(il, args, results)
            }
            (
                IlOpcode::Fetch4 | IlOpcode::Fetch4C | IlOpcode::Fetch4Po | IlOpcode::Fetch4PoC,
                DstKind::Values(mask),
            ) => self.image_gather4(il, args, results, mask),
            _ => Err(unsupported(format!(
                "the IL instruction `{}`",
                il.opcode.mnemonic()
            ))),
        }
    }
}

/// Whether a VOP2 opcode's sources may be swapped.
fn commutative(op: Opcode) -> bool {
    use Opcode as M;
    matches!(
        op,
        M::V_ADD_U32
            | M::V_ADD_F32
            | M::V_MUL_F32
            | M::V_MUL_LEGACY_F32
            | M::V_AND_B32
            | M::V_OR_B32
            | M::V_XOR_B32
            | M::V_MAX_F32
            | M::V_MIN_F32
            | M::V_MAX_I32
            | M::V_MIN_I32
            | M::V_MAX_U32
            | M::V_MIN_U32
    )
}

/// Whether a 32-bit value is an inline constant of an untyped operand.
pub fn is_inline(x: u32) -> bool {
    Operand::inline_for(u64::from(x), Ty::B32).is_some()
}

/// The operand for an immediate: inline when it can be, else a literal.
pub fn imm_operand(x: u32, ty: Ty) -> Operand {
    let ty = match ty {
        Ty::None => Ty::B32,
        t => t,
    };
    Operand::inline_for(u64::from(x), ty).unwrap_or(Operand::Literal(x))
}
