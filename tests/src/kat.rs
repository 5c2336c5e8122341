//! Known-answer specs: an IL program, a launch, its inputs and the outputs it must produce,
//! with the accuracy each output needs. The expected values come from the IL reference and
//! from plain computation by the spec's author, never from a run of ilc.
//!
//! A spec is a TOML file under `tests/kat/` (format below, also in `tests/kat/README.md`) or
//! a [`Spec`] built in Rust (whole programs whose expected outputs a Rust function computes,
//! `tests/tests/programs.rs`). Both run through [`Spec::run`] on every target they name.
//!
//! ```toml
//! # What the spec checks and the reference line it checks it against.
//! targets = ["il"]            # optional; default: every target
//! il = """
//! il_cs_2_0
//! dcl_num_thread_per_group 4
//! ...
//! end
//! """
//! grid = [4]                  # compute: global size in work-items (group from the kernel)
//! # group = [4]               # optional
//! # domain = [8, 8]           # pixel kernels instead of `grid`
//!
//! [[cb]]                      # constant buffer 1; values fill 16-byte elements
//! id = 1
//! u32 = [1, 2, 3, 4]          # or i32 = [...], f32 = [...], f64 = [...] (two dwords each)
//!
//! [[uav]]
//! id = 11
//! f32 = [1.5, -2.0, inf, nan]
//! zeros = 64                  # optional: that many zero bytes after the values
//! # size = [4, 4, 2]          # typed UAVs: [W], [W, H] or [W, H, D] elements
//! # samples = 4               # typed MSAA UAVs: samples per texel
//!
//! [[resource]]                # resource 0: width x height (x slices) texels
//! id = 0
//! width = 2
//! height = 2
//! components = 4
//! f32 = [...]
//!
//! [[input]]                   # interpolated pixel input v1, one vec4 per pixel
//! id = 1
//! f32 = [...]
//!
//! [global]                    # the global buffer g[], 16-byte elements
//! zeros = 256
//!
//! [[expect]]
//! uav = 11                    # or rt = 0 (render target o0), or global = true
//! offset = 4                  # in dwords (default 0)
//! f32 = [3.0, -0.0]           # or u32 / i32 / f64
//! tolerance = "exact"         # bits | exact | ulp:N | abs:X | abs-or-ulp:X:N | half | double | double-ulp:N
//! ```
//!
//! Without `tolerance`, `u32`/`i32` values compare bit for bit, `f32` values as the same
//! float (`exact`: any NaN matches any NaN, -0 differs from +0), `f64` values as the same
//! double.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ilc::runtime::accuracy::{self, Tolerance};
use ilc::{Bindings, Dispatch, Target};
use runtime_sim::runtime::{elements, flatten};
use runtime_sim::Resource;
use serde::Deserialize;

/// Dwords given in one of the typed spellings.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Values {
    #[serde(default)]
    pub u32: Vec<u32>,
    #[serde(default)]
    pub i32: Vec<i32>,
    #[serde(default)]
    pub f32: Vec<f32>,
    #[serde(default)]
    pub f64: Vec<f64>,
    /// Zero bytes appended after the values.
    #[serde(default)]
    pub zeros: usize,
}

impl Values {
    /// The dwords, in the order u32, i32, f32, f64.
    pub fn dwords(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.u32.clone();
        out.extend(self.i32.iter().map(|&v| v as u32));
        out.extend(self.f32.iter().map(|v| v.to_bits()));
        for v in &self.f64 {
            let b = v.to_bits();
            out.push(b as u32);
            out.push((b >> 32) as u32);
        }
        out.extend(std::iter::repeat_n(0, self.zeros.div_ceil(4)));
        out
    }

    fn is_double(&self) -> bool {
        !self.f64.is_empty()
    }

