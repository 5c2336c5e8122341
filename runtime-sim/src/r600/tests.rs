//! Hand-built programs (encoded with `backend_r600::isa`) for what LLVM does not show: the
//! stack with divergent lanes, break and continue, and the refusals.

use backend_r600::isa::{
    AluGroup, AluInst, AluOp, AluSrc, BankSwizzle, CfAlu, CfAluOp, CfInst, CfMem, CfOp, CfWord,
    Chan, ExportOp, Kcache, KcacheMode, Program, RatInst, SpecialSel,
};

use super::*;

/// A CF program under construction; ALU clauses are placed after the CF program.
#[derive(Default)]
struct B {
    cf: Vec<Cf>,
    clauses: Vec<Vec<AluGroup>>,
}

enum Cf {
    Alu(CfAluOp, usize, [Kcache; 2]),
    Other(CfInst),
}

impl B {
    fn alu(&mut self, op: CfAluOp, groups: Vec<AluGroup>) -> &mut B {
        self.clauses.push(groups);
        self.cf
            .push(Cf::Alu(op, self.clauses.len() - 1, [Kcache::default(); 2]));
        self
    }
    fn alu_kc(&mut self, groups: Vec<AluGroup>, kc: Kcache) -> &mut B {
        self.clauses.push(groups);
        self.cf.push(Cf::Alu(
            CfAluOp::Alu,
            self.clauses.len() - 1,
            [kc, Kcache::default()],
        ));
        self
    }
    fn word(&mut self, op: CfOp, addr: u32, pop: u8) -> &mut B {
        self.cf
            .push(Cf::Other(CfInst::Word(CfWord::new(op, addr).pop(pop))));
        self
    }
    /// Stores R`gpr`.x to dword R0.x of RAT 0.
    fn store(&mut self, gpr: u8) -> &mut B {
        self.cf.push(Cf::Other(CfInst::Mem(CfMem::rat(
            ExportOp::MemRatCacheless,
            0,
            RatInst::StoreDword,
            gpr,
            0,
            1,
        ))));
        self
    }
    fn end(&mut self) -> Vec<u8> {
        self.word(CfOp::End, 0, 0);
        let mut prog = Program::default();
        let mut at = self.cf.len() as u32;
        let mut addr = Vec::new();
        for c in &self.clauses {
            addr.push(at);
            at += c.iter().map(AluGroup::slots).sum::<usize>() as u32;
        }
        for c in &self.cf {
            prog.cf.push(match c {
                Cf::Alu(op, k, kc) => {
                    let groups = self.clauses[*k].clone();
                    let mut a = CfAlu::new(*op, addr[*k], groups.iter().map(AluGroup::slots).sum());
                    a.kcache = *kc;
                    prog.alu_clauses
                        .insert(addr[*k], backend_r600::isa::AluClause { groups });
                    CfInst::Alu(a)
                }
                Cf::Other(i) => *i,
            });
        }
        prog.encode().expect("encodes")
    }
}

fn gpr(g: u8, c: Chan) -> AluSrc {
    AluSrc::gpr(g, c)
}

fn lit() -> AluSrc {
    AluSrc::literal(Chan::X)
}

fn one(i: AluInst) -> AluGroup {
    AluGroup::new(vec![i])
}

fn with_lit(i: AluInst, v: u32) -> AluGroup {
    AluGroup {
        insts: vec![i],
        literals: vec![v, 0],
    }
}

/// PRED_SET* updating the exec mask only, as LLVM emits it (digest D7).
fn pred_exec(op: AluOp, a: AluSrc, b: AluSrc) -> AluInst {
    let mut i = AluInst::new(op, 0, Chan::X, &[a, b]).masked();
    i.update_exec_mask = true;
    i
}

