//! Per-output taint: which output dwords a *tolerated* value reaches.
//!
//! `ilc check` compares a target's outputs with the reference interpreter's. An output that
//! no tolerated operation (one the accuracy table lets a target compute with an error, such
//! as `sin` or `div`) reaches must be bit-exact; only the others may differ within a
//! tolerance. A tainted run ([`super::Interpreter::run_kernel_tainted`]) keeps, beside every
//! value, the [`Origin`] of the first tolerated instruction that reached it: a shadow of the
//! registers and indexed temporaries in the wavefront ([`WaveTaint`]) and of every memory
//! that can be written (UAVs, LDS, GDS, the global buffer, shared registers: [`MemTaint`]).
//!
//! Propagation (the rules, each an over-approximation where precision would cost a second
//! model of the instruction):
//! - an ALU result component merges the taint of the source components that feed it
//!   ([`crate::interp::alu::reads`]: component-wise opcodes are precise per component, every
//!   other shape merges everything it read), plus the instruction's own origin when it is a
//!   taint source ([`is_source`]); modifiers keep the taint;
//! - a relative index's taint joins the value read through it; a write through a tainted
//!   index taints the whole indexed temporary array (for the lane) or the whole global buffer;
//! - a load merges its address's taint with the stored dwords'; a store writes its data's
//!   taint, and a store (or atomic) whose address is tainted taints its whole target buffer;
//!   an atomic merges address, data and old value;
//! - control: a lane that evaluates a tainted condition (any flow instruction's input) is
//!   *control-tainted* for the rest of its run: whatever it writes afterwards carries that
//!   taint, a pixel lane's outputs are all tainted, and every UAV, LDS, GDS and the global
//!   buffer become wholly tainted. Coarse, but sound: a different path might have written
//!   (or not written) any of them, and a store on a path not taken leaves no trace to follow.
//!
//! The taint is off unless asked for: the interpreter keeps it behind an `Option` and tests
//! it once per instruction.

use il_frontend::diag::Span;
use il_frontend::opcode::Opcode;

use super::kernel::Kernel;
use super::wave::{Lanes, Lanes4, WAVE, ZERO4};
use crate::accuracy::{tolerance, Tolerance};

/// Where a tainted value comes from: 0 is clean, otherwise 1 + the index in the lowered
/// kernel of the first tolerated instruction that reached it.
pub type Origin = u32;

/// Clean.
pub const CLEAN: Origin = 0;

/// The merge of two origins: clean if both are, else the smaller nonzero one (the earliest
/// tolerated instruction in program order), so that a merge is commutative and a message
/// deterministic.
#[inline]
pub fn merge(a: Origin, b: Origin) -> Origin {
    // 0 wraps to the largest value, so that `min` prefers any origin to clean.
    a.wrapping_sub(1).min(b.wrapping_sub(1)).wrapping_add(1)
}

/// Merges `b` into `a`, lane by lane.
#[inline]
pub fn merge_lanes(a: &mut Lanes, b: &Lanes) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x = merge(*x, y);
    }
}

/// The merge of every lane of `a`.
pub fn any(a: &Lanes) -> Origin {
    a.iter().fold(CLEAN, |m, &x| merge(m, x))
}

/// Whether `op` is a taint source: an instruction whose tolerance lets a target's result
/// differ from the reference's (`Ulp`, `Abs`, `AbsOrUlp`, `DoubleUlp`). `Bits`, `Exact`,
/// `Half` and `DoubleExact` fix the result exactly. `Unchecked` opcodes (derivatives,
/// `noise`, `cu_id`) are no source either: the check compares their results exactly today,
/// and the targets agree with the reference on them (a derivative of the model's fixed
/// quad layout, noise and `cu_id` as the reference's constants), so that exactness is kept.
pub fn is_source(op: Opcode) -> bool {
    matches!(
        tolerance(op),
        Tolerance::Ulp(_)
            | Tolerance::Abs(_)
            | Tolerance::AbsOrUlp { .. }
            | Tolerance::DoubleUlp(_)
    )
}

/// The origin of instruction `pc` of a kernel.
pub fn origin_of(pc: usize) -> Origin {
    pc as Origin + 1
}

/// What an origin names: the instruction's mnemonic and its span in the IL source.
pub fn describe(kernel: &Kernel, origin: Origin) -> Option<(&'static str, Span)> {
    let inst = kernel.code.get(origin.checked_sub(1)? as usize)?;
    Some((inst.opcode.mnemonic(), inst.span))
}

