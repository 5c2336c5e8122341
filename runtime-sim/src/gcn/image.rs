//! MIMG: image loads, resource queries and point sampling (vega §8.2-8.4, L5920-7290).
//!
//! The model implements the subset of the texture unit that linear, single-level
//! 32-bit-per-component images need:
//! * the T# (Table 39): base (bits 39:0, the address / 256, as radeonsi writes it),
//!   data format 32 / 32_32 / 32_32_32 / 32_32_32_32 with any number format (32-bit
//!   components pass through unconverted), width-1, height-1, DST_SEL, type 1D, 2D, 1D
//!   array, 2D array, depth (slices - 1 for arrays), pitch - 1, linear (swizzle mode 0),
//!   base level = last level = 0. Anything else (tiling, mip chains, 3D, cube, MSAA,
//!   other formats) is `Unsupported`;
//! * the S# (Table 40) for sampling: clamp x/y with CLAMP_LAST_TEXEL (2) or WRAP (0),
//!   point filtering (the filter fields 0), FORCE_UNNORMALIZED (bit 15) or the
//!   instruction's UNRM; depth compare functions in bits 14:12 for `_c` forms;
//! * opcodes IMAGE_LOAD, IMAGE_GET_RESINFO, IMAGE_SAMPLE_LZ(_O), IMAGE_SAMPLE_C_LZ(_O),
//!   IMAGE_GATHER4_LZ(_O), IMAGE_GATHER4_C_LZ(_O).
//!
//! Address VGPRs follow Tables 36 and 37: `[offset][z-compare] x [y] [slice]`, y for 2D
//! types, the slice for array types only when DA is set (L7206-7208: with DA = 0 no index
//! is sent and the hardware uses slice 0). Load addresses are unsigned integers, sample
//! addresses floats.
//!
//! Where the text is silent the model decides (docs/decisions.md, "The GCN device model"):
//! * a load outside the image returns 0 in every component (the D3D10 rule; the backend
//!   does not rely on it);
//! * a point sample selects texel `floor(t)` along each axis, `t` being the coordinate
//!   times the size when normalized, plus the `_o` offset; CLAMP_LAST_TEXEL clamps to
//!   `0..size-1` (a NaN coordinate selects texel 0), WRAP takes it modulo the size; the
//!   slice of an array is `floor(slice)` clamped likewise (radeonsi rounds the slice in the
//!   shader before sampling, `apply_round_slice`, so the hardware does not round);
//! * a gather reads the 2 x 2 texels around `t - 0.5` and `t + 0.5` (each clamped) and
//!   returns the DMASK component of (i0, j1), (i1, j1), (i1, j0), (i0, j0) in x, y, z, w
//!   (the Vega text gives no order; this is the order of GL's `textureGather` and D3D10.1's
//!   `Gather`, which radeonsi passes to `image_gather4` without reordering);
//! * a depth compare returns 1.0 or 0.0 per tap: `ref <op> texel` with the S# function
//!   (0 never, 1 less, 2 equal, 3 less-equal, 4 greater, 5 not-equal, 6 greater-equal,
//!   7 always; radeonsi's `SQ_TEX_DEPTH_COMPARE_*`), floats compared as IEEE (NaN false).
//!
//! The results are registers of an in-order VM_CNT operation: reading them before an
//! `s_waitcnt vmcnt` retires the load is refused, as for buffer loads.

use backend_gcn::isa::{Mimg, Opcode, Operand};

use super::memory::GlobalMemory;
use super::wave::{fault, unsupported, Class, Regs, Wave, R, WAVE};

/// The fields of a T# the model uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ImageDesc {
    pub base: u64,
    /// Bytes per texel (4 to 16).
    pub texel_bytes: u32,
    pub width: u32,
    pub height: u32,
    pub slices: u32,
    pub pitch: u32,
    pub dst_sel: [u8; 4],
    /// Table 39 type: 8 1D, 9 2D, 12 1D array, 13 2D array.
    pub ty: u32,
}

