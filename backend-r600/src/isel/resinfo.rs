//! `resinfo_resource(n)[_uint]` (IL L5139): `<width, height, depth, mip count>` of mip level
//! src0.x, floats unless `_uint`; height 0 for buffers and 1D resources, the slice count as
//! the height of a 1D array and as the depth of a 2D array, depth 0 otherwise; a level out
//! of range gives `<0, 0, 0, mip count>`.
//!
//! The TEX instruction GET_TEXTURE_RESINFO (cayman L7321-7335) returns width, height,
//! depth and level count as integers; the device model puts an array's slice count in Z
//! (as its coordinates take the slice in z) and has one level (`runtime-sim` `resinfo.rs`).
//! So the backend queries level 0 and builds the IL's answer from the fields per the
//! declared dimension (known at compile time), zeroes X, Y, Z when src0.x is not below the
//! level count (SETGT_UINT, AND_INT) and converts with UINT_TO_FLT unless `_uint`. Querying
//! level 0 is exact because the runtime's resources have a single level (`docs/abi.md`).

use super::*;
use crate::mir::TexExtra;

impl Isel<'_> {
    pub(super) fn resinfo(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let id = il.field("resource").unwrap_or(0);
        let info = *self.resources.get(&id).ok_or_else(|| {
            unsupported(
                format!("{name}: resource {id} is not a declared 1D/2D (array) resource"),
                self.span,
            )
        })?;
        if id > 127 || il.extra.resource_format.is_some() {
            return Err(unsupported(
                format!("{name}: resource {id} (0..127, not indexed)"),
                self.span,
            ));
        }
        let uint = il.field("uint").unwrap_or(0) != 0;
        let DstKind::Values(mask) = il.dst else {
            return Err(CompileError::Internal(format!(
                "{name} without a register destination"
            )));
        };
        let level = match Self::il_arg(il, args, 0, 0) {
            Some(v) => self.operand(v)?,
            None => Operand::imm(0),
        };
        self.ties += 1;
        let u = self.tied(Chan::X, Some(self.ties), Operand::imm(0));
        self.uses.textures.insert(id);
        let query = |s: &mut Self, comp: u8| -> VReg {
            let dst = s.m.new_vreg(VRegInfo::default());
            s.cur.push(MInst::Tex {
                resource: id as u8,
                ld: false,
                normalized: false,
                comp,
                dst,
                u,
                v: None,
                extra: TexExtra {
                    resinfo: true,
                    ..TexExtra::default()
                },
            });
            dst
        };
        let levels = query(self, 3);
        let in_range = self.alu(AluOp::SetgtUint, vec![Operand::reg(levels), level]);
        for (c, r) in super::masked_results(mask, results, name)? {
            // Which field of the query answers component c (None: the constant 0).
            let field = match c {
                0 => Some(0),
                1 if info.one_d && info.array => Some(2),
                1 if info.one_d => None,
                1 => Some(1),
                2 if info.array && !info.one_d => Some(2),
                2 => None,
                _ => Some(3),
            };
            let value = match field {
                None => Operand::imm(0),
                Some(3) => Operand::reg(levels),
                Some(f) => {
                    let q = query(self, f);
                    Operand::reg(
                        self.alu(AluOp::AndInt, vec![Operand::reg(q), Operand::reg(in_range)]),
                    )
                }
            };
            let value = if uint || value.src == Src::Imm(0) {
                value
            } else {
                Operand::reg(self.alu(AluOp::UintToFlt, vec![value]))
            };
            self.vals.insert(r, value);
        }
        Ok(())
    }
}

impl Isel<'_> {
    /// `bufinfo_resource(n)` (IL reference L4622): the resource's size in elements, its
    /// texels (width · height · slices, as the interpreter counts them), in every written
    /// component: the product of GET_TEXTURE_RESINFO's X, Y and Z of level 0 (the model
    /// gives height and depth at least 1). `_uav`: the UAV's element count, which the launch
    /// buffer carries (`abi::uav_elements_dword`).
    pub(super) fn bufinfo(&mut self, il: &IlOp, results: &[Value]) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let id = il.field("resource").unwrap_or(0);
        if il.field("uav").unwrap_or(0) != 0 {
            // The launch buffer carries each declared UAV's element count.
            let dword = abi::uav_elements_dword(&self.uav_kinds, id).ok_or_else(|| {
                unsupported(format!("{name}: UAV {id} is not declared"), self.span)
            })?;
            let n = self.launch_dword(dword);
            for &r in results {
                self.vals.insert(r, n);
            }
            return Ok(());
        }
        if !self.resources.contains_key(&id) {
            return Err(unsupported(
                format!("{name}: resource {id} is not a declared 1D/2D (array) resource"),
                self.span,
            ));
        }
        if id > 127 || il.extra.resource_format.is_some() {
            return Err(unsupported(
                format!("{name}: resource {id} (0..127, not indexed)"),
                self.span,
            ));
        }
        self.ties += 1;
        let u = self.tied(Chan::X, Some(self.ties), Operand::imm(0));
        self.uses.textures.insert(id);
        let mut fields = Vec::with_capacity(3);
        for f in 0..3u8 {
            let dst = self.m.new_vreg(VRegInfo::default());
            self.cur.push(MInst::Tex {
                resource: id as u8,
                ld: false,
                normalized: false,
                comp: f,
                dst,
                u,
                v: None,
                extra: TexExtra {
                    resinfo: true,
                    ..TexExtra::default()
                },
            });
            fields.push(dst);
        }
        let wh = self.alu_op(
            AluOp::MulloUint,
            vec![Operand::reg(fields[0]), Operand::reg(fields[1])],
        );
        let n = self.alu_op(AluOp::MulloUint, vec![wh, Operand::reg(fields[2])]);
        for &r in results {
            self.vals.insert(r, n);
        }
        Ok(())
    }
}