    fn is_float(&self) -> bool {
        !self.f32.is_empty()
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct IdValues {
    id: u32,
    #[serde(flatten)]
    values: Values,
}

/// A UAV's contents; a typed UAV of a dimension other than buffer or 1D also gives its
/// `size` ([W], [W, H] or [W, H, D]) and, if multisampled, its `samples`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UavSpec {
    id: u32,
    size: Option<Vec<u32>>,
    samples: Option<u32>,
    #[serde(flatten)]
    values: Values,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResourceSpec {
    id: u32,
    width: u32,
    #[serde(default = "one")]
    height: u32,
    #[serde(default = "one")]
    slices: u32,
    #[serde(default = "four")]
    components: u32,
    #[serde(flatten)]
    values: Values,
}

fn one() -> u32 {
    1
}

fn four() -> u32 {
    4
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectSpec {
    uav: Option<u32>,
    rt: Option<u32>,
    #[serde(default)]
    global: bool,
    #[serde(default)]
    offset: usize,
    tolerance: Option<String>,
    #[serde(flatten)]
    values: Values,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    targets: Option<Vec<String>>,
    il: String,
    grid: Option<Vec<u32>>,
    group: Option<Vec<u32>>,
    domain: Option<Vec<u32>>,
    #[serde(default)]
    cb: Vec<IdValues>,
    #[serde(default)]
    uav: Vec<UavSpec>,
    #[serde(default)]
    resource: Vec<ResourceSpec>,
    #[serde(default)]
    input: Vec<IdValues>,
    global: Option<Values>,
    #[serde(default)]
    expect: Vec<ExpectSpec>,
}

/// Which buffer an expectation reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    Uav(u32),
    RenderTarget(u32),
    Global,
}

impl std::fmt::Display for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Buffer::Uav(id) => write!(f, "uav{id}"),
            Buffer::RenderTarget(n) => write!(f, "o{n}"),
            Buffer::Global => f.write_str("g[]"),
        }
    }
}

/// Dwords a buffer must hold from `offset` on.
#[derive(Clone, Debug)]
pub struct Expect {
    pub buffer: Buffer,
    pub offset: usize,
    pub values: Vec<u32>,
    pub tolerance: Tolerance,
}

/// One known-answer spec.
#[derive(Clone, Debug)]
pub struct Spec {
    pub name: String,
    pub source: String,
    pub dispatch: Dispatch,
    pub bindings: Bindings,
    pub expect: Vec<Expect>,
    pub targets: Vec<Target>,
}

fn dims3(v: &[u32], what: &str) -> Result<[u32; 3], String> {
    if v.is_empty() || v.len() > 3 {
        return Err(format!("`{what}` needs 1 to 3 sizes"));
    }
    let mut d = [1; 3];
    d[..v.len()].copy_from_slice(v);
    Ok(d)
}

/// Parses a tolerance: `bits`, `exact`, `ulp:N`, `abs:X`, `abs-or-ulp:X:N`, `half`,
/// `double`, `double-ulp:N` (the kinds of the accuracy table).
pub fn parse_tolerance(s: &str) -> Result<Tolerance, String> {
    let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
    if kind.trim() == "abs-or-ulp" {
        let (abs, ulp) = arg
            .split_once(':')
            .ok_or_else(|| format!("tolerance `{s}`: expected abs-or-ulp:X:N"))?;
        return Ok(Tolerance::AbsOrUlp {
            abs: abs
                .parse()
                .map_err(|_| format!("tolerance `{s}`: `{abs}` is not a number"))?,
            ulp: ulp
                .parse()
                .map_err(|_| format!("tolerance `{s}`: `{ulp}` is not a count"))?,
        });
    }
    let number = || {
        arg.parse::<u32>()
            .map_err(|_| format!("tolerance `{s}`: `{arg}` is not a count"))
    };
    Ok(match kind.trim() {
        "bits" => Tolerance::Bits,
        "exact" => Tolerance::Exact,
        "half" => Tolerance::Half,
        "ulp" => Tolerance::Ulp(number()?),
        "abs" => Tolerance::Abs(
            arg.parse()
                .map_err(|_| format!("tolerance `{s}`: `{arg}` is not a number"))?,
        ),
        "double" => Tolerance::DoubleExact,
        "double-ulp" => Tolerance::DoubleUlp(number()?),
        _ => return Err(format!("unknown tolerance `{s}`")),
    })
}