impl ImageDesc {
    pub fn parse(d: [u32; 8]) -> R<ImageDesc> {
        let base = (u64::from(d[0]) | u64::from(d[1] & 0xFF) << 32) << 8;
        let data_format = d[1] >> 20 & 0x3F;
        let texel_bytes = match data_format {
            4 => 4,
            11 => 8,
            13 => 12,
            14 => 16,
            f => return unsupported(format!("image data format {f} in the gfx906 model")),
        };
        let width = (d[2] & 0x3FFF) + 1;
        let height = (d[2] >> 14 & 0x3FFF) + 1;
        let sel = |k: u32| (d[3] >> (3 * k) & 7) as u8;
        let base_level = d[3] >> 12 & 0xF;
        let last_level = d[3] >> 16 & 0xF;
        let swizzle = d[3] >> 20 & 0x1F;
        let ty = d[3] >> 28;
        if base_level != 0 || last_level != 0 {
            return unsupported("images with mip levels in the gfx906 model");
        }
        if swizzle != 0 {
            return unsupported("tiled images (swizzle mode not linear) in the gfx906 model");
        }
        let (height, slices) = match ty {
            8 => (1, 1),
            9 => (height, 1),
            12 => (1, (d[4] & 0x1FFF) + 1),
            13 => (height, (d[4] & 0x1FFF) + 1),
            0 => return fault("an image instruction with a buffer T# (type 0)"),
            t => return unsupported(format!("image type {t} in the gfx906 model")),
        };
        let pitch = (d[4] >> 13 & 0xFFFF) + 1;
        Ok(ImageDesc {
            base,
            texel_bytes,
            width,
            height,
            slices,
            pitch,
            dst_sel: [sel(0), sel(1), sel(2), sel(3)],
            ty,
        })
    }

    fn two_d(&self) -> bool {
        matches!(self.ty, 9 | 13)
    }

    fn array(&self) -> bool {
        matches!(self.ty, 12 | 13)
    }

    /// The texel at (x, y, slice), inside the image, after DST_SEL.
    /// The texel at (x, y, slice), reading memory through allocation `*hint` first (see
    /// `GlobalMemory::read_le_near`: a wave's texels are in one allocation).
    fn texel(&self, g: &GlobalMemory, x: u32, y: u32, slice: u32, hint: &mut usize) -> R<[u32; 4]> {
        let row = u64::from(slice) * u64::from(self.height) + u64::from(y);
        let at =
            self.base + (row * u64::from(self.pitch) + u64::from(x)) * u64::from(self.texel_bytes);
        let mut raw = [0u32; 4];
        for (k, r) in raw
            .iter_mut()
            .enumerate()
            .take(self.texel_bytes as usize / 4)
        {
            let a = at + 4 * k as u64;
            *r = match g.read_le_near(a, 4, hint) {
                Some(v) => v as u32,
                None => {
                    return fault(format!(
                    "an image read at 0x{a:x}, which is not in any allocation (memory violation)"
                ))
                }
            };
        }
        // Missing components of the format read as 0 (R, G, B) and 1 (A) before DST_SEL.
        let comps = self.texel_bytes as usize / 4;
        let comp = |c: usize| -> u32 {
            if c < comps {
                raw[c]
            } else if c == 3 {
                1.0f32.to_bits()
            } else {
                0
            }
        };
        Ok(self.dst_sel.map(|s| match s {
            0 => 0,
            1 => 1.0f32.to_bits(),
            4..=7 => comp(usize::from(s - 4)),
            _ => 0,
        }))
    }
}

/// The fields of an S# the model uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SamplerDesc {
    pub clamp: [u32; 3],
    pub compare: u32,
    pub force_unnormalized: bool,
}

