//! Execution tests of the 64-bit lowerings (`isel/int64.rs`, `isel/double.rs`): IL compiled
//! for gfx906 and run on the GCN device model over many operand pairs, against values
//! computed on the host (Rust's integer division and IEEE f64 arithmetic) and against the
//! reference interpreter.

use ilc::targets::gfx906;
use runtime_sim::{Bindings, Dispatch};

fn parse(text: &str) -> il_frontend::Program {
    let (p, diags, _) = il_frontend::read(text.as_bytes());
    p.unwrap_or_else(|| panic!("IL does not parse: {diags:?}"))
}

/// Runs `il` over 64 work-items with `input` at the start of UAV 11 and `out_words` zero
/// dwords after it; returns those dwords after checking the reference agrees.
fn run_words(il: &str, input: &[u32], out_words: usize) -> Vec<u32> {
    let p = parse(il);
    let mut bytes: Vec<u8> = input.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.resize(bytes.len() + 4 * out_words, 0);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, bytes);
    let dispatch = Dispatch::linear(64);
    // The reference, and the check's verdict on the gfx906 run.
    let kernel = runtime_sim::interp::kernel::lower(&p).unwrap();
    let work = ilc::check::Workload {
        bindings: bind.clone(),
        dispatch,
    };
    let judge = ilc::check::Judge::with_work(&p, kernel, work, None, 1, 10_000_000).unwrap();
    gfx906::device(10_000_000)
        .run(&p, &mut bind, dispatch)
        .unwrap();
    judge.judge(ilc::Target::Gfx906, &bind).unwrap();
    runtime_sim::runtime::dwords(&bind.uavs[&11])[input.len()..].to_vec()
}

/// A small deterministic generator (splitmix64).
fn mix(i: u64) -> u64 {
    let mut z = i
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x1234_5678);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Work-item i reads the pair (a, b) at dwords 4i..4i+3 and writes four results at
/// 256 + 8i (the op on (a, b) in .xy, the second op in .zw; a second store for two more).
fn binary64(ops: [&str; 4], pairs: &[(u64, u64)]) -> Vec<[u64; 4]> {
    let il = format!(
        "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(11)
dcl_literal l0, 4, 1024, 16, 5
ishl r30.x, vAbsTid.x, l0.x
uav_raw_load_id(11) r0, r30.x
ishl r30.y, vAbsTid.x, l0.w
iadd r30.y, r30.y, l0.y
{} r20.xy__, r0.xyxy, r0.zwzw
{} r20.__zw, r0.xyxy, r0.zwzw
{} r21.xy__, r0.xyxy, r0.zwzw
{} r21.__zw, r0.xyxy, r0.zwzw
uav_raw_store_id(11) mem.xyzw, r30.y, r20
iadd r30.y, r30.y, l0.z
uav_raw_store_id(11) mem.xyzw, r30.y, r21
end
",
        ops[0], ops[1], ops[2], ops[3]
    );
    let input: Vec<u32> = pairs
        .iter()
        .flat_map(|&(a, b)| [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32])
        .collect();
    let out = run_words(&il, &input, 64 * 8);
    (0..64)
        .map(|i| {
            let w = &out[8 * i..8 * i + 8];
            let q = |k: usize| u64::from(w[2 * k]) | u64::from(w[2 * k + 1]) << 32;
            [q(0), q(1), q(2), q(3)]
        })
        .collect()
}

fn int_pairs() -> Vec<(u64, u64)> {
    let special = [
        0u64,
        1,
        u64::MAX,
        i64::MIN as u64,
        i64::MAX as u64,
        7,
        1 << 32,
        0xFFFF_FFFF,
    ];
    (0..64u64)
        .map(|i| {
            let a = if i < 8 { special[i as usize] } else { mix(i) };
            let b = match i % 8 {
                0 => 0,
                1 => u64::MAX,
                2 => special[(i / 8) as usize],
                3 => mix(i + 1000) >> (i % 60),
                4 => 3,
                5 => (mix(i + 77) >> 40) | 1,
                6 => 1 << (i % 64),
                _ => mix(i + 500),
            };
            (a, b)
        })
        .collect()
}

