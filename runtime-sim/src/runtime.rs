//! The runtime API a driver stack recognizes (CAL and the CTM guide are the models): memory
//! objects bound by name (constant buffers, UAVs, resources, interpolated inputs, the global
//! buffer), render targets created for a pixel domain, a dispatch, and a report.
//!
//! The same [`Bindings`] and [`Dispatch`] drive every [`Device`]: the IL reference
//! interpreter (`il`) and, later, the Cayman and gfx906 device models. The launch
//! conventions are in `docs/abi.md`.

use std::collections::BTreeMap;
use std::fmt;

use il_frontend::diag::Span;
use il_frontend::enums::{ElementFormat, PixTexUsage};

/// A 2D resource (1D: height 1), or an array of `slices` of them: texels of 1 to 4 32-bit
/// components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    pub width: u32,
    pub height: u32,
    /// Array slices (1 for a plain 1D or 2D resource).
    pub slices: u32,
    /// 32-bit components per texel, 1 to 4.
    pub components: u32,
    /// Texels slice by slice, row-major, `components` dwords each.
    pub data: Vec<u32>,
}

impl Resource {
    /// A resource from raw little-endian bytes: the texel size follows from the byte count
    /// and the dimensions and must be 4, 8, 12 or 16 bytes.
    pub fn from_bytes(
        bytes: &[u8],
        width: u32,
        height: u32,
        slices: u32,
    ) -> Result<Resource, String> {
        let texels = u64::from(width) * u64::from(height) * u64::from(slices);
        if texels == 0 {
            return Err(format!("a resource of {width}x{height}x{slices} texels"));
        }
        if bytes.len() as u64 % texels != 0 {
            return Err(format!(
                "{} bytes do not divide into {width}x{height}x{slices} texels",
                bytes.len()
            ));
        }
        let per_texel = bytes.len() as u64 / texels;
        if !matches!(per_texel, 4 | 8 | 12 | 16) {
            return Err(format!(
                "{per_texel} bytes per texel; a texel holds 1 to 4 32-bit components (4, 8, 12 or 16 bytes)"
            ));
        }
        Ok(Resource {
            width,
            height,
            slices,
            components: per_texel as u32 / 4,
            data: dwords(bytes),
        })
    }

    /// The texel at (x, y) of `slice` as four components; components the resource does not
    /// have read as 0, 0 and 1.0 for w, as a texture fetch of a narrower format does in DX.
    pub fn texel(&self, x: u32, y: u32, slice: u32) -> [u32; 4] {
        let mut out = [0, 0, 0, 0x3F80_0000];
        let row = u64::from(slice) * u64::from(self.height) + u64::from(y);
        let base = (row * u64::from(self.width) + u64::from(x)) as usize * self.components as usize;
        for (c, o) in out.iter_mut().enumerate().take(self.components as usize) {
            *o = self.data.get(base + c).copied().unwrap_or(0);
        }
        out
    }
}

/// The dimensions of a typed UAV: `width` x `height` x `depth` texels of `samples` samples,
/// one 32-bit element each, stored row-major, slice after slice, the samples of a texel
/// consecutive (`docs/abi.md`, "Typed UAVs"). A 1D array has `height` slices; a 2D array
/// (MSAA or not) `depth` slices; a 3D UAV `depth` planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UavSize {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub samples: u32,
}

impl UavSize {
    /// A buffer or 1D UAV of `width` elements.
    pub fn linear(width: u32) -> UavSize {
        UavSize {
            width,
            height: 1,
            depth: 1,
            samples: 1,
        }
    }

    /// The number of elements.
    pub fn elements(&self) -> u64 {
        u64::from(self.width)
            * u64::from(self.height)
            * u64::from(self.depth)
            * u64::from(self.samples)
    }

    /// The element at texel (x, y, z) and `sample`, or `None` when a coordinate is out of
    /// range.
    pub fn element(&self, x: u32, y: u32, z: u32, sample: u32) -> Option<u64> {
        if x >= self.width || y >= self.height || z >= self.depth || sample >= self.samples {
            return None;
        }
        let row = u64::from(z) * u64::from(self.height) + u64::from(y);
        Some(
            (row * u64::from(self.width) + u64::from(x)) * u64::from(self.samples)
                + u64::from(sample),
        )
    }
}

