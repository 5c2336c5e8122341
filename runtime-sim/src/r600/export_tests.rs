//! Pixel exports on hand-built programs. Expected values follow the ISA text: GPR
//! RW_GPR + n goes to MRT ARRAY_BASE + n with the SEL_X..W swizzle (cayman L976, L8391-8403),
//! only for lanes that are active and valid (L8406), and the last export is EXPORT_DONE
//! (L968).

use backend_r600::isa::{
    AluClause, AluGroup, AluInst, AluOp, AluSrc, CfAlu, CfAluOp, CfExport, CfInst, CfOp, CfWord,
    Chan, ExportOp, ExportType, Program,
};

use super::super::*;

/// Writes the literal `v` to channel `c` of R`g`.
fn mov(g: u8, c: Chan, v: u32) -> AluGroup {
    AluGroup {
        insts: vec![AluInst::new(AluOp::Mov, g, c, &[AluSrc::literal(Chan::X)])],
        literals: vec![v, 0],
    }
}

/// KILLGT R0.x, `limit` (R0.x holds the pixel centre's x), writing no register.
fn killgt(limit: f32) -> AluGroup {
    AluGroup {
        insts: vec![AluInst::new(
            AluOp::Killgt,
            0,
            Chan::X,
            &[AluSrc::gpr(0, Chan::X), AluSrc::literal(Chan::X)],
        )
        .masked()],
        literals: vec![limit.to_bits(), 0],
    }
}

/// EXPORT(_DONE) of R`gpr` to MRT `target` with the swizzle `sel`.
fn export(done: bool, target: u16, gpr: u8, sel: [u8; 4]) -> CfInst {
    CfInst::Export(CfExport {
        op: if done {
            ExportOp::ExportDone
        } else {
            ExportOp::Export
        },
        ty: ExportType::T0,
        array_base: target,
        rw_gpr: gpr,
        rw_rel: false,
        index_gpr: 0,
        elem_size: 3,
        sel,
        burst_count: 0,
        valid_pixel_mode: false,
        legacy_eop: false,
        mark: false,
        barrier: true,
    })
}

/// One ALU clause of `alu`, then `exports`, then END.
fn program(mut alu: Vec<AluGroup>, exports: Vec<CfInst>) -> Vec<u8> {
    if alu.is_empty() {
        alu.push(mov(3, Chan::X, 0));
    }
    let alu_at = (2 + exports.len() as u32).next_multiple_of(2);
    let slots: u32 = alu.iter().map(|g| g.slots() as u32).sum();
    let mut p = Program::default();
    p.cf.push(CfInst::Alu(CfAlu::new(
        CfAluOp::Alu,
        alu_at,
        slots as usize,
    )));
    p.alu_clauses.insert(alu_at, AluClause { groups: alu });
    p.cf.extend(exports);
    p.cf.push(CfInst::Word(CfWord::new(CfOp::End, 0)));
    p.encode().expect("encodes")
}

/// A pixel launch over `w` x `h` with colour buffers `targets` bound (zeroed).
fn launch(w: u32, h: u32, targets: &[u8]) -> R600Launch {
    let cfg = ProgramConfig {
        gprs: 4,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [1, 1, 1], [1, 1, 1]);
    l.pixel_domain = Some([w, h]);
    for &t in targets {
        l.color_buffers.insert(t, l.memory.len());
        l.memory.push(vec![0; (w * h * 16) as usize]);
    }
    l
}