impl SamplerDesc {
    pub fn parse(d: [u32; 4]) -> R<SamplerDesc> {
        let clamp = [d[0] & 7, d[0] >> 3 & 7, d[0] >> 6 & 7];
        for c in clamp {
            if c != 0 && c != 2 {
                return unsupported(format!("sampler clamp mode {c} in the gfx906 model"));
            }
        }
        // Filters: XY_MAG [85:84], XY_MIN [87:86], Z [89:88], MIP [91:90] (Table 40).
        if d[2] >> 20 & 0xFF != 0 {
            return unsupported("sampler filters other than point in the gfx906 model");
        }
        Ok(SamplerDesc {
            clamp,
            compare: d[0] >> 12 & 7,
            force_unnormalized: d[0] >> 15 & 1 != 0,
        })
    }
}

/// Texel index of one axis from texel-space `t`.
fn axis_index(t: f32, size: u32, clamp: u32) -> u32 {
    if t.is_nan() {
        return 0;
    }
    let f = t.floor();
    if clamp == 0 {
        // WRAP
        let s = f64::from(size);
        return (f64::from(f).rem_euclid(s)) as u32;
    }
    if f <= 0.0 {
        0
    } else {
        (f as u64).min(u64::from(size - 1)) as u32
    }
}

/// The slice of an array from its float coordinate.
fn slice_index(t: f32, slices: u32) -> u32 {
    if t.is_nan() || t <= 0.0 {
        0
    } else {
        (t.floor() as u64).min(u64::from(slices - 1)) as u32
    }
}

/// `ref <func> texel` of a depth compare (1.0 or 0.0).
fn depth_compare(func: u32, reference: u32, texel: u32) -> u32 {
    let (r, t) = (f32::from_bits(reference), f32::from_bits(texel));
    let pass = match func {
        0 => false,
        1 => r < t,
        2 => r == t,
        3 => r <= t,
        4 => r > t,
        5 => r != t && !r.is_nan() && !t.is_nan(),
        6 => r >= t,
        _ => true,
    };
    if pass {
        1.0f32.to_bits()
    } else {
        0
    }
}

/// What one MIMG opcode is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Form {
    sample: bool,
    gather: bool,
    offset: bool,
    compare: bool,
}

fn form(op: Opcode) -> Option<Form> {
    use Opcode as O;
    let f = |sample, gather, offset, compare| {
        Some(Form {
            sample,
            gather,
            offset,
            compare,
        })
    };
    match op {
        O::IMAGE_SAMPLE_LZ => f(true, false, false, false),
        O::IMAGE_SAMPLE_LZ_O => f(true, false, true, false),
        O::IMAGE_SAMPLE_C_LZ => f(true, false, false, true),
        O::IMAGE_SAMPLE_C_LZ_O => f(true, false, true, true),
        O::IMAGE_GATHER4_LZ => f(true, true, false, false),
        O::IMAGE_GATHER4_LZ_O => f(true, true, true, false),
        O::IMAGE_GATHER4_C_LZ => f(true, true, false, true),
        O::IMAGE_GATHER4_C_LZ_O => f(true, true, true, true),
        O::IMAGE_LOAD | O::IMAGE_GET_RESINFO => f(false, false, false, false),
        _ => None,
    }
}

fn sgpr_quad(op: Operand, what: &str) -> R<u8> {
    match op {
        Operand::Sgpr { code, .. } if code % 4 == 0 && code < 104 => Ok(code),
        _ => fault(format!("MIMG {what} must be aligned SGPRs")),
    }
}

