//! Texture instructions as MIMG (vega §8.2-8.4): `load` as `image_load`, `resinfo` as
//! `image_get_resinfo`, `sample*` (also `sample_c*`) as `image_sample_lz` and `fetch4`
//! (also `fetch4_c`, `fetch4po`, `fetch4poc`) as `image_gather4_lz`,
//! through the resource's T# and the IL sampler's S# (`crate::image_desc`, loaded from
//! the resource's kernarg entry in the prologue).
//!
//! What the IL asks beyond the hardware instruction is done around it:
//! * `load`: IL's "0 outside the resource" (L4958) is a compare and `v_cndmask` on the
//!   result, so nothing depends on what the texture unit returns out of range;
//! * `resinfo`: the hardware's {width, height, depth, levels} become IL's (width, height or
//!   0 for 1D, slices or 0 unless an array, 1), as floats unless `_uint`;
//! * sampling: a normalized coordinate without offsets goes to the sampler as it is; with
//!   `_aoffimmi` (half texels, which the `_o` forms cannot express) or unnormalized, the
//!   kernel computes the texel-space coordinate and sets UNRM; an array's slice is rounded
//!   to nearest even first (`v_rndne_f32`, IL L5155), as radeonsi rounds it.
//! * `sample_c*` and `fetch4_c` sample (gather) the texels without the hardware compare
//!   and compare in the kernel (`v_cmp_le_f32`, 1.0 or 0.0): IL's compare flushes f32
//!   denormals on both sides, and whether the texture unit's PCF compare does is not
//!   documented.
//!
//! LLVM 14 (`SIISelLowering::lowerImage`) likewise uses the `_lz` forms when the LOD is
//! zero, sets UNRM on non-sampler operations, and sets DA for arrays.

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{IlOp, Op, Value};
use smallvec::smallvec;

use super::{il_src, Dst, Mods, Selector, Src};
use crate::isa::{Inst, Mimg, Opcode, Operand};
use crate::mir::{File, Reg, RegRef, Slot, VReg};
use crate::CompileError;

/// The MIMG instruction fields beyond its registers.
#[derive(Clone, Copy, Debug, Default)]
struct Flags {
    dmask: u8,
    unorm: bool,
    da: bool,
}

/// Whether an IL texture opcode is compiled to MIMG, and whether it needs the sampler.
pub fn image_form(op: IlOpcode) -> Option<bool> {
    use IlOpcode as O;
    match op {
        O::Load | O::Resinfo => Some(false),
        O::Sample | O::SampleL | O::SampleB | O::SampleG => Some(true),
        O::Fetch4 | O::Fetch4C | O::Fetch4Po | O::Fetch4PoC => Some(true),
        op if super::texture::is_compare_sample(op) => Some(true),
        _ => None,
    }
}

