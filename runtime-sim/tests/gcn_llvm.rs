//! The gfx906 device model against an independent oracle: kernels written in LLVM IR
//! (`tests/gcn/*.ll`), compiled by LLVM's own AMDGPU backend (`llc -mtriple=amdgcn-amd-amdhsa
//! -mcpu=gfx906 -filetype=obj`), loaded from the ELF and run on the model. Every expected
//! output is computed here in plain Rust from the inputs, never taken from the model.
//!
//! LLVM 14 is installed on every machine of the project (DESIGN.md); without `llc` or
//! `llc-14` these tests fail with a message saying so.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use runtime_sim::gcn::{load_kernel, run_code_object, GcnLaunch, GlobalMemory};
use runtime_sim::{RunError, RunReport};

fn llc() -> &'static str {
    for cand in ["llc", "llc-14"] {
        if Command::new(cand)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return cand;
        }
    }
    panic!(
        "neither `llc` nor `llc-14` runs: LLVM 14 is required for the gfx906 oracle tests \
         (apt-get install llvm-14)"
    );
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Compiles `tests/gcn/<file>.ll` to an AMDGPU ELF object.
fn compile(file: &str) -> Vec<u8> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/gcn")
        .join(format!("{file}.ll"));
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let out: PathBuf =
        std::env::temp_dir().join(format!("ilc-gcn-{}-{n}-{file}.o", std::process::id()));
    let o = Command::new(llc())
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx906",
            "-filetype=obj",
            "-o",
        ])
        .arg(&out)
        .arg(&src)
        .output()
        .expect("llc runs");
    assert!(
        o.status.success(),
        "llc failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    let bytes = std::fs::read(&out).expect("llc wrote the object");
    let _ = std::fs::remove_file(&out);
    bytes
}

/// Kernel arguments, laid out as the AMDHSA ABI does (natural alignment).
#[derive(Default)]
struct Args(Vec<u8>);

impl Args {
    fn ptr(mut self, p: u64) -> Self {
        while self.0.len() % 8 != 0 {
            self.0.push(0);
        }
        self.0.extend_from_slice(&p.to_le_bytes());
        self
    }
    fn u32(mut self, v: u32) -> Self {
        while self.0.len() % 4 != 0 {
            self.0.push(0);
        }
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn f32(self, v: f32) -> Self {
        self.u32(v.to_bits())
    }
}

fn launch(
    elf: &[u8],
    kernel: &str,
    mem: &mut GlobalMemory,
    args: Args,
    grid: [u32; 3],
    group: [u32; 3],
) -> RunReport {
    match run_code_object(elf, kernel, mem, &GcnLaunch::new(args.0, grid, group)) {
        Ok(r) => r,
        Err(e) => panic!("{kernel} failed on the gfx906 model: {e}"),
    }
}

fn u32s_to_bytes(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn f32s_to_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn read_u32s(mem: &GlobalMemory, a: u64, n: usize) -> Vec<u32> {
    mem.buffer(a).unwrap()[..4 * n]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
fn read_f32s(mem: &GlobalMemory, a: u64, n: usize) -> Vec<f32> {
    read_u32s(mem, a, n)
        .into_iter()
        .map(f32::from_bits)
        .collect()
}

/// A small deterministic generator (xorshift) for inputs.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
    fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() % 1_000_000) as f32 / 1_000_000.0
    }
}

fn ulps(a: f32, b: f32) -> u32 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    let (x, y) = (a.to_bits() as i32, b.to_bits() as i32);
    if (x < 0) != (y < 0) {
        return u32::MAX;
    }
    x.abs_diff(y)
}

