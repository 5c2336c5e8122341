//! Hand-built programs for the memory rules the compiler's output does not show on its own:
//! write ACKs before read-backs, comparison sampling and array slices. Expected values come
//! from the ISA text cited at each test.

use backend_r600::isa::{
    AluClause, AluGroup, AluInst, AluOp, AluSrc, CfAlu, CfAluOp, CfInst, CfMem, CfOp, CfWord, Chan,
    ExportOp, ExportType, FetchClause, FetchDst, FetchInst, Program, RatInst, TexInst, TexOp,
    VtxInst,
};

use super::super::*;

const FMT_32: u8 = 13;

/// Writes `v` (a literal) to channel `c` of R`g`.
fn mov(g: u8, c: Chan, v: u32) -> AluGroup {
    AluGroup {
        insts: vec![AluInst::new(AluOp::Mov, g, c, &[AluSrc::literal(Chan::X)])],
        literals: vec![v, 0],
    }
}

/// A program of `pre` CF instructions, then (optionally) a fetch clause of `fetch`, then
/// `post`, then END; `alu` is the one ALU clause, run first.
fn program(alu: Vec<AluGroup>, pre: Vec<CfInst>, fetch: FetchInst, post: Vec<CfInst>) -> Vec<u8> {
    let n_cf = 1 + pre.len() + 1 + post.len() + 1;
    let alu_at = n_cf as u32;
    let slots: u32 = alu.iter().map(|g| g.slots() as u32).sum();
    let fetch_at = (alu_at + slots).next_multiple_of(2);
    let mut p = Program::default();
    p.cf.push(CfInst::Alu(CfAlu::new(
        CfAluOp::Alu,
        alu_at,
        slots as usize,
    )));
    p.alu_clauses.insert(alu_at, AluClause { groups: alu });
    p.cf.extend(pre);
    p.cf.push(CfInst::Word(CfWord::new(CfOp::Tc, fetch_at)));
    p.fetch_clauses
        .insert(fetch_at, FetchClause { insts: vec![fetch] });
    p.cf.extend(post);
    p.cf.push(CfInst::Word(CfWord::new(CfOp::End, 0)));
    p.encode().expect("encodes")
}

/// STORE_DWORD of R2.x to RAT 0 at dword R0.x, with TYPE `ty` and MARK `mark`.
fn store(ty: ExportType, mark: bool) -> CfInst {
    let mut m = CfMem::rat(ExportOp::MemRatCacheless, 0, RatInst::StoreDword, 2, 0, 1);
    m.ty = ty;
    m.mark = mark;
    CfInst::Mem(m)
}

fn wait_ack(addr: u32) -> CfInst {
    CfInst::Word(CfWord::new(CfOp::WaitAck, addr))
}

/// VFETCH FMT_32 of byte R1.x of VTX buffer 1 into R3.x.
fn vfetch() -> FetchInst {
    FetchInst::Vtx(VtxInst::buffer_read(1, 3, [0, 7, 7, 7], 1, FMT_32, 0))
}

/// One wavefront of one work-item: R0.x = 0 (its id), R1.x = byte address 0, R2.x = 42;
/// RAT 0 and VTX buffer 1 are the same 16 bytes. Returns them after the run.
fn run_ack(pre: Vec<CfInst>, post: Vec<CfInst>) -> Result<Vec<u8>, RunError> {
    let bytes = program(
        vec![mov(1, Chan::X, 0), mov(2, Chan::X, 42)],
        pre,
        vfetch(),
        post,
    );
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [1, 1, 1], [1, 1, 1]);
    l.memory = vec![vec![0; 16]];
    l.rats.insert(0, 0);
    l.vtx_buffers.insert(1, 0);
    run(&bytes, &mut l)?;
    Ok(l.memory.swap_remove(0))
}

// "Each store ... can be set up to return an acknowledgement ... upon write confirmation"
// (cayman L786-L791): without it, nothing says the store is in memory when the fetch reads.
#[test]
fn a_fetch_of_an_unacknowledged_store_is_refused() {
    let e = run_ack(vec![store(ExportType::T1, false)], vec![]).unwrap_err();
    let m = e.to_string();
    assert!(m.contains("CF 2") && m.contains("CF 1"), "{m}");
    assert!(m.contains("requested no acknowledgement"), "{m}");
}