#[test]
fn i64_division_and_remainder_match_the_host() {
    let pairs = int_pairs();
    let out = binary64(["u64div", "u64mod", "i64div", "i64mod"], &pairs);
    for (&(a, b), got) in pairs.iter().zip(&out) {
        // Division by zero gives all ones (the reference's choice, I-21).
        let want = [
            a.checked_div(b).unwrap_or(u64::MAX),
            a.checked_rem(b).unwrap_or(u64::MAX),
            (a as i64)
                .checked_div(b as i64)
                .map_or(if b == 0 { u64::MAX } else { a }, |q| q as u64),
            (a as i64)
                .checked_rem(b as i64)
                .map_or(if b == 0 { u64::MAX } else { 0 }, |r| r as u64),
        ];
        assert_eq!(*got, want, "{a:#x} op {b:#x}");
    }
}

#[test]
fn i64_add_sub_mul_match_the_host() {
    let pairs = int_pairs();
    let out = binary64(["i64add", "i64sub", "i64mul", "u64mul"], &pairs);
    for (&(a, b), got) in pairs.iter().zip(&out) {
        let p = a.wrapping_mul(b);
        assert_eq!(
            *got,
            [a.wrapping_add(b), a.wrapping_sub(b), p, p],
            "{a:#x} op {b:#x}"
        );
    }
}

fn double_pairs(seed: u64) -> Vec<(u64, u64)> {
    let special = [
        0u64,
        1.0f64.to_bits(),
        f64::MAX.to_bits(),
        f64::MIN_POSITIVE.to_bits(),
        1,                     // the smallest denormal
        0x000F_FFFF_FFFF_FFFF, // the largest denormal
        (-3.0f64).to_bits(),
        2f64.powi(1023).to_bits(),
    ];
    (0..64u64)
        .map(|i| {
            // Random finite doubles with exponents over the whole range.
            let r = |k: u64| {
                let x = mix(k + (seed << 20));
                let e = (x >> 52) % 2046 + 1;
                (x & 0x800F_FFFF_FFFF_FFFF) | e << 52
            };
            let a = if i < 8 { special[i as usize] } else { r(i) };
            let b = if i % 8 == 0 {
                special[(i / 8) as usize]
            } else {
                r(i + 4096)
            };
            (a, b)
        })
        .collect()
}

#[test]
fn double_division_and_fma_are_ieee() {
    for seed in 0..8 {
        let pairs = double_pairs(seed);
        let out = binary64(["ddiv", "dmul", "dadd", "ddiv"], &pairs);
        let d = f64::from_bits;
        for (&(a, b), got) in pairs.iter().zip(&out) {
            let q = d(a) / d(b);
            let want = [q, d(a) * d(b), d(a) + d(b)];
            for k in 0..3 {
                let g = d(got[k]);
                assert!(
                    g.to_bits() == want[k].to_bits() || (g.is_nan() && want[k].is_nan()),
                    "op {k} of {a:#x}, {b:#x}: got {g:e}, want {:e}",
                    want[k]
                );
            }
        }
    }
}

#[test]
fn double_square_root_is_within_one_ulp() {
    for seed in 0..4 {
        let pairs = double_pairs(seed);
        let il = "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(11)
dcl_literal l0, 4, 1024, 16, 5
ishl r30.x, vAbsTid.x, l0.x
uav_raw_load_id(11) r0, r30.x
ishl r30.y, vAbsTid.x, l0.x
iadd r30.y, r30.y, l0.y
dsqrt r20.xy__, r0.xyxy
dsqrt r20.__zw, r0.zwzw
uav_raw_store_id(11) mem.xyzw, r30.y, r20
end
";
        let input: Vec<u32> = pairs
            .iter()
            .flat_map(|&(a, b)| [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32])
            .collect();
        let out = run_words(il, &input, 64 * 4);
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for (k, x) in [a, b].into_iter().enumerate() {
                let got = u64::from(out[4 * i + 2 * k]) | u64::from(out[4 * i + 2 * k + 1]) << 32;
                let want = f64::from_bits(x).sqrt();
                let g = f64::from_bits(got);
                if want.is_nan() {
                    assert!(g.is_nan(), "sqrt({x:#x}) = {g:e}");
                } else {
                    assert!(
                        got.abs_diff(want.to_bits()) <= 1,
                        "sqrt({x:#x}): got {g:e}, want {want:e}"
                    );
                }
            }
        }
    }
}