/// Runs `bytes` on one group of `n` work-items with a RAT 0 of `n` dwords; returns them.
fn run_n(bytes: &[u8], n: u32, stack: u32) -> Result<Vec<u32>, RunError> {
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: stack,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [n, 1, 1], [n, 1, 1]);
    l.memory = vec![vec![0xEE; 4 * n as usize]];
    l.rats.insert(0, 0);
    run(bytes, &mut l)?;
    Ok(l.memory[0]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

fn mov_lit(dst: u8, v: u32) -> AluGroup {
    with_lit(AluInst::new(AluOp::Mov, dst, Chan::X, &[lit()]), v)
}

/// if (tid < 20) R2 = 1 else R2 = 2; R3 = R2 + 10 — LLVM's if/else shape (digest D4):
/// ALU_PUSH_BEFORE, JUMP @ELSE, then, ELSE @after POP 1, ALU_POP_AFTER.
fn if_else(threshold: u32) -> Vec<u8> {
    let mut b = B::default();
    b.alu(
        CfAluOp::AluPushBefore,
        vec![with_lit(
            pred_exec(AluOp::PredSetgtInt, lit(), gpr(0, Chan::X)),
            threshold,
        )],
    ) // 0
    .word(CfOp::Jump, 3, 0) // 1
    .alu(CfAluOp::Alu, vec![mov_lit(2, 1)]) // 2
    .word(CfOp::Else, 5, 1) // 3
    .alu(CfAluOp::AluPopAfter, vec![mov_lit(2, 2)]) // 4
    .alu(
        CfAluOp::Alu,
        vec![with_lit(
            AluInst::new(AluOp::AddInt, 3, Chan::X, &[gpr(2, Chan::X), lit()]),
            10,
        )],
    ) // 5
    .store(3);
    b.end()
}

#[test]
fn push_else_pop_with_divergent_lanes() {
    let out = run_n(&if_else(20), 64, 1).unwrap();
    for (i, v) in out.iter().enumerate() {
        assert_eq!(*v, if i < 20 { 11 } else { 12 }, "lane {i}");
    }
    // Uniform either way: JUMP and ELSE take their jumps, popping only then.
    assert_eq!(run_n(&if_else(100), 64, 1).unwrap(), vec![11; 64]);
    assert_eq!(run_n(&if_else(0), 64, 1).unwrap(), vec![12; 64]);
    // A partial wavefront: the lanes past the group never run.
    let out = run_n(&if_else(20), 40, 1).unwrap();
    assert_eq!(out.len(), 40);
    assert!(out
        .iter()
        .enumerate()
        .all(|(i, v)| *v == if i < 20 { 11 } else { 12 }));
}

#[test]
fn stack_deeper_than_declared_is_refused() {
    let e = run_n(&if_else(20), 64, 0).unwrap_err();
    let RunError::Fault(m) = e else {
        panic!("{e:?}")
    };
    assert!(m.contains("CF 0") && m.contains("stack overflow"), "{m}");
}

/// Lane i counts j = 1, 2, ...; breaks once j > (i & 7); skips odd j (continue); sums even j.
#[test]
fn loop_with_break_and_continue() {
    let mut b = B::default();
    let and7 = with_lit(
        AluInst::new(AluOp::AndInt, 4, Chan::X, &[gpr(0, Chan::X), lit()]),
        7,
    );
    let inc = AluInst::new(
        AluOp::AddInt,
        2,
        Chan::X,
        &[gpr(2, Chan::X), AluSrc::special(SpecialSel::OneInt)],
    );
    let odd = AluInst::new(
        AluOp::AndInt,
        5,
        Chan::X,
        &[gpr(2, Chan::X), AluSrc::special(SpecialSel::OneInt)],
    );
    b.alu(CfAluOp::Alu, vec![and7]) // 0
        .word(CfOp::LoopStartDx10, 13, 0) // 1
        .alu(CfAluOp::Alu, vec![one(inc)]) // 2
        .alu(
            CfAluOp::AluPushBefore,
            vec![one(pred_exec(
                AluOp::PredSetgtInt,
                gpr(2, Chan::X),
                gpr(4, Chan::X),
            ))],
        ) // 3
        .word(CfOp::Jump, 7, 1) // 4
        .word(CfOp::LoopBreak, 12, 0) // 5
        .word(CfOp::Pop, 7, 1) // 6
        .alu(
            CfAluOp::AluPushBefore,
            vec![
                one(odd),
                one(pred_exec(
                    AluOp::PredSetneInt,
                    AluSrc::pv(Chan::X),
                    AluSrc::special(SpecialSel::Zero),
                )),
            ],
        ) // 7
        .word(CfOp::Jump, 11, 1) // 8
        .word(CfOp::LoopContinue, 12, 0) // 9
        .word(CfOp::Pop, 11, 1) // 10
        .alu(
            CfAluOp::Alu,
            vec![one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(3, Chan::X), gpr(2, Chan::X)],
            ))],
        ) // 11
        .word(CfOp::LoopEnd, 2, 0) // 12
        .store(3); // 13
    let bytes = b.end();
    let out = run_n(&bytes, 64, 2).unwrap();
    for (i, v) in out.iter().enumerate() {
        let limit = i as u32 & 7;
        let want: u32 = (1..=limit).filter(|j| j % 2 == 0).sum();
        assert_eq!(*v, want, "lane {i}");
    }
    // One entry for the loop plus one for the pushes: STACK_SIZE 1 is too small.
    assert!(run_n(&bytes, 64, 1).is_err());
}

