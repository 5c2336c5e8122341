//! Whole programs as known-answer specs: the example kernels of `examples/` with inputs made
//! here and expected outputs computed here in plain Rust, following what the IL reference
//! says each instruction does (never from a run of ilc). Each test builds a [`Spec`] and runs
//! it on every target the suite selects (`ILC_KAT_TARGETS`, default `il`).

use std::path::Path;

use ilc::runtime::accuracy::Tolerance;
use ilc::{Bindings, Dispatch, Target};
use ilc_tests::kat::{targets, Buffer, Expect, Spec};
use runtime_sim::Resource;

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    std::fs::read_to_string(path).expect("example exists")
}

fn run(spec: &Spec) {
    for target in targets() {
        if let Err(e) = spec.run(target) {
            panic!("{} [{target}]: {e}", spec.name);
        }
    }
}

fn bytes(dwords: impl IntoIterator<Item = u32>) -> Vec<u8> {
    dwords.into_iter().flat_map(u32::to_le_bytes).collect()
}

fn f32s(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// A deterministic sequence of "random" values for inputs (a linear congruential
/// generator; the values only need to vary).
fn lcg(seed: u32, n: usize) -> Vec<u32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            x
        })
        .collect()
}

/// Floats in [-8, 8) with 8 fraction bits: exactly representable, varied.
fn floats(seed: u32, n: usize) -> Vec<f32> {
    lcg(seed, n)
        .into_iter()
        .map(|x| (x >> 20) as f32 / 256.0 - 8.0)
        .collect()
}

fn cb(rows: &[[u32; 4]]) -> Vec<[u32; 4]> {
    rows.to_vec()
}

fn spec(
    name: &str,
    source: String,
    dispatch: Dispatch,
    bindings: Bindings,
    expect: Vec<Expect>,
) -> Spec {
    Spec {
        name: name.to_string(),
        source,
        dispatch,
        bindings,
        expect,
        targets: Target::ALL.to_vec(),
    }
}

/// One expectation: `values` from dword `offset` of `buffer`.
fn expect(buffer: Buffer, offset: usize, values: Vec<u32>, tolerance: Tolerance) -> Vec<Expect> {
    vec![Expect {
        buffer,
        offset,
        values,
        tolerance,
    }]
}

fn grid(n: u32) -> Dispatch {
    Dispatch::linear(n)
}

#[test]
fn vector_add() {
    let n = 200u32; // not a multiple of the group: the tail work-items do nothing
    let (a, b) = (floats(1, n as usize), floats(2, n as usize));
    let mut heap = bytes(f32s(&a).into_iter().chain(f32s(&b)));
    heap.extend(vec![0xAAu8; 4 * n as usize + 64]);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, heap);
    bind.const_buffers.insert(
        1,
        cb(&[[0; 4], [4 * n, 0, 0, 0], [8 * n, 0, 0, 0], [n, 0, 0, 0]]),
    );
    let sums: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    let mut values = f32s(&sums);
    values.extend([0xAAAA_AAAAu32; 16]); // past the end: untouched
    let expected = vec![Expect {
        buffer: Buffer::Uav(11),
        offset: 2 * n as usize,
        values,
        tolerance: Tolerance::Bits,
    }];
    run(&spec(
        "vector_add",
        example("vector_add.il"),
        grid(256),
        bind,
        expected,
    ));
}

#[test]
fn saxpy() {
    let n = 128u32;
    let a = 2.5f32;
    let (x, y) = (floats(3, n as usize), floats(4, n as usize));
    let mut bind = Bindings::default();
    bind.uavs
        .insert(11, bytes(f32s(&x).into_iter().chain(f32s(&y))));
    bind.const_buffers.insert(
        1,
        cb(&[
            [a.to_bits(), 0, 0, 0],
            [0; 4],
            [4 * n, 0, 0, 0],
            [n, 0, 0, 0],
        ]),
    );
    // mad_ieee: a multiply and an add, each rounded (mad is unfused, L7049).
    let want: Vec<f32> = x.iter().zip(&y).map(|(x, y)| a * x + y).collect();
    let expected = expect(Buffer::Uav(11), n as usize, f32s(&want), Tolerance::Exact);
    run(&spec("saxpy", example("saxpy.il"), grid(n), bind, expected));
}