/// `drcp` (correctly rounded here) and `drsq` (within 2 ULP of the host's 1/sqrt, itself
/// within 1) on positive finite operands over the whole exponent range; a zero gives the
/// default zeroop value DBL_MAX.
#[test]
fn double_reciprocals_match_the_host() {
    for seed in 0..4 {
        let pairs: Vec<(u64, u64)> = double_pairs(seed)
            .into_iter()
            .map(|(a, b)| (a & !(1 << 63), b & !(1 << 63)))
            .collect();
        let il = "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(11)
dcl_literal l0, 4, 1024, 16, 5
ishl r30.x, vAbsTid.x, l0.x
uav_raw_load_id(11) r0, r30.x
ishl r30.y, vAbsTid.x, l0.w
iadd r30.y, r30.y, l0.y
drcp r20.xy__, r0.xyxy
drsq r20.__zw, r0.xyxy
drcp r21.xy__, r0.zwzw
drsq r21.__zw, r0.zwzw
uav_raw_store_id(11) mem.xyzw, r30.y, r20
iadd r30.y, r30.y, l0.z
uav_raw_store_id(11) mem.xyzw, r30.y, r21
end
";
        let input: Vec<u32> = pairs
            .iter()
            .flat_map(|&(a, b)| [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32])
            .collect();
        let out = run_words(il, &input, 64 * 8);
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let w = &out[8 * i..8 * i + 8];
            let q = |k: usize| u64::from(w[2 * k]) | u64::from(w[2 * k + 1]) << 32;
            for (j, x) in [a, b].into_iter().enumerate() {
                let v = f64::from_bits(x);
                let (rcp, rsq) = (q(2 * j), q(2 * j + 1));
                if v == 0.0 {
                    assert_eq!((rcp, rsq), (f64::MAX.to_bits(), f64::MAX.to_bits()));
                    continue;
                }
                assert_eq!(rcp, (1.0 / v).to_bits(), "drcp({x:#x})");
                let want = (1.0 / v.sqrt()).to_bits();
                assert!(
                    rsq.abs_diff(want) <= 2,
                    "drsq({x:#x}): got {:e}, want {:e}",
                    f64::from_bits(rsq),
                    f64::from_bits(want)
                );
            }
        }
    }
}

/// `_divcomp(y)` divides x by y correctly rounded (through double precision) and without
/// flushing: against the host's IEEE f32 division, denormal operands and quotients
/// included.
#[test]
fn divcomp_is_correctly_rounded() {
    let il = "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(11)
dcl_literal l0, 4, 1024, 16, 5
ishl r30.x, vAbsTid.x, l0.x
uav_raw_load_id(11) r0, r30.x
iadd r30.y, r30.x, l0.y
mov r20, r0_divcomp(y)
uav_raw_store_id(11) mem.xyzw, r30.y, r20
end
";
    for seed in 0..8u64 {
        let f = |k: u64| {
            let x = mix(k + (seed << 20));
            // Exponents from denormal (0) to 2^100.
            let e = (x >> 40) % 228;
            ((x as u32) & 0x807F_FFFF) | (e as u32) << 23
        };
        let input: Vec<u32> = (0..64u64)
            .flat_map(|i| [f(4 * i), f(4 * i + 1), f(4 * i + 2), f(4 * i + 3)])
            .collect();
        let out = run_words(il, &input, 64 * 4);
        for i in 0..64 {
            let (x, y) = (
                f32::from_bits(input[4 * i]),
                f32::from_bits(input[4 * i + 1]),
            );
            assert_eq!(out[4 * i], (x / y).to_bits(), "{x:e} / {y:e}");
            assert_eq!(out[4 * i + 1], input[4 * i + 1]);
        }
    }
}
