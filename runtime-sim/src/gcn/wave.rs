//! A gfx906 wavefront: its registers, the memory operations it has in flight, and the
//! bookkeeping for the hazards the hardware does not check.
//!
//! # Memory latency (vega Ch4.4, L1969-2047)
//!
//! Memory instructions read and write memory when they issue, but the registers they load
//! are *pending* until an `s_waitcnt` proves the data has arrived. The counters follow the
//! document: VM_CNT counts vector memory reads and writes, which return in issue order
//! (L2002-2003); LGKM_CNT counts LDS (in order), scalar memory (out of order, "only
//! lgkmcnt(0) is legal after SMEM", L2029-2032) and FLAT, which counts in both and may
//! complete out of order (L7852-7875). After `s_waitcnt vmcnt(N)` an in-order operation is
//! known complete iff more than N in-order operations of its counter were issued after
//! it; an out-of-order one only when its counter reaches 0. Reading a pending register, or
//! overwriting it with anything but a later load of the same in-order counter, is refused
//! naming both instructions. `s_endpgm` waits for everything (L10627-10629).
//!
//! # Wait states (vega §4.5 Table 8, L2049-2232)
//!
//! "The hardware does not check for the following dependencies" (L2051-2052). The model
//! counts issued instructions (`s_nop k` counts k+1, L10617-10623) and refuses these rows
//! of the table when the gap is too short:
//! * row 1/2: S_SETREG then S_GETREG/S_SETREG of the same register: 2;
//! * row 5: VALU writes VCC or EXEC, then a VALU reads EXECZ/VCCZ as data: 5;
//! * row 6: VALU writes an SGPR, then V_READLANE/V_WRITELANE uses it as the lane select: 4;
//! * row 7: VALU writes VCC, then V_DIV_FMAS: 4;
//! * row 8: a >64-bit store, then a VALU overwrites its data VGPRs: 1;
//! * row 9: VALU writes an SGPR, then a VMEM instruction reads it: 5;
//! * rows 10/16: SALU writes M0, then S_SENDMSG or S_MOVREL: 1;
//!
//! Not checked: rows 11/12 (DPP) and 15 (LDS add-TID, LDS DMA), whose instructions the
//! model refuses; rows 3/4/14 (VSKIP, TRAPSTS and RFE, which it does not implement); row 13
//! and the SALU-writes-VCC-by-number rule (L1635): in the encoding VCC has only one name,
//! so the aliasing they describe cannot occur.

use backend_gcn::isa::{InlineFloat, Operand, Special, Ty};

use super::memory::{APERTURE_SIZE, PRIVATE_APERTURE, SHARED_APERTURE};

/// Lanes of a wavefront (vega L650).
pub const WAVE: usize = 64;
/// One 32-bit value per lane.
pub type Lanes = [u32; WAVE];
/// One value of up to 64 bits per lane.
pub type Lanes64 = [u64; WAVE];

pub(crate) const EXEC_LO: u8 = 126;
pub(crate) const VCC_LO: u8 = 106;
pub(crate) const M0: u8 = 124;

/// Why a wave stopped with an error; formatted with the program by the executor.
#[derive(Clone, Debug)]
pub(crate) enum Fault {
    Msg(String),
    /// The wave slice ran its step limit of instructions: an endless loop, most likely.
    StepLimit(u64),
    Unsupported(String),
    /// A register of an outstanding load was read (or overwritten).
    Pending {
        reg: String,
        producer: usize,
        counter: &'static str,
        write: bool,
    },
    /// A required wait state is missing.
    Hazard {
        what: String,
        producer: usize,
        need: u64,
        have: u64,
        rule: &'static str,
    },
}

pub(crate) type R<T> = Result<T, Fault>;

pub(crate) fn fault<T>(msg: impl Into<String>) -> R<T> {
    Err(Fault::Msg(msg.into()))
}

pub(crate) fn unsupported<T>(msg: impl Into<String>) -> R<T> {
    Err(Fault::Unsupported(msg.into()))
}

/// Counter classes of memory operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// MUBUF/MTBUF/GLOBAL/SCRATCH: VM_CNT, in order.
    Vmem,
    /// DS: LGKM_CNT, in order.
    Lds,
    /// SMEM: LGKM_CNT, out of order.
    Smem,
    /// FLAT: both counters, out of order.
    Flat,
}

