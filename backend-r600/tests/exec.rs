//! Execution tests: small IL kernels compiled for Cayman and run on the device model, with
//! the expected results computed in plain Rust.

use ilc::targets::cayman;

use runtime_sim::{Bindings, Dispatch};

fn run(text: &str, bindings: &mut Bindings, dispatch: Dispatch) {
    let (p, diags, _) = il_frontend::read(text.as_bytes());
    let p = p.unwrap_or_else(|| panic!("{diags:?}"));
    if let Err(e) = cayman::device(1_000_000).run(&p, bindings, dispatch) {
        let asm = cayman::compile(&p, &midend::Options::default())
            .map(|c| c.asm)
            .unwrap_or_else(|e| e.to_string());
        panic!("cayman: {e}\n{asm}");
    }
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn uav(words_in: &[u32]) -> Bindings {
    let mut b = Bindings::default();
    b.uavs.insert(11, bytes(words_in));
    b
}

const DIV: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 2, 1024, 2048, 3072
mov r0.x, vAbsTidFlat.x
ishl r1.x, r0.x, l0.x
uav_raw_load_id(11) r2.x, r1.x
iadd r3.x, r1.x, l0.y
uav_raw_load_id(11) r4.x, r3.x
udiv r5.x, r2.x, r4.x
umod r6.x, r2.x, r4.x
iadd r7.x, r1.x, l0.z
uav_raw_store_id(11) mem.x, r7.x, r5.x
iadd r8.x, r1.x, l0.w
uav_raw_store_id(11) mem.x, r8.x, r6.x
end
";

#[test]
fn udiv_and_umod_are_exact_including_division_by_zero() {
    let mut a = Vec::new();
    let mut b = Vec::new();
    let special = [
        0u32,
        1,
        2,
        3,
        7,
        0xFFFF_FFFF,
        0xFFFF_FFFE,
        0x8000_0000,
        0x7FFF_FFFF,
        12345,
    ];
    let mut x = 0x1234_5678u32;
    for i in 0..256 {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let (p, q) = if i < 100 {
            (special[i % 10], special[i / 10])
        } else {
            (x, (x >> (i % 31)).rotate_left(i as u32))
        };
        a.push(p);
        b.push(q);
    }
    let mut mem = a.clone();
    mem.extend(&b);
    mem.extend(vec![0u32; 512]);
    let mut bind = uav(&mem);
    run(DIV, &mut bind, Dispatch::linear(256));
    let out = words(&bind.uavs[&11]);
    for i in 0..256 {
        let q = a[i].checked_div(b[i]).unwrap_or(u32::MAX);
        let r = a[i].checked_rem(b[i]).unwrap_or(u32::MAX);
        assert_eq!(out[512 + i], q, "{} / {}", a[i], b[i]);
        assert_eq!(out[768 + i], r, "{} % {}", a[i], b[i]);
    }
}

const FLOW: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 2, 0, 0, 3
dcl_literal l1, 0, 1, 20, 50
mov r0.x, vAbsTidFlat.x
mov r1.x, l1.x
mov r2.x, l1.x
whileloop
    iadd r2.x, r2.x, l1.y
    ult r3.x, r0.x, r2.x
    break_logicalnz r3.x
    iand r4.x, r2.x, l1.y
    if_logicalnz r4.x
        continue
    endif
    iadd r1.x, r1.x, r2.x
    uge r5.x, r2.x, l1.z
    break_logicalnz r5.x
endloop
ult r6.x, r1.x, l1.w
if_logicalnz r6.x
    imul r1.x, r1.x, l0.w
else
    ixor r1.x, r1.x, l1.w
endif
ishl r7.x, r0.x, l0.x
uav_raw_store_id(11) mem.x, r7.x, r1.x
end
";

#[test]
fn loops_with_break_and_continue_and_if_else() {
    let mut bind = uav(&[0u32; 128]);
    run(FLOW, &mut bind, Dispatch::linear(128));
    let out = words(&bind.uavs[&11]);
    for i in 0..128u32 {
        let (mut acc, mut k) = (0u32, 0u32);
        loop {
            k += 1;
            if i < k {
                break;
            }
            if k & 1 != 0 {
                continue;
            }
            acc += k;
            if k >= 20 {
                break;
            }
        }
        let want = if acc < 50 { acc * 3 } else { acc ^ 50 };
        assert_eq!(out[i as usize], want, "work-item {i}");
    }
}

const FLOAT: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 2, 256, 512, 0x3F800000
mov r0.x, vAbsTidFlat.x
ishl r1.x, r0.x, l0.x
uav_raw_load_id(11) r2.x, r1.x
iadd r3.x, r1.x, l0.y
uav_raw_load_id(11) r4.x, r3.x
lt r5.x, r2.x, r4.x
mad r6.x, r2.x, r4.x, l0.w
max r7.x, r2.x, r4.x_neg(xyzw)
cmov_logical r8.x, r5.x, r6.x, r7.x
ftoi r9.x, r8.x
itof r10.x, r9.x
add r11.x, r8.x_abs, r10.x
iadd r12.x, r1.x, l0.z
uav_raw_store_id(11) mem.x, r12.x, r11.x
end
";

#[test]
fn float_arithmetic_compares_selects_and_conversions() {
    let a: Vec<f32> = (0..64).map(|i| (i as f32 - 30.0) * 1.75).collect();
    let b: Vec<f32> = (0..64).map(|i| 20.0 - (i as f32) * 0.625).collect();
    let mut mem: Vec<u32> = a.iter().map(|f| f.to_bits()).collect();
    mem.extend(b.iter().map(|f| f.to_bits()));
    mem.extend(vec![0u32; 64]);
    let mut bind = uav(&mem);
    run(FLOAT, &mut bind, Dispatch::linear(64));
    let out = words(&bind.uavs[&11]);
    for i in 0..64 {
        let (x, y) = (a[i], b[i]);
        let sel = if x < y { x * y + 1.0 } else { x.max(-y) };
        let t = sel.trunc();
        let want = sel.abs() + t;
        assert_eq!(
            f32::from_bits(out[128 + i]),
            want,
            "work-item {i}: {x}, {y}"
        );
    }
}

const IDS: &str = "il_cs_2_0
dcl_raw_uav_id(11)
dcl_literal l0, 2, 1000, 0, 0
mov r0.x, vAbsTidFlat.x
mov r1.x, vTidInGrpFlat.x
mov r2.x, vThreadGrpIdFlat.x
imad r3.x, r2.x, l0.y, r1.x
ishl r4.x, r0.x, l0.x
uav_raw_store_id(11) mem.x, r4.x, r3.x
end
";

#[test]
fn thread_ids_without_a_declared_group_size_come_from_the_launch_buffer() {
    let mut bind = uav(&[0u32; 128]);
    let dispatch = Dispatch::Grid {
        global: [16, 8, 1],
        group: Some([8, 4, 1]),
        dims: 2,
    };
    run(IDS, &mut bind, dispatch);
    let out = words(&bind.uavs[&11]);
    for gy in 0..2u32 {
        for gx in 0..2u32 {
            for ly in 0..4u32 {
                for lx in 0..8u32 {
                    let local = ly * 8 + lx;
                    let group = gy * 2 + gx;
                    let abs = group * 32 + local;
                    assert_eq!(out[abs as usize], group * 1000 + local);
                }
            }
        }
    }
}

const DOUBLES: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 4, 16, 32, 80
dcl_literal l1, 5, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.w
uav_raw_load_id(11) r1, r0.x
dadd r2.xy, r1.xy, r1.zw
dmul r2.zw, r1.xy, r1.zw
dmad r3.xy, r1.xy, r1.zw, r1.xy
dmax r3.zw, r1.xy, r1.zw_neg(y)
dlt r4.x, r1.xy, r1.zw
dldexp r5.xy, r1.xy, l1.x
d2f r4.y, r1.zw
dtoi r4.z, r1.xy
mov r4.w, l0.x
f2d r5.zw, r4.y
iadd r6.x, r0.x, l0.y
uav_raw_store_id(11) mem.xyzw, r6.x, r2
iadd r6.x, r0.x, l0.z
uav_raw_store_id(11) mem.xyzw, r6.x, r3
iadd r6.x, r6.x, l0.y
uav_raw_store_id(11) mem.xyzw, r6.x, r4
iadd r6.x, r6.x, l0.y
uav_raw_store_id(11) mem.xyzw, r6.x, r5
end
";

#[test]
fn doubles_on_the_64_bit_slot_pair_instructions() {
    // Denormals among them: the clauses set the IEEE double mode (SET_MODE), so the
    // results are the host's IEEE 754 doubles.
    let pairs: Vec<(f64, f64)> = (0..64)
        .map(|i: u64| {
            let mut a = (i as f64 - 31.5) * 1.25e3 / 7.0;
            let mut b = ((i * 37 % 64) as f64 - 20.25) * 0.3;
            if i < 8 {
                a = f64::from_bits((i + 1) * 0x1_2345_6789);
            }
            if i % 4 == 0 {
                b = -f64::from_bits((i + 3) * 0x9_8765_4321);
            }
            (a, b)
        })
        .collect();
    let mut input = Vec::new();
    for &(a, b) in &pairs {
        let (a, b) = (a.to_bits(), b.to_bits());
        input.extend([a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32]);
        input.extend([0u32; 16]);
    }
    let mut b = uav(&input);
    let (p, diags, _) = il_frontend::read(DOUBLES.as_bytes());
    let p = p.unwrap_or_else(|| panic!("{diags:?}"));
    cayman::device(1_000_000)
        .run(&p, &mut b, Dispatch::linear(64))
        .unwrap_or_else(|e| panic!("{e}"));
    let out = words(&b.uavs[&11]);
    let d = |k: usize| f64::from_bits(u64::from(out[k]) | u64::from(out[k + 1]) << 32);
    for (i, &(x, y)) in pairs.iter().enumerate() {
        let o = 20 * i;
        assert_eq!(d(o + 4), x + y, "dadd {x} {y}");
        assert_eq!(d(o + 6), x * y, "dmul {x} {y}");
        assert_eq!(d(o + 8), x.mul_add(y, x), "dmad {x} {y}");
        assert_eq!(d(o + 10), if x >= -y { x } else { -y }, "dmax {x} {y}");
        let lt = if x < y { u32::MAX } else { 0 };
        assert_eq!(out[o + 12], lt, "dlt {x} {y}");
        assert_eq!(out[o + 13], (y as f32).to_bits(), "d2f {y}");
        assert_eq!(out[o + 14], x as i32 as u32, "dtoi {x}");
        // dldexp: a result below the normal range is ±0 (il-semantics `dldexp`).
        let scaled = x * 32.0;
        let ldexp = if scaled.abs() < f64::MIN_POSITIVE {
            0.0f64.copysign(x)
        } else {
            scaled
        };
        assert_eq!(d(o + 16).to_bits(), ldexp.to_bits(), "dldexp {x} 5");
        assert_eq!(d(o + 18), f64::from(y as f32), "f2d {y}");
    }
}

const DOUBLE_DIVISION: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 48, 16, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r1, r0.x
ddiv r2.xy, r1, r1.zwzw
dsqrt r2.zw, r1
drsq r3.xy, r1.zwzw
drcp r3.zw, r1.zwzw
iadd r6.x, r0.x, l0.y
uav_raw_store_id(11) mem.xyzw, r6.x, r2
iadd r6.x, r6.x, l0.y
uav_raw_store_id(11) mem.xyzw, r6.x, r3
end
";

/// Units in the last place between two doubles of one sign (NaNs agree with NaNs).
fn ulps(a: f64, b: f64) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    if a == b {
        return 0;
    }
    if a.is_sign_negative() != b.is_sign_negative() {
        return u64::MAX;
    }
    a.to_bits().abs_diff(b.to_bits())
}