#[test]
fn reduce_lds() {
    // Three groups of 64; each sums its inputs through LDS with barriers. The tree order is
    // the kernel's: stride 32, 16, ..., 1 (element i adds element i + stride).
    let groups = 3usize;
    let x = floats(5, 64 * groups);
    let mut bind = Bindings::default();
    let out_at = 4 * 64 * groups as u32;
    let mut heap = bytes(f32s(&x));
    heap.extend(vec![0u8; 4 * groups]);
    bind.uavs.insert(11, heap);
    bind.const_buffers
        .insert(1, cb(&[[0; 4], [out_at, 0, 0, 0]]));
    let sums: Vec<f32> = x
        .chunks(64)
        .map(|g| {
            let mut v = g.to_vec();
            let mut stride = 32;
            while stride > 0 {
                for i in 0..stride {
                    v[i] += v[i + stride];
                }
                stride /= 2;
            }
            v[0]
        })
        .collect();
    let expected = expect(Buffer::Uav(11), 64 * groups, f32s(&sums), Tolerance::Exact);
    run(&spec(
        "reduce_lds",
        example("reduce_lds.il"),
        grid(64 * groups as u32),
        bind,
        expected,
    ));
}

#[test]
fn prefix_sum() {
    let x: Vec<u32> = lcg(6, 64).into_iter().map(|v| v >> 8).collect();
    let mut bind = Bindings::default();
    bind.uavs.insert(11, bytes(x.clone()));
    bind.const_buffers.insert(1, cb(&[[0; 4]]));
    let want: Vec<u32> = x
        .iter()
        .scan(0u32, |acc, v| {
            *acc = acc.wrapping_add(*v);
            Some(*acc)
        })
        .collect();
    let expected = expect(Buffer::Uav(11), 0, want, Tolerance::Bits);
    run(&spec(
        "prefix_sum",
        example("prefix_sum.il"),
        grid(64),
        bind,
        expected,
    ));
}

#[test]
fn matmul() {
    let n = 16usize;
    let (a, b) = (floats(7, n * n), floats(8, n * n));
    let mut heap = bytes(f32s(&a).into_iter().chain(f32s(&b)));
    heap.extend(vec![0u8; 4 * n * n]);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, heap);
    let nn = (n * n) as u32;
    bind.const_buffers.insert(
        1,
        cb(&[
            [0; 4],
            [4 * nn, 0, 0, 0],
            [8 * nn, 0, 0, 0],
            [n as u32, 0, 0, 0],
        ]),
    );
    let mut c = vec![0f32; n * n];
    for i in 0..n {
        for j in 0..n {
            let mut acc = 0f32;
            for k in 0..n {
                acc += a[i * n + k] * b[k * n + j]; // mad_ieee: rounded product, rounded sum
            }
            c[i * n + j] = acc;
        }
    }
    let expected = expect(Buffer::Uav(11), 2 * n * n, f32s(&c), Tolerance::Exact);
    let dispatch = Dispatch::Grid {
        global: [n as u32, n as u32, 1],
        group: None,
        dims: 2,
    };
    run(&spec(
        "matmul",
        example("matmul.il"),
        dispatch,
        bind,
        expected,
    ));
}

#[test]
fn bitonic_step() {
    // Every step of a full bitonic sort of 128 keys, run as successive dispatches on the
    // same buffer; the result must be the sorted keys.
    let n = 128u32;
    let keys: Vec<u32> = lcg(9, n as usize).into_iter().map(|v| v >> 4).collect();
    let source = example("bitonic_step.il");
    let parsed = ilc::parse(source.as_bytes(), "bitonic_step.il").unwrap();
    for target in targets() {
        let mut bind = Bindings::default();
        bind.uavs.insert(11, bytes(keys.clone()));
        let mut k = 2;
        while k <= n {
            let mut j = k / 2;
            while j > 0 {
                bind.const_buffers
                    .insert(1, cb(&[[0; 4], [j, 0, 0, 0], [k, 0, 0, 0]]));
                ilc::run(
                    &parsed.program,
                    target,
                    &mut bind,
                    grid(n),
                    &Default::default(),
                )
                .unwrap();
                j /= 2;
            }
            k *= 2;
        }
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let got = runtime_sim::runtime::dwords(&bind.uavs[&11]);
        assert_eq!(got, sorted, "[{target}]");
    }
}