impl Class {
    fn counter(self) -> &'static str {
        match self {
            Class::Vmem => "vmcnt",
            Class::Lds | Class::Smem => "lgkmcnt",
            Class::Flat => "vmcnt/lgkmcnt",
        }
    }
    fn in_vm(self) -> bool {
        matches!(self, Class::Vmem | Class::Flat)
    }
    fn in_lgkm(self) -> bool {
        matches!(self, Class::Lds | Class::Smem | Class::Flat)
    }
}

/// A register range a memory operation writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Regs {
    S(u8, u8),
    V(u8, u8),
}

#[derive(Clone, Debug)]
struct MemOp {
    id: u32,
    class: Class,
    at: usize,
    dest: Option<Regs>,
    /// Writes memory (a store or an atomic): what `s_barrier` must not leave in flight.
    writes_memory: bool,
}

/// Where a wave stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Running,
    AtBarrier,
    Done,
}

/// The issue position and instruction of the last producer of a hazard.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    issue: u64,
    at: usize,
}

/// One wavefront.
#[derive(Clone, Debug)]
pub(crate) struct Wave {
    /// The scalar register file by operand code 0-127 (s0-s101, flat_scratch, xnack_mask,
    /// vcc, ttmp, m0, exec: vega Table 9 L2426-2646).
    pub s: [u32; 128],
    /// VGPRs, as many as the kernel descriptor allocates.
    pub v: Vec<Lanes>,
    pub scc: bool,
    /// Index of the next instruction.
    pub pc: usize,
    pub status: Status,
    /// MODE (vega L1290-1429), set up from COMPUTE_PGM_RSRC1.
    pub mode: u32,
    pub trapsts: u32,
    /// Index of the instruction being executed (producer of what it issues).
    pub at: usize,
    /// Byte offset of that instruction from the entry point.
    pub cur_offset: u32,
    /// Instructions issued so far, `s_nop k` counting k+1: the wait-state clock.
    pub issue: u64,
    /// Address of lane 0's first scratch dword for this wave (FLAT_SCRATCH).
    pub scratch_base: u64,
    /// Scratch bytes per lane.
    pub scratch_per_lane: u64,
    // --- memory latency ---
    ops: Vec<MemOp>,
    spend: [u32; 128],
    vpend: Vec<u32>,
    next_id: u32,
    // --- wait states ---
    sgpr_valu: [Mark; 128],
    m0_salu: Mark,
    setreg: [Mark; 64],
    store_data: Option<(u8, u8, Mark)>,
    /// Pixel-shader state (exports, EXPCNT) of a wave launched as a PS wave (`pixel`).
    pub(crate) ps: Option<Box<super::export::PsWave>>,
}

/// The issue clock starts high so that "never written" is far in the past.
const CLOCK_START: u64 = 1 << 32;

impl Wave {
    pub fn new(vgprs: usize, mode: u32) -> Wave {
        Wave {
            s: [0; 128],
            v: vec![[0; WAVE]; vgprs],
            scc: false,
            pc: 0,
            status: Status::Running,
            mode,
            trapsts: 0,
            at: 0,
            cur_offset: 0,
            issue: CLOCK_START,
            scratch_base: 0,
            scratch_per_lane: 0,
            ops: Vec::new(),
            spend: [0; 128],
            vpend: vec![0; vgprs],
            next_id: 1,
            sgpr_valu: [Mark::default(); 128],
            m0_salu: Mark::default(),
            setreg: [Mark::default(); 64],
            store_data: None,
            ps: None,
        }
    }