/// 1/sqrt(x) for a finite x > 0 within about half an ulp: the host's value with one
/// correction by the exactly computed residual 1 - x·r².
fn rsqrt_reference(x: f64) -> f64 {
    let p2 = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
    if x < p2(-1000) {
        return rsqrt_reference(x * p2(54)) * p2(27);
    }
    if x > p2(1000) {
        return rsqrt_reference(x * p2(-54)) * p2(-27);
    }
    let r = 1.0 / x.sqrt();
    let h = r * r;
    let hl = r.mul_add(r, -h);
    let p = x * h;
    let pl = x.mul_add(h, -p);
    let e = (1.0 - p) - pl - x * hl;
    (0.5 * r).mul_add(e, r)
}

/// `ddiv` correctly rounded (denormal quotients, the ties the final multiply sees, overflow,
/// the special operands), `dsqrt` and `drcp` within 1 ulp and `drsq` within 2 (the accuracy
/// table), against the host's IEEE 754 doubles.
#[test]
fn double_division_and_roots_match_the_host() {
    let tiny = f64::from_bits(1);
    let min = f64::MIN_POSITIVE;
    let all_ones = f64::from_bits(0x3FFF_FFFF_FFFF_FFFF);
    let mut pairs: Vec<(f64, f64)> = vec![
        (6.0, 3.0),
        (1.0, 3.0),
        (tiny, 2.0),       // 2^-1075: a tie, to even (+0)
        (3.0 * tiny, 2.0), // 1.5 · 2^-1074: a tie, to 2 · 2^-1074
        (5.0 * tiny, 4.0), // 1.25 · 2^-1074: 2^-1074
        (1.0, f64::MAX),   // a denormal quotient
        (f64::MAX, 0.5),   // overflow
        (min, 3.0),        // a denormal with rounding
        (-min * 0.75, 1.0 + f64::EPSILON),
        (1.0, all_ones), // b's significand all ones
        (all_ones, all_ones),
        (3.0 * tiny, -tiny), // denormal operands
        (0.0, 0.0),
        (1.0, 0.0),
        (-1.0, -0.0),
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, 2.0),
        (2.0, f64::INFINITY),
        (f64::NAN, 1.0),
        (1.0, f64::NAN),
        (1e-300, 1e300),
        (1e300, 1e-300),
        (7.0 * min, 7.0),
        (min * (1.0 - f64::EPSILON), 1.0 - f64::EPSILON / 2.0),
        // (x + 1/3) · 2^-1074 and (x + 2/3) · 2^-1074: rounded to 53 bits they are
        // halfway between two denormals, and the tie goes the wrong way unless the
        // remainder decides (x odd / even).
        ((3.0 * 2f64.powi(51) + 4.0) * tiny, 3.0),
        ((3.0 * 2f64.powi(51) + 2.0) * tiny, -3.0),
    ];
    // Then pseudo-random doubles over the whole range (exponents near the ends often:
    // quotients near the denormal and overflow edges) and quotients of the top denormal
    // binade by small odd numbers (many of them round to a denormal midpoint first).
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for round in 0..24 {
        if round > 0 {
            pairs.clear();
        }
        while pairs.len() < 64 {
            let (a, b) = (next(), next());
            if pairs.len() % 2 == 0 {
                let a =
                    f64::from_bits(a & 0x800F_FFFF_FFFF_FFFF | (a >> 52 & 0x7FF).min(2046) << 52);
                let b =
                    f64::from_bits(b & 0x800F_FFFF_FFFF_FFFF | (b >> 40 & 0x7FF).min(2046) << 52);
                pairs.push((a, b));
            } else {
                let n = (a >> 11) | 1 << 52;
                let d = [3.0, 5.0, 7.0, -9.0, 11.0, 13.0, 1.5, 2.5][(b & 7) as usize];
                pairs.push((n as f64 * tiny, d));
            }
        }
        check_double_division(&pairs);
    }
}