impl Spec {
    /// Reads a TOML spec.
    pub fn from_toml(name: &str, text: &str) -> Result<Spec, String> {
        let f: File = toml::from_str(text).map_err(|e| e.to_string())?;
        let dispatch = match (&f.grid, &f.domain) {
            (Some(g), None) => Dispatch::Grid {
                global: dims3(g, "grid")?,
                group: f.group.as_deref().map(|g| dims3(g, "group")).transpose()?,
                dims: g.len() as u32,
            },
            (None, Some(d)) => {
                let d = dims3(d, "domain")?;
                if d[2] != 1 {
                    return Err("`domain` has at most 2 sizes".into());
                }
                Dispatch::Domain {
                    width: d[0],
                    height: d[1],
                }
            }
            _ => return Err("give exactly one of `grid` and `domain`".into()),
        };
        let mut b = Bindings::default();
        for cb in &f.cb {
            b.const_buffers.insert(cb.id, elements(&cb.values.dwords()));
        }
        for u in &f.uav {
            let bytes = u
                .values
                .dwords()
                .iter()
                .flat_map(|d| d.to_le_bytes())
                .collect();
            b.uavs.insert(u.id, bytes);
            if u.size.is_some() || u.samples.is_some() {
                let size = u.size.clone().unwrap_or_else(|| vec![1]);
                if size.is_empty() || size.len() > 3 {
                    return Err(format!("uav {}: `size` is [W], [W, H] or [W, H, D]", u.id));
                }
                let at = |i: usize| size.get(i).copied().unwrap_or(1);
                b.uav_sizes.insert(
                    u.id,
                    runtime_sim::UavSize {
                        width: at(0),
                        height: at(1),
                        depth: at(2),
                        samples: u.samples.unwrap_or(1),
                    },
                );
            }
        }
        for r in &f.resource {
            let data = r.values.dwords();
            let want = (r.width * r.height * r.slices * r.components) as usize;
            if data.len() != want {
                return Err(format!(
                    "resource {} needs {want} dwords ({}x{}x{} texels of {} components), has {}",
                    r.id,
                    r.width,
                    r.height,
                    r.slices,
                    r.components,
                    data.len()
                ));
            }
            b.resources.insert(
                r.id,
                Resource {
                    width: r.width,
                    height: r.height,
                    slices: r.slices,
                    components: r.components,
                    data,
                },
            );
        }
        for i in &f.input {
            b.inputs.insert(i.id, elements(&i.values.dwords()));
        }
        if let Some(g) = &f.global {
            b.global = Some(elements(&g.dwords()));
        }
        let mut expect = Vec::new();
        for e in &f.expect {
            let buffer = match (e.uav, e.rt, e.global) {
                (Some(id), None, false) => Buffer::Uav(id),
                (None, Some(n), false) => Buffer::RenderTarget(n),
                (None, None, true) => Buffer::Global,
                _ => return Err("an expectation names exactly one of `uav`, `rt`, `global`".into()),
            };
            let tolerance = match &e.tolerance {
                Some(t) => parse_tolerance(t)?,
                None if e.values.is_double() => Tolerance::DoubleExact,
                None if e.values.is_float() => Tolerance::Exact,
                None => Tolerance::Bits,
            };
            expect.push(Expect {
                buffer,
                offset: e.offset,
                values: e.values.dwords(),
                tolerance,
            });
        }
        if expect.is_empty() {
            return Err("a spec needs at least one [[expect]]".into());
        }
        let targets = match &f.targets {
            Some(t) => t
                .iter()
                .map(|s| s.parse())
                .collect::<Result<Vec<Target>, _>>()?,
            None => Target::ALL.to_vec(),
        };
        Ok(Spec {
            name: name.to_string(),
            source: f.il,
            dispatch,
            bindings: b,
            expect,
            targets,
        })
    }

    /// Runs the spec on `target` and compares every expectation; the error names the first
    /// difference.
    pub fn run(&self, target: Target) -> Result<(), String> {
        self.outcome(target).map_err(|f| f.message)
    }