    /// Puts the wave back in the state `Wave::new(vgprs, mode)` creates, keeping its
    /// vectors' memory: a `Wave` is about 4.5 KB, and building one per wave and moving it
    /// into the group's list cost as much as a small kernel's instructions. Every field is
    /// named, so that a new one cannot be forgotten here.
    pub fn reset(&mut self, vgprs: usize, mode: u32) {
        let Wave {
            s,
            v,
            scc,
            pc,
            status,
            mode: wave_mode,
            trapsts,
            at,
            cur_offset,
            issue,
            scratch_base,
            scratch_per_lane,
            ops,
            spend,
            vpend,
            next_id,
            sgpr_valu,
            m0_salu,
            setreg,
            store_data,
            ps,
        } = self;
        *s = [0; 128];
        v.clear();
        v.resize(vgprs, [0; WAVE]);
        *scc = false;
        *pc = 0;
        *status = Status::Running;
        *wave_mode = mode;
        *trapsts = 0;
        *at = 0;
        *cur_offset = 0;
        *issue = CLOCK_START;
        *scratch_base = 0;
        *scratch_per_lane = 0;
        ops.clear();
        *spend = [0; 128];
        vpend.clear();
        vpend.resize(vgprs, 0);
        *next_id = 1;
        *sgpr_valu = [Mark::default(); 128];
        *m0_salu = Mark::default();
        *setreg = [Mark::default(); 64];
        *store_data = None;
        *ps = None;
    }

    pub fn exec(&self) -> u64 {
        u64::from(self.s[126]) | u64::from(self.s[127]) << 32
    }
    pub fn set_exec(&mut self, e: u64) {
        self.s[126] = e as u32;
        self.s[127] = (e >> 32) as u32;
    }
    pub fn vcc(&self) -> u64 {
        u64::from(self.s[106]) | u64::from(self.s[107]) << 32
    }

    // ------------------------------------------------------------------ scalar operands

    fn check_s(&self, code: u8, count: u8) -> R<()> {
        if self.ops.is_empty() {
            return Ok(());
        }
        for r in code..code.saturating_add(count).min(128) {
            let id = self.spend[usize::from(r)];
            if id != 0 {
                return Err(self.pending_fault(id, Regs::S(r, 1), false));
            }
        }
        Ok(())
    }

    fn check_v(&self, idx: u8, count: u8) -> R<()> {
        let end = usize::from(idx) + usize::from(count);
        if end > self.v.len() {
            return fault(format!(
                "uses v{} but the kernel descriptor allocates only {} VGPRs",
                end - 1,
                self.v.len()
            ));
        }
        if self.ops.is_empty() {
            return Ok(());
        }
        for r in usize::from(idx)..end {
            let id = self.vpend[r];
            if id != 0 {
                return Err(self.pending_fault(id, Regs::V(r as u8, 1), false));
            }
        }
        Ok(())
    }

    fn pending_fault(&self, id: u32, reg: Regs, write: bool) -> Fault {
        let op = self.ops.iter().find(|o| o.id == id);
        Fault::Pending {
            reg: match reg {
                Regs::S(c, _) => backend_gcn::isa::operand::sgpr_name(c),
                Regs::V(i, _) => format!("v{i}"),
            },
            producer: op.map_or(usize::MAX, |o| o.at),
            counter: op.map_or("", |o| o.class.counter()),
            write,
        }
    }

    /// Value of a special source code (vega L2600-2646).
    fn special(&self, sp: Special) -> R<u64> {
        Ok(match sp {
            Special::Vccz => u64::from(self.vcc() == 0),
            Special::Execz => u64::from(self.exec() == 0),
            Special::Scc => u64::from(self.scc),
            Special::SharedBase => SHARED_APERTURE,
            Special::SharedLimit => SHARED_APERTURE + APERTURE_SIZE - 1,
            Special::PrivateBase => PRIVATE_APERTURE,
            Special::PrivateLimit => PRIVATE_APERTURE + APERTURE_SIZE - 1,
            Special::PopsExitingWaveId => 0,
            Special::LdsDirect => return unsupported("LDS_DIRECT operands"),
        })
    }

    /// A scalar or inline source as a 32-bit value. Apertures read as their high dword,
    /// which is how LLVM uses them as the high half of a flat address.
    pub fn sread(&self, op: Operand) -> R<u32> {
        Ok(match op {
            Operand::Sgpr { code, .. } => {
                self.check_s(code, 1)?;
                self.s[usize::from(code & 127)]
            }
            Operand::Vgpr { .. } => return fault("a VGPR where a scalar operand is expected"),
            Operand::Int(i) => i32::from(i) as u32,
            Operand::Float(f) => f.f32_bits(),
            Operand::Literal(l) => l,
            Operand::Special(sp) => {
                let v = self.special(sp)?;
                if matches!(
                    sp,
                    Special::SharedBase
                        | Special::SharedLimit
                        | Special::PrivateBase
                        | Special::PrivateLimit
                ) {
                    (v >> 32) as u32
                } else {
                    v as u32
                }
            }
        })
    }