/// Executes one MIMG instruction.
pub(crate) fn exec_mimg(w: &mut Wave, i: &Mimg, global: &GlobalMemory) -> R<()> {
    let Some(f) = form(i.op) else {
        return unsupported(format!("{} in the gfx906 model", i.op.name()));
    };
    if i.a16 || i.d16 || i.tfe || i.lwe {
        return unsupported("MIMG a16, d16, tfe or lwe in the gfx906 model");
    }
    let hz = "vega Table 8 row 9 (L2134-2136, L2217-2221)";
    w.need_after_valu_op(
        Some(i.srsrc),
        5,
        "a VMEM instruction reads an SGPR a VALU wrote",
        hz,
    )?;
    w.need_after_valu_op(
        i.ssamp,
        5,
        "a VMEM instruction reads an SGPR a VALU wrote",
        hz,
    )?;
    let rs = sgpr_quad(i.srsrc, "srsrc")?;
    w.check_read(Regs::S(rs, 8))?;
    let mut t = [0u32; 8];
    for (k, x) in t.iter_mut().enumerate() {
        *x = w.s[usize::from(rs) + k];
    }
    let img = ImageDesc::parse(t)?;
    let sampler = if f.sample {
        let ss = sgpr_quad(i.ssamp.unwrap_or(Operand::Int(0)), "ssamp")?;
        w.check_read(Regs::S(ss, 4))?;
        let mut s = [0u32; 4];
        for (k, x) in s.iter_mut().enumerate() {
            *x = w.s[usize::from(ss) + k];
        }
        Some(SamplerDesc::parse(s)?)
    } else {
        None
    };
    // Address VGPRs (Tables 36 and 37).
    let Operand::Vgpr { index: va, .. } = i.vaddr else {
        return fault("MIMG vaddr must be VGPRs");
    };
    let coords = if i.op == Opcode::IMAGE_GET_RESINFO {
        1
    } else {
        1 + u8::from(img.two_d()) + u8::from(img.array() && i.da)
    };
    let extra = u8::from(f.offset) + u8::from(f.compare);
    let naddr = extra + coords;
    w.check_read(Regs::V(va, naddr))?;
    if usize::from(va) + usize::from(naddr) > w.v.len() {
        return fault(format!("MIMG address v{va} beyond the allocated VGPRs"));
    }
    let Operand::Vgpr { index: vd, .. } = i.vdata else {
        return fault("MIMG vdata must be VGPRs");
    };
    let ndata = if f.gather {
        if i.dmask.count_ones() != 1 {
            return fault("a gather's DMASK must have one bit set");
        }
        4
    } else {
        i.dmask.count_ones() as u8
    };
    if ndata == 0 {
        // Nothing is returned; still a VM operation.
        w.issue_mem(Class::Vmem, None, false);
        return Ok(());
    }
    w.check_load_dest(Regs::V(vd, ndata), Class::Vmem)?;
    let exec = w.exec();
    let mut out = vec![[0u32; WAVE]; usize::from(ndata)];
    let mut hint = 0;
    for l in 0..WAVE {
        if exec >> l & 1 == 0 {
            continue;
        }
        let a = |k: u8| w.v[usize::from(va + k)][l];
        let value: [u32; 4] = if i.op == Opcode::IMAGE_GET_RESINFO {
            // {width, height, depth, num_mip_levels} of mip level a(0) (one level).
            let two_d_height = if img.two_d() { img.height } else { 1 };
            if a(0) == 0 {
                [img.width, two_d_height, img.slices, 1]
            } else {
                [0; 4]
            }
        } else if !f.sample {
            let x = a(0);
            let y = if img.two_d() { a(1) } else { 0 };
            let s = if img.array() && i.da {
                a(1 + u8::from(img.two_d()))
            } else {
                0
            };
            if x < img.width && y < img.height && s < img.slices {
                img.texel(global, x, y, s, &mut hint)?
            } else {
                [0; 4]
            }
        } else {
            let smp = sampler.unwrap_or(SamplerDesc {
                clamp: [2; 3],
                compare: 0,
                force_unnormalized: false,
            });
            let mut k = 0u8;
            let (mut du, mut dv) = (0.0f32, 0.0f32);
            if f.offset {
                // Three 6-bit signed texel offsets in bits 5:0, 13:8, 21:16 (Table 37).
                let o = a(k);
                du = f32::from(((o & 0x3F) as u8 as i8) << 2 >> 2);
                dv = f32::from((((o >> 8) & 0x3F) as u8 as i8) << 2 >> 2);
                k += 1;
            }
            let reference = if f.compare {
                k += 1;
                Some(a(k - 1))
            } else {
                None
            };
            let unnormalized = i.unorm || smp.force_unnormalized;
            let u = f32::from_bits(a(k));
            let v = if img.two_d() {
                f32::from_bits(a(k + 1))
            } else {
                0.0
            };
            let (mut tu, mut tv) = if unnormalized {
                (u, v)
            } else {
                (u * img.width as f32, v * img.height as f32)
            };
            tu += du;
            tv += dv;
            let slice = if img.array() && i.da {
                slice_index(f32::from_bits(a(k + 1 + u8::from(img.two_d()))), img.slices)
            } else {
                0
            };
            let at = |tu: f32, tv: f32| -> (u32, u32) {
                let x = axis_index(tu, img.width, smp.clamp[0]);
                let y = if img.two_d() {
                    axis_index(tv, img.height, smp.clamp[1])
                } else {
                    0
                };
                (x, y)
            };
            let cmp = |texel: u32| match reference {
                Some(r) => depth_compare(smp.compare, r, texel),
                None => texel,
            };
            if f.gather {
                let comp = i.dmask.trailing_zeros() as usize;
                let taps = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)];
                let mut r = [0u32; 4];
                for (c, (ddu, ddv)) in taps.iter().enumerate() {
                    let (x, y) = at(tu + ddu, tv + ddv);
                    r[c] = cmp(img.texel(global, x, y, slice, &mut hint)?[comp]);
                }
                r
            } else {
                let (x, y) = at(tu, tv);
                let t = img.texel(global, x, y, slice, &mut hint)?;
                match reference {
                    // A compare returns its result in the first returned component.
                    Some(_) => [cmp(t[0]), 0, 0, 0],
                    None => t,
                }
            }
        };
        if f.gather {
            for (c, o) in out.iter_mut().enumerate() {
                o[l] = value[c];
            }
        } else {
            let mut k = 0;
            for (c, v) in value.iter().enumerate() {
                if i.dmask >> c & 1 != 0 {
                    out[k][l] = *v;
                    k += 1;
                }
            }
        }
    }
    for (k, o) in out.iter().enumerate() {
        let r = &mut w.v[usize::from(vd) + k];
        for l in 0..WAVE {
            if exec >> l & 1 != 0 {
                r[l] = o[l];
            }
        }
    }
    w.issue_mem(Class::Vmem, Some(Regs::V(vd, ndata)), false);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t_sharp(base: u64, w: u32, h: u32, slices: u32, ty: u32) -> [u32; 8] {
        [
            (base >> 8) as u32,
            (base >> 40) as u32 & 0xFF | 14 << 20 | 7 << 26,
            (w - 1) | (h - 1) << 14,
            4 | 5 << 3 | 6 << 6 | 7 << 9 | ty << 28,
            (slices - 1) | (w - 1) << 13,
            0,
            0,
            0,
        ]
    }

    #[test]
    fn t_sharp_fields_follow_table_39() {
        let d = ImageDesc::parse(t_sharp(0x1_0000_0100, 5, 3, 4, 13)).unwrap();
        assert_eq!(d.base, 0x1_0000_0100);
        assert_eq!((d.width, d.height, d.slices, d.pitch), (5, 3, 4, 5));
        assert_eq!(d.texel_bytes, 16);
        assert_eq!(d.dst_sel, [4, 5, 6, 7]);
        // 1D types have height 1 whatever the field says.
        let d = ImageDesc::parse(t_sharp(0x1_0000_0000, 5, 3, 1, 8)).unwrap();
        assert_eq!((d.height, d.slices), (1, 1));
        // A buffer T# is not an image.
        assert!(ImageDesc::parse(t_sharp(0, 1, 1, 1, 0)).is_err());
    }

    #[test]
    fn point_sampling_indices() {
        // CLAMP_LAST_TEXEL keeps the index in 0..size-1; WRAP takes it modulo the size.
        assert_eq!(axis_index(-0.5, 4, 2), 0);
        assert_eq!(axis_index(3.99, 4, 2), 3);
        assert_eq!(axis_index(9.0, 4, 2), 3);
        assert_eq!(axis_index(f32::NAN, 4, 2), 0);
        assert_eq!(axis_index(-0.5, 4, 0), 3);
        assert_eq!(axis_index(5.5, 4, 0), 1);
        assert_eq!(slice_index(2.0, 2), 1);
        assert_eq!(slice_index(-1.0, 2), 0);
    }

    #[test]
    fn depth_compare_functions() {
        let one = 1.0f32.to_bits();
        let (a, b) = (1.0f32.to_bits(), 2.0f32.to_bits());
        assert_eq!(depth_compare(3, a, b), one); // less-equal
        assert_eq!(depth_compare(3, b, a), 0);
        assert_eq!(depth_compare(1, a, a), 0); // less
        assert_eq!(depth_compare(3, f32::NAN.to_bits(), a), 0);
        assert_eq!(depth_compare(7, a, b), one);
    }
}