    /// Like [`Spec::run`], telling a refusal (the target does not implement something the
    /// spec needs) from a failure (a wrong result, a device-model fault, a compiler bug).
    pub fn outcome(&self, target: Target) -> Result<(), Failure> {
        let wrong = |message: String| Failure {
            refused: false,
            message,
        };
        let parsed = ilc::parse(self.source.as_bytes(), &self.name)
            .map_err(|e| e.rendered)
            .map_err(wrong)?;
        let mut b = self.bindings.clone();
        ilc::run(
            &parsed.program,
            target,
            &mut b,
            self.dispatch,
            &ilc::RunOptions::default(),
        )
        .map_err(|e| Failure {
            refused: matches!(e, runtime_sim::RunError::Unsupported(_)),
            message: e.to_string(),
        })?;
        self.compare(&b).map_err(wrong)
    }

    /// Every expectation against the buffers after the run.
    fn compare(&self, b: &runtime_sim::Bindings) -> Result<(), String> {
        let mut mismatches = Vec::new();
        let mut count = 0usize;
        for e in &self.expect {
            let got: Vec<u32> = match e.buffer {
                Buffer::Uav(id) => b
                    .uavs
                    .get(&id)
                    .map(|v| runtime_sim::runtime::dwords(v))
                    .unwrap_or_default(),
                Buffer::RenderTarget(n) => b
                    .render_targets
                    .get(&n)
                    .map(|v| flatten(v))
                    .unwrap_or_default(),
                Buffer::Global => b.global.as_deref().map(flatten).unwrap_or_default(),
            };
            let step = if e.tolerance.is_double() { 2 } else { 1 };
            for (k, want) in e.values.chunks(step).enumerate() {
                let at = e.offset + k * step;
                let Some(have) = got.get(at..at + step) else {
                    return Err(format!(
                        "{} has {} dwords; dword {at} was expected",
                        e.buffer,
                        got.len()
                    ));
                };
                let ok = if step == 2 {
                    let pack = |v: &[u32]| u64::from(v[0]) | u64::from(v[1]) << 32;
                    want.len() == 2 && accuracy::agrees_u64(e.tolerance, pack(want), pack(have))
                } else {
                    accuracy::agrees(e.tolerance, want[0], have[0])
                };
                if ok {
                    continue;
                }
                count += 1;
                if mismatches.len() < 4 {
                    let show = |v: &[u32]| {
                        if v.len() == 2 {
                            let bits = u64::from(v[0]) | u64::from(v[1]) << 32;
                            format!("0x{bits:016X} ({:e})", f64::from_bits(bits))
                        } else {
                            format!(
                                "0x{:08X} ({:e} / {})",
                                v[0],
                                f32::from_bits(v[0]),
                                v[0] as i32
                            )
                        }
                    };
                    mismatches.push(format!(
                        "{} dword {at}: expected {}, got {} ({:?})",
                        e.buffer,
                        show(want),
                        show(have),
                        e.tolerance
                    ));
                }
            }
        }
        if count > 0 {
            return Err(format!(
                "{count} value(s) differ; {}{}",
                mismatches.join("; "),
                if count > mismatches.len() {
                    "; ..."
                } else {
                    ""
                }
            ));
        }
        Ok(())
    }
}

/// Why a spec did not pass on a target.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The target refused the program as unsupported (not implemented yet), rather than
    /// computing a wrong answer or faulting.
    pub refused: bool,
    pub message: String,
}

/// The targets a run of the suite covers: `ILC_KAT_TARGETS` (comma separated), `il` by
/// default.
pub fn targets() -> Vec<Target> {
    match std::env::var("ILC_KAT_TARGETS") {
        Ok(list) => list
            .split(',')
            .map(|t| t.trim().parse().expect("ILC_KAT_TARGETS names targets"))
            .collect(),
        Err(_) => vec![Target::Il],
    }
}

/// The directory of the TOML specs.
pub fn kat_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kat")
}

/// Every TOML spec under `dir`, by path relative to it.
pub fn load_all(dir: &Path) -> BTreeMap<String, Result<Spec, String>> {
    crate::files_with_extension(dir, "toml")
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(dir).unwrap_or(&p).display().to_string();
            let spec = std::fs::read_to_string(&p)
                .map_err(|e| e.to_string())
                .and_then(|t| Spec::from_toml(&name, &t));
            (name, spec)
        })
        .collect()
}