impl fmt::Display for UavSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.width, self.height, self.depth)?;
        if self.samples != 1 {
            write!(f, "@{}", self.samples)?;
        }
        Ok(())
    }
}

/// Little-endian bytes to dwords (a trailing partial dword is zero-padded).
pub fn dwords(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

/// Dwords to little-endian bytes.
pub fn bytes_of(dwords: &[u32]) -> Vec<u8> {
    dwords.iter().flat_map(|d| d.to_le_bytes()).collect()
}

/// Dwords as 16-byte elements (a trailing partial element is zero-padded).
pub fn elements(dwords: &[u32]) -> Vec<[u32; 4]> {
    dwords
        .chunks(4)
        .map(|c| {
            let mut e = [0; 4];
            e[..c.len()].copy_from_slice(c);
            e
        })
        .collect()
}

/// 16-byte elements as dwords.
pub fn flatten(elements: &[[u32; 4]]) -> Vec<u32> {
    elements.iter().flatten().copied().collect()
}

/// Everything a dispatch reads and writes, bound by number as CAL binds names (`cb1`,
/// `uav11`, `i0`, `o0`, `g[]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bindings {
    /// Constant buffers: 16-byte elements.
    pub const_buffers: BTreeMap<u32, Vec<[u32; 4]>>,
    /// UAVs: raw bytes (raw, structured, arena and typed UAVs alike).
    pub uavs: BTreeMap<u32, Vec<u8>>,
    /// The dimensions of typed UAVs (`docs/abi.md`, "Typed UAVs"): required for 1D-array,
    /// 2D, 2D-array, 3D and MSAA ones; a buffer or 1D UAV without one has as many elements
    /// as its bytes hold dwords.
    pub uav_sizes: BTreeMap<u32, UavSize>,
    /// Read-only resources for `sample`/`load`.
    pub resources: BTreeMap<u32, Resource>,
    /// Interpolated pixel-shader inputs `v#` other than the position: one 16-byte element
    /// per pixel of the domain, row-major.
    pub inputs: BTreeMap<u32, Vec<[u32; 4]>>,
    /// Render targets `o#` of a pixel dispatch, one 16-byte element per pixel; created by
    /// the dispatch for every declared output.
    pub render_targets: BTreeMap<u32, Vec<[u32; 4]>>,
    /// The global buffer `g[]`: 16-byte elements.
    pub global: Option<Vec<[u32; 4]>>,
}

/// The shape of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dispatch {
    /// A compute grid: the global size in work-items and the work-group size, per
    /// dimension. `group` of `None` takes the kernel's `dcl_num_thread_per_group`. `dims` is
    /// the number of dimensions the caller gave (OpenCL's `work_dim`, 1 to 3), which
    /// AMD-OpenCL-style kernels read from `cb0[0].w`.
    Grid {
        global: [u32; 3],
        group: Option<[u32; 3]>,
        dims: u32,
    },
    /// A pixel domain of `width` x `height` elements (the CAL/Brook+ model).
    Domain { width: u32, height: u32 },
}

impl Dispatch {
    /// A one-dimensional grid of `n` work-items with the kernel's group size.
    pub fn linear(n: u32) -> Dispatch {
        Dispatch::Grid {
            global: [n, 1, 1],
            group: None,
            dims: 1,
        }
    }
}

/// Counts of what a run did that a user may want to know about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunReport {
    /// Instructions executed, counted once per wavefront.
    pub wave_instructions: u64,
    /// Instructions executed, counted once per active lane.
    pub lane_instructions: u64,
    pub out_of_range: OutOfRange,
    /// Work-groups (compute) or pixel tiles (pixel) run.
    pub groups: u64,
}

/// Accesses outside the bound memory, per space: reads return 0, writes are dropped
/// (`docs/decisions.md`, "out-of-range accesses").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutOfRange {
    pub uav_reads: u64,
    pub uav_writes: u64,
    pub lds_reads: u64,
    pub lds_writes: u64,
    pub gds_reads: u64,
    pub gds_writes: u64,
    pub global_reads: u64,
    pub global_writes: u64,
    pub constant_reads: u64,
    pub indexed_temp_reads: u64,
    pub indexed_temp_writes: u64,
    pub resource_reads: u64,
}