// WRITE_IND_ACK asks for the ACK (L8203-L8204); WAIT_ACK 0 waits for it (L8022).
#[test]
fn an_acknowledged_store_is_read_after_wait_ack_zero() {
    let mem = run_ack(vec![store(ExportType::T3, false), wait_ack(0)], vec![]).unwrap();
    assert_eq!(&mem[..4], &42u32.to_le_bytes());
    // Without the WAIT_ACK the ACK may still be on its way.
    let e = run_ack(vec![store(ExportType::T3, false)], vec![]).unwrap_err();
    assert!(e.to_string().contains("WAIT_ACK 0"), "{e}");
    // WAIT_ACK 1 lets one ACK be outstanding: it may be this one.
    assert!(run_ack(vec![store(ExportType::T3, false), wait_ack(1)], vec![]).is_err());
}

// MARK: "acknowledged with the next write-ack" (L8376-L8377).
#[test]
fn a_marked_store_is_covered_by_the_next_ack() {
    let marked = store(ExportType::T1, true);
    assert!(run_ack(vec![marked, wait_ack(0)], vec![]).is_err());
    let mut other = CfMem::rat(ExportOp::MemRatCacheless, 0, RatInst::StoreDword, 2, 4, 1);
    other.ty = ExportType::T3;
    // R4.x = 0 as well: the ACK-type store writes the same dword again, harmlessly.
    assert!(run_ack(vec![marked, CfInst::Mem(other), wait_ack(0)], vec![]).is_ok());
}

/// A 2 x 1 texture of 3 slices, one float component: texel (x, slice) = 10·slice + x.
fn array_texture_launch() -> R600Launch {
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [1, 1, 1], [1, 1, 1]);
    let texels: Vec<u8> = [0.0f32, 1.0, 10.0, 11.0, 20.0, 21.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    l.memory = vec![texels];
    l.textures.insert(
        0,
        Texture {
            memory: 0,
            width: 2,
            height: 1,
            comps: 1,
            array: true,
            slices: 3,
        },
    );
    l
}

fn tex(op: TexOp, dst_sel: [u8; 4]) -> FetchInst {
    FetchInst::Tex(TexInst {
        op,
        inst_mod: 0,
        fetch_whole_quad: false,
        resource_id: 0,
        src_gpr: 1,
        src_rel: false,
        alt_const: false,
        resource_index_mode: 0,
        sampler_index_mode: 0,
        dst: FetchDst {
            gpr: 3,
            rel: false,
            sel: dst_sel,
        },
        lod_bias: 0,
        coord_type: [true, true, false, false],
        offset: [0; 3],
        sampler_id: 0,
        src_sel: [0, 1, 2, 3],
    })
}

/// Samples at u = 0.75 (texel 1), slice coordinate `z`, reference `w`; returns R3.x.
fn sample(op: TexOp, z: f32, w: f32, compare: Option<DepthCompare>) -> Result<u32, RunError> {
    let bytes = program(
        vec![
            mov(1, Chan::X, 0.75f32.to_bits()),
            mov(1, Chan::Y, 0.5f32.to_bits()),
            mov(1, Chan::Z, z.to_bits()),
            mov(1, Chan::W, w.to_bits()),
        ],
        vec![],
        tex(op, [0, 7, 7, 7]),
        vec![
            // R3.x to RAT 0 dword 0 (R0.x = 0), so that the result is visible.
            CfInst::Mem(CfMem::rat(
                ExportOp::MemRatCacheless,
                0,
                RatInst::StoreDword,
                3,
                0,
                1,
            )),
        ],
    );
    let mut l = array_texture_launch();
    l.memory.push(vec![0; 4]);
    l.rats.insert(0, 1);
    if let Some(f) = compare {
        l.depth_compare.insert(0, f);
    }
    run(&bytes, &mut l)?;
    let m = &l.memory[1];
    Ok(u32::from_le_bytes([m[0], m[1], m[2], m[3]]))
}