#[test]
fn mandelbrot() {
    let (w, h) = (20u32, 13u32);
    let (x0, y0, step, max_iter) = (-2.0f32, -1.25f32, 0.125f32, 40.0f32);
    let mut bind = Bindings::default();
    bind.const_buffers.insert(
        0,
        cb(&[[
            x0.to_bits(),
            y0.to_bits(),
            step.to_bits(),
            max_iter.to_bits(),
        ]]),
    );
    let mut want = Vec::new();
    for py in 0..h {
        for px in 0..w {
            // The kernel's arithmetic step by step (mul_ieee, add; mad_ieee unfused).
            let (vx, vy) = (px as f32 + 0.5, py as f32 + 0.5);
            let (cr, ci) = (vx * step + x0, vy * step + y0);
            let (mut zr, mut zi, mut it) = (0f32, 0f32, 0f32);
            loop {
                if it >= max_iter {
                    break;
                }
                let (rr, ii) = (zr * zr, zi * zi);
                if 4.0 < rr + ii {
                    break;
                }
                let ri = zr * zi;
                zi = (ri + ri) + ci;
                zr = (rr + -ii) + cr;
                it += 1.0;
            }
            want.extend([it.to_bits(); 4]);
        }
    }
    let expected = expect(Buffer::RenderTarget(0), 0, want, Tolerance::Exact);
    let dispatch = Dispatch::Domain {
        width: w,
        height: h,
    };
    run(&spec(
        "mandelbrot",
        example("mandelbrot.il"),
        dispatch,
        bind,
        expected,
    ));
}

/// The cumulative normal distribution by the Abramowitz-Stegun polynomial (26.2.17), as the
/// black_scholes example computes it.
fn cnd(d: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.231_641_9 * d.abs());
    let poly = t
        * (0.319_381_53
            + t * (-0.356_563_782
                + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    let n = 1.0 - 0.398_942_28 * (-d * d / 2.0).exp() * poly;
    if d < 0.0 {
        1.0 - n
    } else {
        n
    }
}

#[test]
fn black_scholes() {
    let (w, h) = (9u32, 7u32);
    let (rate, vol) = (0.05f32, 0.3f32);
    let mut data = Vec::new();
    let mut want = Vec::new();
    for i in 0..w * h {
        let s = 20.0 + (i % 13) as f32 * 2.5;
        let k = 25.0 + (i % 7) as f32 * 3.0;
        let t = 0.25 + (i % 5) as f32 * 0.5;
        data.extend([s.to_bits(), k.to_bits(), t.to_bits(), 0]);
        let (s, k, t, r, v) = (
            f64::from(s),
            f64::from(k),
            f64::from(t),
            f64::from(rate),
            f64::from(vol),
        );
        let d1 = ((s / k).ln() + (r + v * v / 2.0) * t) / (v * t.sqrt());
        let d2 = d1 - v * t.sqrt();
        let price = s * cnd(d1) - k * (-r * t).exp() * cnd(d2);
        want.extend([(price as f32).to_bits(); 4]);
    }
    let mut bind = Bindings::default();
    bind.resources.insert(
        0,
        Resource {
            width: w,
            height: h,
            slices: 1,
            components: 4,
            data,
        },
    );
    bind.const_buffers
        .insert(0, cb(&[[rate.to_bits(), vol.to_bits(), 0, 0]]));
    // Single precision with exp/log "accurate to 21 bits" against a double-precision model:
    // prices of up to ~50 agree to a few thousandths.
    let expected = expect(Buffer::RenderTarget(0), 0, want, Tolerance::Abs(2e-3));
    let dispatch = Dispatch::Domain {
        width: w,
        height: h,
    };
    run(&spec(
        "black_scholes",
        example("black_scholes.il"),
        dispatch,
        bind,
        expected,
    ));
}

#[test]
fn gather_pixel() {
    // A Brook+-style stream kernel: o0 = (a[x, y] + a[x + 1, y]) / 2 with the resource
    // sampled at unnormalized pixel centres, clamped at the right edge.
    let (w, h) = (11u32, 5u32);
    let a: Vec<f32> = floats(10, (w * h * 4) as usize);
    let mut bind = Bindings::default();
    bind.resources.insert(
        0,
        Resource {
            width: w,
            height: h,
            slices: 1,
            components: 4,
            data: f32s(&a),
        },
    );
    let mut want = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let right = (x + 1).min(w - 1);
            for c in 0..4 {
                let p = a[((y * w + x) * 4 + c) as usize];
                let q = a[((y * w + right) * 4 + c) as usize];
                want.push(((p + q) * 0.5).to_bits());
            }
        }
    }
    let expected = expect(Buffer::RenderTarget(0), 0, want, Tolerance::Exact);
    let dispatch = Dispatch::Domain {
        width: w,
        height: h,
    };
    run(&spec(
        "gather_pixel",
        example("gather_pixel.il"),
        dispatch,
        bind,
        expected,
    ));
}