#[test]
fn bank_swizzle_conflict_is_refused() {
    // cayman L1619-L1623: R1.x and R3.x both want the x-bank port of cycle 0.
    let x = AluInst::new(AluOp::Mul, 5, Chan::X, &[gpr(1, Chan::X), gpr(2, Chan::X)]);
    let y = AluInst::new(AluOp::Mul, 5, Chan::Y, &[gpr(3, Chan::X), gpr(1, Chan::Y)]);
    let mut b = B::default();
    b.alu(CfAluOp::Alu, vec![AluGroup::new(vec![x, y])])
        .store(5);
    let e = run_n(&b.end(), 64, 0).unwrap_err();
    let RunError::Fault(m) = e else {
        panic!("{e:?}")
    };
    assert!(
        m.contains("CF 0, ALU clause") && m.contains("group 0"),
        "{m}"
    );
    assert!(m.contains("read port"), "{m}");
    // The fix of cayman L1627-L1631 runs.
    let mut y = y;
    y.bank_swizzle = BankSwizzle::Vec201;
    let mut b = B::default();
    b.alu(CfAluOp::Alu, vec![AluGroup::new(vec![x, y])])
        .store(5);
    assert!(run_n(&b.end(), 64, 0).is_ok());
}

#[test]
fn kcache_outside_the_locked_lines_is_refused() {
    let lock1 = Kcache {
        bank: 0,
        mode: KcacheMode::Lock1,
        addr: 0,
    };
    let read = |k: u8| {
        let mut b = B::default();
        b.alu_kc(
            vec![one(AluInst::new(
                AluOp::Mov,
                3,
                Chan::X,
                &[AluSrc::kcache(0, k, Chan::Y)],
            ))],
            lock1,
        )
        .store(3);
        b.end()
    };
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 0,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [64, 1, 1], [64, 1, 1]);
    let mut cb = vec![0u8; 512];
    cb[3 * 16 + 4..3 * 16 + 8].copy_from_slice(&77u32.to_le_bytes());
    l.memory = vec![vec![0; 256], cb];
    l.rats.insert(0, 0);
    l.const_buffers.insert(0, 1);
    run(&read(3), &mut l).unwrap();
    assert_eq!(l.memory[0][..4], 77u32.to_le_bytes());
    let e = run(&read(20), &mut l).unwrap_err();
    assert!(e.to_string().contains("outside the 1 line(s)"), "{e}");
}

#[test]
fn gpr_beyond_the_declared_count_is_refused() {
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![one(AluInst::new(
            AluOp::Mov,
            3,
            Chan::X,
            &[gpr(40, Chan::X)],
        ))],
    )
    .store(3);
    let e = run_n(&b.end(), 64, 0).unwrap_err();
    assert!(
        e.to_string().contains("R40, beyond the 8 declared GPRs"),
        "{e}"
    );
}

#[test]
fn a_barrier_one_wavefront_skips_is_refused() {
    // Wavefront 0 (ids 0..63) has no lane with id >= 64 and jumps over the barrier.
    let mut b = B::default();
    b.alu(
        CfAluOp::AluPushBefore,
        vec![with_lit(
            pred_exec(AluOp::PredSetgeInt, gpr(0, Chan::X), lit()),
            64,
        )],
    )
    .word(CfOp::Jump, 3, 1)
    .alu(
        CfAluOp::AluPopAfter,
        vec![one(
            AluInst::new(AluOp::GroupBarrier, 0, Chan::X, &[]).masked()
        )],
    );
    let e = run_n(&b.end(), 128, 1).unwrap_err();
    assert!(e.to_string().contains("GROUP_BARRIER"), "{e}");
}

#[test]
fn garbage_bytes_and_bad_launches_are_errors() {
    assert!(run_n(&[1, 2, 3], 64, 0).is_err());
    assert!(run_n(&[0xFF; 64], 64, 0).is_err());
    let mut l = R600Launch::new(ProgramConfig::default(), [64, 1, 1], [64, 1, 1]);
    assert!(matches!(
        run(&if_else(3), &mut l),
        Err(RunError::BadLaunch(_))
    ));
    let mut l = R600Launch::new(
        ProgramConfig {
            gprs: 8,
            stack_size: 1,
            lds_dwords: 0,
        },
        [100, 1, 1],
        [64, 1, 1],
    );
    assert!(matches!(
        run(&if_else(3), &mut l),
        Err(RunError::BadLaunch(_))
    ));
}

#[test]
fn config_pairs_are_read() {
    let mut bytes = Vec::new();
    for (r, v) in [(0x288D4u32, 0x0204u32), (0x2880C, 0), (0x288E8, 64)] {
        bytes.extend(r.to_le_bytes());
        bytes.extend(v.to_le_bytes());
    }
    let c = ProgramConfig::from_amdgpu_config(&bytes).unwrap();
    assert_eq!(
        c,
        ProgramConfig {
            gprs: 4,
            stack_size: 2,
            lds_dwords: 64
        }
    );
    assert!(ProgramConfig::from_amdgpu_config(&bytes[..5]).is_err());
}