// The slice is z, unnormalized (COORD_TYPE_Z 0), rounded to nearest even and clamped.
#[test]
fn sample_reads_the_slice_in_z() {
    let s = |z: f32| f32::from_bits(sample(TexOp::Sample, z, 0.0, None).unwrap());
    assert_eq!(s(0.0), 1.0);
    assert_eq!(s(1.4), 11.0);
    assert_eq!(s(1.5), 21.0);
    assert_eq!(s(0.5), 1.0);
    assert_eq!(s(7.0), 21.0);
    assert_eq!(s(-3.0), 1.0);
}

// SAMPLE_LZ: SAMPLE with the level of detail forced to zero (cayman L7593); the model's
// textures have one level, so it reads what SAMPLE reads whatever src0.W holds.
#[test]
fn sample_lz_reads_level_zero_like_sample() {
    let s = |op, z: f32, w: f32| f32::from_bits(sample(op, z, w, None).unwrap());
    for (z, w) in [(0.0, 0.0), (1.4, 3.0), (1.5, -2.0), (7.0, 100.0)] {
        assert_eq!(s(TexOp::SampleLz, z, w), s(TexOp::Sample, z, 0.0));
    }
}

// SAMPLE_C_LZ: "compares the reference value in src0.W with the sampled value ... A passing
// compare puts a 1.0 in the src0.X element. A failing compare puts a 0.0" (cayman L7400,
// L7487); the function is the sampler's.
#[test]
fn sample_c_lz_compares_the_reference_in_w() {
    let le = Some(DepthCompare::LessEqual);
    let c = |w: f32, f| sample(TexOp::SampleCLz, 1.0, w, f).unwrap();
    // Texel (1, slice 1) = 11.0.
    assert_eq!(c(11.0, le), 1.0f32.to_bits());
    assert_eq!(c(11.5, le), 0);
    assert_eq!(c(12.0, Some(DepthCompare::Greater)), 1.0f32.to_bits());
    assert_eq!(c(f32::NAN, le), 0);
    assert_eq!(c(f32::NAN, Some(DepthCompare::NotEqual)), 1.0f32.to_bits());
    // No comparison function bound: the launch is wrong.
    assert!(sample(TexOp::SampleCLz, 1.0, 0.0, None).is_err());
}

// Only X of a comparison is defined (cayman L7400).
#[test]
fn sample_c_into_y_is_refused() {
    let bytes = program(
        vec![mov(1, Chan::X, 0)],
        vec![],
        tex(TexOp::SampleC, [1, 7, 7, 7]),
        vec![],
    );
    let mut l = array_texture_launch();
    l.depth_compare.insert(0, DepthCompare::LessEqual);
    let e = run(&bytes, &mut l).unwrap_err();
    assert!(e.to_string().contains("only X"), "{e}");
}