/// Whole MIMG instructions on the model: expected values from Tables 36, 37 and 39 and the
/// decisions in the module notes, never from the model's own output.
#[cfg(test)]
mod program_tests {
    use backend_gcn::isa::assemble;

    use crate::gcn::{run, GcnLaunch, GlobalMemory, KernelDescriptor};
    use crate::runtime::RunError;

    /// Kernarg pointer in s\[0:1\], work-item id X in v0, 16 VGPRs.
    fn kd() -> KernelDescriptor {
        KernelDescriptor {
            kernarg_size: 56,
            compute_pgm_rsrc1: 3,
            compute_pgm_rsrc2: 2 << 1 | 1 << 7,
            kernel_code_properties: 1 << 3,
            ..Default::default()
        }
    }

    /// A 3 x 2 image of 16-byte texels, texel (x, y) = (100 + 10y + x, 200 + .., 300 + ..,
    /// 400 + ..), and a T# for it (Table 39): 2D (type 9), 32_32_32_32 float, XYZW.
    fn image(mem: &mut GlobalMemory) -> [u32; 8] {
        let mut bytes = Vec::new();
        for y in 0..2u32 {
            for x in 0..3u32 {
                for c in 1..=4u32 {
                    bytes.extend((100 * c + 10 * y + x).to_le_bytes());
                }
            }
        }
        let base = mem.alloc(&bytes);
        [
            (base >> 8) as u32,
            (base >> 40) as u32 & 0xFF | 14 << 20 | 7 << 26,
            2 | 1 << 14,
            4 | 5 << 3 | 6 << 6 | 7 << 9 | 9 << 28,
            2 << 13,
            0,
            0,
            0,
        ]
    }