#[test]
fn add_64_on_a_slot_pair() {
    // cayman L3293-L3304: 3.0 + 6.0 = 9.0; high dwords in x, low in y; result low in x.
    let add = |c: Chan| AluInst::new(AluOp::Add64, 4, c, &[gpr(2, c), gpr(3, c)]);
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            mov_lit(2, 0x4008_0000),
            mov_lit(3, 0x4018_0000),
            AluGroup::new(vec![add(Chan::X), add(Chan::Y)]),
            one(AluInst::new(AluOp::Mov, 5, Chan::X, &[AluSrc::pv(Chan::Y)])),
        ],
    )
    .store(5);
    assert_eq!(run_n(&b.end(), 64, 0).unwrap(), vec![0x4022_0000; 64]);
}

/// SET_MODE rules its own group and the rest of its clause; the next clause starts from the
/// launch default again (cayman L2046). 2^-1074 + 2^-1074 is 2^-1073 with double denormals
/// kept (SRC1_SEL = 0b1100, L6606-L6612) and +0 in the default, flushing mode.
#[test]
fn set_mode_keeps_double_denormals_until_the_clause_ends() {
    let zero = AluSrc::special(SpecialSel::Zero);
    let one_int = AluSrc::special(SpecialSel::OneInt);
    // tiny + tiny: high dwords 0 in slot x, low dwords 1 in slot y.
    let add = |c: Chan, s: AluSrc| AluInst::new(AluOp::Add64, 4, c, &[s, s]);
    let set_mode = AluInst::new(
        AluOp::SetMode,
        0,
        Chan::Z,
        &[gpr(0, Chan::X), gpr(12, Chan::X)],
    )
    .masked();
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            AluGroup::new(vec![add(Chan::X, zero), add(Chan::Y, one_int), set_mode]),
            one(AluInst::new(AluOp::Mov, 5, Chan::X, &[gpr(4, Chan::X)])),
        ],
    )
    .alu(
        CfAluOp::Alu,
        vec![
            AluGroup::new(vec![add(Chan::X, zero), add(Chan::Y, one_int)]),
            one(AluInst::new(
                AluOp::LshlInt,
                7,
                Chan::X,
                &[gpr(5, Chan::X), AluSrc::special(SpecialSel::OneInt)],
            )),
            one(AluInst::new(
                AluOp::OrInt,
                5,
                Chan::X,
                &[gpr(7, Chan::X), gpr(4, Chan::X)],
            )),
        ],
    )
    .store(5);
    // First clause: low dword 2 (2^-1073); second: 0, so (2 << 1) | 0.
    assert_eq!(run_n(&b.end(), 64, 0).unwrap(), vec![4; 64]);
}

#[test]
fn mutated_programs_never_panic() {
    // Flip bits of valid programs: every result is a report or an error, never a panic.
    let bases = [if_else(20), {
        let mut b = B::default();
        b.alu(CfAluOp::Alu, vec![mov_lit(2, 5)])
            .word(CfOp::LoopStartDx10, 4, 0)
            .word(CfOp::LoopBreak, 3, 0)
            .word(CfOp::LoopEnd, 2, 0)
            .store(2);
        b.end()
    }];
    let mut x = 0x1234_5678u32;
    for base in &bases {
        for _ in 0..400 {
            let mut bytes = base.clone();
            for _ in 0..3 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let bit = x as usize % (bytes.len() * 8);
                bytes[bit / 8] ^= 1 << (bit % 8);
            }
            let cfg = ProgramConfig {
                gprs: 8,
                stack_size: 2,
                lds_dwords: 16,
            };
            let mut l = R600Launch::new(cfg, [128, 1, 1], [128, 1, 1]);
            l.memory = vec![vec![0; 512], vec![0; 256]];
            l.rats.insert(0, 0);
            l.vtx_buffers.insert(1, 0);
            l.const_buffers.insert(0, 1);
            l.step_limit = 2000;
            let _ = run(&bytes, &mut l);
        }
    }
}