#[test]
fn histogram() {
    let n = 192usize;
    let input = lcg(11, n);
    let mut bins = [0u32; 16];
    for v in &input {
        bins[(v & 15) as usize] += 1;
    }
    let mut heap = bytes(input);
    heap.extend(vec![0u8; 64]);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, heap);
    bind.const_buffers
        .insert(1, cb(&[[0; 4], [4 * n as u32, 0, 0, 0]]));
    let expected = expect(Buffer::Uav(11), n, bins.to_vec(), Tolerance::Bits);
    run(&spec(
        "histogram",
        example("histogram.il"),
        grid(n as u32),
        bind,
        expected,
    ));
}

#[test]
fn doubles() {
    let n = 64usize;
    let a = 1.0f64 / 3.0;
    let x: Vec<f64> = floats(12, n)
        .into_iter()
        .map(|v| f64::from(v) * 1.000_001)
        .collect();
    let x_bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut heap = x_bytes;
    heap.extend(vec![0u8; 16 * n]);
    let mut bind = Bindings::default();
    bind.uavs.insert(11, heap);
    let ab = a.to_bits();
    bind.const_buffers.insert(
        1,
        cb(&[
            [ab as u32, (ab >> 32) as u32, 0, 0],
            [0, 8 * n as u32, 0, 0],
        ]),
    );
    let mut want = Vec::new();
    for v in &x {
        let separate = a * v + v; // dmul then dadd: two roundings
        let fused = a.mul_add(*v, *v); // dmad: one rounding (L7802, FMA64)
        for d in [separate, fused] {
            want.extend([d.to_bits() as u32, (d.to_bits() >> 32) as u32]);
        }
    }
    let expected = expect(Buffer::Uav(11), 2 * n, want, Tolerance::DoubleExact);
    run(&spec(
        "doubles",
        example("doubles.il"),
        grid(n as u32),
        bind,
        expected,
    ));
}

#[test]
fn subroutines_and_switch() {
    let n = 100usize;
    let mut bind = Bindings::default();
    bind.uavs.insert(11, vec![0u8; 4 * n + 4 * 128]);
    bind.const_buffers.insert(1, cb(&[[0; 4]]));
    let want: Vec<u32> = (0..128u32)
        .map(|x| if x == 0 { 1 } else { x * x + 1 })
        .collect();
    let expected = expect(Buffer::Uav(11), 0, want, Tolerance::Bits);
    run(&spec(
        "subroutines",
        example("subroutines.il"),
        grid(128),
        bind.clone(),
        expected,
    ));

    // switch.il: g(0) = 10 + 20 (fall-through), g(1) = 20, g(2) = a loop adding 1 twice,
    // g(3) = 100 (default).
    let want: Vec<u32> = (0..128u32)
        .map(|i| [30, 20, 2, 100][(i % 4) as usize])
        .collect();
    let expected = expect(Buffer::Uav(11), 0, want, Tolerance::Bits);
    run(&spec(
        "switch",
        example("switch.il"),
        grid(128),
        bind,
        expected,
    ));
}