    /// Runs `body` (after the loads of `out` into s\[4:5\], the T# into s\[8:15\] and the S#
    /// into s\[16:19\]) on 8 lanes; returns `n` dwords per lane stored from v[4:..].
    fn run_body(body: &str, n: usize, sampler: [u32; 4]) -> Result<Vec<Vec<u32>>, RunError> {
        let mut mem = GlobalMemory::new();
        let t = image(&mut mem);
        let out = mem.alloc_zeroed(8 * 16);
        let mut args = out.to_le_bytes().to_vec();
        for w in t.iter().chain(sampler.iter()) {
            args.extend(w.to_le_bytes());
        }
        let store = match n {
            1 => "global_store_dword v3, v4, s[4:5]",
            2 => "global_store_dwordx2 v3, v[4:5], s[4:5]",
            _ => "global_store_dwordx4 v3, v[4:7], s[4:5]",
        };
        let text = format!(
            "s_load_dwordx2 s[4:5], s[0:1], 0x0
             s_load_dwordx8 s[8:15], s[0:1], 0x8
             s_load_dwordx4 s[16:19], s[0:1], 0x28
             v_lshlrev_b32_e32 v3, 4, v0
             s_waitcnt lgkmcnt(0)
             {body}
             {store}
             s_endpgm"
        );
        let code = assemble(&text).unwrap();
        let l = GcnLaunch::new(args, [8, 1, 1], [8, 1, 1]);
        run(&code, &kd(), &mut mem, &l)?;
        let b = mem.buffer(out).unwrap();
        Ok((0..8)
            .map(|lane| {
                (0..n)
                    .map(|k| {
                        let a = 16 * lane + 4 * k;
                        u32::from_le_bytes(b[a..a + 4].try_into().unwrap())
                    })
                    .collect()
            })
            .collect())
    }