/// Runs `bytes` on one group of `n` work-items with `lds_dwords` of LDS and a RAT 0 of `n`
/// dwords; returns them.
fn run_lds(bytes: &[u8], n: u32, lds_dwords: u32) -> Result<Vec<u32>, RunError> {
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords,
    };
    let mut l = R600Launch::new(cfg, [n, 1, 1], [n, 1, 1]);
    l.memory = vec![vec![0xEE; 4 * n as usize]];
    l.rats.insert(0, 0);
    run(bytes, &mut l)?;
    Ok(l.memory[0]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

fn lds(op: backend_r600::isa::LdsOp, srcs: &[AluSrc]) -> AluGroup {
    one(AluInst::lds(op, srcs))
}

fn lds_lit(op: backend_r600::isa::LdsOp, srcs: &[AluSrc], v: u32) -> AluGroup {
    with_lit(AluInst::lds(op, srcs), v)
}

/// `MOV R<dst>.x, LDS_OQ_A_POP`.
fn pop(dst: u8) -> AluGroup {
    one(AluInst::new(
        AluOp::Mov,
        dst,
        Chan::X,
        &[AluSrc::special(SpecialSel::LdsOqAPop)],
    ))
}

/// R2.x = 4 * R0.x (the work-item's dword address).
fn dword_address() -> AluGroup {
    with_lit(
        AluInst::new(AluOp::LshlInt, 2, Chan::X, &[gpr(0, Chan::X), lit()]),
        2,
    )
}

#[test]
fn lds_write_then_read_ret_through_the_queue() {
    use backend_r600::isa::LdsOp;
    // LDS_WRITE: LDS[src0] = src1; LDS_READ_RET: OQA = LDS[src0] (cayman Table 8.11 L7813).
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            dword_address(),
            lds(LdsOp::Write, &[gpr(2, Chan::X), gpr(0, Chan::X)]),
            lds(LdsOp::ReadRet, &[gpr(2, Chan::X)]),
            pop(3),
        ],
    )
    .store(3);
    let out = run_lds(&b.end(), 64, 64).unwrap();
    assert_eq!(out, (0..64).collect::<Vec<u32>>());
}

#[test]
fn lds_add_ret_queues_the_value_before_the_add() {
    use backend_r600::isa::LdsOp;
    // LDS[a] = 5; LDS_ADD_RET a, tid queues 5 and leaves 5 + tid; R5 = old << 16 | new.
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            dword_address(),
            lds_lit(LdsOp::Write, &[gpr(2, Chan::X), lit()], 5),
            lds(LdsOp::AddRet, &[gpr(2, Chan::X), gpr(0, Chan::X)]),
            pop(3),
            lds(LdsOp::ReadRet, &[gpr(2, Chan::X)]),
            pop(4),
            with_lit(
                AluInst::new(AluOp::LshlInt, 3, Chan::X, &[gpr(3, Chan::X), lit()]),
                16,
            ),
            one(AluInst::new(
                AluOp::OrInt,
                3,
                Chan::X,
                &[gpr(3, Chan::X), gpr(4, Chan::X)],
            )),
        ],
    )
    .store(3);
    let out = run_lds(&b.end(), 64, 64).unwrap();
    assert_eq!(
        out,
        (0..64).map(|t| 5 << 16 | (5 + t)).collect::<Vec<u32>>()
    );
}

#[test]
fn lds_byte_reads_at_the_last_byte_and_reads_outside_give_zero() {
    use backend_r600::isa::LdsOp;
    // 4 dwords of LDS; dword 3 = 0x80112233, so byte 15 is 0x80: UBYTE_READ zero-extends,
    // BYTE_READ sign-extends (cayman Table 8.11); a dword read at byte 16 is outside the LDS
    // and returns 0 (SET_LDS_SIZE, cayman L6585-6601).
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            with_lit(AluInst::new(AluOp::Mov, 2, Chan::X, &[lit()]), 12),
            lds_lit(LdsOp::Write, &[gpr(2, Chan::X), lit()], 0x8011_2233),
            lds_lit(LdsOp::UbyteReadRet, &[lit()], 15),
            pop(3),
            lds_lit(LdsOp::ByteReadRet, &[lit()], 15),
            pop(4),
            lds_lit(LdsOp::ReadRet, &[lit()], 16),
            pop(5),
            lds_lit(LdsOp::UshortReadRet, &[lit()], 12),
            pop(6),
            // R3 = ubyte + byte + outside + ushort = 0x80 + 0xFFFFFF80 + 0 + 0x2233.
            one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(3, Chan::X), gpr(4, Chan::X)],
            )),
            one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(3, Chan::X), gpr(5, Chan::X)],
            )),
            one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(3, Chan::X), gpr(6, Chan::X)],
            )),
        ],
    )
    .store(3);
    let out = run_lds(&b.end(), 64, 4).unwrap();
    let want = 0x80u32.wrapping_add(0xFFFF_FF80).wrapping_add(0x2233);
    assert!(out.iter().all(|&v| v == want), "{out:x?}");
}

#[test]
fn an_lds_pop_with_an_empty_queue_is_refused() {
    let mut b = B::default();
    b.alu(CfAluOp::Alu, vec![pop(3)]).store(3);
    let e = run_lds(&b.end(), 64, 64).unwrap_err();
    assert!(e.to_string().contains("empty"), "{e}");
}

#[test]
fn an_lds_result_left_in_the_queue_at_the_clause_end_is_refused() {
    use backend_r600::isa::LdsOp;
    let mut b = B::default();
    b.alu(CfAluOp::Alu, vec![lds_lit(LdsOp::ReadRet, &[lit()], 0)])
        .store(0);
    assert!(run_lds(&b.end(), 64, 64).is_err());
}

