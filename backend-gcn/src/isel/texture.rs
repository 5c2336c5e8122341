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
