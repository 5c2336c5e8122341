//! The gfx906 (GCN "Vega" 7nm) device model: it runs machine code, as bytes, the way the
//! hardware would, so that what the GCN backend (or LLVM) produced can be checked.
//!
//! The code is decoded once with `backend_gcn::isa` (`program`), then every work-group
//! runs its wave64 wavefronts (`exec`): scalar ALU and control flow (`salu`), vector
//! ALU on whole wavefronts (`valu`), scalar, LDS, buffer and flat/global/scratch memory
//! (`vmem`). The model is strict where real hardware silently computes garbage: a
//! register read before the `s_waitcnt` that retires its load, a missing wait state of
//! the manual hazard table, an access to unmapped memory or an `s_barrier` with memory
//! writes in flight are refused with a [`RunError`] naming the instruction (byte offset
//! and text); see `wave` for exactly which rules are checked.
//!
//! Launch conventions are AMDHSA's as LLVM emits them for `-mtriple=amdgcn-amd-amdhsa
//! -mcpu=gfx906` (spec/digest/abi-facts.md §4, written up in `docs/abi.md`, "GCN
//! (gfx906)"): [`run_code_object`] takes the ELF `llc -filetype=obj` writes, finds
//! `<kernel>` and its descriptor `<kernel>.kd`, and sets up each wave from the
//! descriptor's enable bits. Global memory is one 64-bit address space
//! ([`GlobalMemory`]) in which the caller allocates buffers before the launch and puts
//! their addresses into the kernel arguments.
//!
//! Pixel shaders are launched with [`run_pixel_code_object`] (module `pixel`): waves of 8 x 8
//! pixels set up from the PS registers the code object carries, whose `exp` instructions
//! write colour targets (module `export`).
//!
//! ```no_run
//! use runtime_sim::gcn::{run_code_object, GcnLaunch, GlobalMemory};
//! # let elf: Vec<u8> = Vec::new();
//! let mut mem = GlobalMemory::new();
//! let a = mem.alloc(&[0u8; 256]);
//! let mut kernargs = Vec::new();
//! kernargs.extend_from_slice(&a.to_le_bytes());
//! let launch = GcnLaunch::new(kernargs, [64, 1, 1], [64, 1, 1]);
//! let report = run_code_object(&elf, "my_kernel", &mut mem, &launch)?;
//! let out = mem.buffer(a).unwrap();
//! # Ok::<(), runtime_sim::RunError>(())
//! ```

pub mod code_object;
mod exec;
mod export;
mod image;
pub mod memory;
pub mod pixel;
#[cfg(test)]
mod pixel_tests;
mod program;
mod salu;
mod valu;
mod vmem;
mod wave;

pub use code_object::{load_kernel, Kernel, KernelDescriptor};
pub use export::{ColorTarget, COL_FORMAT_32_ABGR};
pub use memory::GlobalMemory;
pub use pixel::{
    load_pixel_shader, run_pixel, run_pixel_code_object, PixelLaunch, PixelShader, PsRegisters,
};
pub use valu::{lane32, lane64};

use crate::runtime::{RunError, RunReport};

/// The default bound on instructions one wave may run between barriers.
pub const DEFAULT_STEP_LIMIT: u64 = 50_000_000;

/// One dispatch: the kernel arguments and the shape of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcnLaunch {
    /// The kernarg segment, byte for byte (pointers are addresses from [`GlobalMemory`]).
    pub kernargs: Vec<u8>,
    /// Grid size in work-items per dimension (HSA counts work-items, not groups).
    pub grid: [u32; 3],
    /// Work-group size per dimension.
    pub group: [u32; 3],
    /// LDS bytes per group beyond the descriptor's static size.
    pub dynamic_lds: u32,
    /// Instructions a wave may run between barriers before the run is stopped.
    pub step_limit: u64,
}