#[test]
fn vadd() {
    let elf = compile("vadd");
    let n = 1000usize;
    let mut rng = Rng(1);
    let a: Vec<f32> = (0..n).map(|_| rng.f32(-100.0, 100.0)).collect();
    let b: Vec<f32> = (0..n).map(|_| rng.f32(-100.0, 100.0)).collect();
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&f32s_to_bytes(&a));
    let pb = mem.alloc(&f32s_to_bytes(&b));
    let pc = mem.alloc_zeroed(4 * 1024);
    let args = Args::default().ptr(pa).ptr(pb).ptr(pc).u32(n as u32);
    let r = launch(&elf, "vadd", &mut mem, args, [1024, 1, 1], [64, 1, 1]);
    assert_eq!(r.groups, 16);
    let c = read_f32s(&mem, pc, 1024);
    for i in 0..n {
        assert_eq!(c[i].to_bits(), (a[i] + b[i]).to_bits(), "c[{i}]");
    }
    assert!(
        c[n..].iter().all(|&x| x == 0.0),
        "lanes past n must not store"
    );
}

#[test]
fn saxpy() {
    let elf = compile("saxpy");
    let n = 700usize;
    let mut rng = Rng(2);
    let x: Vec<f32> = (0..n).map(|_| rng.f32(-4.0, 4.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| rng.f32(-4.0, 4.0)).collect();
    let alpha = 2.5f32;
    let mut mem = GlobalMemory::new();
    let px = mem.alloc(&f32s_to_bytes(&x));
    let py = mem.alloc(&f32s_to_bytes(&y));
    let args = Args::default().ptr(px).ptr(py).f32(alpha).u32(n as u32);
    launch(&elf, "saxpy", &mut mem, args, [768, 1, 1], [128, 1, 1]);
    let out = read_f32s(&mem, py, n);
    for i in 0..n {
        // LLVM does not contract fmul + fadd without fast-math: two roundings.
        let want = alpha * x[i] + y[i];
        assert_eq!(out[i].to_bits(), want.to_bits(), "y[{i}]");
    }
}

#[test]
fn lds_reduction_with_barriers() {
    let elf = compile("lds_reduce");
    let groups = 5usize;
    let mut rng = Rng(3);
    let input: Vec<u32> = (0..groups * 256).map(|_| rng.next()).collect();
    let mut mem = GlobalMemory::new();
    let pin = mem.alloc(&u32s_to_bytes(&input));
    let pout = mem.alloc_zeroed(4 * groups);
    let args = Args::default().ptr(pin).ptr(pout);
    let kd = load_kernel(&elf, "lds_reduce").unwrap().descriptor;
    assert_eq!(
        kd.group_segment_fixed_size, 1024,
        "the descriptor carries the LDS size"
    );
    launch(
        &elf,
        "lds_reduce",
        &mut mem,
        args,
        [256 * groups as u32, 1, 1],
        [256, 1, 1],
    );
    let out = read_u32s(&mem, pout, groups);
    for g in 0..groups {
        let want = input[g * 256..(g + 1) * 256]
            .iter()
            .fold(0u32, |s, &x| s.wrapping_add(x));
        assert_eq!(out[g], want, "group {g}");
    }
}

#[test]
fn divergent_loop() {
    let elf = compile("loop");
    let mut rng = Rng(4);
    let mut input: Vec<u32> = (0..256).map(|_| rng.next() % 100_000).collect();
    input[0] = 0;
    input[1] = 1;
    input[2] = 27;
    input[3] = 0xffff_ffff;
    let mut mem = GlobalMemory::new();
    let pin = mem.alloc(&u32s_to_bytes(&input));
    let pout = mem.alloc_zeroed(4 * 256);
    launch(
        &elf,
        "collatz",
        &mut mem,
        Args::default().ptr(pin).ptr(pout),
        [256, 1, 1],
        [64, 1, 1],
    );
    let out = read_u32s(&mem, pout, 256);
    for (i, &v0) in input.iter().enumerate() {
        let (mut v, mut n) = (v0, 0u32);
        while v > 1 && n < 1000 {
            v = if v & 1 != 0 {
                v.wrapping_mul(3).wrapping_add(1)
            } else {
                v >> 1
            };
            n += 1;
        }
        assert_eq!(out[i], n, "collatz({v0})");
    }
    assert_eq!(out[2], 111);
}

#[test]
fn nested_divergent_branches() {
    let elf = compile("branches");
    let mut rng = Rng(5);
    let mut input: Vec<i32> = (0..192).map(|_| (rng.next() % 400) as i32 - 200).collect();
    input[0] = -5;
    input[1] = 0;
    input[2] = 100;
    input[3] = 99;
    let mut mem = GlobalMemory::new();
    let pin = mem.alloc(&u32s_to_bytes(
        &input.iter().map(|&x| x as u32).collect::<Vec<_>>(),
    ));
    let pout = mem.alloc_zeroed(4 * 192);
    launch(
        &elf,
        "branches",
        &mut mem,
        Args::default().ptr(pin).ptr(pout),
        [192, 1, 1],
        [64, 1, 1],
    );
    let out = read_u32s(&mem, pout, 192);
    for (i, &v) in input.iter().enumerate() {
        let want = if v < 100 {
            if v > 0 {
                v.wrapping_mul(7)
            } else if v == -5 {
                1000
            } else {
                v.wrapping_neg()
            }
        } else if v & 1 == 0 {
            v ^ 255
        } else {
            v
        };
        assert_eq!(out[i] as i32, want, "branches({v})");
    }
}

#[test]
fn integer_division() {
    let elf = compile("intdiv");
    let n = 320usize;
    let mut rng = Rng(6);
    let mut a: Vec<u32> = (0..n).map(|_| rng.next()).collect();
    let mut b: Vec<u32> = (0..n)
        .map(|i| match i % 4 {
            0 => rng.next() | 1,
            1 => rng.next() % 1000 + 1,
            2 => (rng.next() % 100) as i32 as u32 ^ 0xffff_ff00,
            _ => rng.next() % 7 + 1,
        })
        .collect();
    a[0] = u32::MAX;
    b[0] = 1;
    a[1] = 7;
    b[1] = u32::MAX;
    a[2] = 0x8000_0000;
    b[2] = 3;
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&u32s_to_bytes(&a));
    let pb = mem.alloc(&u32s_to_bytes(&b));
    let pout = mem.alloc_zeroed(16 * n);
    launch(
        &elf,
        "intdiv",
        &mut mem,
        Args::default().ptr(pa).ptr(pb).ptr(pout),
        [n as u32, 1, 1],
        [64, 1, 1],
    );
    let out = read_u32s(&mem, pout, 4 * n);
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let (sx, sy) = (x as i32, y as i32);
        let want = [
            x / y,
            x % y,
            sx.wrapping_div(sy) as u32,
            sx.wrapping_rem(sy) as u32,
        ];
        assert_eq!(&out[4 * i..4 * i + 4], &want, "{x} / {y}");
    }
}

