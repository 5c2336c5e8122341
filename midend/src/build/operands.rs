//! Operands: reading IL sources into scalar values (register, swizzle, source modifiers
//! in the order of L660-L674, relative indices) and writing results to destinations
//! (shift scale, `_sat`, write masks with forced 0/1, L575-L590), and the instructions that
//! compute: ALU instructions split per component, and the instructions kept whole.
//!
//! Every rule here mirrors the reference interpreter's (`runtime-sim`, `interp::exec`), so
//! that the IR means what the reference computes.

use il_frontend::ast::{self, Dst, Index, Instruction, Register, Src};
use il_frontend::enums::{DivComp, DstComp, ShiftScale, Swizzle};
use il_frontend::opcode::{DataType, Opcode};
use il_frontend::regs::RegType;
use il_semantics::memory::{is_memory, is_texture};
use smallvec::SmallVec;

use super::{unsupported, BuildError, Builder, Scope};
use crate::alu::{self, Arg, Res, Shape};
use crate::ir::{AluOp, DstKind, IlOp, Input, Modifier, Op, Test, Type, Value};

/// 1.0f, what a `1` swizzle or write-mask component gives (L653).
const ONE_F32: u64 = 0x3F80_0000;

/// Source components after the swizzle; `None` where not needed.
pub(super) type Comps = [Option<Value>; 4];