impl Selector<'_> {
    /// Loads the T# (and S#) of every resource a MIMG instruction uses.
    pub(crate) fn image_prologue(&mut self) {
        let mut tsharp = std::collections::BTreeSet::new();
        let mut ssharp = std::collections::BTreeSet::new();
        for (_, inst) in self.func.placed_insts() {
            if let Op::Il(il) = &self.func.insts[inst].op {
                if let Some(sampler) = image_form(il.opcode) {
                    let id = il.field("resource").unwrap_or(0);
                    tsharp.insert(id);
                    if sampler {
                        ssharp.insert(id);
                    }
                }
            }
        }
        for (id, off) in self.abi.resources.clone() {
            if tsharp.contains(&id) {
                let t = self.kernarg_load(off + crate::abi::RESOURCE_TSHARP, 8);
                self.tsharp.insert(id, t);
            }
            if ssharp.contains(&id) {
                let s = self.kernarg_load(off + crate::abi::RESOURCE_SSHARP, 4);
                self.ssharp.insert(id, s);
            }
        }
    }

    fn tsharp_of(&self, id: u32) -> Result<VReg, CompileError> {
        self.tsharp
            .get(&id)
            .copied()
            .ok_or_else(|| CompileError::Internal(format!("resource {id} has no T#")))
    }

    /// One MIMG instruction: `data` (`ndata` VGPRs) from the address tuple `addr`.
    #[allow(clippy::too_many_arguments)]
    fn mimg(
        &mut self,
        op: Opcode,
        data: VReg,
        ndata: u8,
        addr: VReg,
        naddr: u8,
        tsharp: VReg,
        ssamp: Option<VReg>,
        f: Flags,
    ) {
        let r = |slot, reg, count, def| RegRef {
            slot,
            reg: Reg::Virt(reg),
            offset: 0,
            count,
            def,
        };
        let mut regs: smallvec::SmallVec<[RegRef; 4]> = smallvec![
            r(Slot::Dst, data, ndata, true),
            r(Slot::Vaddr, addr, naddr, false),
            r(Slot::Srsrc, tsharp, 8, false)
        ];
        if let Some(s) = ssamp {
            regs.push(r(Slot::Ssamp, s, 4, false));
        }
        self.push(
            Inst::Mimg(Mimg {
                op,
                vdata: Operand::v(0),
                vaddr: Operand::v(0),
                srsrc: Operand::s_range(0, 8),
                ssamp: ssamp.map(|_| Operand::s_range(0, 4)),
                dmask: f.dmask,
                unorm: f.unorm,
                glc: false,
                slc: false,
                a16: false,
                tfe: false,
                lwe: false,
                da: f.da,
                d16: false,
            }),
            regs,
        );
    }

    /// The address tuple: the sources copied into consecutive VGPRs.
    fn address_tuple(&mut self, coords: &[Src]) -> VReg {
        let n = coords.len() as u8;
        let a = self.m.new_vreg(File::V, n);
        for (k, &c) in coords.iter().enumerate() {
            self.mov32(Dst(a, k as u8, 1), c);
        }
        a
    }

    /// Moves the returned components into the results (through `readfirstlane` when a
    /// result is uniform), each first passed through `f`.
    fn image_results(
        &mut self,
        results: &[Value],
        data: VReg,
        mut f: impl FnMut(&mut Self, u8, Src) -> Src,
    ) {
        for (k, &r) in results.iter().enumerate() {
            let v = f(self, k as u8, Src::R(data, k as u8, 1));
            let d = self.vreg(r);
            self.mov32(Dst::r(d), v);
        }
    }

    /// `load_resource(n)`: `image_load` at the integer coordinates (plus the truncated
    /// `_aoffimmi` offsets), 0 in every component outside the resource.
    pub(crate) fn image_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let (id, res, decl) = self.bound_resource(il, "load")?;
        let tsharp = self.tsharp_of(id)?;
        let offsets = match il.extra.address_offset {
            Some(word) => [
                (f32::from(word as u8 as i8) / 2.0) as i32,
                (f32::from((word >> 8) as u8 as i8) / 2.0) as i32,
            ],
            None => [0; 2],
        };
        let none = Mods::default();
        let coord = |this: &mut Self, c: u8, offset: i32| -> Src {
            let s = match il_src(il, args, 0, c) {
                Some(v) => this.src(v),
                None => Src::Imm(0),
            };
            match (s, offset) {
                (s, 0) => s,
                (Src::Imm(x), o) => Src::Imm(x.wrapping_add(o as u32)),
                (s, o) => {
                    let t = this.m.new_vreg(File::V, 1);
                    this.valu(
                        Opcode::V_ADD_U32,
                        Some(Dst::r(t)),
                        None,
                        &[Src::Imm(o as u32), s],
                        none,
                    );
                    Src::r(t)
                }
            }
        };
        // inside = x <u W && y <u H && slice <u S (negative coordinates are huge unsigned).
        let mut coords = vec![coord(self, 0, offsets[0])];
        let mut checks = vec![(coords[0], Src::R(res, 0, 1))];
        if !decl.one_d {
            let y = coord(self, 1, offsets[1]);
            coords.push(y);
            checks.push((y, Src::R(res, 1, 1)));
        }
        if decl.array {
            let z = coord(self, if decl.one_d { 1 } else { 2 }, 0);
            coords.push(z);
            checks.push((z, Src::r(self.slices(id)?)));
        }
        let mut inside: Option<VReg> = None;
        for (v, n) in checks {
            let m = self.m.new_vreg(File::S, 2);
            self.valu(
                Opcode::V_CMP_GT_U32,
                None,
                Some(Dst(m, 0, 2)),
                &[n, v],
                none,
            );
            inside = Some(match inside {
                None => m,
                Some(prev) => {
                    let both = self.m.new_vreg(File::S, 2);
                    self.salu(
                        Opcode::S_AND_B64,
                        Some(Dst(both, 0, 2)),
                        &[Src::R(prev, 0, 2), Src::R(m, 0, 2)],
                    );
                    both
                }
            });
        }
        let addr = self.address_tuple(&coords);
        let ndata = mask.count_ones() as u8;
        if ndata == 0 {
            return Ok(());
        }
        let data = self.m.new_vreg(File::V, ndata);
        let flags = Flags {
            dmask: mask,
            unorm: true,
            da: decl.array,
        };
        self.mimg(
            Opcode::IMAGE_LOAD,
            data,
            ndata,
            addr,
            coords.len() as u8,
            tsharp,
            None,
            flags,
        );
        self.image_results(results, data, |this, _, v| match inside {
            Some(m) => Src::r(this.sel(Src::Imm(0), v, m)),
            None => v,
        });
        Ok(())
    }

    /// `resinfo_resource(n)[_uint]` from `image_get_resinfo` of mip level src0.x.
    pub(crate) fn image_resinfo(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let (id, _, decl) = self.bound_resource(il, "resinfo")?;
        let tsharp = self.tsharp_of(id)?;
        let uint = il.field("uint").unwrap_or(0) != 0;
        let level = match il_src(il, args, 0, 0) {
            Some(v) => self.src(v),
            None => Src::Imm(0),
        };
        let addr = self.address_tuple(&[level]);
        let data = self.m.new_vreg(File::V, 4);
        let flags = Flags {
            dmask: 0xF,
            unorm: true,
            da: decl.array,
        };
        self.mimg(
            Opcode::IMAGE_GET_RESINFO,
            data,
            4,
            addr,
            1,
            tsharp,
            None,
            flags,
        );
        // IL's (x, y, z) from the hardware's (width, height, depth): height 0 for 1D,
        // slices (depth) in y of a 1D array and z of a 2D array, 0 when not an array. The
        // hardware reports 0 past the resource's one level and IL wants 0 there too; w is
        // the level count, 1.
        let pick: [Option<u8>; 4] = match (decl.one_d, decl.array) {
            (true, false) => [Some(0), None, None, Some(3)],
            (true, true) => [Some(0), Some(2), None, Some(3)],
            (false, false) => [Some(0), Some(1), None, Some(3)],
            (false, true) => [Some(0), Some(1), Some(2), Some(3)],
        };
        let level_zero = match level {
            Src::Imm(l) => None.filter(|_: &VReg| l == 0),
            l => {
                let m = self.m.new_vreg(File::S, 2);
                self.valu(
                    Opcode::V_CMP_EQ_U32,
                    None,
                    Some(Dst(m, 0, 2)),
                    &[Src::Imm(0), l],
                    Mods::default(),
                );
                Some(m)
            }
        };
        let comps: Vec<u8> = (0..4u8).filter(|c| mask >> c & 1 != 0).collect();
        for (&r, &c) in results.iter().zip(&comps) {
            let d = self.vreg(r);
            let v = match pick[usize::from(c)] {
                None => Src::Imm(0),
                // w: IL's level count, 1 at every level (L5139).
                Some(_) if c == 3 => Src::Imm(if uint { 1 } else { 1f32.to_bits() }),
                // 0 past level 0 whatever the hardware reports there.
                Some(k) => match level_zero {
                    Some(m) => Src::r(self.sel(Src::Imm(0), Src::R(data, k, 1), m)),
                    None if level == Src::Imm(0) => Src::R(data, k, 1),
                    None => Src::Imm(0),
                },
            };
            let v = match (uint, v) {
                (true, v) | (false, v @ Src::Imm(_)) => v,
                (false, v) => {
                    let f = self.vop(Opcode::V_CVT_F32_U32, &[v]);
                    Src::r(f)
                }
            };
            self.mov32(Dst::r(d), v);
        }
        Ok(())
    }

    /// The address of a sample or gather: `(coordinates, unorm)`. Normalized coordinates
    /// without offsets go as they are; otherwise the texel-space coordinate
    /// `(normalized ? u * size : u) + offset + delta` with UNRM. An array's slice is
    /// rounded to nearest even.
    fn sample_address(
        &mut self,
        il: &IlOp,
        args: &[Value],
        res: VReg,
        decl: crate::ResourceDecl,
        delta: [f32; 2],
        programmable: Option<[Src; 2]>,
    ) -> (Vec<Src>, bool) {
        let normalized = match il.field("coordtype").unwrap_or(0) {
            1 => true,
            2 => false,
            _ => !decl.unnormalized,
        };
        let offsets = match il.extra.address_offset {
            Some(word) => [
                f32::from(word as u8 as i8) / 2.0 + delta[0],
                f32::from((word >> 8) as u8 as i8) / 2.0 + delta[1],
            ],
            None => delta,
        };
        let none = Mods::default();
        let axes = if decl.one_d { 1 } else { 2 };
        let raw = normalized && offsets[..axes].iter().all(|&o| o == 0.0) && programmable.is_none();
        let coord = |this: &mut Self, c: u8| match il_src(il, args, 0, c) {
            Some(v) => this.src(v),
            None => Src::Imm(0),
        };
        let mut coords = Vec::new();
        for (axis, &offset) in offsets.iter().enumerate().take(axes) {
            let mut t = coord(self, axis as u8);
            if !raw {
                if normalized {
                    let m = self.vop(Opcode::V_MUL_F32, &[Src::R(res, 2 + axis as u8, 1), t]);
                    t = Src::r(m);
                }
                if offset != 0.0 {
                    let a = self.vop(Opcode::V_ADD_F32, &[Src::Imm(offset.to_bits()), t]);
                    t = Src::r(a);
                }
                if let Some(p) = programmable {
                    // `fetch4po*`: src1.xy as signed integer texels, converted, then added.
                    let f = self.m.new_vreg(File::V, 1);
                    self.valu(
                        Opcode::V_CVT_F32_I32,
                        Some(Dst::r(f)),
                        None,
                        &[p[axis]],
                        none,
                    );
                    let a = self.vop(Opcode::V_ADD_F32, &[t, Src::r(f)]);
                    t = Src::r(a);
                }
            }
            coords.push(t);
        }
        if decl.array {
            let s = coord(self, if decl.one_d { 1 } else { 2 });
            let r = self.vop(Opcode::V_RNDNE_F32, &[s]);
            coords.push(Src::r(r));
        }
        (coords, !raw)
    }

    /// `sample*` without comparison: `image_sample_lz` (one level; LOD, bias and
    /// gradients select level 0 whatever they are).
    pub(crate) fn image_sample(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let (id, res, decl) = self.bound_resource(il, "sampling")?;
        let tsharp = self.tsharp_of(id)?;
        let ssamp = self.ssharp.get(&id).copied();
        let (coords, unorm) = self.sample_address(il, args, res, decl, [0.0; 2], None);
        let ndata = mask.count_ones() as u8;
        if ndata == 0 {
            return Ok(());
        }
        let addr = self.address_tuple(&coords);
        let data = self.m.new_vreg(File::V, ndata);
        let flags = Flags {
            dmask: mask,
            unorm,
            da: decl.array,
        };
        self.mimg(
            Opcode::IMAGE_SAMPLE_LZ,
            data,
            ndata,
            addr,
            coords.len() as u8,
            tsharp,
            ssamp,
            flags,
        );
        self.image_results(results, data, |_, _, v| v);
        Ok(())
    }

    /// `fetch4` (no comparison): `image_gather4_lz` of component `_compselect`.
    pub(crate) fn image_gather4(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let (id, res, decl) = self.bound_resource(il, "fetch4")?;
        let reference = match il.opcode {
            // "Src1.x is the value to compare against; src2.xy are offsets" (L4848).
            IlOpcode::Fetch4C | IlOpcode::Fetch4PoC => Some(self.compare_reference(il, args, 1)),
            _ => None,
        };
        let programmable = match il.opcode {
            IlOpcode::Fetch4Po | IlOpcode::Fetch4PoC => {
                // src1.xy for `fetch4po` (L4881), src2.xy for `fetch4poc` (L4848).
                let from = if il.opcode == IlOpcode::Fetch4PoC {
                    2
                } else {
                    1
                };
                let mut p = [Src::Imm(0); 2];
                for (c, o) in p.iter_mut().enumerate() {
                    if let Some(v) = il_src(il, args, from, c as u8) {
                        *o = self.src(v);
                    }
                }
                Some(p)
            }
            _ => None,
        };
        let tsharp = self.tsharp_of(id)?;
        let ssamp = self.ssharp.get(&id).copied();
        let comp = il.field("compselect").unwrap_or(0) as u8 & 3;
        let (coords, unorm) = self.sample_address(il, args, res, decl, [0.0; 2], programmable);
        let addr = self.address_tuple(&coords);
        let data = self.m.new_vreg(File::V, 4);
        let flags = Flags {
            dmask: 1 << comp,
            unorm,
            da: decl.array,
        };
        self.mimg(
            Opcode::IMAGE_GATHER4_LZ,
            data,
            4,
            addr,
            coords.len() as u8,
            tsharp,
            ssamp,
            flags,
        );
        let comps: Vec<u8> = (0..4u8).filter(|c| mask >> c & 1 != 0).collect();
        for (&r, &c) in results.iter().zip(&comps) {
            let texel = Src::R(data, c, 1);
            let v = match reference {
                Some(rf) => Src::r(self.compare_le(rf, texel)),
                None => texel,
            };
            let d = self.vreg(r);
            self.mov32(Dst::r(d), v);
        }
        Ok(())
    }

    /// The reference of a comparison: src1.x for `sample_c*` (L5205) and `fetch4_c`,
    /// src2.x for `fetch4po_c` (after the offsets).
    fn compare_reference(&mut self, il: &IlOp, args: &[Value], src: usize) -> Src {
        match il_src(il, args, src, 0) {
            Some(v) => self.src(v),
            None => Src::Imm(0),
        }
    }

    /// 1.0 where `reference <= texel` (IL's `le`, flushing both under the FP mode), else 0.0.
    fn compare_le(&mut self, reference: Src, texel: Src) -> VReg {
        let m = self.m.new_vreg(File::S, 2);
        self.valu(
            Opcode::V_CMP_LE_F32,
            None,
            Some(Dst(m, 0, 2)),
            &[reference, texel],
            Mods::default(),
        );
        self.sel(Src::Imm(0), Src::Imm(1f32.to_bits()), m)
    }

    /// `sample_c*`: `image_sample_lz` of the texel's x, compared in the kernel; the result
    /// in every masked component.
    pub(crate) fn image_sample_compare(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let (id, res, decl) = self.bound_resource(il, "sampling")?;
        let tsharp = self.tsharp_of(id)?;
        let ssamp = self.ssharp.get(&id).copied();
        let reference = self.compare_reference(il, args, 1);
        let (coords, unorm) = self.sample_address(il, args, res, decl, [0.0; 2], None);
        let addr = self.address_tuple(&coords);
        let data = self.m.new_vreg(File::V, 1);
        let flags = Flags {
            dmask: 1,
            unorm,
            da: decl.array,
        };
        self.mimg(
            Opcode::IMAGE_SAMPLE_LZ,
            data,
            1,
            addr,
            coords.len() as u8,
            tsharp,
            ssamp,
            flags,
        );
        let out = self.compare_le(reference, Src::r(data));
        for &r in results {
            let d = self.vreg(r);
            self.mov32(Dst::r(d), Src::r(out));
        }
        Ok(())
    }
}