/// The taint shadow of a wavefront.
#[derive(Clone, Debug)]
pub struct WaveTaint {
    pub regs: Vec<Lanes4>,
    pub itemps: Vec<Lanes4>,
    /// Per lane, the taint of every condition the lane evaluated (see the module comment).
    pub control: Lanes,
}

impl WaveTaint {
    pub fn new(kernel: &Kernel) -> WaveTaint {
        WaveTaint {
            regs: vec![ZERO4; kernel.slots.len()],
            itemps: vec![ZERO4; kernel.decls.itemp_elements as usize],
            control: [CLEAN; WAVE],
        }
    }

    /// Everything clean, for a new wavefront (whose registers start from inputs).
    pub fn clear(&mut self) {
        self.regs.iter_mut().for_each(|r| *r = ZERO4);
        self.itemps.iter_mut().for_each(|r| *r = ZERO4);
        self.control = [CLEAN; WAVE];
    }
}

/// A memory the taint follows per dword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// A UAV buffer, by its index in `Memory::uav_buffers`.
    Uav(usize),
    Lds,
    Gds,
}

/// What an access did to a dword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    /// The whole dword replaced.
    Write,
    /// Some bytes of it replaced (byte and short stores): the others keep their taint.
    WritePart,
}

/// One dword access of a memory instruction, recorded by [`super::memory::Memory`] during
/// a tainted run so that the executor can move the taint as the values moved, without a
/// second copy of every addressing rule.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    pub region: Region,
    pub dword: usize,
    pub lane: u8,
    /// The result or data component, or [`ALL_COMPONENTS`] for a scalar result replicated
    /// to every component.
    pub comp: u8,
    pub kind: AccessKind,
}

/// [`Access::comp`] of a scalar load whose value is broadcast.
pub const ALL_COMPONENTS: u8 = 4;

/// The taint shadow of the dispatch's memory.
#[derive(Clone, Debug, Default)]
pub struct MemTaint {
    /// Per UAV buffer (as `Memory::uav_buffers`), one origin per dword.
    pub uav: Vec<Vec<Origin>>,
    /// Per UAV buffer, a taint of every dword (a store through a tainted address, a
    /// control-tainted lane).
    pub uav_whole: Vec<Origin>,
    pub lds: Vec<Origin>,
    pub lds_whole: Origin,
    pub gds: Vec<Origin>,
    pub gds_whole: Origin,
    pub global: Vec<[Origin; 4]>,
    pub global_whole: Origin,
    pub shared: Vec<Lanes4>,
    /// The taint of the append-buffer counters: what a lane gets from one depends on how
    /// many lanes came before it, which a control-tainted lane may have changed.
    pub counters: Origin,
    /// Per render target, one origin per pixel component (a pixel run).
    pub render_targets: std::collections::BTreeMap<u32, Vec<[Origin; 4]>>,
    /// The accesses of the memory instruction running now.
    pub log: Vec<Access>,
}

impl MemTaint {
    /// A clean shadow of memory of these sizes (bytes for UAVs, LDS and GDS).
    pub fn new(uav_bytes: &[usize], lds: usize, gds: usize, global: usize, shared: usize) -> Self {
        MemTaint {
            uav: uav_bytes
                .iter()
                .map(|&b| vec![CLEAN; b.div_ceil(4)])
                .collect(),
            uav_whole: vec![CLEAN; uav_bytes.len()],
            lds: vec![CLEAN; lds.div_ceil(4)],
            lds_whole: CLEAN,
            gds: vec![CLEAN; gds.div_ceil(4)],
            gds_whole: CLEAN,
            global: vec![[CLEAN; 4]; global],
            global_whole: CLEAN,
            shared: vec![ZERO4; shared],
            counters: CLEAN,
            render_targets: std::collections::BTreeMap::new(),
            log: Vec::new(),
        }
    }

    /// Taints every dword of every memory a lane could write: what a control-tainted lane
    /// does (see the module comment).
    pub fn taint_all(&mut self, t: Origin) {
        for w in &mut self.uav_whole {
            *w = merge(*w, t);
        }
        self.lds_whole = merge(self.lds_whole, t);
        self.gds_whole = merge(self.gds_whole, t);
        self.global_whole = merge(self.global_whole, t);
        self.counters = merge(self.counters, t);
        for r in &mut self.shared {
            for c in r.iter_mut() {
                for x in c.iter_mut() {
                    *x = merge(*x, t);
                }
            }
        }
    }

