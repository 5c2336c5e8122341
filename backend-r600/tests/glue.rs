//! The root crate's Cayman target glue (`src/targets/cayman.rs`), compiled here too so
//! that it is tested with the backend: IL programs compiled and run on the device model,
//! compared with the reference interpreter.

use ilc::targets::cayman;

use runtime_sim::{Bindings, Device, Dispatch, Interpreter};

fn parse(text: &str) -> il_frontend::Program {
    let (p, diags, _) = il_frontend::read(text.as_bytes());
    p.unwrap_or_else(|| panic!("{diags:?}"))
}

fn both(text: &str, bindings: &Bindings, dispatch: Dispatch) -> (Bindings, Bindings) {
    let p = parse(text);
    let mut a = bindings.clone();
    Interpreter {
        step_limit: 1_000_000,
    }
    .run(&p, &mut a, dispatch)
    .expect("interpreter");
    let mut b = bindings.clone();
    cayman::device(1_000_000)
        .run(&p, &mut b, dispatch)
        .unwrap_or_else(|e| {
            let asm = cayman::compile(&p, &midend::Options::default())
                .map(|c| c.asm)
                .unwrap_or_default();
            panic!("cayman: {e}\n{asm}")
        });
    (a, b)
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

#[test]
fn vector_add_matches_the_interpreter() {
    let text = include_str!("../../examples/vector_add.il");
    let n = 200u32;
    let a: Vec<f32> = (0..256).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..256).map(|i| 100.0 - i as f32).collect();
    let mut mem = floats(&a);
    mem.extend(floats(&b));
    mem.extend(vec![0u8; 1024]);
    let mut bindings = Bindings::default();
    bindings.uavs.insert(11, mem);
    bindings.const_buffers.insert(
        1,
        vec![[0, 0, 0, 0], [1024, 0, 0, 0], [2048, 0, 0, 0], [n, 0, 0, 0]],
    );
    let (r, c) = both(text, &bindings, Dispatch::linear(256));
    assert_eq!(r.uavs[&11], c.uavs[&11]);
    let out = &c.uavs[&11][2048..];
    for i in 0..256usize {
        let v = f32::from_le_bytes([out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]]);
        let want = if (i as u32) < n { a[i] + b[i] } else { 0.0 };
        assert_eq!(v, want, "element {i}");
    }
}

/// A Brook+-style pixel kernel: point samples of a 2D unnormalized resource (one inside the
/// texture, one clamped at the edge), a 1D `load_resource` that falls outside (0), a
/// register-indexed `cb0` read, two render targets and a `g[]` scatter.
const PIXEL: &str = "il_ps_2_0
dcl_input_position_interp(linear_noperspective) v0.xy__
dcl_output_usage(generic) o0.xyzw
dcl_output_usage(generic) o1.xyzw
dcl_resource_id(0)_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)
dcl_resource_id(1)_type(1d,unnorm)_fmtx(uint)_fmty(uint)_fmtz(uint)_fmtw(uint)
dcl_cb cb0[8]
dcl_literal l0, 0x40000000, 0x40000000, 0xC0400000, 0x3F000000
dcl_literal l1, 0x00000003, 0x00000006, 0x00000000, 0x00000000
sample_resource(0)_sampler(0) r0, v0.xy00
add r1.xy__, v0.xy00, l0.xz00
sample_resource(0)_sampler(0) r2, r1.xy00
ftoi r3.xy__, v0.xy00
imad r5.x___, r3.y000, l1.x000, r3.x000
iadd r6.x___, r3.x000, l1.y000
load_resource(1) r7, r6.x000
mov r4, cb0[r5.x + 0]
add r8, r2, l0.w
iadd r8.w, r8.w, r7.x
mov o0, r0
mov o1, r8
mov g[r5.x + 0], r4
end
";

#[test]
fn pixel_kernel_samples_writes_render_targets_and_scatters() {
    let (w, h) = (3u32, 2u32);
    let (tw, th) = (4u32, 3u32);
    let tex: Vec<u32> = (0..tw * th * 4)
        .map(|i| (i as f32 * 1.25).to_bits())
        .collect();
    let mut bindings = Bindings::default();
    bindings.resources.insert(
        0,
        runtime_sim::Resource {
            width: tw,
            height: th,
            slices: 1,
            components: 4,
            data: tex.clone(),
        },
    );
    bindings.resources.insert(
        1,
        runtime_sim::Resource {
            width: 8,
            height: 1,
            slices: 1,
            components: 1,
            data: (100..108).collect(),
        },
    );
    let cb: Vec<[u32; 4]> = (0..8u32).map(|i| [i, 10 * i, 100 * i, 1000 * i]).collect();
    bindings.const_buffers.insert(0, cb.clone());
    bindings.global = Some(vec![[7; 4]; 8]);
    let (r, c) = both(
        PIXEL,
        &bindings,
        Dispatch::Domain {
            width: w,
            height: h,
        },
    );
    assert_eq!(r.render_targets, c.render_targets);
    assert_eq!(r.global, c.global);
    // Plain Rust: the texel at clamp(floor(coordinate)).
    let texel = |x: f32, y: f32| {
        let tx = (x.floor().max(0.0) as u32).min(tw - 1);
        let ty = (y.floor().max(0.0) as u32).min(th - 1);
        let at = ((ty * tw + tx) * 4) as usize;
        [tex[at], tex[at + 1], tex[at + 2], tex[at + 3]]
    };
    for y in 0..h {
        for x in 0..w {
            let p = (y * w + x) as usize;
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            assert_eq!(c.render_targets[&0][p], texel(fx, fy), "o0 at ({x}, {y})");
            let t = texel(fx + 2.0, fy - 3.0);
            let mut want = t.map(|v| (f32::from_bits(v) + 0.5).to_bits());
            let ld = if x + 6 < 8 { 100 + x + 6 } else { 0 };
            want[3] = want[3].wrapping_add(ld);
            assert_eq!(c.render_targets[&1][p], want, "o1 at ({x}, {y})");
        }
    }
    let g = c.global.as_ref().expect("g[]");
    for (i, e) in g.iter().enumerate() {
        let want = if i < 6 { cb[i] } else { [7; 4] };
        assert_eq!(*e, want, "g[{i}]");
    }
}

