//! The independent oracle of the Cayman device model: kernels written in LLVM IR
//! (`tests/r600/*.ll`), compiled by LLVM 14 (`llc -march=r600 -mcpu=cayman -filetype=obj`),
//! run on the model with LLVM's launch conventions, and compared with values computed here in
//! plain Rust. The program bytes are the ELF's `.text`; NUM_GPRS, STACK_SIZE and the LDS size
//! come from the `.AMDGPU.config` (register, value) pairs LLVM writes.
//!
//! Without `llc` (or `llc-14`) on PATH these tests fail: the model must be checked against an
//! independent compiler.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use runtime_sim::r600::{self, ProgramConfig, R600Launch};

fn llc() -> &'static str {
    for c in ["llc", "llc-14"] {
        if Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return c;
        }
    }
    panic!("neither `llc` nor `llc-14` is on PATH: LLVM 14 is needed to compile the Cayman oracle kernels in runtime-sim/tests/r600/");
}

/// The sections of a 32-bit little-endian ELF by name.
fn elf_section(elf: &[u8], want: &str) -> Option<Vec<u8>> {
    let u16_at = |o: usize| Some(u16::from_le_bytes(elf.get(o..o + 2)?.try_into().ok()?));
    let u32_at = |o: usize| Some(u32::from_le_bytes(elf.get(o..o + 4)?.try_into().ok()?));
    assert_eq!(elf.get(..5)?, b"\x7fELF\x01", "not a 32-bit ELF");
    let shoff = u32_at(0x20)? as usize;
    let shentsize = u16_at(0x2E)? as usize;
    let shnum = u16_at(0x30)? as usize;
    let shstrndx = u16_at(0x32)? as usize;
    let sh = |k: usize| shoff + k * shentsize;
    let strtab = u32_at(sh(shstrndx) + 16)? as usize;
    for k in 0..shnum {
        let name_off = u32_at(sh(k))? as usize;
        let name: Vec<u8> = elf
            .get(strtab + name_off..)?
            .iter()
            .take_while(|b| **b != 0)
            .copied()
            .collect();
        if name == want.as_bytes() {
            let off = u32_at(sh(k) + 16)? as usize;
            let size = u32_at(sh(k) + 20)? as usize;
            return elf.get(off..off + size).map(<[u8]>::to_vec);
        }
    }
    None
}

struct Kernel {
    text: Vec<u8>,
    config: ProgramConfig,
}