/// Two wavefronts: each stores 42 at its work-items' dwords (TYPE `ty`, then WAIT_ACK 0 if
/// `wait`), passes a GROUP_BARRIER, and fetches the dword of work-item `id ^ 64`, which the
/// other wavefront wrote.
fn run_two_waves(ty: ExportType, wait: bool) -> Result<Vec<u8>, RunError> {
    let lit = |op, dst: u8, src: u8, v: u32| AluGroup {
        insts: vec![AluInst::new(
            op,
            dst,
            Chan::X,
            &[AluSrc::gpr(src, Chan::X), AluSrc::literal(Chan::X)],
        )],
        literals: vec![v, 0],
    };
    let first = vec![
        lit(AluOp::XorInt, 1, 0, 64),
        lit(AluOp::LshlInt, 1, 1, 2),
        mov(2, Chan::X, 42),
    ];
    let barrier = vec![AluGroup::new(vec![AluInst::new(
        AluOp::GroupBarrier,
        0,
        Chan::X,
        &[],
    )
    .masked()])];
    let mut cf = vec![
        CfInst::Alu(CfAlu::new(CfAluOp::Alu, 0, 0)),
        store(ty, false),
    ];
    if wait {
        cf.push(wait_ack(0));
    }
    cf.push(CfInst::Alu(CfAlu::new(CfAluOp::Alu, 0, 0)));
    cf.push(CfInst::Word(CfWord::new(CfOp::Tc, 0)));
    cf.push(CfInst::Word(CfWord::new(CfOp::End, 0)));
    let n = cf.len() as u32;
    let slots = |c: &Vec<AluGroup>| c.iter().map(|g| g.slots() as u32).sum::<u32>();
    let (a0, a1) = (n, n + slots(&first));
    let fetch_at = (a1 + slots(&barrier)).next_multiple_of(2);
    let mut p = Program::default();
    let k1 = cf.len() - 3;
    cf[0] = CfInst::Alu(CfAlu::new(CfAluOp::Alu, a0, slots(&first) as usize));
    cf[k1] = CfInst::Alu(CfAlu::new(CfAluOp::Alu, a1, slots(&barrier) as usize));
    cf[k1 + 1] = CfInst::Word(CfWord::new(CfOp::Tc, fetch_at));
    p.cf = cf;
    p.alu_clauses.insert(a0, AluClause { groups: first });
    p.alu_clauses.insert(a1, AluClause { groups: barrier });
    p.fetch_clauses.insert(
        fetch_at,
        FetchClause {
            insts: vec![vfetch()],
        },
    );
    let bytes = p.encode().expect("encodes");
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords: 0,
    };
    let mut l = R600Launch::new(cfg, [128, 1, 1], [128, 1, 1]);
    l.memory = vec![vec![0; 512]];
    l.rats.insert(0, 0);
    l.vtx_buffers.insert(1, 0);
    run(&bytes, &mut l)?;
    Ok(l.memory.swap_remove(0))
}

// Another wavefront's write is in memory once its writer has the ACK (cayman L786-L791):
// the reader's own WAIT_ACK does not help.
#[test]
fn a_fetch_of_another_wavefronts_unacknowledged_store_is_refused() {
    let e = run_two_waves(ExportType::T1, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("wavefront 1 of the group"), "{e}");
    let e = run_two_waves(ExportType::T3, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("WAIT_ACK"), "{e}");
    let mem = run_two_waves(ExportType::T3, true).unwrap();
    assert!(mem.chunks_exact(4).all(|d| d == 42u32.to_le_bytes()));
}

// OFFSET_X "X element of texel address before sampling (in texel space). value ranging from
// [-8, 8)" in a 5-bit field: half texels. Texel 1 of slice 1 is 11.0, texel 0 is 10.0.
#[test]
fn sample_offsets_are_half_texels() {
    let at = |u: f32, off: u8| {
        let mut t = tex(TexOp::Sample, [0, 7, 7, 7]);
        if let FetchInst::Tex(x) = &mut t {
            x.coord_type = [false, false, false, false];
            x.offset = [off, 0, 0];
        }
        let bytes = program(
            vec![
                mov(1, Chan::X, u.to_bits()),
                mov(1, Chan::Y, 0),
                mov(1, Chan::Z, 1.0f32.to_bits()),
            ],
            vec![],
            t,
            vec![CfInst::Mem(CfMem::rat(
                ExportOp::MemRatCacheless,
                0,
                RatInst::StoreDword,
                3,
                0,
                1,
            ))],
        );
        let mut l = array_texture_launch();
        l.memory.push(vec![0; 4]);
        l.rats.insert(0, 1);
        run(&bytes, &mut l).unwrap();
        let m = &l.memory[1];
        f32::from_le_bytes([m[0], m[1], m[2], m[3]])
    };
    assert_eq!(at(0.25, 0), 10.0);
    assert_eq!(at(0.25, 2), 11.0); // +1 texel
    assert_eq!(at(0.75, 1), 11.0); // 0.75 + 0.5 texel
    assert_eq!(at(1.25, 0x1F), 10.0); // 1.25 - 0.5 texel
}