#[test]
fn float_math_division_and_transcendentals() {
    let elf = compile("fmath");
    let n = 256usize;
    let mut rng = Rng(7);
    let mut a: Vec<f32> = (0..n).map(|_| rng.f32(-10.0, 10.0)).collect();
    let mut b: Vec<f32> = (0..n).map(|_| rng.f32(-10.0, 10.0)).collect();
    a[0] = 1.0;
    b[0] = 3.0;
    a[1] = 1e30;
    b[1] = 1e-10;
    a[2] = 5.0;
    b[2] = 0.0;
    a[3] = 1e-38;
    b[3] = 1e5;
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&f32s_to_bytes(&a));
    let pb = mem.alloc(&f32s_to_bytes(&b));
    let pout = mem.alloc_zeroed(32 * n);
    launch(
        &elf,
        "fmath",
        &mut mem,
        Args::default().ptr(pa).ptr(pb).ptr(pout),
        [n as u32, 1, 1],
        [64, 1, 1],
    );
    let out = read_f32s(&mem, pout, 8 * n);
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let o = &out[8 * i..8 * i + 8];
        let d = x / y;
        assert_eq!(
            o[0].to_bits(),
            d.to_bits(),
            "{x} / {y}: IEEE division is correctly rounded"
        );
        // LLVM 14 lowers sqrt and log2 straight to V_SQRT_F32 / V_LOG_F32, which flush
        // denormal inputs (vega L13418-13438, L13272-13290): |1e-38| reads as 0.
        let ax = if x.is_subnormal() { 0.0 } else { x.abs() };
        assert!(
            ulps(o[1], ax.sqrt()) <= 1,
            "sqrt |{x}|: {} vs {}",
            o[1],
            ax.sqrt()
        );
        let e = (f64::from(y)).exp2() as f32;
        assert!(ulps(o[2], e) <= 1, "exp2 {y}: {} vs {e}", o[2]);
        let l = f64::from(ax).log2() as f32;
        assert!(
            ulps(o[3], l) <= 1 || (o[3] - l).abs() < 1e-6,
            "log2 |{x}|: {} vs {l}",
            o[3]
        );
        // sin/cos go through x * 1/(2 pi) rounded to f32 (vega L13452: revolutions), with
        // no further range reduction in LLVM 14's lowering: accurate for moderate
        // arguments only (1e30 turns into a whole number of revolutions).
        if x.abs() <= 100.0 {
            let s = f64::from(x).sin() as f32;
            assert!((o[4] - s).abs() < 4e-6, "sin {x}: {} vs {s}", o[4]);
        }
        if y.abs() <= 100.0 {
            let c = f64::from(y).cos() as f32;
            assert!((o[5] - c).abs() < 4e-6, "cos {y}: {} vs {c}", o[5]);
        }
        assert_eq!(o[6].to_bits(), d.floor().to_bits(), "floor({d})");
        assert_eq!(o[7].to_bits(), x.mul_add(y, 1.5).to_bits(), "fma");
    }
}