    /// The taint of a whole region.
    pub fn whole(&self, r: Region) -> Origin {
        match r {
            Region::Uav(i) => self.uav_whole.get(i).copied().unwrap_or(CLEAN),
            Region::Lds => self.lds_whole,
            Region::Gds => self.gds_whole,
        }
    }

    /// Taints a whole region.
    pub fn taint_region(&mut self, r: Region, t: Origin) {
        match r {
            Region::Uav(i) => {
                if let Some(w) = self.uav_whole.get_mut(i) {
                    *w = merge(*w, t);
                }
            }
            Region::Lds => self.lds_whole = merge(self.lds_whole, t),
            Region::Gds => self.gds_whole = merge(self.gds_whole, t),
        }
    }

    /// The dwords of a region.
    pub fn dwords(&mut self, r: Region) -> &mut [Origin] {
        match r {
            Region::Uav(i) => self.uav.get_mut(i).map_or(&mut [][..], |v| &mut v[..]),
            Region::Lds => &mut self.lds,
            Region::Gds => &mut self.gds,
        }
    }
}

/// One origin per output dword of a tainted run, in the order `ilc check` flattens the
/// outputs (`runtime::dwords` of a UAV's bytes, `runtime::flatten` of a render target or the
/// global buffer): [`CLEAN`] where no tolerated value reached the dword.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputTaint {
    pub uavs: std::collections::BTreeMap<u32, Vec<Origin>>,
    pub render_targets: std::collections::BTreeMap<u32, Vec<Origin>>,
    pub global: Option<Vec<Origin>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_keeps_the_first_origin_and_clean_is_neutral() {
        assert_eq!(merge(CLEAN, CLEAN), CLEAN);
        assert_eq!(merge(CLEAN, 7), 7);
        assert_eq!(merge(7, CLEAN), 7);
        assert_eq!(merge(7, 3), 3);
        assert_eq!(merge(3, 7), 3);
        assert_eq!(merge(u32::MAX, CLEAN), u32::MAX);
    }

    use crate::interp::kernel;
    use crate::runtime::{dwords, Bindings, Dispatch};
    use crate::Interpreter;

    /// Runs a one-group compute program of 64 work-items over raw UAV 11 (2048 dwords of
    /// 1.5) with taint; returns the UAV's dwords, their taint and the lowered kernel.
    fn run(src: &str) -> (Vec<u32>, Vec<Origin>, Kernel) {
        let (program, diags, _) = il_frontend::read(src.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let kernel = kernel::lower(&program).expect("lowers");
        let mut b = Bindings::default();
        let bytes: Vec<u8> = (0..2048)
            .flat_map(|_| 1.5f32.to_bits().to_le_bytes())
            .collect();
        b.uavs.insert(11, bytes);
        let dispatch = Dispatch::Grid {
            global: [64, 1, 1],
            group: Some([64, 1, 1]),
            dims: 1,
        };
        // The values are those of a normal run.
        let mut plain = b.clone();
        Interpreter::default()
            .run_kernel(&kernel, &mut plain, dispatch)
            .expect("runs");
        let (_, t) = Interpreter::default()
            .run_kernel_tainted(&kernel, &mut b, dispatch)
            .expect("runs");
        assert_eq!(plain, b, "a tainted run computes what a normal run does");
        let values = dwords(&b.uavs[&11]);
        let taint = t.uavs[&11].clone();
        assert_eq!(values.len(), taint.len());
        (values, taint, kernel)
    }

    fn named(kernel: &Kernel, o: Origin) -> &'static str {
        describe(kernel, o).map_or("clean", |(m, _)| m)
    }

    const HEAD: &str = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\n\
                        dcl_literal l0, 4, 16, 256, 7\n\
                        dcl_literal l1, 0x40000000, 0, 0, 0\n\
                        imul r1.x, vAbsTidFlat.x, l0.y\n\
                        uav_raw_load_id(11) r0, r1.x\n";

    /// `sin r0.y` taints r0.y and nothing else of r0: a store of r0.xy has a clean .x.
    #[test]
    fn taint_is_per_component() {
        let src = format!(
            "{HEAD}sin r0.y, r0.y\nmov r2, r0\nuav_raw_store_id(11) mem.xy__, r1.x, r2\nend\n"
        );
        let (_, t, k) = run(&src);
        for i in 0..64 {
            assert_eq!(t[4 * i], CLEAN, "item {i} .x");
            assert_eq!(named(&k, t[4 * i + 1]), "sin", "item {i} .y");
            assert_eq!(t[4 * i + 2], CLEAN, "item {i} .z (not written)");
        }
        // Past the 64 items nothing was written.
        assert!(t[256..].iter().all(|&o| o == CLEAN));
    }

    /// Through LDS: a tainted value stored and loaded back is tainted, a clean one stored
    /// beside it is not.
    #[test]
    fn taint_goes_through_lds() {
        let src = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\ndcl_lds_id(0) 512\n\
             dcl_literal l0, 4, 16, 256, 7\n\
             imul r1.x, vAbsTidFlat.x, l0.y\n\
             uav_raw_load_id(11) r0, r1.x\n\
             sin r0.y, r0.x\n\
             imul r3.x, vTidInGrpFlat.x, l0.x\n\
             iadd r3.y, r3.x, l0.z\n\
             lds_store_id(0) r3.x, r0.y\n\
             lds_store_id(0) r3.y, vAbsTidFlat.x\n\
             fence_threads_lds\n\
             lds_load_id(0) r4.x, r3.x\n\
             lds_load_id(0) r4.y, r3.y\n\
             uav_raw_store_id(11) mem.xy__, r1.x, r4\nend\n";
        let (v, t, k) = run(src);
        for i in 0..64 {
            assert_eq!(named(&k, t[4 * i]), "sin", "item {i} .x");
            assert_eq!(t[4 * i + 1], CLEAN, "item {i} .y");
            assert_eq!(v[4 * i + 1], i as u32);
        }
    }

    /// Through UAV memory: a tainted dword stored and loaded back (by another work-item)
    /// is tainted; a float converted to an integer stays tainted.
    #[test]
    fn taint_goes_through_uav_memory_and_conversions() {
        let src = format!(
            "{HEAD}sin r0.x, r0.x\n\
             ftoi r0.x, r0.x\n\
             iadd r5.x, r1.x, l2.x\n\
             uav_raw_store_id(11) mem.x___, r5.x, r0.x\n\
             fence_memory\n\
             ixor r6.x, vAbsTidFlat.x, l2.y\n\
             imul r6.x, r6.x, l0.y\n\
             iadd r6.x, r6.x, l2.x\n\
             uav_raw_load_id(11) r6.x, r6.x\n\
             mov r6.y, r5.x\n\
             uav_raw_store_id(11) mem.xy__, r1.x, r6\n\
             end\n"
        );
        let src = src.replace("imul r1.x", "dcl_literal l2, 4096, 1, 0, 0\nimul r1.x");
        let (_, t, k) = run(&src);
        for i in 0..64 {
            // Item i stores the converted sin at dword 1024 + 4i, then copies what its
            // neighbour i ^ 1 stored to dword 4i, and an integer beside it.
            assert_eq!(named(&k, t[1024 + 4 * i]), "sin", "item {i} stored");
            assert_eq!(named(&k, t[4 * i]), "sin", "item {i} copied");
            assert_eq!(t[4 * i + 1], CLEAN, "item {i} .y");
        }
        assert_eq!(t[2000], CLEAN);
    }

    /// A relative index that is tainted taints the value read through it, although the
    /// element itself is clean.
    #[test]
    fn a_tainted_index_taints_the_value() {
        let src = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\n\
             dcl_indexed_temp_array x0[4]\n\
             dcl_literal l0, 4, 16, 256, 7\n\
             imul r1.x, vAbsTidFlat.x, l0.y\n\
             uav_raw_load_id(11) r0, r1.x\n\
             mov x0[0], l0\n\
             mov x0[1], l0\n\
             sin r2.x, r0.x\n\
             ftoi r2.x, r2.x\n\
             mov r3.x, x0[r2.x].w\n\
             mov r3.y, x0[1].w\n\
             uav_raw_store_id(11) mem.xy__, r1.x, r3\n\
             end\n";
        let (v, t, k) = run(src);
        for i in 0..64 {
            // sin of 1.5 is below 1: the index is 0, element 0 holds 7.
            assert_eq!(v[4 * i], 7);
            assert_eq!(named(&k, t[4 * i]), "sin", "item {i} .x");
            assert_eq!(t[4 * i + 1], CLEAN, "item {i} .y");
        }
    }

    /// A lane that branches on a tainted value is control-tainted: what it writes
    /// afterwards is tainted even when the value written is a literal, and so is every
    /// UAV dword (another path might have written it).
    #[test]
    fn a_tainted_condition_taints_what_follows() {
        let src = format!(
            "{HEAD}mov r7.x, l0.w\n\
             uav_raw_store_id(11) mem.x___, r1.x, r7.x\n\
             sin r2.x, r0.x\n\
             lt r2.y, r2.x, l1.x\n\
             if_logicalnz r2.y\n\
                 mov r7.x, l0.z\n\
             endif\n\
             iadd r5.x, r1.x, l0.x\n\
             uav_raw_store_id(11) mem.x___, r5.x, r7.x\n\
             end\n"
        );
        let (v, t, k) = run(&src);
        for i in 0..64 {
            assert_eq!(v[4 * i + 1], 256, "item {i} took the branch");
            assert_eq!(named(&k, t[4 * i + 1]), "sin", "item {i} after the if");
            // Written before the branch, but the whole UAV is tainted afterwards.
            assert_eq!(named(&k, t[4 * i]), "sin", "item {i} before the if");
        }
        assert_eq!(named(&k, t[2000]), "sin", "an untouched dword");
    }

    /// Without a tolerated instruction nothing is tainted, whatever the flow.
    #[test]
    fn exact_programs_are_clean() {
        let src = format!(
            "{HEAD}add r2.x, r0.x, r0.y\n\
             lt r2.y, r2.x, l0.x\n\
             if_logicalnz r2.y\n\
                 mul r2.x, r2.x, r0.z\n\
             endif\n\
             ftoi r2.z, r2.x\n\
             uav_raw_store_id(11) mem.xyz_, r1.x, r2\n\
             end\n"
        );
        let (_, t, _) = run(&src);
        assert!(t.iter().all(|&o| o == CLEAN));
    }

    /// A pixel kernel: an output component that a `sin` reaches is tainted, the others
    /// clean; after a condition on the `sin` (a `discard` that discards nothing), every
    /// output of every pixel is tainted.
    #[test]
    fn pixel_outputs_and_a_tainted_discard() {
        let run = |tail: &str| {
            let src = format!(
                "il_ps_2_0\ndcl_output_generic o0\ndcl_output_generic o1\ndcl_input vObjIndex0\n\
                 dcl_literal l0, 0x40000000, 0, 0, 0\n\
                 itof r0.x, vObjIndex0.x\n\
                 sin r1.x, r0.x\n\
                 mov o0, vObjIndex0\n\
                 mov r2, vObjIndex0\n\
                 mov r2.y, r1.x\n\
                 mov o1, r2\n{tail}end\n"
            );
            let (program, diags, _) = il_frontend::read(src.as_bytes());
            let program = program.unwrap_or_else(|| panic!("{diags:?}"));
            let kernel = kernel::lower(&program).expect("lowers");
            let mut b = Bindings::default();
            let dispatch = Dispatch::Domain {
                width: 10,
                height: 3,
            };
            let (_, t) = Interpreter::default()
                .run_kernel_tainted(&kernel, &mut b, dispatch)
                .expect("runs");
            assert_eq!(b.render_targets[&1].len(), 30);
            let name = |o: &Origin| named(&kernel, *o);
            let o0: Vec<_> = t.render_targets[&0].iter().map(name).collect();
            let o1: Vec<_> = t.render_targets[&1].iter().map(name).collect();
            (o0, o1)
        };
        let (o0, o1) = run("");
        assert_eq!(o0.len(), 120);
        assert!(o0.iter().all(|&n| n == "clean"));
        for (i, n) in o1.iter().enumerate() {
            assert_eq!(*n, if i % 4 == 1 { "sin" } else { "clean" }, "o1 dword {i}");
        }
        // sin < 2 everywhere: nothing is discarded, but every pixel branched on a sine.
        let (o0, o1) = run("lt r3.x, l0.x, r1.x\ndiscard_logicalnz r3.x\n");
        assert!(o0.iter().chain(&o1).all(|&n| n == "sin"));
    }

    #[test]
    fn sources_are_the_tolerated_opcodes() {
        assert!(is_source(Opcode::Sin));
        assert!(is_source(Opcode::Div));
        assert!(!is_source(Opcode::Add));
        assert!(!is_source(Opcode::IAdd));
        assert!(!is_source(Opcode::Ftoi));
        assert!(!is_source(Opcode::CuId));
    }
}
