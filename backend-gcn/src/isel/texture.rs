//! What the texture instructions share: which resource an instruction names, its kernarg
//! entry (sizes and slice count, read by the kernel around the MIMG instructions of
//! `isel/image.rs`) and its declaration.

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::IlOp;

use super::{unsupported, Selector};
use crate::mir::VReg;
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

    /// The slice count of array resource `id` (loaded in the prologue).
    pub(super) fn slices(&self, id: u32) -> Result<VReg, CompileError> {
        self.res_slices
            .get(&id)
            .copied()
            .ok_or_else(|| unsupported(format!("resource {id} is not an array")))
    }
}

impl Selector<'_> {
    /// `bufinfo_resource(n)[_uav]` (IL reference L4622): the buffer's size in elements in
    /// every written component, as the interpreter counts them. A UAV's is its V#'s
    /// `num_records` (the size in whole dwords, [`crate::abi`]) over the element size: 4
    /// bytes, or the stride of a structured UAV (a power of two from 4, so that the
    /// truncation of `num_records` to dwords does not change the quotient). A resource's
    /// is width · height (· slices of an array) from its kernarg entry.
    pub(super) fn bufinfo(
        &mut self,
        il: &IlOp,
        results: &[midend::ir::Value],
    ) -> Result<(), CompileError> {
        use super::memory::UavKind;
        use super::{Dst, Src};
        use crate::isa::Opcode;
        use crate::mir::File;
        if il.extra.resource_format.is_some() {
            return Err(unsupported("bufinfo with an indexed resource"));
        }
        let id = il.field("resource").unwrap_or(0);
        let mut n = self.m.new_vreg(File::S, 1);
        if il.field("uav").unwrap_or(0) != 0 {
            let rsrc = *self
                .uav_rsrc
                .get(&id)
                .ok_or_else(|| unsupported(format!("UAV {id} has no binding")))?;
            let stride = match self.mem.uavs.get(&id).copied().unwrap_or_default() {
                UavKind::Struct { stride } => stride,
                _ => 4,
            };
            if stride < 4 || !stride.is_power_of_two() {
                return Err(unsupported(format!(
                    "bufinfo of UAV {id} with stride {stride} (a power of two from 4)"
                )));
            }
            self.salu(
                Opcode::S_LSHR_B32,
                Some(Dst::r(n)),
                &[Src::R(rsrc, 2, 1), Src::Imm(stride.trailing_zeros())],
            );
        } else {
            let (id, sizes, decl) = self.bound_resource(il, "bufinfo")?;
            self.salu(
                Opcode::S_MUL_I32,
                Some(Dst::r(n)),
                &[Src::R(sizes, 0, 1), Src::R(sizes, 1, 1)],
            );
            if decl.array {
                let s = self.slices(id)?;
                let all = self.m.new_vreg(File::S, 1);
                self.salu(
                    Opcode::S_MUL_I32,
                    Some(Dst::r(all)),
                    &[Src::r(n), Src::r(s)],
                );
                n = all;
            }
        }
        for &r in results {
            let d = self.vreg(r);
            self.mov32(Dst::r(d), Src::r(n));
        }
        Ok(())
    }
}
