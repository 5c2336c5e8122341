//! Resource reads of pixel and compute kernels: `sample*`, `load`, `fetch4*`, `resinfo`,
//! `bufinfo`, and the screen-space derivatives of pixel kernels.
//!
//! The sampler model is the one `docs/abi.md` states: one mip level, point (nearest)
//! filtering, clamp-to-edge addressing; coordinates are normalized unless the resource is
//! declared `unnorm` or the instruction says `_coordtype(unnormalized)`. Texels are returned
//! as stored (32-bit components), which is what Brook+ relies on.

use il_frontend::enums::PixTexUsage;
use il_frontend::opcode::Opcode;

use super::exec::Ctx;
use super::kernel::{Inst, ResourceDecl, ONE_F32};
use super::semantics::float;
use super::wave::{active_lanes, Lanes4, Operand, WAVE, ZERO4, ZERO_OPERAND};
use crate::runtime::{Resource, RunError};

/// Marks a pixel-shader run: lanes form 2x2 quads for derivatives (8x8 tiles, lane
/// `8 * row + column`).
#[derive(Clone, Copy, Debug)]
pub struct PixelInfo;

/// Where the reference value of a comparison sample is: `src1.x` for `sample_c*`
/// (L5205), `fetch4c` and `fetch4poc` ("Src1.x is the value to compare against; src2.xy
/// are offsets as in FETCH4_PO", L4848).
fn compare_source(op: Opcode) -> Option<usize> {
    use Opcode as O;
    match op {
        O::SampleC
        | O::SampleCLz
        | O::SampleCL
        | O::SampleCG
        | O::SampleCB
        | O::Fetch4C
        | O::Fetch4PoC => Some(1),
        _ => None,
    }
}

/// Where the programmable offsets of a gather are: `src1.xy` for `fetch4po` (L4881),
/// `src2.xy` for `fetch4poc` (L4848).
fn programmable_offsets_source(op: Opcode) -> Option<usize> {
    match op {
        Opcode::Fetch4Po => Some(1),
        Opcode::Fetch4PoC => Some(2),
        _ => None,
    }
}

/// The texel offsets of `_aoffimmi(u,v,w)`: signed 7.1 fixed point in bytes 0..2 (L4960).
fn address_offsets(inst: &Inst) -> [f32; 2] {
    match inst.extra.address_offset {
        Some(word) => [
            f32::from(word as u8 as i8) / 2.0,
            f32::from((word >> 8) as u8 as i8) / 2.0,
        ],
        None => [0.0; 2],
    }
}

/// Texel index along one axis: `floor(t)` clamped to the edge; NaN selects texel 0.
fn texel_index(t: f32, size: u32) -> u32 {
    if t.is_nan() || t < 0.0 {
        0
    } else {
        (t.floor() as u64).min(u64::from(size.saturating_sub(1))) as u32
    }
}

/// One point sample at texel-space coordinates (u, v) of `slice`.
fn point(res: &Resource, one_d: bool, u: f32, v: f32, slice: u32) -> [u32; 4] {
    let x = texel_index(u, res.width);
    let y = if one_d { 0 } else { texel_index(v, res.height) };
    res.texel(x, y, slice)
}

/// The array slice a sample reads: the coordinate rounded to nearest even and clamped to
/// the slices there are (L5155, "Texture1D Arrays").
fn slice_index(t: f32, slices: u32) -> u32 {
    if t.is_nan() || t <= 0.0 {
        0
    } else {
        (t.round_ties_even() as u64).min(u64::from(slices.saturating_sub(1))) as u32
    }
}