fn check_double_division(pairs: &[(f64, f64)]) {
    let mut input = Vec::new();
    for &(a, b) in pairs {
        let (a, b) = (a.to_bits(), b.to_bits());
        input.extend([a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32]);
        input.extend([0u32; 8]);
    }
    let mut bnd = uav(&input);
    run(DOUBLE_DIVISION, &mut bnd, Dispatch::linear(64));
    let out = words(&bnd.uavs[&11]);
    let d = |k: usize| f64::from_bits(u64::from(out[k]) | u64::from(out[k + 1]) << 32);
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let o = 12 * i;
        let q = a / b;
        let got = d(o + 4);
        assert!(
            ulps(got, q) == 0 && (got.is_nan() || got.to_bits() == q.to_bits()),
            "ddiv {a:e} / {b:e}: {got:e} ({:#x}), want {q:e} ({:#x})",
            got.to_bits(),
            q.to_bits()
        );
        let root = a.sqrt();
        assert!(
            ulps(d(o + 6), root) <= 1,
            "dsqrt {a:e}: {:e}, want {root:e}",
            d(o + 6)
        );
        let rsq = if b == 0.0 {
            f64::MAX
        } else if b.is_nan() || b < 0.0 {
            f64::NAN
        } else if b.is_infinite() {
            0.0
        } else {
            rsqrt_reference(b)
        };
        assert!(
            ulps(d(o + 8), rsq) <= 2,
            "drsq {b:e}: {:e}, want {rsq:e}",
            d(o + 8)
        );
        let rcp = if b == 0.0 { f64::MAX } else { 1.0 / b };
        assert!(
            ulps(d(o + 10), rcp) <= 1,
            "drcp {b:e}: {:e}, want {rcp:e}",
            d(o + 10)
        );
    }
}