fn dwords(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn export_writes_each_pixel_with_its_swizzle() {
    // R1 = (2.0, 3.0, ?, ?); MRT 1 gets (R1.y, R1.x, 0.0, 1.0) at every pixel of 3 x 2.
    let bytes = program(
        vec![
            mov(1, Chan::X, 2.0f32.to_bits()),
            mov(1, Chan::Y, 3.0f32.to_bits()),
        ],
        vec![export(true, 1, 1, [1, 0, 4, 5])],
    );
    let mut l = launch(3, 2, &[1]);
    run(&bytes, &mut l).expect("runs");
    let want = [3.0f32, 2.0, 0.0, 1.0].map(f32::to_bits);
    let got = dwords(&l.memory[0]);
    assert_eq!(got.len(), 24);
    for px in got.chunks(4) {
        assert_eq!(px, want);
    }
}

#[test]
fn export_uses_the_lane_position_and_masked_components_keep_contents() {
    // R0 holds the pixel centre (x + 0.5, y + 0.5): export R0.x to component x, mask the rest.
    let bytes = program(vec![], vec![export(true, 0, 0, [0, 7, 7, 1])]);
    let mut l = launch(9, 2, &[0]);
    for (k, b) in l.memory[0].iter_mut().enumerate() {
        if k % 16 == 4 {
            *b = 0xAB;
        }
    }
    run(&bytes, &mut l).expect("runs");
    let got = dwords(&l.memory[0]);
    for y in 0..2 {
        for x in 0..9 {
            let p = &got[4 * (y * 9 + x)..4 * (y * 9 + x) + 4];
            assert_eq!(p[0], (x as f32 + 0.5).to_bits());
            assert_eq!(p[1], 0xAB, "SEL_MASK leaves the component alone");
            assert_eq!(p[2], 0);
            assert_eq!(p[3], (y as f32 + 0.5).to_bits());
        }
    }
}

#[test]
fn pixel_program_without_export_done_is_refused() {
    let bytes = program(vec![], vec![export(false, 0, 0, [0, 1, 2, 3])]);
    let e = run(&bytes, &mut launch(2, 2, &[0])).unwrap_err();
    assert!(e.to_string().contains("without EXPORT_DONE"), "{e}");
}

#[test]
fn export_after_done_is_refused() {
    let bytes = program(
        vec![],
        vec![
            export(true, 0, 0, [0, 1, 2, 3]),
            export(true, 0, 0, [0, 1, 2, 3]),
        ],
    );
    let e = run(&bytes, &mut launch(2, 2, &[0])).unwrap_err();
    assert!(
        e.to_string().contains("after the wavefront's EXPORT_DONE"),
        "{e}"
    );
}

#[test]
fn export_to_an_unbound_target_is_refused() {
    let bytes = program(vec![], vec![export(true, 2, 0, [0, 1, 2, 3])]);
    let e = run(&bytes, &mut launch(2, 2, &[0])).unwrap_err();
    assert!(e.to_string().contains("did not bind"), "{e}");
    // A fully masked export writes nothing and needs no target (a shader without colour).
    let bytes = program(vec![], vec![export(true, 0, 0, [7, 7, 7, 7])]);
    run(&bytes, &mut launch(2, 2, &[])).expect("a masked export runs");
}

#[test]
fn export_in_a_compute_launch_is_refused() {
    let bytes = program(vec![], vec![export(true, 0, 0, [0, 1, 2, 3])]);
    let cfg = ProgramConfig {
        gprs: 4,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [64, 1, 1], [64, 1, 1]);
    assert!(matches!(run(&bytes, &mut l), Err(RunError::Unsupported(_))));
}

#[test]
fn killed_pixels_are_not_exported() {
    // KILLGT R0.x, 1.0 kills the pixels whose centre x + 0.5 is above 1.0 (columns >= 1):
    // "If (src0 > src1) { Killed = TRUE }" (cayman L4577+); exports use the valid mask (L8406).
    let bytes = program(vec![killgt(1.0)], vec![export(true, 0, 0, [5, 5, 5, 5])]);
    let mut l = launch(3, 1, &[0]);
    run(&bytes, &mut l).expect("runs");
    let got = dwords(&l.memory[0]);
    assert_eq!(got[..4], [1.0f32.to_bits(); 4]);
    assert_eq!(got[4..], [0; 8]);
}

#[test]
fn a_kill_that_is_not_last_in_its_clause_is_refused() {
    let bytes = program(
        vec![killgt(1.0), mov(1, Chan::X, 0)],
        vec![export(true, 0, 0, [5, 5, 5, 5])],
    );
    let e = run(&bytes, &mut launch(3, 1, &[0])).unwrap_err();
    assert!(e.to_string().contains("L1912"), "{e}");
}

/// LOOP_START_DX10; an ALU clause whose KILLGT kills every pixel (0.5 + x > -1.0); LOOP_END
/// (with `vpm`: VALID_PIXEL_MODE); EXPORT_DONE of 1.0; END. Nothing breaks out of the loop.
fn kill_loop(vpm: bool) -> Vec<u8> {
    let kill = killgt(-1.0);
    let alu_at = 6;
    let mut p = Program::default();
    p.cf.push(CfInst::Word(CfWord::new(CfOp::LoopStartDx10, 3)));
    p.cf.push(CfInst::Alu(CfAlu::new(CfAluOp::Alu, alu_at, kill.slots())));
    let mut end = CfWord::new(CfOp::LoopEnd, 1);
    end.valid_pixel_mode = vpm;
    p.cf.push(CfInst::Word(end));
    p.cf.push(export(true, 0, 1, [5, 5, 5, 5]));
    p.cf.push(CfInst::Word(CfWord::new(CfOp::End, 0)));
    p.alu_clauses
        .insert(alu_at, AluClause { groups: vec![kill] });
    p.encode().expect("encodes")
}

#[test]
fn killed_pixels_stay_in_a_loop_without_valid_pixel_mode() {
    // "Killed pixels remain active" (cayman L1114): LOOP_END keeps going round.
    let mut l = launch(3, 1, &[0]);
    l.step_limit = 2000;
    let e = run(&kill_loop(false), &mut l).unwrap_err();
    assert!(e.to_string().contains("step limit"), "{e}");
}

#[test]
fn loop_end_with_valid_pixel_mode_lets_killed_pixels_leave() {
    // VALID_PIXEL_MODE: "begins execution as if all invalid pixels were inactive" (cayman
    // L1116), so LOOP_END finds no pixel to go round with; they stay deactivated after its
    // pop (L1120) and the export writes nothing (L8406).
    let mut l = launch(3, 1, &[0]);
    l.step_limit = 2000;
    run(&kill_loop(true), &mut l).expect("the loop ends");
    assert_eq!(dwords(&l.memory[0]), [0; 12]);
}

#[test]
fn a_burst_export_past_the_declared_gprs_is_refused() {
    // BURST_COUNT 1 from R3 exports R3 and R4 (cayman L976); the launch declares 4 GPRs.
    let mut burst = export(true, 0, 3, [0, 1, 2, 3]);
    if let CfInst::Export(e) = &mut burst {
        e.burst_count = 1;
    }
    let e = run(&program(vec![], vec![burst]), &mut launch(2, 1, &[0, 1])).unwrap_err();
    assert!(
        e.to_string()
            .contains("names R4, beyond the 4 declared GPRs"),
        "{e}"
    );
}