/// GET_TEXTURE_RESINFO of the 2 x 1 x 3 array texture: width, height, depth (the slice
/// count of an array) and the level count, as integers (cayman L7321-7323: "Retrieve width,
/// height, depth, and number of mipmap levels"); the model has one level. Level 0 in R1.x.
fn resinfo(dst_sel: [u8; 4], level: u32) -> Result<u32, RunError> {
    let mut t = match tex(TexOp::GetTextureResinfo, dst_sel) {
        FetchInst::Tex(t) => t,
        _ => unreachable!("tex builds a TEX instruction"),
    };
    t.coord_type = [false; 4];
    t.src_sel = [0, 4, 4, 4];
    let bytes = program(
        vec![mov(1, Chan::X, level)],
        vec![],
        FetchInst::Tex(t),
        vec![CfInst::Mem(CfMem::rat(
            ExportOp::MemRatCacheless,
            0,
            RatInst::StoreDword,
            3,
            0,
            1,
        ))],
    );
    let mut l = array_texture_launch();
    l.memory.push(vec![0; 4]);
    l.rats.insert(0, 1);
    run(&bytes, &mut l)?;
    let m = &l.memory[1];
    Ok(u32::from_le_bytes([m[0], m[1], m[2], m[3]]))
}

#[test]
fn get_texture_resinfo_reports_the_dimensions() {
    assert_eq!(resinfo([0, 7, 7, 7], 0).unwrap(), 2, "width");
    assert_eq!(resinfo([1, 7, 7, 7], 0).unwrap(), 1, "height");
    assert_eq!(resinfo([2, 7, 7, 7], 0).unwrap(), 3, "depth = slices");
    assert_eq!(resinfo([3, 7, 7, 7], 0).unwrap(), 1, "levels");
    assert!(matches!(
        resinfo([0, 7, 7, 7], 1),
        Err(RunError::Unsupported(_))
    ));
}

/// GATHER4 of a 2 x 2 texture, texel (i, j) = (i + 10j, 100 + i + 10j) in two components,
/// sampled at its centre (1.0, 1.0) unnormalized: the four taps half a texel away are the
/// four texels, in the order (-,+), (+,+), (+,-), (-,-) = (0,1), (1,1), (1,0), (0,0);
/// INST_MOD 1 gathers component Y (cayman L9590-9593).
#[test]
fn gather4_packs_the_footprint_of_one_component() {
    let cfg = ProgramConfig {
        gprs: 8,
        stack_size: 1,
        lds_dwords: 0,
    };
    let run_gather = |inst_mod: u8, c: u8| -> u32 {
        let mut l = R600Launch::new(cfg, [1, 1, 1], [1, 1, 1]);
        let texels: Vec<u8> = [0.0f32, 100.0, 1.0, 101.0, 10.0, 110.0, 11.0, 111.0]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        l.memory = vec![texels, vec![0; 4]];
        l.rats.insert(0, 1);
        l.textures.insert(
            0,
            Texture {
                memory: 0,
                width: 2,
                height: 2,
                comps: 2,
                array: false,
                slices: 1,
            },
        );
        let mut t = match tex(TexOp::Gather4, [c, 7, 7, 7]) {
            FetchInst::Tex(t) => t,
            _ => unreachable!("tex builds a TEX instruction"),
        };
        t.coord_type = [false; 4];
        t.inst_mod = inst_mod;
        let bytes = program(
            vec![
                mov(1, Chan::X, 1.0f32.to_bits()),
                mov(1, Chan::Y, 1.0f32.to_bits()),
            ],
            vec![],
            FetchInst::Tex(t),
            vec![CfInst::Mem(CfMem::rat(
                ExportOp::MemRatCacheless,
                0,
                RatInst::StoreDword,
                3,
                0,
                1,
            ))],
        );
        run(&bytes, &mut l).expect("runs");
        let m = &l.memory[1];
        u32::from_le_bytes([m[0], m[1], m[2], m[3]])
    };
    let f = |v: f32| v.to_bits();
    assert_eq!(run_gather(0, 0), f(10.0), "X: texel (0, 1)");
    assert_eq!(run_gather(0, 1), f(11.0), "Y: texel (1, 1)");
    assert_eq!(run_gather(0, 2), f(1.0), "Z: texel (1, 0)");
    assert_eq!(run_gather(0, 3), f(0.0), "W: texel (0, 0)");
    assert_eq!(run_gather(1, 0), f(110.0), "INST_MOD 1 gathers Y");
    assert_eq!(run_gather(3, 0), f(1.0), "a missing W reads 1.0");
}