pub fn execute(
    inst: &Inst,
    s: &[Operand],
    exec: u64,
    ctx: &mut Ctx<'_>,
) -> Result<Lanes4, RunError> {
    use Opcode as O;
    let src = |i: usize| s.get(i).unwrap_or(&ZERO_OPERAND);
    match inst.opcode {
        O::Dsx | O::Dsy | O::Fwidth => {
            return Ok(derivative(inst.opcode, src(0), ctx.pixel.is_some()))
        }
        O::Bufinfo => return Ok(bufinfo(inst, ctx)),
        _ => {}
    }
    let id = inst.field("resource").unwrap_or(0);
    // With indexed arguments (`_ext`) the resource index is the first extra source.
    let dynamic = inst
        .extra
        .resource_format
        .map(|_| inst.opcode.info().srcs as usize);
    let decls = &ctx.kernel.decls;
    let (resources, out_of_range) = (&ctx.mem.resources, &mut ctx.mem.out_of_range);
    // What the instruction says, decoded once for all lanes.
    let offsets = address_offsets(inst);
    let uint = inst.field("uint").unwrap_or(0) != 0;
    let coordtype = inst.field("coordtype").unwrap_or(0);
    let comp = inst.field("compselect").unwrap_or(0) as usize & 3;
    let reference = compare_source(inst.opcode).map(src);
    let gather = matches!(
        inst.opcode,
        O::Fetch4 | O::Fetch4C | O::Fetch4Po | O::Fetch4PoC
    );
    let lookup = |rid: u32| {
        let decl = decls.resources.get(&rid).copied().unwrap_or(ResourceDecl {
            ty: PixTexUsage::Tex2D,
            unnormalized: false,
            formats: [il_frontend::enums::ElementFormat::Float; 4],
        });
        resources.get(&rid).map(|res| (res, decl))
    };
    let fixed = lookup(id);
    let mut out = ZERO4;
    for l in active_lanes(exec) {
        let bound = match dynamic {
            Some(k) => lookup(id.wrapping_add(src(k)[0][l])),
            None => fixed,
        };
        let Some((res, decl)) = bound else {
            out_of_range.resource_reads += 1;
            continue;
        };
        let one_d = matches!(
            decl.ty,
            PixTexUsage::Tex1D | PixTexUsage::Buffer | PixTexUsage::Tex1DArray
        );
        // The coordinate that selects the array slice: y of a 1D array, z of a 2D array.
        let slice_coord = match decl.ty {
            PixTexUsage::Tex1DArray => Some(1),
            PixTexUsage::Tex2DArray => Some(2),
            _ => None,
        };
        let a = src(0);
        let value: [u32; 4] = match inst.opcode {
            O::Load => {
                let x = i64::from(a[0][l] as i32) + (offsets[0] as i64);
                let y = if one_d {
                    0
                } else {
                    i64::from(a[1][l] as i32) + (offsets[1] as i64)
                };
                let z = slice_coord.map_or(0, |k| i64::from(a[k][l] as i32));
                let inside = |v: i64, n: u32| v >= 0 && v < i64::from(n);
                if inside(x, res.width) && inside(y, res.height) && inside(z, res.slices) {
                    res.texel(x as u32, y as u32, z as u32)
                } else {
                    out_of_range.resource_reads += 1;
                    [0; 4]
                }
            }
            O::Resinfo => {
                // L5139: a 1D array reports its slices as the height, a 2D array as the
                // depth; buffers and 1D resources have height 0.
                let full = match decl.ty {
                    PixTexUsage::Buffer | PixTexUsage::Tex1D => [res.width, 0, 0],
                    PixTexUsage::Tex1DArray => [res.width, res.slices, 0],
                    PixTexUsage::Tex2DArray => [res.width, res.height, res.slices],
                    _ => [res.width, res.height, 0],
                };
                let dims = if a[0][l] == 0 { full } else { [0, 0, 0] };
                let as_value = |n: u32| if uint { n } else { (n as f32).to_bits() };
                [
                    as_value(dims[0]),
                    as_value(dims[1]),
                    as_value(dims[2]),
                    as_value(1),
                ]
            }
            _ => {
                let normalized = match coordtype {
                    1 => true,
                    2 => false,
                    _ => !decl.unnormalized,
                };
                let (u, v) = (float::input(a[0][l]), float::input(a[1][l]));
                let (mut tu, mut tv) = if normalized {
                    (u * res.width as f32, v * res.height as f32)
                } else {
                    (u, v)
                };
                tu += offsets[0];
                tv += offsets[1];
                if let Some(k) = programmable_offsets_source(inst.opcode) {
                    // Programmable offsets: signed integer texels.
                    tu += src(k)[0][l] as i32 as f32;
                    tv += src(k)[1][l] as i32 as f32;
                }
                let slice =
                    slice_coord.map_or(0, |k| slice_index(float::input(a[k][l]), res.slices));
                let reference = reference.map(|r| r[0][l]);
                if gather {
                    // The 2x2 footprint counter-clockwise from the lower left: (-,+), (+,+),
                    // (+,-), (-,-) half a texel away (L4829).
                    let taps = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)];
                    taps.map(|(du, dv)| {
                        let t = point(res, one_d, tu + du, tv + dv, slice)[comp];
                        match reference {
                            Some(r) => compare(r, t),
                            None => t,
                        }
                    })
                } else {
                    let t = point(res, one_d, tu, tv, slice);
                    match reference {
                        Some(r) => [compare(r, t[0]); 4],
                        None => t,
                    }
                }
            }
        };
        for c in 0..4 {
            out[c][l] = value[c];
        }
    }
    Ok(out)
}