#[test]
fn global_atomics() {
    let elf = compile("atomic");
    let n = 500usize;
    let mut rng = Rng(8);
    let input: Vec<u32> = (0..n).map(|_| rng.next() % 100_000).collect();
    let mut mem = GlobalMemory::new();
    let pin = mem.alloc(&u32s_to_bytes(&input));
    let phist = mem.alloc_zeroed(4 * 16);
    let pctr = mem.alloc_zeroed(4);
    let pslots = mem.alloc_zeroed(4 * 512);
    let args = Args::default().ptr(pin).ptr(phist).ptr(pctr).ptr(pslots);
    // 500 work-items: the last work-group is partial (HSA grids count work-items).
    launch(
        &elf,
        "atomics",
        &mut mem,
        args,
        [n as u32, 1, 1],
        [64, 1, 1],
    );
    let hist = read_u32s(&mem, phist, 16);
    let slots = read_u32s(&mem, pslots, n);
    for bin in 0..16u32 {
        let members: Vec<usize> = (0..n).filter(|&i| input[i] & 15 == bin).collect();
        assert_eq!(hist[bin as usize] as usize, members.len(), "bin {bin}");
        // Each returned old value is distinct: the atomic adds were serialized.
        let mut olds: Vec<u32> = members.iter().map(|&i| slots[i]).collect();
        olds.sort_unstable();
        assert_eq!(
            olds,
            (0..members.len() as u32).collect::<Vec<_>>(),
            "bin {bin} returns"
        );
    }
    assert_eq!(read_u32s(&mem, pctr, 1)[0], *input.iter().max().unwrap());
}

#[test]
fn double_precision() {
    let elf = compile("f64");
    let n = 128usize;
    let mut rng = Rng(9);
    let a: Vec<f64> = (0..n)
        .map(|_| f64::from(rng.f32(-50.0, 50.0)) / 3.0)
        .collect();
    let b: Vec<f64> = (0..n)
        .map(|_| f64::from(rng.f32(0.5, 50.0)) * 1.1)
        .collect();
    let to_bytes = |v: &[f64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&to_bytes(&a));
    let pb = mem.alloc(&to_bytes(&b));
    let pout = mem.alloc_zeroed(16 * n);
    launch(
        &elf,
        "f64k",
        &mut mem,
        Args::default().ptr(pa).ptr(pb).ptr(pout),
        [n as u32, 1, 1],
        [64, 1, 1],
    );
    let bytes = mem.buffer(pout).unwrap();
    for i in 0..n {
        let get = |k: usize| {
            let o = 8 * (2 * i + k);
            f64::from_le_bytes(bytes[o..o + 8].try_into().unwrap())
        };
        let want = (a[i] * b[i] + a[i]) / b[i];
        let got = get(0);
        assert!(
            got.to_bits().abs_diff(want.to_bits()) <= 1,
            "({} * {} + a) / b: {got} vs {want}",
            a[i],
            b[i]
        );
        assert_eq!(get(1), i as f64 * 0.25);
    }
}

