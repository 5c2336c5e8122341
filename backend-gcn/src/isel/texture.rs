//! The texture reads that stay buffer loads: `sample_c*` and `fetch4_c` (the others are
//! MIMG, `isel/image.rs`, which says why these are not).
//!
//! Resources are 16-byte texels, slice after slice, row after row (`docs/abi.md`); the
//! kernarg entry gives width, height and slices. Following the reference interpreter
//! (`runtime-sim/src/interp/texture.rs`):
//! - a sample's slice is its coordinate (y of a 1D array, z of a 2D array) rounded to
//!   nearest even and clamped to the slices there are (IL spec L5155), NaN to slice 0;
//! - `sample_c*` compares src1.x with the texel's x (`reference <= texel`, the runtime's
//!   comparison function, `docs/decisions.md`) and gives 1.0 or 0.0 in every component;
//! - `fetch4_c` compares component `_compselect` of the point samples half a texel away at
//!   (-,+), (+,+), (+,-), (-,-) into x, y, z, w (L4827) like `sample_c`.

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{IlOp, Value};

use super::{il_src, unsupported, Dst, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::{File, VReg};
use crate::CompileError;

/// The comparison forms of sampling: the reference is src1.x.
pub fn is_compare_sample(op: IlOpcode) -> bool {
    use IlOpcode as O;
    matches!(
        op,
        O::SampleC | O::SampleCLz | O::SampleCL | O::SampleCG | O::SampleCB
    )
}

impl Selector<'_> {
    /// The resource an IL texture instruction names: its id, the register holding its
    /// kernarg entry (V#, sizes, slices) and its declaration. `what` names the instruction
    /// in the refusal of an indexed resource.
    pub(super) fn bound_resource(
        &self,
        il: &IlOp,
        what: &str,
    ) -> Result<(u32, VReg, crate::ResourceDecl), CompileError> {
        if il.extra.resource_format.is_some() {
            return Err(unsupported(format!("{what} with an indexed resource")));
        }
        let id = il.field("resource").unwrap_or(0);
        let res = *self
            .res
            .get(&id)
            .ok_or_else(|| unsupported(format!("resource {id} has no binding")))?;
        let decl = self.res_decls.get(&id).copied().unwrap_or_default();
        Ok((id, res, decl))
    }

    /// The byte offset of the texel a point sample at the coordinates of source 0 reads,
    /// moved by `delta` texels (after the `_aoffimmi` offsets); also the resource's V#.
    pub(super) fn point_address(
        &mut self,
        il: &IlOp,
        args: &[Value],
        delta: [f32; 2],
    ) -> Result<(VReg, VReg), CompileError> {
        let (id, res, decl) = self.bound_resource(il, "sampling")?;
        let normalized = match il.field("coordtype").unwrap_or(0) {
            1 => true,
            2 => false,
            _ => !decl.unnormalized,
        };
        let offsets = match il.extra.address_offset {
            Some(word) => [
                f32::from(word as u8 as i8) / 2.0,
                f32::from((word >> 8) as u8 as i8) / 2.0,
            ],
            None => [0.0; 2],
        };
        let coord = |this: &mut Self, c: u8| match il_src(il, args, 0, c) {
            Some(v) => this.src(v),
            None => Src::Imm(0),
        };
        let u = coord(self, 0);
        let x = self.texel_index(u, res, 0, normalized, offsets[0] + delta[0]);
        let index = if decl.one_d {
            x
        } else {
            let v = coord(self, 1);
            let y = self.texel_index(v, res, 1, normalized, offsets[1] + delta[1]);
            let t = self.m.new_vreg(File::V, 1);
            self.valu(
                Opcode::V_MAD_U32_U24,
                Some(Dst::r(t)),
                None,
                &[Src::r(y), Src::R(res, 4, 1), Src::r(x)],
                Mods::default(),
            );
            t
        };
        let index = if decl.array {
            let t = coord(self, if decl.one_d { 1 } else { 2 });
            self.add_array_slice(index, t, id, res)?
        } else {
            index
        };
        let addr = self.m.new_vreg(File::V, 1);
        self.valu(
            Opcode::V_LSHLREV_B32,
            Some(Dst::r(addr)),
            None,
            &[Src::Imm(4), Src::r(index)],
            Mods::default(),
        );
        Ok((addr, res))
    }

    /// Component `comp` of the texel at `addr`, compared with `reference` when given
    /// (1.0 where `reference <= texel`, else 0.0).
    fn texel_component(&mut self, addr: VReg, res: VReg, comp: u8, reference: Option<Src>) -> VReg {
        let t = self.m.new_vreg(File::V, 1);
        self.buf(
            Opcode::BUFFER_LOAD_DWORD,
            t,
            addr,
            res,
            4 * u16::from(comp),
            true,
        );
        let Some(r) = reference else { return t };
        let m = self.m.new_vreg(File::S, 2);
        self.valu(
            Opcode::V_CMP_LE_F32,
            None,
            Some(Dst(m, 0, 2)),
            &[r, Src::r(t)],
            Mods::default(),
        );
        let out = self.m.new_vreg(File::V, 1);
        self.valu(
            Opcode::V_CNDMASK_B32,
            Some(Dst::r(out)),
            None,
            &[Src::Imm(0), Src::Imm(1f32.to_bits()), Src::R(m, 0, 2)],
            Mods::default(),
        );
        out
    }

    /// `sample_c*`: the comparison result in every masked component.
    pub(crate) fn sample_compare(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let (addr, res) = self.point_address(il, args, [0.0; 2])?;
        let reference = match il_src(il, args, 1, 0) {
            Some(v) => self.src(v),
            None => Src::Imm(0),
        };
        let t = self.texel_component(addr, res, 0, Some(reference));
        for &r in results {
            let d = self.vreg(r);
            self.mov32(Dst::r(d), Src::r(t));
        }
        Ok(())
    }

    /// `fetch4` / `fetch4_c`: the 2x2 footprint, one tap per component.
    pub(crate) fn fetch4(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let comp = il.field("compselect").unwrap_or(0) as u8 & 3;
        let reference = match il.opcode {
            IlOpcode::Fetch4C => Some(match il_src(il, args, 1, 0) {
                Some(v) => self.src(v),
                None => Src::Imm(0),
            }),
            _ => None,
        };
        const TAPS: [[f32; 2]; 4] = [[-0.5, 0.5], [0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]];
        let mut k = 0;
        for (c, delta) in TAPS.iter().enumerate() {
            if mask >> c & 1 == 0 {
                continue;
            }
            let Some(&r) = results.get(k) else { break };
            k += 1;
            let (addr, res) = self.point_address(il, args, *delta)?;
            let t = self.texel_component(addr, res, comp, reference);
            let d = self.vreg(r);
            self.mov32(Dst::r(d), Src::r(t));
        }
        Ok(())
    }

    /// The slice count of array resource `id` (loaded in the prologue).
    pub(super) fn slices(&self, id: u32) -> Result<VReg, CompileError> {
        self.res_slices
            .get(&id)
            .copied()
            .ok_or_else(|| unsupported(format!("resource {id} is not an array")))
    }

    /// `index + slice * width * height`, the slice from the float coordinate `t`.
    pub(crate) fn add_array_slice(
        &mut self,
        index: VReg,
        t: Src,
        id: u32,
        res: VReg,
    ) -> Result<VReg, CompileError> {
        let none = Mods::default();
        let slices = self.slices(id)?;
        let r = self.m.new_vreg(File::V, 1);
        self.valu(Opcode::V_RNDNE_F32, Some(Dst::r(r)), None, &[t], none);
        let i = self.m.new_vreg(File::V, 1);
        self.valu(
            Opcode::V_CVT_I32_F32,
            Some(Dst::r(i)),
            None,
            &[Src::r(r)],
            none,
        );
        let last = self.m.new_vreg(File::S, 1);
        self.salu(
            Opcode::S_ADD_I32,
            Some(Dst::r(last)),
            &[Src::r(slices), Src::Imm(u32::MAX)],
        );
        let slice = self.m.new_vreg(File::V, 1);
        self.valu(
            Opcode::V_MED3_I32,
            Some(Dst::r(slice)),
            None,
            &[Src::r(i), Src::Imm(0), Src::r(last)],
            none,
        );
        let area = self.m.new_vreg(File::S, 1);
        self.salu(
            Opcode::S_MUL_I32,
            Some(Dst::r(area)),
            &[Src::R(res, 4, 1), Src::R(res, 5, 1)],
        );
        let out = self.m.new_vreg(File::V, 1);
        self.valu(
            Opcode::V_MAD_U32_U24,
            Some(Dst::r(out)),
            None,
            &[Src::r(slice), Src::r(area), Src::r(index)],
            none,
        );
        // v_mad_u32_u24 multiplies 24-bit values: a resource has far fewer texels.
        Ok(out)
    }
}