    /// A scalar or inline source as a 64-bit value. Inline integers are sign-extended,
    /// inline floats are their f64 pattern (digest §9 #35), a literal is zero-extended or,
    /// for an f64 operand (`float`), the high dword (vega L3478-3480, L3515-3524).
    pub fn sread64(&self, op: Operand, float: bool) -> R<u64> {
        Ok(match op {
            Operand::Sgpr { code, .. } => {
                self.check_s(code, 2)?;
                let c = usize::from(code & 127);
                let hi = self.s.get(c + 1).copied().unwrap_or(0);
                u64::from(self.s[c]) | u64::from(hi) << 32
            }
            Operand::Vgpr { .. } => return fault("a VGPR where a scalar operand is expected"),
            Operand::Int(i) => i64::from(i) as u64,
            Operand::Float(f) => float_const64(f),
            Operand::Literal(l) if float => u64::from(l) << 32,
            Operand::Literal(l) => u64::from(l),
            Operand::Special(sp) => self.special(sp)?,
        })
    }

    /// Writes `count` (1 or 2) scalar registers from code `code`. Writes to codes that are
    /// not registers are dropped (vega L2653-2656).
    pub fn swrite(&mut self, code: u8, count: u8, value: u64) -> R<()> {
        if let Some(ps) = &self.ps {
            ps.check_sgpr_write(code, count)?;
        }
        if !self.ops.is_empty() {
            for r in code..code.saturating_add(count).min(128) {
                let id = self.spend[usize::from(r)];
                if id != 0 {
                    return Err(self.pending_fault(id, Regs::S(r, 1), true));
                }
            }
        }
        for k in 0..count {
            let c = usize::from(code) + usize::from(k);
            if c < 128 && c != 125 {
                self.s[c] = (value >> (32 * u32::from(k))) as u32;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ vector operands

    /// A VALU source, per lane, as a value of type `ty` (32-bit values zero-extended).
    #[inline(always)]
    pub fn vsrc(&self, op: Operand, ty: Ty) -> R<Lanes64> {
        let wide = ty.regs() == 2;
        if let Operand::Vgpr { index, .. } = op {
            let n = if wide { 2 } else { 1 };
            self.check_v(index, n)?;
            let lo = &self.v[usize::from(index)];
            let mut out = [0u64; WAVE];
            if wide {
                let hi = &self.v[usize::from(index) + 1];
                for l in 0..WAVE {
                    out[l] = u64::from(lo[l]) | u64::from(hi[l]) << 32;
                }
            } else {
                for l in 0..WAVE {
                    out[l] = u64::from(lo[l]);
                }
            }
            return Ok(out);
        }
        Ok([self.scalar_src(op, ty)?; WAVE])
    }

    /// The value every lane reads from a VALU source that is not a VGPR (an SGPR, inline
    /// constant, literal or special source), as a value of type `ty`.
    #[inline]
    pub fn scalar_src(&self, op: Operand, ty: Ty) -> R<u64> {
        Ok(if ty.regs() == 2 {
            self.sread64(op, ty == Ty::F64)?
        } else if let (Operand::Float(f), Ty::F16) = (op, ty) {
            u64::from(f.f16_bits())
        } else {
            u64::from(self.sread(op)?)
        })
    }

    /// Writes `regs` (1 or 2) VGPRs from `first` in the lanes of `mask`.
    pub fn vwrite(&mut self, first: u8, regs: u8, vals: &Lanes64, mask: u64) -> R<()> {
        self.check_vwrite(first, regs)?;
        for k in 0..usize::from(regs) {
            let r = &mut self.v[usize::from(first) + k];
            let shift = 32 * k as u32;
            if mask == u64::MAX {
                for (x, v) in r.iter_mut().zip(vals) {
                    *x = (v >> shift) as u32;
                }
                continue;
            }
            // A select per lane through a mask per lane (vectorizes), not a store under a
            // branch.
            let m = super::valu::lanes::lane_masks(mask);
            for ((x, v), m) in r.iter_mut().zip(vals).zip(m) {
                *x = ((v >> shift) as u32 & m) | (*x & !m);
            }
        }
        Ok(())
    }

    /// Refuses a VALU write to VGPRs that an outstanding load will write, or that are out
    /// of the allocation, or too soon after a wide store read them (row 8).
    pub fn check_vwrite(&mut self, first: u8, regs: u8) -> R<()> {
        if let Some(ps) = &self.ps {
            ps.check_vgpr_write(first, regs)?;
        }
        let end = usize::from(first) + usize::from(regs);
        if end > self.v.len() {
            return fault(format!(
                "writes v{} but the kernel descriptor allocates only {} VGPRs",
                end - 1,
                self.v.len()
            ));
        }
        if !self.ops.is_empty() {
            for r in usize::from(first)..end {
                let id = self.vpend[r];
                if id != 0 {
                    return Err(self.pending_fault(id, Regs::V(r as u8, 1), true));
                }
            }
        }
        if let Some((f, n, m)) = self.store_data {
            let overlap =
                usize::from(first) < usize::from(f) + usize::from(n) && usize::from(f) < end;
            if overlap {
                self.need(
                    m,
                    1,
                    "overwrites the data VGPRs of a store wider than 64 bits",
                    "vega Table 8 row 8 (L2119-2132)",
                )?;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ memory latency

    /// Refuses reading registers an outstanding load writes (memory instructions check
    /// their address and data operands with this).
    pub fn check_read(&self, regs: Regs) -> R<()> {
        match regs {
            Regs::S(c, n) => self.check_s(c, n),
            Regs::V(i, n) => self.check_v(i, n),
        }
    }

    /// Prepares `dest` to be written by a load of `class`: it must be allocated and not be
    /// pending from an operation the new one may overtake.
    pub fn check_load_dest(&self, dest: Regs, class: Class) -> R<()> {
        if let (Some(ps), Regs::V(first, regs)) = (&self.ps, dest) {
            ps.check_vgpr_write(first, regs)?;
        }
        let (ids, name): (Vec<u32>, fn(u8) -> Regs) = match dest {
            Regs::S(c, n) => (
                (c..c.saturating_add(n).min(128))
                    .map(|r| self.spend[usize::from(r)])
                    .collect(),
                |r| Regs::S(r, 1),
            ),
            Regs::V(i, n) => {
                let end = usize::from(i) + usize::from(n);
                if end > self.v.len() {
                    return fault(format!(
                        "loads into v{} but the kernel descriptor allocates only {} VGPRs",
                        end - 1,
                        self.v.len()
                    ));
                }
                (self.vpend[usize::from(i)..end].to_vec(), |r| Regs::V(r, 1))
            }
        };
        let base = match dest {
            Regs::S(c, _) | Regs::V(c, _) => c,
        };
        for (k, id) in ids.into_iter().enumerate() {
            if id == 0 {
                continue;
            }
            let same_in_order = self
                .ops
                .iter()
                .find(|o| o.id == id)
                .is_some_and(|o| o.class == class && matches!(class, Class::Vmem | Class::Lds));
            if !same_in_order {
                return Err(self.pending_fault(id, name(base + k as u8), true));
            }
        }
        Ok(())
    }

    /// Records a memory operation issued by the current instruction.
    pub fn issue_mem(&mut self, class: Class, dest: Option<Regs>, writes_memory: bool) {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        match dest {
            Some(Regs::S(c, n)) => {
                for r in c..c.saturating_add(n).min(128) {
                    self.spend[usize::from(r)] = id;
                }
            }
            Some(Regs::V(i, n)) => {
                let end = (usize::from(i) + usize::from(n)).min(self.vpend.len());
                for p in &mut self.vpend[usize::from(i)..end] {
                    *p = id;
                }
            }
            None => {}
        }
        self.ops.push(MemOp {
            id,
            class,
            at: self.at,
            dest,
            writes_memory,
        });
        // The counters are 6 (VM) and 4 (LGKM) bits wide (vega L1027-1066): the hardware
        // stalls issue rather than overflow, so the oldest operation has completed.
        while self.ops.iter().filter(|o| o.class.in_vm()).count() > 63 {
            let i = self.ops.iter().position(|o| o.class.in_vm()).unwrap_or(0);
            self.retire(i);
        }
        while self.ops.iter().filter(|o| o.class.in_lgkm()).count() > 15 {
            let i = self.ops.iter().position(|o| o.class.in_lgkm()).unwrap_or(0);
            self.retire(i);
        }
    }

    /// Notes a store with more than 64 bits of data (hazard row 8).
    pub fn note_wide_store(&mut self, data: Regs) {
        if let Regs::V(f, n) = data {
            self.store_data = Some((
                f,
                n,
                Mark {
                    issue: self.issue,
                    at: self.at,
                },
            ));
        }
    }

    fn retire(&mut self, i: usize) {
        let op = self.ops.remove(i);
        match op.dest {
            Some(Regs::S(c, n)) => {
                for r in c..c.saturating_add(n).min(128) {
                    if self.spend[usize::from(r)] == op.id {
                        self.spend[usize::from(r)] = 0;
                    }
                }
            }
            Some(Regs::V(f, n)) => {
                let end = (usize::from(f) + usize::from(n)).min(self.vpend.len());
                for p in &mut self.vpend[usize::from(f)..end] {
                    if *p == op.id {
                        *p = 0;
                    }
                }
            }
            None => {}
        }
    }

    /// `s_waitcnt vmcnt(vm) lgkmcnt(lgkm)`: retires what the counters prove complete.
    pub fn waitcnt(&mut self, vm: u32, lgkm: u32) {
        let mut newer_vm = 0u32;
        let mut newer_lds = 0u32;
        let mut done = Vec::new();
        for (i, op) in self.ops.iter().enumerate().rev() {
            let complete = match op.class {
                Class::Vmem => {
                    newer_vm += 1;
                    newer_vm > vm
                }
                Class::Lds => {
                    newer_lds += 1;
                    newer_lds > lgkm
                }
                Class::Smem => lgkm == 0,
                Class::Flat => vm == 0 || lgkm == 0,
            };
            if complete {
                done.push(i);
            }
        }
        // `done` is in decreasing index order, so removals do not shift the others.
        for i in done {
            self.retire(i);
        }
    }

    /// Everything completes (s_endpgm).
    pub fn wait_all(&mut self) {
        while !self.ops.is_empty() {
            self.retire(self.ops.len() - 1);
        }
    }

    /// The oldest outstanding operation that writes memory, if any.
    pub fn outstanding_write(&self) -> Option<usize> {
        self.ops.iter().find(|o| o.writes_memory).map(|o| o.at)
    }

    // ------------------------------------------------------------------ wait states

    fn need(&self, m: Mark, need: u64, what: &str, rule: &'static str) -> R<()> {
        let have = self.issue.saturating_sub(m.issue).saturating_sub(1);
        if have < need {
            return Err(Fault::Hazard {
                what: what.to_string(),
                producer: m.at,
                need,
                have,
                rule,
            });
        }
        Ok(())
    }

    /// A VALU instruction wrote `count` SGPRs from `code` (VCC and EXEC included).
    pub fn note_valu_sgpr(&mut self, code: u8, count: u8) {
        for r in code..code.saturating_add(count).min(128) {
            self.sgpr_valu[usize::from(r)] = Mark {
                issue: self.issue,
                at: self.at,
            };
        }
    }

    /// Requires `need` wait states since the last VALU write of any of these SGPRs.
    pub fn need_after_valu_sgpr(
        &self,
        code: u8,
        count: u8,
        need: u64,
        what: &str,
        rule: &'static str,
    ) -> R<()> {
        for r in code..code.saturating_add(count).min(128) {
            self.need(self.sgpr_valu[usize::from(r)], need, what, rule)?;
        }
        Ok(())
    }

    /// The same for an operand, if it is an SGPR.
    pub fn need_after_valu_op(
        &self,
        op: Option<Operand>,
        need: u64,
        what: &str,
        rule: &'static str,
    ) -> R<()> {
        match op {
            Some(Operand::Sgpr { code, count }) => {
                self.need_after_valu_sgpr(code, count.max(1), need, what, rule)
            }
            _ => Ok(()),
        }
    }

    pub fn note_salu_m0(&mut self) {
        self.m0_salu = Mark {
            issue: self.issue,
            at: self.at,
        };
    }

    pub fn need_after_m0(&self, what: &str, rule: &'static str) -> R<()> {
        self.need(self.m0_salu, 1, what, rule)
    }

    pub fn note_setreg(&mut self, id: u8) {
        self.setreg[usize::from(id & 63)] = Mark {
            issue: self.issue,
            at: self.at,
        };
    }

    pub fn need_after_setreg(&self, id: u8, what: &str) -> R<()> {
        self.need(
            self.setreg[usize::from(id & 63)],
            2,
            what,
            "vega Table 8 rows 1-2 (L2056-2078)",
        )
    }
}

/// The f64 pattern of an inline float (vega L3727-3733).
pub(crate) fn float_const64(f: InlineFloat) -> u64 {
    f.f64_bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_loads_retire_by_count_and_smem_only_at_zero() {
        let mut w = Wave::new(8, 0);
        w.at = 1;
        w.issue_mem(Class::Vmem, Some(Regs::V(1, 1)), false);
        w.at = 2;
        w.issue_mem(Class::Vmem, Some(Regs::V(2, 1)), false);
        w.at = 3;
        w.issue_mem(Class::Smem, Some(Regs::S(4, 2)), false);
        assert!(w.check_read(Regs::V(1, 1)).is_err());
        w.waitcnt(1, 15);
        assert!(w.check_read(Regs::V(1, 1)).is_ok());
        assert!(w.check_read(Regs::V(2, 1)).is_err());
        w.waitcnt(63, 1);
        assert!(
            w.check_read(Regs::S(5, 1)).is_err(),
            "SMEM needs lgkmcnt(0)"
        );
        w.waitcnt(63, 0);
        assert!(w.check_read(Regs::S(4, 2)).is_ok());
        assert!(matches!(
            w.check_read(Regs::V(2, 1)),
            Err(Fault::Pending { producer: 2, .. })
        ));
        w.wait_all();
        assert!(w.check_read(Regs::V(2, 1)).is_ok());
    }

    #[test]
    fn overwriting_a_pending_register_is_refused() {
        let mut w = Wave::new(8, 0);
        w.issue_mem(Class::Vmem, Some(Regs::V(3, 2)), false);
        assert!(w.check_vwrite(4, 1).is_err());
        assert!(w.check_load_dest(Regs::V(3, 1), Class::Vmem).is_ok());
        assert!(w.check_load_dest(Regs::V(3, 1), Class::Flat).is_err());
        assert!(w.check_vwrite(8, 1).is_err(), "beyond the allocation");
    }

    #[test]
    fn a_reset_wave_is_a_new_wave() {
        let mut w = Wave::new(8, 3);
        w.s[5] = 1;
        w.v[7][3] = 9;
        w.scc = true;
        w.pc = 4;
        w.status = Status::Done;
        w.at = 2;
        w.issue += 10;
        w.issue_mem(Class::Vmem, Some(Regs::V(1, 2)), true);
        w.note_valu_sgpr(10, 1);
        w.note_salu_m0();
        w.note_setreg(3);
        w.note_wide_store(Regs::V(4, 4));
        w.reset(5, 7);
        // Debug shows every field.
        assert_eq!(format!("{w:?}"), format!("{:?}", Wave::new(5, 7)));
    }

    #[test]
    fn wait_states_count_issued_instructions() {
        let mut w = Wave::new(4, 0);
        w.at = 7;
        w.note_valu_sgpr(10, 1);
        w.issue += 3;
        let e = w.need_after_valu_sgpr(10, 1, 5, "x", "r").unwrap_err();
        assert!(matches!(
            e,
            Fault::Hazard {
                have: 2,
                need: 5,
                producer: 7,
                ..
            }
        ));
        w.issue += 3;
        assert!(w.need_after_valu_sgpr(10, 1, 5, "x", "r").is_ok());
    }
}