fn compile(name: &str) -> Kernel {
    static N: AtomicU32 = AtomicU32::new(0);
    let src: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/r600")
        .join(format!("{name}.ll"));
    let out = std::env::temp_dir().join(format!(
        "ilc-r600-{}-{}-{name}.o",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let o = Command::new(llc())
        .args(["-march=r600", "-mcpu=cayman", "-filetype=obj", "-o"])
        .arg(&out)
        .arg(&src)
        .output()
        .expect("run llc");
    assert!(
        o.status.success(),
        "llc failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    let elf = std::fs::read(&out).expect("read the object");
    let _ = std::fs::remove_file(&out);
    let text = elf_section(&elf, ".text").expect(".text");
    let cfg = elf_section(&elf, ".AMDGPU.config").expect(".AMDGPU.config");
    let config = ProgramConfig::from_amdgpu_config(&cfg).expect("config pairs");
    assert!(
        config.gprs >= 2,
        "{name}: NUM_GPRS {} from .AMDGPU.config",
        config.gprs
    );
    Kernel { text, config }
}

/// The global memory pool: buffers at 256-byte aligned byte offsets.
#[derive(Default)]
struct Pool {
    bytes: Vec<u8>,
}

impl Pool {
    fn alloc(&mut self, words: &[u32]) -> u32 {
        let at = self.bytes.len().div_ceil(256) * 256;
        self.bytes.resize(at, 0);
        for w in words {
            self.bytes.extend(w.to_le_bytes());
        }
        at as u32
    }
    fn zeros(&mut self, n: usize) -> u32 {
        self.alloc(&vec![0; n])
    }
}

fn words(bytes: &[u8], at: u32, n: usize) -> Vec<u32> {
    bytes[at as usize..at as usize + 4 * n]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn args(a: &[u32]) -> Vec<u8> {
    a.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Runs `k` over `grid` work-items in groups of `group`; returns the pool afterwards.
fn launch(k: &Kernel, grid: [u32; 3], group: [u32; 3], a: &[u32], pool: Pool) -> Vec<u8> {
    let mut l = R600Launch::llvm_compute(k.config, grid, group, &args(a), pool.bytes);
    let report = r600::run(&k.text, &mut l).unwrap_or_else(|e| panic!("the model refused: {e}"));
    assert_eq!(
        report.out_of_range.total(),
        0,
        "out-of-range accesses: {}",
        report.out_of_range
    );
    l.memory.swap_remove(1)
}

/// A small deterministic generator (xorshift32) for test inputs.
fn gen(seed: u32, n: usize) -> Vec<u32> {
    let mut x = seed.max(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect()
}

#[test]
fn vadd() {
    let k = compile("vadd");
    let n = 256;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 17.25).collect();
    let b: Vec<f32> = (0..n).map(|i| (i * i) as f32 / 7.0).collect();
    let mut p = Pool::default();
    let out = p.zeros(n);
    let pa = p.alloc(&a.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    let pb = p.alloc(&b.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[out, pa, pb], p);
    for (i, w) in words(&mem, out, n).into_iter().enumerate() {
        assert_eq!(f32::from_bits(w), a[i] + b[i], "out[{i}]");
    }
}

#[test]
fn saxpy_with_a_bounds_check() {
    let k = compile("saxpy");
    let (n, grid) = (200usize, 256u32);
    let alpha = 2.5f32;
    let x: Vec<f32> = (0..grid).map(|i| (i as f32).sin() * 3.0).collect();
    let y: Vec<f32> = (0..grid).map(|i| 1.0 / (i as f32 + 1.0)).collect();
    let mut p = Pool::default();
    let py = p.alloc(&y.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let px = p.alloc(&x.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let mem = launch(
        &k,
        [grid, 1, 1],
        [64, 1, 1],
        &[py, px, alpha.to_bits(), n as u32],
        p,
    );
    for (i, w) in words(&mem, py, grid as usize).into_iter().enumerate() {
        // The product is rounded, then the sum (LLVM emits the unfused MULADD_IEEE).
        let want = if i < n { alpha * x[i] + y[i] } else { y[i] };
        assert_eq!(f32::from_bits(w), want, "y[{i}]");
    }
}

#[test]
fn lds_reduction_with_barriers_over_two_wavefronts() {
    let k = compile("lds_reduce");
    assert_eq!(k.config.lds_dwords, 128, "LDS size from SQ_LDS_ALLOC");
    let groups = 4usize;
    let input: Vec<u32> = gen(7, 128 * groups).iter().map(|v| v % 10_000).collect();
    let mut p = Pool::default();
    let out = p.zeros(groups);
    let pin = p.alloc(&input);
    let mem = launch(&k, [128 * groups as u32, 1, 1], [128, 1, 1], &[out, pin], p);
    for (g, w) in words(&mem, out, groups).into_iter().enumerate() {
        let want: u32 = input[g * 128..(g + 1) * 128].iter().sum();
        assert_eq!(w, want, "group {g}");
    }
}

#[test]
fn divergent_loop_with_break_and_continue() {
    let k = compile("loop");
    let n = 192usize;
    let input: Vec<u32> = gen(3, n + 16).iter().map(|v| v % 230).collect();
    let mut p = Pool::default();
    let out = p.zeros(n);
    let pin = p.alloc(&input);
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[out, pin], p);
    for (i, w) in words(&mem, out, n).into_iter().enumerate() {
        let mut acc = 0u32;
        for j in 0..i % 13 {
            let v = input[i + j];
            if v > 200 {
                break;
            }
            if v % 2 == 1 {
                continue;
            }
            acc += v;
        }
        assert_eq!(w, acc, "out[{i}]");
    }
}

#[test]
fn nested_divergent_branches() {
    let k = compile("branches");
    let n = 128usize;
    let input: Vec<u32> = (0..n as i32).map(|i| (i * 37 % 251 - 60) as u32).collect();
    let mut p = Pool::default();
    let out = p.zeros(n);
    let pin = p.alloc(&input);
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[out, pin], p);
    for (i, w) in words(&mem, out, n).into_iter().enumerate() {
        let v = input[i] as i32;
        let want = if v < 100 {
            if v > 50 {
                v.wrapping_mul(3)
            } else {
                7 - v
            }
        } else if v & 4 == 0 {
            v ^ 255
        } else {
            v
        };
        assert_eq!(w as i32, want, "out[{i}] for {v}");
    }
}

#[test]
fn integer_division_and_remainder() {
    let k = compile("idiv");
    let n = 256usize;
    let mut a = gen(11, n);
    let mut b: Vec<u32> = gen(29, n)
        .iter()
        .enumerate()
        .map(|(i, v)| match i % 4 {
            0 => v % 17 + 1,
            1 => v >> (v % 31),
            2 => (v % 1000) as i32 as u32 | 1,
            _ => (-((v % 5000) as i32) - 1) as u32,
        })
        .map(|v| if v == 0 { 3 } else { v })
        .collect();
    a[0] = u32::MAX;
    b[0] = 1;
    a[1] = 7;
    b[1] = u32::MAX;
    a[2] = i32::MIN as u32;
    b[2] = 3;
    let mut p = Pool::default();
    let out = p.zeros(4 * n);
    let pa = p.alloc(&a);
    let pb = p.alloc(&b);
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[out, pa, pb], p);
    let got = words(&mem, out, 4 * n);
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let (sx, sy) = (x as i32, y as i32);
        let want = [
            x / y,
            x % y,
            sx.wrapping_div(sy) as u32,
            sx.wrapping_rem(sy) as u32,
        ];
        assert_eq!(got[4 * i..4 * i + 4], want, "{x} / {y} (item {i})");
    }
}

fn ulps(a: f32, b: f32) -> u32 {
    (a.to_bits() as i32)
        .wrapping_sub(b.to_bits() as i32)
        .unsigned_abs()
}

#[test]
fn float_math() {
    let k = compile("fmath");
    let n = 128usize;
    let a: Vec<f32> = (0..n).map(|i| (i as f32 - 60.3) * 1.7).collect();
    let b: Vec<f32> = (0..n).map(|i| ((i * 7 % 13) as f32 - 6.5) * 0.9).collect();
    let mut p = Pool::default();
    let out = p.zeros(4 * n);
    let pa = p.alloc(&a.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let pb = p.alloc(&b.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[out, pa, pb], p);
    let got: Vec<f32> = words(&mem, out, 4 * n)
        .into_iter()
        .map(f32::from_bits)
        .collect();
    for i in 0..n {
        let d = a[i] / b[i];
        let r = &got[4 * i..4 * i + 4];
        // fdiv is a reciprocal and a multiply on R600: within 2 ulps of the quotient.
        assert!(ulps(r[0], d) <= 2, "a/b: {} vs {d} (item {i})", r[0]);
        assert_eq!(
            r[1],
            a[i].min(b[i]) + a[i].max(b[i]),
            "min + max (item {i})"
        );
        let s = a[i].abs().sqrt();
        assert!(ulps(r[2], s) <= 2, "sqrt: {} vs {s} (item {i})", r[2]);
        assert_eq!(
            r[3],
            d.floor() - d.trunc(),
            "floor - (float)(int) (item {i}, d = {d})"
        );
    }
}

/// Global atomics. The Cayman ISA indexes a RAT in elements of its surface format (cayman
/// L8320) and Mesa binds the pool as R32_UINT, so the index is a dword index; LLVM 14 stores
/// with `ptr >> 2` but passes atomics the **byte** pointer. The model follows the ISA, so
/// LLVM's atomic on byte address A updates dword A (byte 4A): the add counter sits at byte 0,
/// where both readings agree, and the max counter's update lands at byte 4 × 4 = 16.
#[test]
fn global_atomics() {
    let k = compile("atomic");
    let n = 256usize;
    let input: Vec<u32> = gen(5, n).iter().map(|v| v % 100_000).collect();
    let mut p = Pool::default();
    let counter = p.alloc(&[17, 3, 0, 0, 5, 0, 0, 0]);
    assert_eq!(counter, 0);
    let pin = p.alloc(&input);
    let mem = launch(&k, [n as u32, 1, 1], [64, 1, 1], &[counter, pin], p);
    let got = words(&mem, counter, 8);
    let sum = input.iter().fold(17u32, |s, v| s.wrapping_add(*v));
    let max = input.iter().copied().fold(5, u32::max);
    assert_eq!(got[0], sum, "atomic add");
    assert_eq!(
        got[1], 3,
        "LLVM's counter[1]: not touched (its byte address 4 is dword 4)"
    );
    assert_eq!(got[4], max, "atomic umax on dword 4");
}

#[test]
fn two_dimensional_ids() {
    let k = compile("grid2d");
    let (w, h) = (32u32, 16u32);
    let mut p = Pool::default();
    let out = p.zeros((w * h) as usize);
    let mem = launch(&k, [w, h, 1], [8, 8, 1], &[out], p);
    for (i, v) in words(&mem, out, (w * h) as usize).into_iter().enumerate() {
        let (x, y) = (i as u32 % w, i as u32 / w);
        assert_eq!(v, x * 1000 + y, "({x}, {y})");
    }
}