impl Builder<'_> {
    /// Component 0 (after the swizzle) of source `index`, with modifiers for `data`.
    pub(super) fn read_scalar(
        &mut self,
        inst: &Instruction,
        scope: Scope,
        index: usize,
        data: DataType,
    ) -> Result<Value, BuildError> {
        let Some(src) = inst.srcs.get(index) else {
            return Err(unsupported(inst, format!("source {index} is missing")));
        };
        let v = self.read_src(src, inst, scope, data, 0b0001)?;
        v[0].ok_or_else(|| unsupported(inst, "an unreadable source"))
    }

    /// Reads the components `needed` of a source (after its swizzle), with its modifiers
    /// applied as an instruction of data type `data` applies them.
    pub(super) fn read_src(
        &mut self,
        src: &Src,
        inst: &Instruction,
        scope: Scope,
        data: DataType,
        needed: u8,
    ) -> Result<Comps, BuildError> {
        let m = src.modifier.unwrap_or(ast::SrcMod::IDENTITY);
        let float_mods = matches!(data, DataType::Float | DataType::Bits);
        let (divisor, upto) = match m.divcomp {
            DivComp::Y => (1, 1),
            DivComp::Z => (2, 2),
            DivComp::W => (3, 3),
            DivComp::None | DivComp::Unknown => (0, 0),
        };
        let mut fetch_mask = needed;
        if float_mods && upto > 0 && needed & ((1 << upto) - 1) != 0 {
            fetch_mask |= 1 << divisor;
        }
        let mut v: Comps = [None; 4];
        for (c, slot) in v.iter_mut().enumerate() {
            if fetch_mask >> c & 1 == 0 {
                continue;
            }
            *slot = Some(match m.swizzle[c] {
                Swizzle::X => self.fetch(&src.reg, inst, scope, 0)?,
                Swizzle::Y => self.fetch(&src.reg, inst, scope, 1)?,
                Swizzle::Z => self.fetch(&src.reg, inst, scope, 2)?,
                Swizzle::W => self.fetch(&src.reg, inst, scope, 3)?,
                Swizzle::Zero => self.constant(0, Type::I32),
                Swizzle::One => self.constant(ONE_F32, Type::F32),
            });
        }
        if !m.has_modifiers() {
            return Ok(v);
        }
        let modify = |b: &mut Self, x: Value, modifier: Modifier, ty: Type| {
            b.emit(Op::Modifier(modifier), &[x], ty)
        };
        match data {
            DataType::Int | DataType::Uint | DataType::Logical | DataType::None => {
                for (c, slot) in v.iter_mut().enumerate() {
                    if let Some(mut x) = *slot {
                        if m.abs {
                            x = modify(self, x, Modifier::IntAbs, Type::I32);
                        }
                        if m.negate[c] {
                            x = modify(self, x, Modifier::IntNeg, Type::I32);
                        }
                        *slot = Some(x);
                    }
                }
            }
            DataType::Double => {
                for c in [1, 3] {
                    if let Some(mut x) = v[c] {
                        if m.abs {
                            x = modify(self, x, Modifier::FloatAbs, Type::I32);
                        }
                        if m.negate[c] {
                            x = modify(self, x, Modifier::FloatNeg, Type::I32);
                        }
                        v[c] = Some(x);
                    }
                }
            }
            DataType::Float | DataType::Bits => {
                for slot in v.iter_mut() {
                    if let Some(mut x) = *slot {
                        for (on, modifier) in [
                            (m.invert, Modifier::Invert),
                            (m.bias, Modifier::Bias),
                            (m.x2, Modifier::Times2),
                            (m.sign, Modifier::Sign),
                        ] {
                            if on {
                                x = modify(self, x, modifier, Type::F32);
                            }
                        }
                        *slot = Some(x);
                    }
                }
                if let Some(d) = v[divisor].filter(|_| upto > 0) {
                    for slot in v.iter_mut().take(upto) {
                        if let Some(x) = *slot {
                            *slot = Some(self.emit(
                                Op::Modifier(Modifier::DivComp),
                                &[x, d],
                                Type::F32,
                            ));
                        }
                    }
                }
                for (c, slot) in v.iter_mut().enumerate() {
                    if let Some(mut x) = *slot {
                        if m.abs {
                            x = modify(self, x, Modifier::FloatAbs, Type::F32);
                        }
                        if m.negate[c] {
                            x = modify(self, x, Modifier::FloatNeg, Type::F32);
                        }
                        if m.clamp {
                            x = modify(self, x, Modifier::Saturate, Type::F32);
                        }
                        *slot = Some(x);
                    }
                }
            }
        }
        // The divisor was read for the division only.
        for (c, slot) in v.iter_mut().enumerate() {
            if needed >> c & 1 == 0 {
                *slot = None;
            }
        }
        Ok(v)
    }

    /// The value of an index: its constant part and, if it has one, the relative register's
    /// first selected component (read as an integer).
    fn index_value(
        &mut self,
        index: Option<&Index>,
        inst: &Instruction,
        scope: Scope,
    ) -> Result<(i32, Option<Value>), BuildError> {
        let Some(index) = index else {
            return Ok((0, None));
        };
        let offset = index.offset.unwrap_or(0) as i32;
        let rel = match &index.relative {
            Some(r) => {
                let v = self.read_src(r, inst, scope, DataType::Int, 0b0001)?;
                v[0]
            }
            None => None,
        };
        Ok((offset, rel))
    }

    fn fixed_number(reg: &Register, inst: &Instruction, what: &str) -> Result<u32, BuildError> {
        if reg.index.as_ref().is_some_and(|i| i.relative.is_some()) {
            return Err(unsupported(inst, format!("relative addressing of {what}")));
        }
        Ok(reg.num + reg.index.as_ref().and_then(|i| i.offset).unwrap_or(0))
    }

    fn itemp_var(&mut self, array: u32, element: u32, comp: u8) -> super::Var {
        let ssa = &mut self.ssa;
        *self
            .itemp_vars
            .entry((array, element, comp))
            .or_insert_with(|| ssa.new_var(Type::I32))
    }

    /// Component `comp` of a register before the swizzle.
    fn fetch(
        &mut self,
        reg: &Register,
        inst: &Instruction,
        scope: Scope,
        comp: u8,
    ) -> Result<Value, BuildError> {
        use RegType as R;
        let num = reg.num;
        let input = |b: &mut Self, input: Input, ty: Type| b.emit(Op::Input(input), &[], ty);
        Ok(match reg.ty {
            R::Temp | R::InputArg | R::OutputArg => {
                let var = self.var(scope, reg.ty, num, comp);
                self.use_var(var)
            }
            R::Output => {
                let num = Self::fixed_number(reg, inst, "outputs")?;
                self.note_output(num);
                let var = self.var(0, R::Output, num, comp);
                self.use_var(var)
            }
            R::Literal | R::ConstFloat | R::ConstInt | R::ConstBool => {
                let value = self
                    .decls
                    .literals
                    .get(&(scope, reg.ty, num))
                    .or_else(|| self.decls.literals.get(&(0, reg.ty, num)))
                    .copied()
                    .ok_or_else(|| {
                        unsupported(
                            inst,
                            format!("{}{num} has no value", reg.ty.name(self.shader)),
                        )
                    })?;
                self.constant(u64::from(value[comp as usize & 3]), Type::I32)
            }
            R::ConstBuff if !reg.dims.is_empty() => self.dynamic_cb(reg, inst, scope, comp)?,
            R::ConstBuff => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                let args: SmallVec<[Value; 1]> = rel.into_iter().collect();
                self.emit(
                    Op::CbLoad {
                        buffer: num,
                        offset,
                        comp,
                    },
                    &args,
                    Type::I32,
                )
            }
            R::ImmedConstBuff => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                match rel {
                    Some(rel) => self.emit(Op::IcbLoad { offset, comp }, &[rel], Type::I32),
                    None => {
                        let value = usize::try_from(offset)
                            .ok()
                            .and_then(|i| self.decls.icb.get(i))
                            .map_or(0, |e| e[comp as usize & 3]);
                        self.constant(u64::from(value), Type::I32)
                    }
                }
            }
            R::ITemp => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                if self.decls.itemps_in_memory.contains(&num) {
                    let index = match rel {
                        Some(r) => r,
                        None => self.constant(0, Type::I32),
                    };
                    self.emit(
                        Op::PrivateLoad {
                            array: num,
                            offset,
                            comp,
                        },
                        &[index],
                        Type::I32,
                    )
                } else {
                    let len = self.decls.itemp_arrays.get(&num).copied().unwrap_or(0);
                    match u32::try_from(offset).ok().filter(|&e| e < len) {
                        Some(element) => {
                            let var = self.itemp_var(num, element, comp);
                            self.use_var(var)
                        }
                        // The reference reads 0 outside the array.
                        None => self.constant(0, Type::I32),
                    }
                }
            }
            R::Global => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                let args: SmallVec<[Value; 1]> = rel.into_iter().collect();
                self.emit(Op::GlobalLoad { offset, comp }, &args, Type::I32)
            }
            R::SharedTemp => self.emit(Op::SharedLoad { reg: num, comp }, &[], Type::I32),
            R::Addr => self.loop_counter(),
            R::Input => {
                let num = Self::fixed_number(reg, inst, "inputs")?;
                if self.decls.position_inputs.contains(&num) {
                    input(self, Input::Position(comp), Type::F32)
                } else {
                    input(self, Input::Pixel { reg: num, comp }, Type::F32)
                }
            }
            R::WinCoord => input(self, Input::Position(comp), Type::F32),
            R::Face => input(self, Input::Face, Type::F32),
            R::VPrim | R::PrimitiveIndex => input(self, Input::PrimitiveId, Type::I32),
            // Only .x holds the index (L1799); the others, an error to read, read 0 as in
            // the reference interpreter (`docs/decisions.md`).
            R::ObjectIndex if comp == 0 => input(self, Input::PixelIndex, Type::I32),
            R::ObjectIndex => self.constant(0, Type::I32),
            R::ThreadIdInGroup => input(self, Input::ThreadIdInGroup(comp), Type::I32),
            R::ThreadIdInGroupFlat => input(self, Input::ThreadIdInGroupFlat, Type::I32),
            R::AbsoluteThreadId => input(self, Input::AbsoluteThreadId(comp), Type::I32),
            R::AbsoluteThreadIdFlat => input(self, Input::AbsoluteThreadIdFlat, Type::I32),
            R::ThreadGroupId => input(self, Input::ThreadGroupId(comp), Type::I32),
            R::ThreadGroupIdFlat => input(self, Input::ThreadGroupIdFlat, Type::I32),
            other => {
                return Err(unsupported(
                    inst,
                    format!("reading register type {}", other.name(self.shader)),
                ))
            }
        })
    }

    /// `cb[r6.w+2][r2.x+4]`: the buffer chosen per lane. Only declared buffers can be
    /// selected, so the value is a chain of selects over them, each a load of that buffer;
    /// a buffer number that names none reads 0, as in the reference.
    fn dynamic_cb(
        &mut self,
        reg: &Register,
        inst: &Instruction,
        scope: Scope,
        comp: u8,
    ) -> Result<Value, BuildError> {
        let (buffer_offset, buffer_rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
        let buffer_offset = buffer_offset.wrapping_add(reg.num as i32);
        let dim = &reg.dims[0];
        let (offset, rel) = self.index_value(dim.index.as_ref(), inst, scope)?;
        let offset = offset.wrapping_add(dim.num as i32);
        let args: SmallVec<[Value; 1]> = rel.into_iter().collect();
        let load = |b: &mut Self, buffer: u32| {
            b.emit(
                Op::CbLoad {
                    buffer,
                    offset,
                    comp,
                },
                &args,
                Type::I32,
            )
        };
        let Some(rel) = buffer_rel else {
            return Ok(match u32::try_from(buffer_offset) {
                Ok(buffer) if self.decls.const_buffers.contains(&buffer) => load(self, buffer),
                _ => self.constant(0, Type::I32),
            });
        };
        let base = self.constant(buffer_offset as u32 as u64, Type::I32);
        let iadd = AluOp {
            opcode: Opcode::IAdd,
            control: 0,
            comp: 0,
        };
        let buffer = self.emit(Op::Alu(iadd), &[rel, base], Type::I32);
        let mut value = self.constant(0, Type::I32);
        for id in self.decls.const_buffers.clone() {
            let k = self.constant(u64::from(id), Type::I32);
            let ieq = AluOp {
                opcode: Opcode::IEq,
                control: 0,
                comp: 0,
            };
            let eq = self.emit(Op::Alu(ieq), &[buffer, k], Type::I32);
            let is = self.emit(Op::Test(Test::NonZero), &[eq], Type::Bool);
            let v = load(self, id);
            value = self.emit(Op::Select, &[is, v, value], Type::I32);
        }
        Ok(value)
    }

    /// Writes `values` (per component; `None` where the instruction writes nothing) to a
    /// destination: modifiers, then the write mask with forced 0 and 1.
    pub(super) fn write_dst(
        &mut self,
        dst: &Dst,
        inst: &Instruction,
        scope: Scope,
        mut values: Comps,
        data: DataType,
    ) -> Result<(), BuildError> {
        let m = dst.modifier.unwrap_or(ast::DstMod::WRITE_ALL);
        let shifted = m.shift != ShiftScale::None;
        if data == DataType::Double && (shifted || m.clamp) {
            for pair in [0usize, 2] {
                if let (Some(lo), Some(hi)) = (values[pair], values[pair + 1]) {
                    let mut v = self.emit(Op::Pack64, &[lo, hi], Type::F64);
                    if shifted {
                        v = self.emit(
                            Op::Modifier(Modifier::DoubleShift(m.shift)),
                            &[v],
                            Type::F64,
                        );
                    }
                    if m.clamp {
                        v = self.emit(Op::Modifier(Modifier::DoubleSaturate), &[v], Type::F64);
                    }
                    values[pair] = Some(self.emit(Op::Lo32, &[v], Type::I32));
                    values[pair + 1] = Some(self.emit(Op::Hi32, &[v], Type::I32));
                }
            }
        } else if matches!(data, DataType::Float | DataType::Bits) && (shifted || m.clamp) {
            for slot in values.iter_mut() {
                if let Some(mut x) = *slot {
                    if shifted {
                        x = self.emit(Op::Modifier(Modifier::Shift(m.shift)), &[x], Type::F32);
                    }
                    if m.clamp {
                        x = self.emit(Op::Modifier(Modifier::Saturate), &[x], Type::F32);
                    }
                    *slot = Some(x);
                }
            }
        }
        for c in 0..4u8 {
            let value = match m.mask[c as usize] {
                DstComp::NoWrite => continue,
                DstComp::Zero => self.constant(0, Type::I32),
                DstComp::One => self.constant(ONE_F32, Type::F32),
                DstComp::Write => match values[c as usize] {
                    Some(v) => v,
                    None => continue,
                },
            };
            self.store_component(dst, inst, scope, c, value)?;
        }
        Ok(())
    }

    fn store_component(
        &mut self,
        dst: &Dst,
        inst: &Instruction,
        scope: Scope,
        comp: u8,
        value: Value,
    ) -> Result<(), BuildError> {
        use RegType as R;
        let reg = &dst.reg;
        match reg.ty {
            R::Temp | R::InputArg | R::OutputArg => {
                let var = self.var(scope, reg.ty, reg.num, comp);
                self.def_var(var, value);
            }
            R::Output => {
                let num = Self::fixed_number(reg, inst, "outputs")?;
                self.note_output(num);
                let var = self.var(0, R::Output, num, comp);
                self.def_var(var, value);
            }
            R::ITemp => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                if self.decls.itemps_in_memory.contains(&reg.num) {
                    let index = match rel {
                        Some(r) => r,
                        None => self.constant(0, Type::I32),
                    };
                    self.emit_multi(
                        Op::PrivateStore {
                            array: reg.num,
                            offset,
                            comp,
                        },
                        &[index, value],
                        &[],
                    );
                } else {
                    let len = self.decls.itemp_arrays.get(&reg.num).copied().unwrap_or(0);
                    // The reference drops writes outside the array.
                    if let Some(element) = u32::try_from(offset).ok().filter(|&e| e < len) {
                        let var = self.itemp_var(reg.num, element, comp);
                        self.def_var(var, value);
                    }
                }
            }
            R::SharedTemp => {
                self.emit_multi(Op::SharedStore { reg: reg.num, comp }, &[value], &[]);
            }
            R::Global => {
                let (offset, rel) = self.index_value(reg.index.as_ref(), inst, scope)?;
                let mut args: SmallVec<[Value; 2]> = rel.into_iter().collect();
                args.push(value);
                self.emit_multi(Op::GlobalStore { offset, comp }, &args, &[]);
            }
            other => {
                return Err(unsupported(
                    inst,
                    format!("writing register type {}", other.name(self.shader)),
                ))
            }
        }
        Ok(())
    }

    /// Lowers an instruction that computes (not flow control, not a declaration).
    pub(super) fn compute(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        use Opcode as O;
        let op = inst.opcode;
        if matches!(op, O::WaveId | O::CuId) {
            let v = match op {
                O::WaveId => self.emit(Op::Input(Input::WaveId), &[], Type::I32),
                _ => self.constant(0, Type::I32),
            };
            if let Some(dst) = &inst.dst {
                self.write_dst(dst, inst, scope, [Some(v); 4], inst.info().data)?;
            }
            return Ok(());
        }
        if is_memory(op)
            || is_texture(op)
            || matches!(
                op,
                O::Kill | O::DiscardLogicalz | O::DiscardLogicalnz | O::Fence
            )
        {
            return self.whole(inst, scope);
        }
        if op == O::Transpose {
            return self.transpose(inst, scope);
        }
        match alu::shape(op) {
            Some(shape) => self.alu(inst, scope, &shape),
            None => Err(unsupported(inst, "not lowered by the midend")),
        }
    }

    /// `transpose dst, src0` (L7517-L7560) as sixteen component moves: the four rows
    /// `src0`..`src0+3` are read first (each with the source's swizzle and modifiers, as
    /// `EvalSource` does per row), then component k of every row goes to `dst+k` through
    /// the destination's mask and modifiers (`WriteResult` per row). Reading everything
    /// before writing is what makes the in-place `transpose r30, r30` right; the IR gets
    /// no instruction, only new values of the sixteen destination components.
    fn transpose(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        let (Some(dst), Some(src)) = (&inst.dst, inst.srcs.first()) else {
            return Err(unsupported(inst, "`transpose` without its operands"));
        };
        let data = inst.info().data;
        let mut rows: [Comps; 4] = [[None; 4]; 4];
        for (k, row) in (0u32..).zip(rows.iter_mut()) {
            let mut next = src.clone();
            next.reg.num = Self::row_number(&src.reg, k, inst)?;
            *row = self.read_src(&next, inst, scope, data, 0b1111)?;
        }
        for k in 0..4u32 {
            let mut next = dst.clone();
            next.reg.num = Self::row_number(&dst.reg, k, inst)?;
            let column = rows.map(|row| row[k as usize]);
            self.write_dst(&next, inst, scope, column, data)?;
        }
        Ok(())
    }

    /// The register number of row `k` of a `transpose` operand (the validator keeps it
    /// below the last one; a program that skipped validation gets an error, not a wrap).
    fn row_number(reg: &Register, k: u32, inst: &Instruction) -> Result<u32, BuildError> {
        reg.num
            .checked_add(k)
            .ok_or_else(|| unsupported(inst, "`transpose` past the last register number"))
    }

    /// An ALU instruction, split per written component by its shape.
    fn alu(&mut self, inst: &Instruction, scope: Scope, shape: &Shape) -> Result<(), BuildError> {
        let info = inst.info();
        let data = info.data;
        let Some(dst) = &inst.dst else {
            return Ok(());
        };
        let mask = dst.mask();
        let mut wanted = 0u8;
        for (c, m) in mask.iter().enumerate() {
            if *m == DstComp::Write {
                wanted |= 1 << c;
            }
        }
        if let Res::Vector(writes) = shape.result {
            wanted &= writes;
        }
        if wanted == 0 {
            // Only forced components (or nothing): no computation needed.
            return self.write_dst(dst, inst, scope, [None; 4], data);
        }
        // `det` reads the matrix in src0 and the three registers after it, `mmul` the one
        // in src1.. (L6607, L7089).
        let mut srcs: SmallVec<[Src; 5]> = inst.srcs.iter().cloned().collect();
        let matrix = match inst.opcode {
            Opcode::Det => Some(0),
            Opcode::Mmul => Some(1),
            _ => None,
        };
        if let Some(row0) = matrix.and_then(|i| inst.srcs.get(i)) {
            for k in 1..4 {
                let mut next = row0.clone();
                next.reg.num += k;
                srcs.push(next);
            }
        }
        let mut vals: SmallVec<[Comps; 5]> = SmallVec::new();
        for (i, kind) in shape.args.iter().enumerate() {
            let needed = match kind {
                Arg::Comp => wanted,
                Arg::W => 0b1000,
                Arg::X => 0b0001,
                Arg::Vec4 => 0b1111,
                Arg::Pair => 0b0011,
            };
            let zero = self.constant(0, Type::I32);
            vals.push(match srcs.get(i) {
                Some(s) => self.read_src(s, inst, scope, data, needed)?,
                None => [Some(zero); 4],
            });
        }
        let ty = alu::result_type(inst.opcode, shape);
        let wide = if data == DataType::Double {
            Type::F64
        } else {
            Type::I64
        };
        let control = inst.control;
        let mut out: Comps = [None; 4];
        // The arguments of one scalar operation for result component `c`.
        let args_for = |b: &mut Self, c: usize| -> Result<SmallVec<[Value; 4]>, BuildError> {
            let mut args = SmallVec::new();
            for (i, kind) in shape.args.iter().enumerate() {
                let v = &vals[i];
                let get = |k: usize| v[k].ok_or_else(|| unsupported(inst, "a missing component"));
                match kind {
                    Arg::Comp => args.push(get(c)?),
                    Arg::W => args.push(get(3)?),
                    Arg::X => args.push(get(0)?),
                    Arg::Vec4 => {
                        for k in 0..4 {
                            args.push(get(k)?);
                        }
                    }
                    Arg::Pair => {
                        let (lo, hi) = (get(0)?, get(1)?);
                        args.push(b.emit(Op::Pack64, &[lo, hi], wide));
                    }
                }
            }
            if shape.keeps_old {
                args.push(b.fetch_for_keep(dst, inst, scope, c as u8)?);
            }
            Ok(args)
        };
        let alu_op = |comp: u8| {
            Op::Alu(AluOp {
                opcode: inst.opcode,
                control,
                comp,
            })
        };
        match shape.result {
            Res::PerComp | Res::Vector(_) => {
                // Component-wise instructions compute the same operation on each
                // component's arguments; vector ones name the component they produce.
                let vector = matches!(shape.result, Res::Vector(_));
                for (c, slot) in out.iter_mut().enumerate() {
                    if wanted >> c & 1 != 0 {
                        let args = args_for(self, c)?;
                        let comp = if vector { c as u8 } else { 0 };
                        *slot = Some(self.emit(alu_op(comp), &args, ty));
                    }
                }
            }
            Res::Scalar => {
                let args = args_for(self, 0)?;
                let v = self.emit(alu_op(0), &args, ty);
                out = [Some(v); 4];
            }
            Res::Pair => {
                let args = args_for(self, 0)?;
                let v = self.emit(alu_op(0), &args, ty);
                let lo = self.emit(Op::Lo32, &[v], Type::I32);
                let hi = self.emit(Op::Hi32, &[v], Type::I32);
                out = [Some(lo), Some(hi), Some(lo), Some(hi)];
            }
        }
        self.write_dst(dst, inst, scope, out, data)
    }

    /// The current value of a destination component, for instructions that may leave it.
    fn fetch_for_keep(
        &mut self,
        dst: &Dst,
        inst: &Instruction,
        scope: Scope,
        comp: u8,
    ) -> Result<Value, BuildError> {
        self.fetch(&dst.reg, inst, scope, comp)
    }

    /// An instruction kept whole: memory, sampling, fences, discards.
    fn whole(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        let info = inst.info();
        let mut args: SmallVec<[Value; 4]> = SmallVec::new();
        let mut masks: SmallVec<[u8; 4]> = SmallVec::new();
        for s in &inst.srcs {
            let v = self.read_src(s, inst, scope, info.data, 0xF)?;
            args.extend(v.iter().flatten().copied());
            masks.push(0xF);
        }
        let writes = |d: &Dst| {
            let mut m = 0u8;
            for (c, w) in d.mask().iter().enumerate() {
                if *w != DstComp::NoWrite {
                    m |= 1 << c;
                }
            }
            m
        };
        let dst = match &inst.dst {
            None => DstKind::None,
            Some(d) if d.reg.ty == RegType::GenericMem => DstKind::Memory(writes(d)),
            Some(d) => DstKind::Values(writes(d)),
        };
        let texture = is_texture(inst.opcode);
        let ty = if texture { Type::F32 } else { Type::I32 };
        let result_types: SmallVec<[Type; 4]> = match dst {
            DstKind::Values(m) => (0..m.count_ones()).map(|_| ty).collect(),
            _ => SmallVec::new(),
        };
        let il = IlOp {
            opcode: inst.opcode,
            control: inst.control,
            extra: inst.extra,
            words: inst.words.iter().copied().collect(),
            srcs: masks,
            dst,
            precise: inst.precise.unwrap_or(0),
        };
        let results = self.emit_multi(Op::Il(il), &args, &result_types);
        if let (DstKind::Values(m), Some(d)) = (dst, &inst.dst) {
            let mut values: Comps = [None; 4];
            let mut next = results.into_iter();
            for (c, slot) in values.iter_mut().enumerate() {
                if m >> c & 1 != 0 {
                    *slot = next.next();
                }
            }
            let data = if texture {
                DataType::Float
            } else {
                DataType::Bits
            };
            self.write_dst(d, inst, scope, values, data)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Input, Op};

    /// `vObjIndex0.x` is the pixel-index input; `.y` (an error to read, L1799) is the
    /// constant 0, never an input.
    #[test]
    fn object_index_x_is_the_pixel_index_and_the_rest_zero() {
        let src = "il_ps_2_0\ndcl_output_generic o0\ndcl_input vObjIndex0\n\
                   mov o0.xy, vObjIndex0.xy\nend\n";
        let (program, diags, _) = il_frontend::read(src.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let func = super::super::build(&program).expect("builds");
        let inputs: Vec<_> = func
            .insts
            .values()
            .filter_map(|d| match d.op {
                Op::Input(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(inputs, [Input::PixelIndex]);
        assert!(func.to_string().contains("vObjIndex"), "{func}");
    }
}