impl GcnLaunch {
    pub fn new(kernargs: Vec<u8>, grid: [u32; 3], group: [u32; 3]) -> GcnLaunch {
        GcnLaunch {
            kernargs,
            grid,
            group,
            dynamic_lds: 0,
            step_limit: DEFAULT_STEP_LIMIT,
        }
    }
}

/// Runs `kernel` of an AMDGPU code object (relocatable or linked ELF).
pub fn run_code_object(
    elf: &[u8],
    kernel: &str,
    mem: &mut GlobalMemory,
    launch: &GcnLaunch,
) -> Result<RunReport, RunError> {
    run_prepared(&prepare_code_object(elf, kernel)?, mem, launch)
}

/// A kernel decoded once from its bytes (the launch-independent part of [`run`]): prepare
/// it with [`prepare`] or [`prepare_code_object`] and launch it with [`run_prepared`] as
/// many times as wanted.
#[derive(Clone, Debug)]
pub struct Prepared {
    program: program::Program,
    descriptor: KernelDescriptor,
}

impl Prepared {
    /// The kernel descriptor the kernel runs with.
    pub fn descriptor(&self) -> &KernelDescriptor {
        &self.descriptor
    }
}

/// Loads `kernel` from an AMDGPU code object and decodes its code.
pub fn prepare_code_object(elf: &[u8], kernel: &str) -> Result<Prepared, RunError> {
    let k = load_kernel(elf, kernel)?;
    prepare(&k.code, &k.descriptor)
}

/// Decodes machine code (starting at its entry point) for the kernel descriptor `kd`.
pub fn prepare(code: &[u8], kd: &KernelDescriptor) -> Result<Prepared, RunError> {
    Ok(Prepared {
        program: program::Program::new(code)?,
        descriptor: *kd,
    })
}

/// Runs a [`Prepared`] kernel over the launch's grid.
pub fn run_prepared(
    k: &Prepared,
    mem: &mut GlobalMemory,
    launch: &GcnLaunch,
) -> Result<RunReport, RunError> {
    exec::dispatch(&k.program, &k.descriptor, mem, launch)
}