#[test]
fn group_barrier_orders_lds_between_wavefronts() {
    use backend_r600::isa::LdsOp;
    // 128 work-items, two wavefronts: each writes its id at dword id, waits at the barrier,
    // then reads dword (id + 64) mod 128, which the other wavefront wrote (cayman L2036).
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            dword_address(),
            lds(LdsOp::Write, &[gpr(2, Chan::X), gpr(0, Chan::X)]),
            one(AluInst::new(AluOp::GroupBarrier, 0, Chan::X, &[]).masked()),
            with_lit(
                AluInst::new(AluOp::AddInt, 4, Chan::X, &[gpr(2, Chan::X), lit()]),
                256,
            ),
            with_lit(
                AluInst::new(AluOp::AndInt, 4, Chan::X, &[gpr(4, Chan::X), lit()]),
                511,
            ),
            lds(LdsOp::ReadRet, &[gpr(4, Chan::X)]),
            pop(3),
        ],
    )
    .store(3);
    let out = run_lds(&b.end(), 128, 128).unwrap();
    assert_eq!(out, (0..128).map(|t| (t + 64) % 128).collect::<Vec<u32>>());
}

/// Runs a `_RTN` RAT operation `inst` (TYPE `ty`) on RAT 0 = `mem` for four work-items:
/// RW_GPR R2 = (x, tid, cmp, 0), INDEX_GPR R0 (x = tid). Returns (RAT 0, return buffer).
fn run_rtn(
    inst: RatInst,
    ty: backend_r600::isa::ExportType,
    x: u32,
    cmp: u32,
    mem: [u32; 4],
    with_return: bool,
) -> Result<(Vec<u32>, Vec<u32>), RunError> {
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            with_lit(AluInst::new(AluOp::Mov, 2, Chan::X, &[lit()]), x),
            AluGroup::new(vec![AluInst::new(
                AluOp::Mov,
                2,
                Chan::Y,
                &[gpr(0, Chan::X)],
            )]),
            with_lit(AluInst::new(AluOp::Mov, 2, Chan::Z, &[lit()]), cmp),
        ],
    );
    let mut m = CfMem::rat(ExportOp::MemRat, 0, inst, 2, 0, 0xF);
    m.ty = ty;
    b.cf.push(Cf::Other(CfInst::Mem(m)));
    b.word(CfOp::WaitAck, 0, 0);
    let bytes = b.end();
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [4, 1, 1], [4, 1, 1]);
    l.memory = vec![
        mem.iter().flat_map(|d| d.to_le_bytes()).collect(),
        vec![0xEE; 16],
    ];
    l.rats.insert(0, 0);
    if with_return {
        l.rat_returns.insert(0, 1);
    }
    run(&bytes, &mut l)?;
    let words = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    Ok((words(&l.memory[0]), words(&l.memory[1])))
}

#[test]
fn rtn_rat_atomics_copy_the_old_value_to_the_return_buffer() {
    use backend_r600::isa::ExportType;
    // ADD_RTN: dst = src + dst, the value before it returned (cayman L8271, L2195).
    let (mem, ret) = run_rtn(
        RatInst::AddRtn,
        ExportType::T3,
        5,
        0,
        [10, 20, 30, 40],
        true,
    )
    .unwrap();
    assert_eq!(mem, [15, 25, 35, 45]);
    assert_eq!(ret, [10, 20, 30, 40]);
    // CMPXCHG_INT_RTN: dst = (cmp == dst) ? src : dst, cmp in RW_GPR.z (cayman L8261,
    // L2965-2968).
    let (mem, ret) = run_rtn(
        RatInst::CmpxchgIntRtn,
        ExportType::T3,
        9,
        2,
        [1, 2, 3, 2],
        true,
    )
    .unwrap();
    assert_eq!(mem, [1, 9, 3, 9]);
    assert_eq!(ret, [1, 2, 3, 2]);
}

#[test]
fn rtn_rat_atomics_without_a_return_buffer() {
    use backend_r600::isa::ExportType;
    // WRITE_IND (LLVM's no-return atomics, digest D1): the operation happens, no value goes
    // anywhere.
    let (mem, _) = run_rtn(RatInst::AddRtn, ExportType::T1, 5, 0, [1; 4], false).unwrap();
    assert_eq!(mem, [6; 4]);
    // WRITE_IND_ACK asks for the value: without a return buffer the launch is wrong.
    let e = run_rtn(RatInst::AddRtn, ExportType::T3, 5, 0, [0; 4], false).unwrap_err();
    assert!(e.to_string().contains("return buffer"), "{e}");
}