#[test]
fn two_dimensional_grid_and_dispatch_packet() {
    let elf = compile("grid2d");
    let (w, h) = (50u32, 18u32);
    let mut mem = GlobalMemory::new();
    let pout = mem.alloc(&vec![0xffu8; (4 * w * h) as usize]);
    // 16 x 4 groups: the last column and row of groups are partial.
    let r = launch(
        &elf,
        "grid2d",
        &mut mem,
        Args::default().ptr(pout).u32(w),
        [w, h, 1],
        [16, 4, 1],
    );
    assert_eq!(r.groups, 4 * 5);
    let out = read_u32s(&mem, pout, (w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            assert_eq!(out[(y * w + x) as usize], x * 1000 + y, "({x}, {y})");
        }
    }
}

#[test]
fn private_scratch_array() {
    let elf = compile("scratch");
    let n = 192usize;
    let mut rng = Rng(10);
    let input: Vec<u32> = (0..n).map(|_| rng.next()).collect();
    let mut mem = GlobalMemory::new();
    let pin = mem.alloc(&u32s_to_bytes(&input));
    let pout = mem.alloc_zeroed(4 * n);
    launch(
        &elf,
        "scratch",
        &mut mem,
        Args::default().ptr(pin).ptr(pout),
        [n as u32, 1, 1],
        [64, 1, 1],
    );
    let out = read_u32s(&mem, pout, n);
    for i in 0..n {
        assert_eq!(out[i], (input[i] & 15).wrapping_mul(input[i]), "lane {i}");
    }
}

#[test]
fn i64_lane_intrinsics_lds_atomic_and_conversions() {
    let elf = compile("misc");
    let n = 256usize; // two work-groups of 128 (two waves each)
    let mut rng = Rng(11);
    let wide = |r: &mut Rng| u64::from(r.next()) << 32 | u64::from(r.next());
    let a: Vec<u64> = (0..n)
        .map(|i| match i % 3 {
            0 => wide(&mut rng),
            1 => u64::from(rng.next()),
            _ => wide(&mut rng) >> (rng.next() % 64),
        })
        .collect();
    let b: Vec<u64> = (0..n)
        .map(|i| match i % 4 {
            0 => wide(&mut rng) | 1,
            1 => u64::from(rng.next() % 1000 + 1),
            2 => (wide(&mut rng) >> 20) | 1,
            _ => u64::from(rng.next()) | 1,
        })
        .collect();
    let to_bytes = |v: &[u64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&to_bytes(&a));
    let pb = mem.alloc(&to_bytes(&b));
    let pout = mem.alloc_zeroed(64 * n);
    let args = Args::default().ptr(pa).ptr(pb).ptr(pout);
    launch(&elf, "misc", &mut mem, args, [n as u32, 1, 1], [128, 1, 1]);
    let bytes = mem.buffer(pout).unwrap();
    let get = |i: usize, k: usize| {
        let o = 8 * (8 * i + k);
        u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap())
    };
    let lo = |x: u64| x as u32;
    let hi = |x: u64| (x >> 32) as u32;
    for g in 0..n / 128 {
        let mut olds: Vec<u32> = (0..128).map(|t| lo(get(g * 128 + t, 4))).collect();
        olds.sort_unstable();
        assert_eq!(
            olds,
            (0..128).collect::<Vec<u32>>(),
            "LDS atomic returns of group {g}"
        );
    }
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        assert_eq!(get(i, 0), x / y, "{x} / {y}");
        assert_eq!(get(i, 1), x.wrapping_mul(y), "{x} * {y}");
        assert_eq!(get(i, 2), ((x as i64) >> 7) as u64, "{x} >> 7");
        let first = lo(a[i - i % 64]);
        assert_eq!(
            get(i, 3),
            u64::from((i % 64) as u32) | u64::from(first) << 32,
            "lane id, readfirstlane"
        );
        assert_eq!(hi(get(i, 4)), 128, "LDS counter after the second barrier");
        assert_eq!(
            get(i, 5),
            u64::from(lo(x).count_ones()) | u64::from(hi(x).leading_zeros()) << 32
        );
        let (l, h) = (lo(x), hi(x));
        assert_eq!(
            get(i, 6),
            u64::from(l.min(h)) | u64::from((l as i32).max(h as i32) as u32) << 32
        );
        let f = x as f32;
        let g = (((l & 0xffff) as i32 as f32) * -0.75) as i32;
        assert_eq!(
            get(i, 7),
            u64::from(f.to_bits()) | u64::from(g as u32) << 32,
            "uitofp {x}"
        );
    }
}