/// Runs machine code (starting at its entry point) with the given kernel descriptor.
pub fn run(
    code: &[u8],
    kd: &KernelDescriptor,
    mem: &mut GlobalMemory,
    launch: &GcnLaunch,
) -> Result<RunReport, RunError> {
    run_prepared(&prepare(code, kd)?, mem, launch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use backend_gcn::isa::assemble;

    /// A descriptor for hand-written code: kernarg pointer in `s[0:1]`, work-group id X in
    /// s2, work-item id X in v0, 8 VGPRs.
    fn kd() -> KernelDescriptor {
        KernelDescriptor {
            kernarg_size: 8,
            compute_pgm_rsrc1: 1,
            compute_pgm_rsrc2: 2 << 1 | 1 << 7,
            kernel_code_properties: 1 << 3,
            ..Default::default()
        }
    }

    fn words(mem: &GlobalMemory, a: u64, n: usize) -> Vec<u32> {
        mem.buffer(a).unwrap()[..4 * n]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    // if (tid & 1) v2 = 7 else v2 = 9; out[tid] = v2 -- the exec-mask if/else LLVM emits.
    const IF_ELSE: &str = "\
        s_load_dwordx2 s[4:5], s[0:1], 0x0
        v_and_b32_e32 v1, 1, v0
        v_cmp_eq_u32_e32 vcc, 1, v1
        s_and_saveexec_b64 s[6:7], vcc
        s_xor_b64 s[6:7], exec, s[6:7]
        s_cbranch_execz 1
        v_mov_b32_e32 v2, 7
        s_or_saveexec_b64 s[6:7], s[6:7]
        s_xor_b64 exec, exec, s[6:7]
        s_cbranch_execz 1
        v_mov_b32_e32 v2, 9
        s_or_b64 exec, exec, s[6:7]
        v_lshlrev_b32_e32 v3, 2, v0
        s_waitcnt lgkmcnt(0)
        global_store_dword v3, v2, s[4:5]
        s_endpgm";

    #[test]
    fn exec_mask_if_else_and_execz_skips() {
        let code = assemble(IF_ELSE).unwrap();
        for items in [64u32, 1, 37] {
            let mut mem = GlobalMemory::new();
            let out = mem.alloc_zeroed(256);
            let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [items, 1, 1], [64, 1, 1]);
            let r = run(&code, &kd(), &mut mem, &l).unwrap();
            let got = words(&mem, out, 64);
            for (i, &g) in got.iter().enumerate() {
                let want = if i as u32 >= items {
                    0
                } else if i % 2 == 1 {
                    7
                } else {
                    9
                };
                assert_eq!(g, want, "lane {i} of {items}");
            }
            if items == 1 {
                // Lane 0 is even: the then-block is skipped by s_cbranch_execz.
                assert_eq!(r.wave_instructions, 15);
            }
        }
    }

    #[test]
    fn scc_drives_a_scalar_loop() {
        // s9 = sum of 0..9 with s_cmp/s_cbranch_scc1, then a 64-bit carry with s_addc.
        let code = assemble(
            "s_load_dwordx2 s[4:5], s[0:1], 0x0
             s_mov_b32 s8, 0
             s_mov_b32 s9, 0
             s_add_u32 s9, s9, s8
             s_add_u32 s8, s8, 1
             s_cmp_lt_u32 s8, 10
             s_cbranch_scc1 65532
             s_mov_b32 s10, -1
             s_add_u32 s10, s10, 2
             s_addc_u32 s11, 0, 0
             v_mov_b32_e32 v1, s9
             v_mov_b32_e32 v2, s11
             v_mov_b32_e32 v3, 0
             s_waitcnt lgkmcnt(0)
             global_store_dwordx2 v3, v[1:2], s[4:5]
             s_endpgm",
        )
        .unwrap();
        let mut mem = GlobalMemory::new();
        let out = mem.alloc_zeroed(8);
        let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [1, 1, 1], [1, 1, 1]);
        run(&code, &kd(), &mut mem, &l).unwrap();
        assert_eq!(words(&mem, out, 2), vec![45, 1]);
    }

    fn vsharp(base: u64) -> Vec<u8> {
        let d = [base as u32, (base >> 32) as u32 & 0xffff, 256, 0];
        d.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn valu_sgpr_write_then_vmem_read_needs_five_wait_states() {
        let body = |nops: &str| {
            format!(
                "s_load_dwordx4 s[4:7], s[0:1], 0x0
                 s_waitcnt lgkmcnt(0)
                 v_mov_b32_e32 v1, s4
                 v_readfirstlane_b32 s4, v1
                 {nops}
                 buffer_store_dword v0, off, s[4:7], 0
                 s_endpgm"
            )
        };
        let mut k = kd();
        k.kernarg_size = 16;
        for (nops, ok) in [("", false), ("s_nop 3", false), ("s_nop 4", true)] {
            let code = assemble(&body(nops)).unwrap();
            let mut mem = GlobalMemory::new();
            let out = mem.alloc_zeroed(256);
            let l = GcnLaunch::new(vsharp(out), [64, 1, 1], [64, 1, 1]);
            let r = run(&code, &k, &mut mem, &l);
            match (ok, r) {
                (true, Ok(_)) => {}
                (false, Err(RunError::Fault(m))) => {
                    assert!(
                        m.contains("buffer_store_dword") && m.contains("v_readfirstlane_b32"),
                        "{m}"
                    );
                    assert!(m.contains("row 9"), "{m}");
                }
                (ok, r) => panic!("{nops}: expected ok={ok}, got {r:?}"),
            }
        }
    }

    #[test]
    fn barrier_refuses_writes_in_flight_and_releases_all_waves() {
        // Wave 1 stores its id to LDS, all waves meet at the barrier, then every lane of
        // every wave reads wave 1's value.
        let good = "\
            v_mov_b32_e32 v1, 0x100
            v_lshrrev_b32_e32 v2, 6, v0
            ds_write_b32 v1, v2
            s_waitcnt lgkmcnt(0)
            s_barrier
            ds_read_b32 v3, v1
            s_load_dwordx2 s[4:5], s[0:1], 0x0
            v_lshlrev_b32_e32 v4, 2, v0
            s_waitcnt lgkmcnt(0)
            global_store_dword v4, v3, s[4:5]
            s_endpgm";
        let mut k = kd();
        k.group_segment_fixed_size = 1024;
        let code = assemble(good).unwrap();
        let mut mem = GlobalMemory::new();
        let out = mem.alloc_zeroed(4 * 128);
        let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [128, 1, 1], [128, 1, 1]);
        run(&code, &k, &mut mem, &l).unwrap();
        // Both waves wrote before the barrier; the last writer is wave 1.
        assert!(words(&mem, out, 128).iter().all(|&x| x == 1));

        let bad = good.replace("s_waitcnt lgkmcnt(0)\n            s_barrier", "s_barrier");
        let code = assemble(&bad).unwrap();
        let mut mem = GlobalMemory::new();
        let out = mem.alloc_zeroed(4 * 128);
        let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [128, 1, 1], [128, 1, 1]);
        let e = run(&code, &k, &mut mem, &l).unwrap_err();
        assert!(
            e.to_string().contains("s_barrier while the memory write"),
            "{e}"
        );
    }

    #[test]
    fn bad_launches_and_bad_code_are_errors() {
        let code = assemble("s_endpgm").unwrap();
        let mut mem = GlobalMemory::new();
        let l = GcnLaunch::new(vec![0; 8], [64, 1, 1], [2048, 1, 1]);
        assert!(matches!(
            run(&code, &kd(), &mut mem, &l),
            Err(RunError::BadLaunch(_))
        ));
        let l = GcnLaunch::new(vec![], [64, 1, 1], [64, 1, 1]);
        assert!(matches!(
            run(&code, &kd(), &mut mem, &l),
            Err(RunError::BadLaunch(_))
        ));
        let l = GcnLaunch::new(vec![0; 8], [64, 1, 1], [64, 1, 1]);
        assert!(run(&[1, 2, 3], &kd(), &mut mem, &l).is_err());
        // Falling off the end, and an endless loop under a step limit.
        let code = assemble("s_nop 0").unwrap();
        assert!(run(&code, &kd(), &mut mem, &l).is_err());
        let code = assemble("s_branch 65535").unwrap();
        let mut l2 = l.clone();
        l2.step_limit = 1000;
        let e = run(&code, &kd(), &mut mem, &l2).unwrap_err();
        assert!(e.to_string().contains("step limit"), "{e}");
        // A store to an unmapped address.
        let code = assemble(
            "v_mov_b32_e32 v1, 0\nv_mov_b32_e32 v2, 0\nglobal_store_dword v[1:2], v0, off\ns_endpgm",
        )
        .unwrap();
        let e = run(&code, &kd(), &mut mem, &l).unwrap_err();
        assert!(e.to_string().contains("memory violation"), "{e}");
    }

    #[test]
    fn div_fmas_needs_four_wait_states_after_vcc() {
        for (nops, ok) in [("", false), ("s_nop 2", false), ("s_nop 3", true)] {
            let code = assemble(&format!(
                "v_cvt_f32_u32_e32 v0, v0
                 v_add_f32_e32 v0, 1.0, v0
                 v_div_scale_f32 v1, vcc, v0, v0, v0
                 {nops}
                 v_div_fmas_f32 v2, v1, v1, v1
                 s_endpgm"
            ))
            .unwrap();
            let mut mem = GlobalMemory::new();
            let l = GcnLaunch::new(vec![0; 8], [64, 1, 1], [64, 1, 1]);
            let r = run(&code, &kd(), &mut mem, &l);
            assert_eq!(r.is_ok(), ok, "{nops}: {r:?}");
            if let Err(e) = r {
                assert!(e.to_string().contains("row 7"), "{e}");
            }
        }
    }

    #[test]
    fn random_code_never_panics() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        // Opcode-space prefixes of the formats the model executes, so that many programs
        // decode and run for a while.
        let prefixes = [
            0x0000_0000u32,
            0x7e00_0000,
            0x7c00_0000,
            0xbe80_0000,
            0x8000_0000,
            0xbf80_0000,
            0xd000_0000,
            0xdc00_0000,
            0xd800_0000,
            0xc000_0000,
            0xe000_0000,
        ];
        let mut ran = 0;
        for _ in 0..3000 {
            let n = (next() % 12 + 1) as usize;
            let mut code = Vec::new();
            for _ in 0..n {
                let p = prefixes[(next() % prefixes.len() as u64) as usize];
                let w = (next() as u32 & 0x03ff_ffff) | p;
                code.extend_from_slice(&w.to_le_bytes());
                code.extend_from_slice(&(next() as u32).to_le_bytes());
            }
            code.extend_from_slice(&0xBF81_0000u32.to_le_bytes());
            let mut mem = GlobalMemory::new();
            let buf = mem.alloc_zeroed(4096);
            let mut l = GcnLaunch::new(buf.to_le_bytes().to_vec(), [64, 1, 1], [64, 1, 1]);
            l.step_limit = 200;
            if run(&code, &kd(), &mut mem, &l).is_ok() {
                ran += 1;
            }
        }
        assert!(ran > 0, "no random program ran to completion");
    }

    #[test]
    fn lds_two_address_atomic_and_permute() {
        // v1 = 4 * tid; lds[tid] = tid; lds[64 + tid] = 100 + tid (one ds_write2);
        // v3, v4 = lds[tid], lds[64 + tid] (one ds_read2); an atomic add returning the old
        // value; ds_bpermute reads lane (63 - tid).
        let code = assemble(
            "v_lshlrev_b32_e32 v1, 2, v0
             v_add_u32_e32 v2, 0x64, v0
             ds_write2_b32 v1, v0, v2 offset1:64
             s_waitcnt lgkmcnt(0)
             ds_read2_b32 v[3:4], v1 offset1:64
             v_mov_b32_e32 v5, 0
             v_mov_b32_e32 v6, 2
             ds_add_rtn_u32 v7, v5, v6 offset:1024
             v_sub_u32_e32 v2, 63, v0
             v_lshlrev_b32_e32 v2, 2, v2
             s_waitcnt lgkmcnt(0)
             ds_bpermute_b32 v2, v2, v4
             s_load_dwordx2 s[4:5], s[0:1], 0x0
             v_lshlrev_b32_e32 v1, 4, v0
             s_waitcnt lgkmcnt(0)
             v_mov_b32_e32 v5, v7
             global_store_dwordx4 v1, v[2:5], s[4:5]
             s_endpgm",
        )
        .unwrap();
        let mut k = kd();
        k.group_segment_fixed_size = 2048;
        let mut mem = GlobalMemory::new();
        let out = mem.alloc_zeroed(16 * 64);
        let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [64, 1, 1], [64, 1, 1]);
        run(&code, &k, &mut mem, &l).unwrap();
        let got = words(&mem, out, 4 * 64);
        let mut olds: Vec<u32> = (0..64).map(|t| got[4 * t + 3]).collect();
        olds.sort_unstable();
        assert_eq!(olds, (0..64).map(|t| 2 * t).collect::<Vec<u32>>());
        for t in 0..64u32 {
            let g = &got[4 * t as usize..4 * t as usize + 3];
            assert_eq!(g, &[100 + 63 - t, t, 100 + t], "lane {t}");
        }
    }

    /// DS byte/short stores and sign/zero-extending loads (vega 12.13: DS_WRITE_B8 "MEM[ADDR]
    /// = DATA\[7:0\]", DS_READ_I8 "signext(MEM[ADDR]\[7:0\])", DS_READ_U16 zero-extends),
    /// returning LDS atomics (DS_CMPST_RTN_B32 "(tmp == DATA) ? DATA2 : tmp", DS_MSKOR_RTN_B32
    /// "(tmp & ~DATA) | DATA2", DS_RSUB_RTN_U32 "DATA - tmp", each returning tmp), an LDS
    /// address past the LDS (reads 0, the write is dropped: vega L1471-1483) and MUBUF
    /// atomics (BUFFER_ATOMIC_CMPSWAP: src = DATA[0], cmp = DATA[1], glc returns the old
    /// value; without glc VDATA is left alone). Reading a returned register before its
    /// `s_waitcnt` is refused.
    #[test]
    fn ds_sized_access_returning_atomics_and_buffer_atomics() {
        let text = "\
            s_load_dwordx2 s[4:5], s[0:1], 0x0
            s_load_dwordx4 s[8:11], s[0:1], 0x8
            v_mov_b32_e32 v1, 16
            v_mov_b32_e32 v2, 0xbeef8080
            ds_write_b8 v1, v2
            ds_write_b16 v1, v2 offset:4
            s_waitcnt lgkmcnt(0)
            ds_read_i8 v3, v1
            ds_read_u8 v4, v1
            ds_read_i16 v5, v1 offset:4
            ds_read_u16 v6, v1 offset:4
            v_mov_b32_e32 v7, 5
            v_mov_b32_e32 v8, 9
            ds_write_b32 v1, v7 offset:8
            ds_cmpst_rtn_b32 v12, v1, v7, v8 offset:8
            v_mov_b32_e32 v9, 0xff
            v_mov_b32_e32 v10, 15
            v_mov_b32_e32 v11, 0x100
            ds_write_b32 v1, v9 offset:12
            ds_mskor_rtn_b32 v13, v1, v10, v11 offset:12
            v_mov_b32_e32 v14, 0x200
            ds_rsub_rtn_u32 v15, v1, v14 offset:12
            v_mov_b32_e32 v16, -1
            ds_write_b32 v16, v14
            ds_read_b32 v17, v16
            s_waitcnt lgkmcnt(0)
            ds_read_b32 v18, v1 offset:8
            ds_read_b32 v19, v1 offset:12
            v_mov_b32_e32 v20, 0
            v_mov_b32_e32 v22, 11
            v_mov_b32_e32 v23, 7
            buffer_atomic_cmpswap v[22:23], v20, s[8:11], 0 offen glc
            v_mov_b32_e32 v24, 4
            buffer_atomic_add v24, v20, s[8:11], 0 offen
            s_waitcnt vmcnt(0) lgkmcnt(0)
            global_store_dword v0, v3, s[4:5]
            global_store_dword v0, v4, s[4:5] offset:4
            global_store_dword v0, v5, s[4:5] offset:8
            global_store_dword v0, v6, s[4:5] offset:12
            global_store_dword v0, v12, s[4:5] offset:16
            global_store_dword v0, v13, s[4:5] offset:20
            global_store_dword v0, v15, s[4:5] offset:24
            global_store_dword v0, v17, s[4:5] offset:28
            global_store_dword v0, v18, s[4:5] offset:32
            global_store_dword v0, v19, s[4:5] offset:36
            global_store_dword v0, v22, s[4:5] offset:40
            global_store_dword v0, v24, s[4:5] offset:44
            s_endpgm";
        let mut k = kd();
        k.kernarg_size = 24;
        k.compute_pgm_rsrc1 = 6;
        k.group_segment_fixed_size = 64;
        let launch = |text: &str| {
            let code = assemble(text).unwrap();
            let mut mem = GlobalMemory::new();
            let out = mem.alloc_zeroed(4 * 12);
            let buf = mem.alloc(&7u32.to_le_bytes());
            let mut args = out.to_le_bytes().to_vec();
            args.extend(vsharp(buf));
            let l = GcnLaunch::new(args, [1, 1, 1], [1, 1, 1]);
            run(&code, &k, &mut mem, &l).map(|_| (words(&mem, out, 12), words(&mem, buf, 1)))
        };
        let (got, buf) = launch(text).unwrap();
        assert_eq!(
            got,
            [
                0xFFFF_FF80,
                0x80,
                0xFFFF_8080,
                0x8080,
                5,
                0xFF,
                0x1F0,
                0,
                9,
                0x10,
                7,
                4
            ]
        );
        assert_eq!(buf, [15]);
        let early = text.replace(
            "s_waitcnt vmcnt(0) lgkmcnt(0)\n            global_store_dword v0, v3",
            "global_store_dword v0, v3",
        );
        let early = early.replace(
            "s_waitcnt lgkmcnt(0)\n            ds_read_b32 v18",
            "ds_read_b32 v18",
        );
        let e = launch(&early).unwrap_err();
        assert!(e.to_string().contains("lgkmcnt"), "{e}");
        let vm_only = text.replace("s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt lgkmcnt(0)");
        let e = launch(&vm_only).unwrap_err();
        assert!(e.to_string().contains("vmcnt"), "{e}");
    }

    /// GDS=1: M0 = { base\[31:16\], size\[15:0\] } selects the window of the device's GDS
    /// (vega L1579-1581); addresses are relative to base, past size they read 0 and drop the
    /// write as for LDS; GDS persists across work-groups of the dispatch; an M0 write needs
    /// one wait state before GDS (Table 8 row 10).
    #[test]
    fn gds_window_from_m0_shared_by_groups() {
        let text = "\
            s_load_dwordx2 s[4:5], s[0:1], 0x0
            v_mov_b32_e32 v1, 4
            v_mov_b32_e32 v2, 1
            s_mov_b32 m0, 0x100008
            s_nop 0
            ds_add_rtn_u32 v3, v1, v2 gds
            v_mov_b32_e32 v4, 8
            ds_add_u32 v4, v2 gds
            ds_read_b32 v5, v4 gds
            v_mov_b32_e32 v7, s2
            v_lshlrev_b32_e32 v6, 3, v7
            s_waitcnt lgkmcnt(0)
            global_store_dword v6, v3, s[4:5]
            global_store_dword v6, v5, s[4:5] offset:4
            s_endpgm";
        let run_it = |text: &str| {
            let code = assemble(text).unwrap();
            let mut mem = GlobalMemory::new();
            let out = mem.alloc_zeroed(8 * 2);
            let l = GcnLaunch::new(out.to_le_bytes().to_vec(), [2, 1, 1], [1, 1, 1]);
            run(&code, &kd(), &mut mem, &l).map(|_| (words(&mem, out, 4), mem.gds.clone()))
        };
        let (got, gds) = run_it(text).unwrap();
        // Group 0 adds 1 to GDS byte 0x10 + 4 and gets 0, group 1 gets 1; the add at
        // address 8 is past the 8-byte window: dropped, and the read there gives 0.
        assert_eq!(got, [0, 0, 1, 0]);
        assert_eq!(&gds[0x14..0x18], &2u32.to_le_bytes());
        assert!(gds.iter().enumerate().all(|(k, &b)| b == 0 || k == 0x14));
        match run_it(&text.replace("s_nop 0\n", "")) {
            Err(e) => assert!(e.to_string().contains("row 10"), "{e}"),
            Ok(_) => panic!("GDS right after an M0 write ran"),
        }
    }
}