/// Every slot of a group reads before any slot writes (cayman L1456, the digest's §9.3):
/// two MOVs exchanging R2.x and R3.y in one group swap them (a pre-decoded group, `fast.rs`).
#[test]
fn slots_of_one_group_read_before_any_writes() {
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            mov_lit(2, 7),
            with_lit(
                AluInst::new(AluOp::Mov, 3, Chan::Y, &[AluSrc::literal(Chan::X)]),
                9,
            ),
            AluGroup::new(vec![
                AluInst::new(AluOp::Mov, 2, Chan::X, &[gpr(3, Chan::Y)]),
                AluInst::new(AluOp::Mov, 3, Chan::Y, &[gpr(2, Chan::X)]),
            ]),
            // R4.x = R2.x * 16 + R3.y: 9 * 16 + 7 after the swap.
            with_lit(
                AluInst::new(AluOp::LshlInt, 4, Chan::X, &[gpr(2, Chan::X), lit()]),
                4,
            ),
            one(AluInst::new(
                AluOp::AddInt,
                4,
                Chan::X,
                &[AluSrc::pv(Chan::X), gpr(3, Chan::Y)],
            )),
        ],
    )
    .store(4);
    assert_eq!(run_n(&b.end(), 64, 0).unwrap(), vec![9 * 16 + 7; 64]);
}

/// ABS then NEG on GPR, PV and literal operands (cayman L1549), OMOD (L1938): R2.x = 1.5
/// (a literal), then -|PV.x| * -|-2.0| = 3.0, times 2 by OMOD = 6.0.
#[test]
fn operand_modifiers_and_omod_in_a_pre_decoded_group() {
    let mut mul = AluInst::new(
        AluOp::MulIeee,
        5,
        Chan::X,
        &[
            AluSrc::pv(Chan::X).absolute().negated(),
            lit().absolute().negated(),
        ],
    );
    mul.omod = backend_r600::isa::Omod::M2;
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            with_lit(
                AluInst::new(AluOp::Mov, 2, Chan::X, &[lit().negated()]),
                1.5f32.to_bits(),
            ),
            with_lit(mul, (-2.0f32).to_bits()),
        ],
    )
    .store(5);
    assert_eq!(run_n(&b.end(), 64, 0).unwrap(), vec![6.0f32.to_bits(); 64]);
}

/// PRED_SETGT_INT with UPDATE_PRED (cayman L1956, L1970-L1976): the next group's slot with
/// PRED_SEL_ONE writes only the lanes whose predicate is set (tid > 10), the one with
/// PRED_SEL_ZERO only the others; a PRED_SET's destination is 0.0 where its condition holds,
/// 1.0 elsewhere (cayman L6124).
#[test]
fn predicate_from_pred_set_selects_lanes_in_the_next_group() {
    let mut p = AluInst::new(AluOp::PredSetgtInt, 6, Chan::X, &[gpr(0, Chan::X), lit()]);
    p.update_pred = true;
    let mut on = AluInst::new(AluOp::Mov, 2, Chan::X, &[lit()]);
    on.pred_sel = backend_r600::isa::PredSel::One;
    let mut off = AluInst::new(AluOp::Mov, 2, Chan::Y, &[AluSrc::literal(Chan::Y)]);
    off.pred_sel = backend_r600::isa::PredSel::Zero;
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            with_lit(p, 10),
            AluGroup {
                insts: vec![on, off],
                literals: vec![100, 200],
            },
            // R3.x = R2.x + R2.y (one of them written per lane, the other still 0).
            one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(2, Chan::X), gpr(2, Chan::Y)],
            )),
        ],
    )
    .store(3)
    .alu(
        CfAluOp::Alu,
        vec![one(AluInst::new(
            AluOp::Mov,
            3,
            Chan::X,
            &[gpr(6, Chan::X)],
        ))],
    );
    let out = run_n(&b.end(), 64, 0).unwrap();
    for (l, v) in out.iter().enumerate() {
        assert_eq!(*v, if l > 10 { 100 } else { 200 }, "lane {l}");
    }
    // The destination: 0.0 where tid > 10, 1.0 elsewhere.
    let mut b = B::default();
    b.alu(CfAluOp::Alu, vec![with_lit(p, 10)]).store(6);
    let out = run_n(&b.end(), 64, 0).unwrap();
    for (l, v) in out.iter().enumerate() {
        let want = if l > 10 { 0 } else { 1.0f32.to_bits() };
        assert_eq!(*v, want, "lane {l}");
    }
}