/// `lds_read_vec_neighborExch` in groups of 8x12 = 96 work-items: a partial second
/// wavefront, whose missing lanes give their quads 0; the exchange scratch starts after the
/// reference's LDS (512 dwords for two wavefronts), and the read offsets reach past it,
/// where a read gives 0 and never the scratch.
const EXCHANGE: &str = "il_cs_2_0
dcl_num_thread_per_group 8, 12, 1
dcl_lds_size_per_thread 4
dcl_lds_sharing_mode _wavefrontRel
dcl_raw_uav_id(11)
dcl_literal l0, 0, 1000, 2000, 3000
dcl_literal l1, 1, 63, 3, 60
dcl_literal l2, 16, 0, 0, 0
iadd r0, l0, vTidInGrpFlat.x
lds_write_vec mem.xyzw, r0
fence_threads_lds
iadd r1.x, vTidInGrpFlat.x, l1.x
iand r1.x, r1.x, l1.y
iand r1.y, vTidInGrpFlat.x, l1.z
imul r1.y, r1.y, l1.w
lds_read_vec_neighborExch r2, r1.xy
imul r3.x, vAbsTidFlat.x, l2.x
uav_raw_store_id(11) mem, r3.x, r2
end
";

#[test]
fn neighbor_exchange_in_a_partial_wavefront_never_reads_the_scratch() {
    let mut bind = uav(&[0u32; 4 * 192]);
    let dispatch = Dispatch::Grid {
        global: [8, 24, 1],
        group: Some([8, 12, 1]),
        dims: 2,
    };
    run(EXCHANGE, &mut bind, dispatch);
    let out = words(&bind.uavs[&11]);
    // The reference's LDS: 4 dwords for each of 128 work-items (two wavefronts).
    let items = 96usize;
    let mut lds = vec![0u32; 4 * 128];
    for g in 0..items {
        for c in 0..4 {
            lds[4 * g + c] = (g + 1000 * c) as u32;
        }
    }
    let read = |g: usize| -> [u32; 4] {
        if g >= items {
            return [0; 4];
        }
        let owner = 64 * (g / 64) + ((g % 64 + 1) & 63);
        let base = 4 * owner + 60 * (g & 3);
        [0, 1, 2, 3].map(|c| lds.get(base + c).copied().unwrap_or(0))
    };
    for group in 0..2 {
        for g in 0..items {
            let want: Vec<u32> = (0..4).map(|c| read((g & !3) + c)[g & 3]).collect();
            let at = 4 * (group * items + g);
            assert_eq!(out[at..at + 4], want[..], "group {group} work-item {g}");
        }
    }
}