/// The float operations Cayman builds from several instructions (`div`, `mod`, `rnd`,
/// `dp3`) and the transcendental ones, on pairs (a, b) read from raw UAV 0.
const FLOAT_OPS: &str = "il_cs_2_0
dcl_num_thread_per_group 64, 1, 1
dcl_raw_uav_id(0)
dcl_literal l0, 4, 3, 512, 1024
ishl r0.x___, vAbsTid.x, l0.y
uav_raw_load_id(0) r1.xy__, r0.x
div r2.x___, r1.x, r1.y
mod r2._y__, r1.x, r1.y
rnd r2.__z_, r1.x
dp3 r2.___w, r1.xyx, r1.yxy
sqrt_vec r3.x___, r1.y
exp_vec r3._y__, r1.y
sin_vec r3.__z_, r1.x
frc r3.___w, r1.x
ishl r4.x___, vAbsTid.x, l0.x
iadd r4.x___, r4.x, l0.z
uav_raw_store_id(0) mem.xyzw, r4.x, r2
iadd r5.x___, r4.x, l0.w
uav_raw_store_id(0) mem.xyzw, r5.x, r3
end
";

#[test]
fn composite_float_operations_match_plain_rust() {
    let pairs: Vec<(f32, f32)> = (0..32)
        .map(|i| {
            let a = (i as f32 - 15.5) * 3.7;
            let b = match i % 5 {
                0 => 0.0,
                1 => 3.0,
                2 => -0.75,
                3 => 7.25,
                _ => 1.5,
            };
            (a, b)
        })
        .collect();
    let mut mem = vec![0u8; 2560];
    for (i, (a, b)) in pairs.iter().enumerate() {
        mem[8 * i..8 * i + 4].copy_from_slice(&a.to_le_bytes());
        mem[8 * i + 4..8 * i + 8].copy_from_slice(&b.to_le_bytes());
    }
    let mut bindings = Bindings::default();
    bindings.uavs.insert(0, mem);
    let (_, c) = both(FLOAT_OPS, &bindings, Dispatch::linear(64));
    let out = &c.uavs[&0];
    let word = |at: usize| f32::from_le_bytes([out[at], out[at + 1], out[at + 2], out[at + 3]]);
    let close = |got: f32, want: f32, ulps: u32| {
        got == want
            || (got.is_nan() && want.is_nan())
            || (got.to_bits() as i64 - want.to_bits() as i64).unsigned_abs() <= u64::from(ulps)
    };
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let at = 512 + 16 * i;
        let div = if b == 0.0 {
            if a < 0.0 {
                -f32::MAX
            } else {
                f32::MAX
            }
        } else {
            a / b
        };
        assert!(close(word(at), div, 3), "div {a} {b}: {}", word(at));
        let m = if b == 0.0 { a } else { a % b };
        assert_eq!(word(at + 4), m, "mod {a} {b}");
        assert_eq!(word(at + 8), (f64::from(a) + 0.5).floor() as f32, "rnd {a}");
        let dp = a * b + b * a + a * b;
        assert!(close(word(at + 12), dp, 0), "dp3 {a} {b}");
        let at = 512 + 1024 + 16 * i;
        if b >= 0.0 {
            assert!(close(word(at), b.sqrt(), 3), "sqrt {b}");
        }
        assert!(close(word(at + 4), b.exp2(), 8), "exp {b}");
        assert!(
            (word(at + 8) - a.sin()).abs() < 0.0008,
            "sin {a}: {}",
            word(at + 8)
        );
        assert!(close(word(at + 12), a - a.floor(), 0), "frc {a}");
    }
}

#[test]
fn histogram_atomics_match_plain_rust() {
    let text = include_str!("../../examples/histogram.il");
    let values: Vec<u32> = (0..128u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let mut mem: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    mem.extend(vec![0u8; 64]);
    let mut bindings = Bindings::default();
    bindings.uavs.insert(11, mem);
    bindings
        .const_buffers
        .insert(1, vec![[0, 0, 0, 0], [512, 0, 0, 0]]);
    let (r, c) = both(text, &bindings, Dispatch::linear(128));
    assert_eq!(r.uavs[&11], c.uavs[&11]);
    let mut want = [0u32; 16];
    for v in &values {
        want[(v & 15) as usize] += 1;
    }
    let out = &c.uavs[&11][512..];
    for (k, w) in want.iter().enumerate() {
        let got = u32::from_le_bytes([out[4 * k], out[4 * k + 1], out[4 * k + 2], out[4 * k + 3]]);
        assert_eq!(got, *w, "bin {k}");
    }
}