/// The comparison of `sample_c*` and `fetch4c`: 1.0 when the reference is less than or
/// equal to the texel, else 0.0. The comparison function is sampler state the IL does not
/// carry; `docs/decisions.md` ("comparison sampling") records the choice.
fn compare(reference: u32, texel: u32) -> u32 {
    if float::relop(il_frontend::enums::RelOp::Le, reference, texel) {
        ONE_F32
    } else {
        0
    }
}

/// `bufinfo` (L4622): the size of a buffer in elements, in all four components: a resource's
/// texel count, or with `_uav` a UAV's size in dwords (raw, typed) or structures.
fn bufinfo(inst: &Inst, ctx: &mut Ctx<'_>) -> Lanes4 {
    let id = inst.field("resource").unwrap_or(0);
    let n = if inst.field("uav").unwrap_or(0) != 0 {
        let bytes = ctx
            .mem
            .uav_of
            .get(&id)
            .and_then(|&i| ctx.mem.uav_buffers.get(i))
            .map_or(0, Vec::len);
        super::launch::elements_of(ctx.kernel.decls.uavs.get(&id), bytes)
    } else {
        ctx.mem
            .resources
            .get(&id)
            .map_or(0, |r| r.width * r.height * r.slices)
    };
    [[n; WAVE]; 4]
}

/// `dsx`, `dsy`, `fwidth` (L6711, L6727, L6902): differences within the 2x2 pixel quad
/// (right minus left, bottom minus top, computed per row and column). Compute kernels have
/// no quads; their derivatives are 0.
fn derivative(op: Opcode, a: &Operand, pixel: bool) -> Lanes4 {
    let mut out = ZERO4;
    if !pixel {
        return out;
    }
    let d = |c: usize, l: usize, step: usize| {
        let first = l & !step;
        float::sub(a[c][first + step], a[c][first])
    };
    for c in 0..4 {
        for l in 0..WAVE {
            out[c][l] = match op {
                Opcode::Dsx => d(c, l, 1),
                Opcode::Dsy => d(c, l, 8),
                _ => float::add(float::abs(d(c, l, 1)), float::abs(d(c, l, 8))),
            };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_sampling_clamps_to_the_edge() {
        assert_eq!(texel_index(-3.0, 4), 0);
        assert_eq!(texel_index(2.99, 4), 2);
        assert_eq!(texel_index(4.0, 4), 3);
        assert_eq!(texel_index(f32::NAN, 4), 0);
        assert_eq!(texel_index(f32::INFINITY, 4), 3);
    }

    #[test]
    fn address_offsets_are_signed_7_1_fixed_point() {
        let mut inst = Inst::probe(Opcode::Sample);
        inst.extra.address_offset = Some(0x00_FE_03); // u = 1.5, v = -1.0
        assert_eq!(address_offsets(&inst), [1.5, -1.0]);
    }
}