impl OutOfRange {
    /// Every count with its name, in report order.
    pub fn counts(&self) -> [(&'static str, u64); 12] {
        [
            ("uav reads", self.uav_reads),
            ("uav writes", self.uav_writes),
            ("lds reads", self.lds_reads),
            ("lds writes", self.lds_writes),
            ("gds reads", self.gds_reads),
            ("gds writes", self.gds_writes),
            ("global reads", self.global_reads),
            ("global writes", self.global_writes),
            ("constant reads", self.constant_reads),
            ("indexed temp reads", self.indexed_temp_reads),
            ("indexed temp writes", self.indexed_temp_writes),
            ("resource reads", self.resource_reads),
        ]
    }

    pub fn total(&self) -> u64 {
        self.counts().iter().map(|(_, n)| n).sum()
    }
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (name, n) in self.counts().iter().filter(|(_, n)| *n > 0) {
            if !first {
                f.write_str(", ")?;
            }
            write!(f, "{n} {name}")?;
            first = false;
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

/// Why a dispatch could not run or stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The launch does not fit the program (missing or wrongly sized buffer, bad
    /// dimensions): the user's mistake, exit code 2.
    #[error("{0}")]
    BadLaunch(String),
    /// The program needs something this device does not implement.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A wavefront ran more instructions than the step limit: an endless loop, most likely.
    #[error("step limit of {limit} instructions per wavefront reached at {location}: an endless loop, or a longer run than the limit allows (raise it with --step-limit)")]
    StepLimit {
        limit: u64,
        /// The instruction that was about to run.
        at: Span,
        location: String,
    },
    /// The program did something the IL leaves undefined and the device refuses (a barrier
    /// that not every work-item reaches, a call stack overflow...).
    #[error("{0}")]
    Fault(String),
}

/// Formats of resources the runtime can bind: 32-bit components (float, uint, sint); the
/// normalized formats need texel layouts the CLI has no way to describe.
pub fn supported_resource_format(fmt: ElementFormat) -> bool {
    matches!(
        fmt,
        ElementFormat::Float | ElementFormat::Uint | ElementFormat::Sint | ElementFormat::Unknown
    )
}

/// Resource dimensions the runtime binds: buffers, 1D and 2D resources and their arrays.
pub fn supported_resource_type(ty: PixTexUsage) -> bool {
    matches!(
        ty,
        PixTexUsage::Tex1D
            | PixTexUsage::Tex2D
            | PixTexUsage::Buffer
            | PixTexUsage::Tex1DArray
            | PixTexUsage::Tex2DArray
            | PixTexUsage::Unknown
    )
}

/// A device that runs IL programs: the reference interpreter, or (with the compiler in front,
/// in the `ilc` crate) a device model. A driver hands any of them the same program,
/// bindings and dispatch and reads the same memory back.
pub trait Device {
    /// The target name used on the command line (`il`, `cayman`, `gfx906`).
    fn name(&self) -> &'static str;

    /// Runs `program`, reading and updating the bound memory in place.
    fn run(
        &self,
        program: &il_frontend::Program,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_texel_size_comes_from_the_byte_count() {
        let r = Resource::from_bytes(&[0u8; 2 * 3 * 8], 2, 3, 1).unwrap();
        assert_eq!(r.components, 2);
        assert_eq!(r.texel(1, 2, 0), [0, 0, 0, 0x3F80_0000]);
        assert!(Resource::from_bytes(&[0u8; 20], 1, 1, 1).is_err());
        assert!(Resource::from_bytes(&[0u8; 7], 1, 1, 1).is_err());
        assert!(Resource::from_bytes(&[], 0, 1, 1).is_err());
        let a = Resource::from_bytes(
            &(0..2 * 2 * 3 * 4).map(|b| b as u8).collect::<Vec<_>>(),
            2,
            2,
            3,
        )
        .unwrap();
        assert_eq!(a.components, 1);
        assert_eq!(a.texel(1, 0, 2,)[0], u32::from_le_bytes([36, 37, 38, 39]));
    }

    #[test]
    fn out_of_range_summary_lists_nonzero_counts() {
        let o = OutOfRange {
            uav_reads: 3,
            lds_writes: 1,
            ..Default::default()
        };
        assert_eq!(o.to_string(), "3 uav reads, 1 lds writes");
        assert_eq!(o.total(), 4);
        assert_eq!(OutOfRange::default().to_string(), "none");
    }
}
