//! Pixel-shader launches and `exp`: expected values come from the ISA text (vega Chapter 11)
//! and the launch conventions in `pixel`, computed on the host.

use backend_gcn::isa::assemble;

use super::export::{ColorTarget, COL_FORMAT_32_ABGR};
use super::pixel::{run_pixel, PixelLaunch, PsRegisters};
use super::GlobalMemory;
use crate::runtime::RunError;

/// PERSP_SAMPLE (v0, v1), POS_X_FLOAT (v2), POS_Y_FLOAT (v3): what LLVM gives an
/// `amdgpu_ps` that reads only the position. 8 VGPRs, 16 SGPRs, 2 user SGPRs, MRT0 32_ABGR.
fn regs() -> PsRegisters {
    PsRegisters {
        pgm_rsrc1: 1,
        pgm_rsrc2: 2 << 1,
        input_ena: 0x301,
        input_addr: 0x301,
        col_format: COL_FORMAT_32_ABGR,
        tmpring_size: 0,
    }
}

const FILL: u32 = 0xDEAD_BEEF;

/// A W x H colour target filled with `FILL`.
fn target(mem: &mut GlobalMemory, w: u32, h: u32) -> ColorTarget {
    let bytes: Vec<u8> = (0..w * h * 4).flat_map(|_| FILL.to_le_bytes()).collect();
    ColorTarget {
        base: mem.alloc(&bytes),
        pitch: w,
        height: h,
    }
}

fn pixel(mem: &GlobalMemory, t: &ColorTarget, x: u32, y: u32) -> [u32; 4] {
    let b = mem.buffer(t.base).unwrap();
    let at = 16 * (y * t.pitch + x) as usize;
    [0, 1, 2, 3].map(|c| {
        let o = at + 4 * c;
        u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
    })
}

/// Runs `text` over a W x H domain with MRT0 bound; returns the memory and target.
fn launch(
    text: &str,
    r: &PsRegisters,
    w: u32,
    h: u32,
    user: Vec<u32>,
) -> (
    Result<crate::RunReport, RunError>,
    GlobalMemory,
    ColorTarget,
) {
    let code = assemble(text).unwrap();
    let mut mem = GlobalMemory::new();
    let t = target(&mut mem, w, h);
    let mut l = PixelLaunch::new(w, h, user);
    l.color_targets[0] = Some(t);
    let res = run_pixel(&code, r, &mut mem, &l);
    (res, mem, t)
}

#[test]
fn position_in_vgprs_and_mrt0_export_of_every_domain_pixel() {
    // 10 x 3: two tiles, the second partial (x 8..9): EXEC holds the domain's pixels only.
    let text = "v_mov_b32_e32 v4, 1.0
                exp mrt0 v2, v3, v0, v4 done vm
                s_endpgm";
    let (res, mem, t) = launch(text, &regs(), 10, 3, vec![0, 0]);
    let rep = res.unwrap();
    assert_eq!(rep.groups, 2);
    for y in 0..3 {
        for x in 0..10 {
            let want = [
                (x as f32 + 0.5).to_bits(),
                (y as f32 + 0.5).to_bits(),
                0.0f32.to_bits(),
                1.0f32.to_bits(),
            ];
            assert_eq!(pixel(&mem, &t, x, y), want, "pixel ({x},{y})");
        }
    }
}

#[test]
fn input_layout_follows_addr_and_values_follow_ena() {
    // ADDR allocates PERSP_CENTER too (v2, v3) and POS_W (after POS_Y): POS_X is v4, POS_Y
    // v5, POS_W v6; ENA leaves PERSP_CENTER unloaded.
    let mut r = regs();
    r.input_addr = 0x303 | 1 << 11;
    r.input_ena = 0x301 | 1 << 11;
    let text = "exp mrt0 v4, v5, v0, v6 done vm
                s_endpgm";
    let (res, mem, t) = launch(text, &r, 3, 2, vec![0, 0]);
    res.unwrap();
    assert_eq!(
        pixel(&mem, &t, 2, 1),
        [2.5f32.to_bits(), 1.5f32.to_bits(), 0, 1.0f32.to_bits()]
    );
}

#[test]
fn user_sgprs_and_enabled_components_only() {
    // EN = R, B only (vega Table 46: EN[0-3] enables VSRC0..3): G and A keep their value.
    let text = "v_mov_b32_e32 v4, s0
                v_mov_b32_e32 v5, s1
                exp mrt0 v4, off, v5, off done vm
                s_endpgm";
    let (res, mem, t) = launch(text, &regs(), 2, 2, vec![7, 9]);
    res.unwrap();
    assert_eq!(pixel(&mem, &t, 1, 1), [7, FILL, 9, FILL]);
}