/// Replaces the only occurrence of instruction word `word` in the ELF with `s_nop 0`.
fn patch_out(elf: &mut [u8], word: u32) -> usize {
    let pat = word.to_le_bytes();
    let hits: Vec<usize> = (0..elf.len().saturating_sub(3))
        .filter(|&i| i % 4 == 0 && elf[i..i + 4] == pat)
        .collect();
    assert_eq!(hits.len(), 1, "expected one 0x{word:08x} in the object");
    elf[hits[0]..hits[0] + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes());
    hits[0]
}

fn vadd_setup() -> (GlobalMemory, GcnLaunch) {
    let mut mem = GlobalMemory::new();
    let pa = mem.alloc(&f32s_to_bytes(&[1.0; 64]));
    let pb = mem.alloc(&f32s_to_bytes(&[2.0; 64]));
    let pc = mem.alloc_zeroed(256);
    let args = Args::default().ptr(pa).ptr(pb).ptr(pc).u32(64);
    (mem, GcnLaunch::new(args.0, [64, 1, 1], [64, 1, 1]))
}

#[test]
fn a_missing_vmcnt_wait_is_refused_naming_the_instruction() {
    let mut elf = compile("vadd");
    let (mut mem, l) = vadd_setup();
    run_code_object(&elf, "vadd", &mut mem, &l).expect("unpatched vadd runs");
    // `s_waitcnt vmcnt(0)` (0xBF8C0F70) sits before the v_add_f32 that uses both loads.
    patch_out(&mut elf, 0xBF8C_0F70);
    let (mut mem, l) = vadd_setup();
    let err = run_code_object(&elf, "vadd", &mut mem, &l).unwrap_err();
    let RunError::Fault(msg) = &err else {
        panic!("{err:?}")
    };
    eprintln!("{msg}");
    assert!(
        msg.contains("v_add_f32_e32"),
        "names the reading instruction: {msg}"
    );
    assert!(msg.contains("global_load_dword"), "names the load: {msg}");
    assert!(msg.contains("0x78"), "gives its byte offset: {msg}");
    assert!(msg.contains("vmcnt"), "{msg}");
}

#[test]
fn a_missing_lgkmcnt_wait_is_refused() {
    let mut elf = compile("vadd");
    // The first `s_waitcnt lgkmcnt(0)` (0xBF8CC07F) guards s0 from s_load_dword; vadd has
    // two, patch the first by editing a copy of the kernel's code.
    let k = load_kernel(&elf, "vadd").unwrap();
    let first = k
        .code
        .chunks_exact(4)
        .position(|c| c == 0xBF8C_C07Fu32.to_le_bytes())
        .unwrap();
    let mut code = k.code.clone();
    code[4 * first..4 * first + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes());
    let (mut mem, l) = vadd_setup();
    let err = runtime_sim::gcn::run(&code, &k.descriptor, &mut mem, &l).unwrap_err();
    let RunError::Fault(msg) = &err else {
        panic!("{err:?}")
    };
    assert!(
        msg.contains("v_cmp_gt_u32_e32") && msg.contains("reads s0"),
        "{msg}"
    );
    assert!(msg.contains("s_load_dword s0"), "{msg}");
    // The object itself is untouched and still runs.
    let (mut mem, l) = vadd_setup();
    elf.truncate(elf.len());
    run_code_object(&elf, "vadd", &mut mem, &l).unwrap();
}