    #[test]
    fn image_load_reads_dmask_components_and_zero_outside() {
        // x = lane & 3 (x = 3 is outside the 3-texel width), y = lane >> 2.
        let got = run_body(
            "v_and_b32_e32 v1, 3, v0
             v_lshrrev_b32_e32 v2, 2, v0
             image_load v[4:5], v[1:2], s[8:15] dmask:0x5 unorm
             s_waitcnt vmcnt(0)",
            2,
            [0; 4],
        )
        .unwrap();
        for (lane, g) in got.iter().enumerate() {
            let (x, y) = (lane as u32 & 3, lane as u32 >> 2);
            let want = if x < 3 {
                vec![100 + 10 * y + x, 300 + 10 * y + x]
            } else {
                vec![0, 0]
            };
            assert_eq!(*g, want, "lane {lane}");
        }
    }

    #[test]
    fn get_resinfo_returns_width_height_depth_levels() {
        // "Returns 4 integer values into VGPRs 3-0: {num_mip_levels, depth, height, width}".
        let got = run_body(
            "v_mov_b32_e32 v1, 0
             image_get_resinfo v[4:7], v1, s[8:15] dmask:0xf unorm
             s_waitcnt vmcnt(0)",
            4,
            [0; 4],
        )
        .unwrap();
        assert_eq!(got[0], vec![3, 2, 1, 1]);
    }

    #[test]
    fn point_sample_clamps_to_the_last_texel() {
        // Normalized u = lane / 4 - 0.25 (texel-space 3u), v = 0.75 (row 1); clamp x and y
        // CLAMP_LAST_TEXEL (2), point filter.
        let got = run_body(
            "v_cvt_f32_u32_e32 v1, v0
             v_mul_f32_e32 v1, 0.25, v1
             v_add_f32_e32 v1, -0.25, v1
             v_mov_b32_e32 v2, 0x3f400000
             image_sample_lz v4, v[1:2], s[8:15], s[16:19] dmask:0x2
             s_waitcnt vmcnt(0)",
            1,
            [2 | 2 << 3 | 2 << 6, 0, 0, 0],
        )
        .unwrap();
        for (lane, g) in got.iter().enumerate() {
            let t = 3.0 * (lane as f32 * 0.25 - 0.25);
            let x = t.floor().clamp(0.0, 2.0) as u32;
            assert_eq!(g[0], 200 + 10 + x, "lane {lane}");
        }
    }

    #[test]
    fn gather4_returns_the_footprint_counter_clockwise() {
        // Unnormalized (UNRM) coordinate (1.0, 1.0): texels i0 = 0, i1 = 1, j0 = 0, j1 = 1;
        // x, y, z, w = (i0, j1), (i1, j1), (i1, j0), (i0, j0) of component R.
        let got = run_body(
            "v_mov_b32_e32 v1, 1.0
             v_mov_b32_e32 v2, 1.0
             image_gather4_lz v[4:7], v[1:2], s[8:15], s[16:19] dmask:0x1 unorm
             s_waitcnt vmcnt(0)",
            4,
            [2 | 2 << 3 | 2 << 6, 0, 0, 0],
        )
        .unwrap();
        assert_eq!(got[0], vec![110, 111, 101, 100]);
    }

    #[test]
    fn reading_an_image_result_before_the_wait_is_refused() {
        let err = run_body(
            "v_mov_b32_e32 v1, 0
             v_mov_b32_e32 v2, 0
             image_load v[4:5], v[1:2], s[8:15] dmask:0x3 unorm
             v_add_u32_e32 v4, 1, v4",
            1,
            [0; 4],
        )
        .unwrap_err();
        assert!(err.to_string().contains("v4"), "{err}");
    }
}