#[test]
fn exec_selects_the_exported_pixels_and_null_sends_the_valid_mask() {
    // Only lane 0 (pixel (0,0)) exports to MRT0; the DONE export is to NULL with all EN off.
    let text = "s_mov_b64 s[4:5], exec
                s_mov_b64 exec, 1
                v_mov_b32_e32 v4, 5
                exp mrt0 v4, v4, v4, v4
                s_waitcnt expcnt(0)
                s_mov_b64 exec, s[4:5]
                exp null off, off, off, off done vm
                s_endpgm";
    let (res, mem, t) = launch(text, &regs(), 2, 2, vec![0, 0]);
    res.unwrap();
    assert_eq!(pixel(&mem, &t, 0, 0), [5; 4]);
    assert_eq!(pixel(&mem, &t, 1, 0), [FILL; 4]);
    assert_eq!(pixel(&mem, &t, 1, 1), [FILL; 4]);
}

fn refusal(text: &str, r: &PsRegisters) -> String {
    match launch(text, r, 8, 8, vec![0, 0]).0 {
        Err(e) => e.to_string(),
        Ok(_) => panic!("ran:\n{text}"),
    }
}

#[test]
fn overwriting_export_data_or_exec_needs_expcnt() {
    // vega L8530-8537: wait on EXPCNT before overwriting the export's VGPRs or EXEC.
    let e = refusal(
        "exp mrt0 v2, v3, v0, v1 done vm
         v_mov_b32_e32 v3, 0
         s_endpgm",
        &regs(),
    );
    assert!(
        e.contains("v_mov_b32_e32 v3, 0") && e.contains("exp mrt0 v2, v3, v0, v1 done vm"),
        "{e}"
    );
    assert!(e.contains("expcnt"), "{e}");
    let e = refusal(
        "exp mrt0 v2, v3, v0, v1 done vm
         s_mov_b64 exec, 0
         s_endpgm",
        &regs(),
    );
    assert!(e.contains("EXEC") && e.contains("s_mov_b64 exec, 0"), "{e}");
    // After expcnt(0) both are fine; expcnt(1) retires all but the newest export.
    let ok = "exp mrt0 v2, v3, v0, v1 vm
              exp mrt0 v2, v2, v2, v2 done vm
              s_waitcnt expcnt(0)
              v_mov_b32_e32 v3, 0
              v_mov_b32_e32 v2, 0
              s_mov_b64 exec, 0
              s_endpgm";
    launch(ok, &regs(), 8, 8, vec![0, 0]).0.unwrap();
    let one = "exp mrt0 v3, v3, v3, v3 vm
               exp mrt0 v2, v2, v2, v2 done vm
               s_waitcnt expcnt(1)
               v_mov_b32_e32 v3, 0
               s_endpgm";
    launch(one, &regs(), 8, 8, vec![0, 0]).0.unwrap();
    let e = refusal(
        &one.replace("v_mov_b32_e32 v3, 0", "v_mov_b32_e32 v2, 0"),
        &regs(),
    );
    assert!(e.contains("v2") && e.contains("expcnt"), "{e}");
    // A load into an export's VGPR is refused the same way.
    let e = refusal(
        "exp mrt0 v2, v3, v0, v1 done vm
         global_load_dword v2, v[0:1], off
         s_endpgm",
        &regs(),
    );
    assert!(
        e.contains("global_load_dword") && e.contains("expcnt"),
        "{e}"
    );
}