/// The pre-decoder takes ordinary groups and PRED_SET*, leaves 64-bit pairs, MOVA and
/// relative destinations to the general path.
#[test]
fn pre_decoder_picks_the_groups_it_covers() {
    let add = AluInst::new(AluOp::Add, 2, Chan::X, &[gpr(0, Chan::X), lit().negated()]);
    let g = fast::decode_group(&with_lit(add, 5)).expect("an ordinary group");
    assert_eq!(g.slots.len(), 1);
    assert_eq!(g.splats, vec![[5 ^ 0x8000_0000; WAVE]]);
    assert_eq!(
        g.slots[0].srcs[1],
        fast::Operand::Splat {
            value: 5 ^ 0x8000_0000,
            at: 0
        },
        "NEG applied to the literal"
    );
    assert!(fast::decode_group(&one(pred_exec(AluOp::PredSetneInt, lit(), lit()))).is_some());
    let add64 = |c: Chan| AluInst::new(AluOp::Add64, 4, c, &[gpr(2, c), gpr(3, c)]);
    assert!(fast::decode_group(&AluGroup::new(vec![add64(Chan::X), add64(Chan::Y)])).is_none());
    let mova = AluInst::new(AluOp::MovaInt, 0, Chan::X, &[gpr(0, Chan::X)]);
    assert!(fast::decode_group(&one(mova)).is_none());
    let mut rel = AluInst::new(AluOp::Mov, 2, Chan::X, &[gpr(0, Chan::X)]);
    rel.dst.rel = true;
    assert!(fast::decode_group(&one(rel)).is_none());
}

/// Every work-group's wavefronts start from the launch state (registers 0 but R0/R1), also
/// when the model reuses the previous group's wavefronts: a register and a clause
/// temporary incremented once per work-item read 1 in every group.
#[test]
fn each_work_group_starts_with_zeroed_registers() {
    let inc = |g: u8, c: Chan| with_lit(AluInst::new(AluOp::AddInt, g, c, &[gpr(g, c), lit()]), 1);
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            inc(4, Chan::X),
            inc(127, Chan::Y),
            one(AluInst::new(
                AluOp::AddInt,
                3,
                Chan::X,
                &[gpr(4, Chan::X), gpr(127, Chan::Y)],
            )),
        ],
    )
    .store(3);
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 0,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [192, 1, 1], [64, 1, 1]);
    l.memory = vec![vec![0xEE; 4 * 64]];
    l.rats.insert(0, 0);
    let r = run(&b.end(), &mut l).unwrap();
    assert_eq!(r.groups, 3);
    assert!(l.memory[0].chunks_exact(4).all(|c| c == 2u32.to_le_bytes()));
}

/// A former trans-slot op in slots x, y, z with identical sources is one scalar (digest
/// §3.2): the pre-decoder computes it once and gives it to each slot; another op in the
/// fourth slot is its own. SIN takes x / 2π (cayman L6907): SIN(0.25) = 1.0.
#[test]
fn replicated_trans_slots_share_one_result() {
    let sin = |c: Chan, s: AluSrc| AluInst::new(AluOp::Sin, 2, c, &[s]);
    let quarter = AluSrc::literal(Chan::X);
    let group = AluGroup {
        insts: vec![
            sin(Chan::X, quarter),
            sin(Chan::Y, quarter),
            sin(Chan::Z, quarter),
            AluInst::new(AluOp::Mov, 2, Chan::W, &[AluSrc::literal(Chan::Y)]),
        ],
        literals: vec![0.25f32.to_bits(), 0.5f32.to_bits()],
    };
    let fg = fast::decode_group(&group).expect("a pre-decoded group");
    let same: Vec<_> = fg.slots.iter().map(|s| s.same_as).collect();
    assert_eq!(same, vec![None, Some(0), Some(0), None]);
    for (c, want) in [
        (Chan::X, ops::sin(0.25f32.to_bits(), 0, 0)),
        (Chan::Z, ops::sin(0.25f32.to_bits(), 0, 0)),
        (Chan::W, 0.5f32.to_bits()),
    ] {
        let mut b = B::default();
        b.alu(
            CfAluOp::Alu,
            vec![
                group.clone(),
                one(AluInst::new(AluOp::Mov, 3, Chan::X, &[gpr(2, c)])),
            ],
        )
        .store(3);
        assert_eq!(run_n(&b.end(), 64, 0).unwrap(), vec![want; 64], "{c:?}");
    }
    assert_eq!(ops::sin(0.25f32.to_bits(), 0, 0), 1.0f32.to_bits());
}

/// The GPR checks report the first offending mention in clause order, whatever the
/// register (`clause_checks.rs` keeps only first mentions): here the write of R30 in group
/// 0 before the read of R20 in group 1, with 8 declared GPRs.
#[test]
fn the_first_gpr_beyond_the_declared_count_is_reported() {
    let mut b = B::default();
    b.alu(
        CfAluOp::Alu,
        vec![
            one(AluInst::new(AluOp::Mov, 2, Chan::X, &[gpr(0, Chan::X)])),
            one(AluInst::new(AluOp::Mov, 30, Chan::X, &[gpr(2, Chan::X)])),
            one(AluInst::new(AluOp::Mov, 2, Chan::Y, &[gpr(20, Chan::X)])),
            one(AluInst::new(AluOp::Mov, 30, Chan::Y, &[gpr(20, Chan::X)])),
        ],
    )
    .store(2);
    let e = run_n(&b.end(), 64, 0).unwrap_err().to_string();
    assert!(e.contains("group 1: slot x writes R30"), "{e}");
}