#[test]
fn export_rules_are_enforced() {
    let r = regs();
    // No DONE export (vega L8466-8467).
    let e = refusal("exp mrt0 v2, v3, v0, v1 vm\ns_endpgm", &r);
    assert!(e.contains("without an export with DONE"), "{e}");
    let e = refusal("s_endpgm", &r);
    assert!(e.contains("without an export with DONE"), "{e}");
    // No VM export (Table 46: the valid mask is sent at least once).
    let e = refusal("exp mrt0 v2, v3, v0, v1 done\ns_endpgm", &r);
    assert!(e.contains("VM"), "{e}");
    // An export after the DONE export.
    let e = refusal(
        "exp mrt0 v2, v3, v0, v1 done vm\nexp null off, off, off, off vm\ns_endpgm",
        &r,
    );
    assert!(e.contains("after the export with DONE"), "{e}");
    // MRT1 is not in COL_FORMAT.
    let e = refusal("exp mrt1 v2, v3, v0, v1 done vm\ns_endpgm", &r);
    assert!(e.contains("mrt1") && e.contains("COL_FORMAT"), "{e}");
    // Position and parameter exports are not pixel exports.
    let e = refusal("exp pos0 v2, v3, v0, v1 done\ns_endpgm", &r);
    assert!(e.contains("pos0"), "{e}");
    // COMPR is not modelled.
    let code = assemble("exp mrt0 v2, v2, v3, v3 done compr vm\ns_endpgm").unwrap();
    let mut mem = GlobalMemory::new();
    let mut l = PixelLaunch::new(8, 8, vec![0, 0]);
    l.color_targets[0] = Some(target(&mut mem, 8, 8));
    assert!(matches!(
        run_pixel(&code, &r, &mut mem, &l),
        Err(RunError::Unsupported(m)) if m.contains("COMPR")
    ));
}

#[test]
fn exp_in_a_compute_wave_is_refused() {
    use super::{run, GcnLaunch, KernelDescriptor};
    let code = assemble("exp null off, off, off, off done vm\ns_endpgm").unwrap();
    let kd = KernelDescriptor {
        compute_pgm_rsrc1: 1,
        ..Default::default()
    };
    let mut mem = GlobalMemory::new();
    let l = GcnLaunch::new(vec![], [64, 1, 1], [64, 1, 1]);
    let e = run(&code, &kd, &mut mem, &l).unwrap_err();
    assert!(e.to_string().contains("compute wave"), "{e}");
}

#[test]
fn register_block_and_launch_checks() {
    let r = regs();
    assert_eq!(PsRegisters::parse(&r.to_bytes()).unwrap(), r);
    let mut bytes = r.to_bytes();
    bytes.truncate(20);
    assert!(PsRegisters::parse(&bytes).is_err());
    assert!(PsRegisters::parse(b"ELF!").is_err());
    let code = assemble("exp null off, off, off, off done vm\ns_endpgm").unwrap();
    let run_with = |r: PsRegisters, user: Vec<u32>, bind: bool| {
        let mut mem = GlobalMemory::new();
        let mut l = PixelLaunch::new(8, 8, user);
        if bind {
            l.color_targets[0] = Some(target(&mut mem, 8, 8));
        }
        run_pixel(&code, &r, &mut mem, &l)
    };
    assert!(run_with(r, vec![0, 0], true).is_ok());
    // ENA outside ADDR; no interpolation input; too few user-data words; MRT0 unbound.
    let mut bad = r;
    bad.input_ena |= 1 << 10;
    assert!(matches!(
        run_with(bad, vec![0, 0], true),
        Err(RunError::BadLaunch(_))
    ));
    let mut bad = r;
    bad.input_ena = 0x300;
    bad.input_addr = 0x300;
    assert!(matches!(
        run_with(bad, vec![0, 0], true),
        Err(RunError::BadLaunch(_))
    ));
    assert!(matches!(
        run_with(r, vec![0], true),
        Err(RunError::BadLaunch(_))
    ));
    assert!(matches!(
        run_with(r, vec![0, 0], false),
        Err(RunError::BadLaunch(_))
    ));
}

#[test]
fn scratch_wave_offset_follows_the_user_sgprs() {
    // SCRATCH_EN with WAVESIZE = 2 (KiB): s2, after the 2 user SGPRs, holds tile * 2048.
    let mut r = regs();
    r.pgm_rsrc2 |= 1;
    r.tmpring_size = 2 << 12;
    let text = "v_mov_b32_e32 v4, s2
                exp mrt0 v4, off, off, off done vm
                s_endpgm";
    let (res, mem, t) = launch(text, &r, 16, 9, vec![0, 0]);
    res.unwrap();
    assert_eq!(pixel(&mem, &t, 0, 0)[0], 0);
    assert_eq!(pixel(&mem, &t, 9, 0)[0], 2048);
    assert_eq!(pixel(&mem, &t, 1, 8)[0], 2 * 2048);
    assert_eq!(pixel(&mem, &t, 15, 8)[0], 3 * 2048);
    r.tmpring_size = 0;
    assert!(matches!(
        launch(text, &r, 16, 9, vec![0, 0]).0,
        Err(RunError::BadLaunch(_))
    ));
}
