//! The builder: IL AST to IR.
//!
//! It walks the program once, in order, splitting every instruction into scalar IR
//! instructions (`operands` reads sources and writes destinations, [`crate::alu`] gives
//! each ALU instruction's shape) and building the region tree as it goes (`flow`).
//! IL registers become SSA variables (`ssa`).
//!
//! Decisions (see also `docs/decisions.md`, "Midend"):
//! - **Subroutines are inlined** at every `call`: neither target has a cheap call with a
//!   per-lane return (R600's CALL/RETURN exist, but a divergent `ret_dyn` needs the same
//!   flag lowering either way; GCN has no stack), and inlining lets every pass see across
//!   calls. IL allows recursion with a 32-entry return stack whose overflow skips the call
//!   (L3498): inlining 32 deep and dropping deeper calls is exactly that. A function with an early return becomes a loop that runs
//!   once, so that `ret` is a `break`.
//! - **Multi-level exits become flags**: `ret` from inside loops and `continue` from inside
//!   a `switch` set a flag and leave the inner loops one at a time (see `flow`).
//! - **`switch` becomes a loop that runs once** around one guarded `if` per case, so that
//!   `break` leaves it and fall-through is the guard staying true.
//! - **Indexed temporaries** (`x#[..]`) indexed only by constants become variables; an
//!   array indexed by a register anywhere becomes private memory.

mod flow;
mod operands;
mod ssa;

use std::collections::{HashMap, HashSet};

use il_frontend::ast::{Instruction, Program};
use il_frontend::diag::Span;
use il_frontend::enums::{ImportUsage, ShaderType};
use il_frontend::opcode::{Flow, Opcode};
use il_frontend::regs::RegType;

use crate::ir::{Block, Function, Op, Region, Type, Value};
use flow::Construct;
use ssa::{Ssa, Var};

/// Why a program could not be lowered to IR.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The program uses something the midend does not lower; the message names it.
    #[error("{message}")]
    Unsupported { message: String, span: Span },
}

fn unsupported(inst: &Instruction, what: impl std::fmt::Display) -> BuildError {
    BuildError::Unsupported {
        message: format!("`{}`: {what}", inst.info().mnemonic),
        span: inst.span,
    }
}

/// Deepest macro expansion (a macro that calls itself would never end).
const MAX_MACRO_DEPTH: usize = 32;
/// Entries of the IL's return-address stack (L3498): a call beyond them is skipped.
const MAX_CALL_DEPTH: usize = 32;
/// The most IR instructions inlining may create before the program is refused (recursion
/// that branches would otherwise grow exponentially).
const MAX_INLINED_INSTS: usize = 1_000_000;

/// Register names are scoped: scope 0 is the program, every macro expansion opens one.
type Scope = u32;

/// Lowers a validated program to IR.
pub fn build(program: &Program) -> Result<Function, BuildError> {
    let shader = program.version.shader;
    if !matches!(shader, ShaderType::Compute | ShaderType::Pixel) {
        return Err(BuildError::Unsupported {
            message: format!(
                "{} shaders: the midend compiles compute (il_cs) and pixel (il_ps) kernels",
                shader.name()
            ),
            span: program.version.span,
        });
    }
    let mut b = Builder::new(program);
    b.collect(&program.body, 0)?;
    let main = b.main_range();
    let entry = b.func.create_block();
    b.entry = entry;
    b.ssa.seal(&mut b.func, entry, entry);
    b.regions.push(Region::block(entry));
    b.cur = Some(entry);
    b.body(main, 0, true)?;
    b.finish()?;
    Ok(b.func)
}

/// What the walk needs to know about the whole program before it starts.
#[derive(Debug, Default)]
struct Decls {
    /// `dcl_literal` and `def` values by scope, register type and number.
    literals: HashMap<(Scope, RegType, u32), [u32; 4]>,
    /// Function label to the index of its first instruction and one past its last.
    functions: HashMap<u32, (usize, usize)>,
    /// Input registers declared as the pixel position.
    position_inputs: HashSet<u32>,
    /// Indexed-temporary arrays and their lengths.
    itemp_arrays: HashMap<u32, u32>,
    /// Arrays indexed by a register somewhere: they live in private memory.
    itemps_in_memory: HashSet<u32>,
    /// The immediate constant buffer.
    icb: Vec<[u32; 4]>,
    /// Declared constant buffers (`dcl_cb cb<N>[..]`).
    const_buffers: Vec<u32>,
    /// Output registers: declared or written, in first-seen order.
    outputs: Vec<u32>,
}

struct Builder<'p> {
    program: &'p Program,
    shader: ShaderType,
    func: Function,
    ssa: Ssa,
    entry: Block,
    /// The block instructions go to; `None` after a `break`, `continue` or `ret` until the
    /// end of the region (the IL there is unreachable).
    cur: Option<Block>,
    /// Open regions of the tree, innermost last.
    regions: Vec<Region>,
    /// Open control constructs, innermost last.
    constructs: Vec<Construct>,
    decls: Decls,
    vars: HashMap<(Scope, RegType, u32, u8), Var>,
    /// Elements of indexed-temporary arrays kept in variables: (array, element, component).
    itemp_vars: HashMap<(u32, u32, u8), Var>,
    /// Structurization flags by construct id and exit kind.
    flags: HashMap<(usize, flow::ExitKind), Var>,
    next_construct_id: usize,
    /// Constructs opened in unreachable code, skipped until they close.
    dead_depth: usize,
    next_scope: Scope,
    macro_depth: usize,
    call_depth: usize,
    /// The span of the IL instruction being lowered.
    span: Span,
    consts: HashMap<(u64, u8), Value>,
}

impl<'p> Builder<'p> {
    fn new(program: &'p Program) -> Builder<'p> {
        Builder {
            program,
            shader: program.version.shader,
            func: Function::new(),
            ssa: Ssa::default(),
            entry: Block::from_u32(0),
            cur: None,
            regions: Vec::new(),
            constructs: Vec::new(),
            decls: Decls::default(),
            vars: HashMap::new(),
            itemp_vars: HashMap::new(),
            flags: HashMap::new(),
            next_construct_id: 0,
            dead_depth: 0,
            next_scope: 1,
            macro_depth: 0,
            call_depth: 0,
            span: Span::default(),
            consts: HashMap::new(),
        }
    }

    /// Collects literals, declarations and function ranges of `body` (scope `scope`).
    fn collect(&mut self, body: &[Instruction], scope: Scope) -> Result<(), BuildError> {
        let mut depth = 0usize;
        let mut open_func: Option<(u32, usize)> = None;
        for (i, inst) in body.iter().enumerate() {
            let info = inst.info();
            match inst.opcode {
                Opcode::DclLiteral => {
                    if let Some(s) = inst.srcs.first() {
                        let mut v = [0u32; 4];
                        for (d, w) in v.iter_mut().zip(inst.words.iter()) {
                            *d = *w;
                        }
                        self.decls.literals.insert((scope, s.reg.ty, s.reg.num), v);
                    }
                }
                Opcode::Def | Opcode::Defb => {
                    if let Some(d) = &inst.dst {
                        let mut v = [0u32; 4];
                        for (d, w) in v.iter_mut().zip(inst.words.iter()) {
                            *d = *w;
                        }
                        if inst.opcode == Opcode::Defb {
                            v = [inst.words.first().copied().unwrap_or(0); 4];
                        }
                        self.decls.literals.insert((scope, d.reg.ty, d.reg.num), v);
                    }
                }
                Opcode::DclInput
                    if inst.field("usage").and_then(ImportUsage::from_u32)
                        == Some(ImportUsage::Position) =>
                {
                    if let Some(d) = inst.dst.as_ref().filter(|d| d.reg.ty == RegType::Input) {
                        self.decls.position_inputs.insert(d.reg.num);
                    }
                }
                Opcode::DclIndexedTempArray => {
                    if let Some(s) = inst.srcs.first() {
                        let len = s.reg.index.as_ref().and_then(|i| i.offset).unwrap_or(0);
                        self.decls.itemp_arrays.insert(s.reg.num, len);
                    }
                }
                Opcode::DclConstBuffer if inst.control & 0x8000 != 0 => {
                    self.decls.icb = inst
                        .words
                        .chunks(4)
                        .map(|c| {
                            let mut v = [0; 4];
                            v[..c.len()].copy_from_slice(c);
                            v
                        })
                        .collect();
                }
                Opcode::DclConstBuffer => {
                    if let Some(s) = inst.srcs.first() {
                        if !self.decls.const_buffers.contains(&s.reg.num) {
                            self.decls.const_buffers.push(s.reg.num);
                        }
                    }
                }
                Opcode::DclGlobalFlags if inst.field("refactoringAllowed").unwrap_or(0) != 0 => {
                    self.func.refactoring_allowed = true;
                }
                Opcode::DclOutput => {
                    if let Some(o) = inst.dst.as_ref().filter(|o| o.reg.ty == RegType::Output) {
                        self.note_output(o.reg.num);
                    }
                }
                _ => {}
            }
            // Arrays indexed by a register anywhere live in memory.
            let mut inst_copy = inst.clone();
            inst_copy.for_each_register_mut(&mut |r| {
                if r.ty == RegType::ITemp && r.index.as_ref().is_some_and(|i| i.relative.is_some())
                {
                    self.decls.itemps_in_memory.insert(r.num);
                }
            });
            if scope != 0 {
                continue;
            }
            match info.flow {
                Flow::If | Flow::Loop | Flow::Switch => depth += 1,
                Flow::EndIf | Flow::EndLoop | Flow::EndSwitch => depth = depth.saturating_sub(1),
                Flow::Func => {
                    open_func = Some((inst.words.first().copied().unwrap_or(0), i + 1));
                    depth = 0;
                }
                Flow::Ret | Flow::EndFunc if depth == 0 => {
                    if let Some((label, start)) = open_func.take() {
                        self.decls.functions.insert(label, (start, i));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The instruction list (main body or a macro's) that holds `inst`.
    fn body_containing(&self, inst: &Instruction) -> &'p [Instruction] {
        let program = self.program;
        let holds = |body: &[Instruction]| body.iter().any(|i| std::ptr::eq(i, inst));
        if holds(&program.body) {
            return &program.body;
        }
        program
            .macros
            .iter()
            .map(|m| &m.body[..])
            .find(|b| holds(b))
            .unwrap_or(&[])
    }

    fn note_output(&mut self, num: u32) {
        if !self.decls.outputs.contains(&num) {
            self.decls.outputs.push(num);
        }
    }

    /// The main program: up to `endmain`, `end` or the first function.
    fn main_range(&self) -> (usize, usize) {
        let mut depth = 0usize;
        for (i, inst) in self.program.body.iter().enumerate() {
            match inst.info().flow {
                Flow::EndMain | Flow::End | Flow::Func => return (0, i),
                Flow::Ret if depth == 0 => return (0, i),
                Flow::If | Flow::Loop | Flow::Switch => depth += 1,
                Flow::EndIf | Flow::EndLoop | Flow::EndSwitch => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        (0, self.program.body.len())
    }

    /// Lowers the instructions `range` of the main body as a function body: the main
    /// program or an inlined subroutine.
    fn body(
        &mut self,
        range: (usize, usize),
        scope: Scope,
        is_main: bool,
    ) -> Result<(), BuildError> {
        let program = self.program;
        let insts = program.body.get(range.0..range.1).unwrap_or(&[]);
        let early_return = insts.iter().enumerate().any(|(i, inst)| {
            matches!(inst.info().flow, Flow::ReturnDynamic)
                || (inst.info().flow == Flow::Ret && i + 1 < insts.len())
        });
        if early_return {
            self.open_function_loop();
        }
        let _ = is_main;
        for inst in insts {
            self.instruction(inst, scope)?;
        }
        if early_return {
            self.close_function_loop()?;
        }
        Ok(())
    }

    fn instruction(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        self.span = inst.span;
        let info = inst.info();
        if info.flow != Flow::None {
            return self.flow(inst, scope);
        }
        if self.cur.is_none() {
            return Ok(());
        }
        if inst.opcode == Opcode::Macrocall {
            return self.expand_macro(inst, scope);
        }
        if info.mnemonic.starts_with("dcl") || matches!(inst.opcode, Opcode::Def | Opcode::Defb) {
            return Ok(());
        }
        match inst.opcode {
            Opcode::Comment | Opcode::Nop | Opcode::Prefix => Ok(()),
            _ => self.compute(inst, scope),
        }
    }

    fn expand_macro(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        let id = u32::from(inst.control);
        let program = self.program;
        let Some(def) = program.macros.iter().find(|m| u32::from(m.id) == id) else {
            return Err(unsupported(inst, format!("macro {id} is not defined")));
        };
        if self.macro_depth >= MAX_MACRO_DEPTH {
            return Err(unsupported(
                inst,
                format!(
                    "macro expansion deeper than {MAX_MACRO_DEPTH} (a macro that calls itself?)"
                ),
            ));
        }
        let inner = self.next_scope;
        self.next_scope += 1;
        self.collect(&def.body, inner)?;
        // Prolog: `mov in<i>, actual<i>` (step 1 of L9966).
        for (i, actual) in inst.srcs.iter().enumerate() {
            let values = self.read_src(
                actual,
                inst,
                scope,
                il_frontend::opcode::DataType::Bits,
                0xF,
            )?;
            for (c, v) in values.iter().enumerate() {
                if let Some(v) = v {
                    let var = self.var(inner, RegType::InputArg, i as u32, c as u8);
                    self.def_var(var, *v);
                }
            }
        }
        self.macro_depth += 1;
        for body_inst in &def.body {
            self.instruction(body_inst, inner)?;
        }
        self.macro_depth -= 1;
        // Epilog: `mov actual<i>, out<i>`.
        for (i, actual) in inst.macro_outputs.iter().enumerate() {
            if self.cur.is_none() {
                break;
            }
            let mut values = [None; 4];
            for (c, slot) in values.iter_mut().enumerate() {
                let var = self.var(inner, RegType::OutputArg, i as u32, c as u8);
                *slot = Some(self.use_var(var));
            }
            self.write_dst(
                actual,
                inst,
                scope,
                values,
                il_frontend::opcode::DataType::Bits,
            )?;
        }
        Ok(())
    }

    // ---- emitting ------------------------------------------------------------------------

    fn block(&self) -> Block {
        // Callers check `cur` first; fall back to the entry so that a bug cannot panic.
        self.cur.unwrap_or(self.entry)
    }

    /// Appends an instruction with one result of type `ty`.
    fn emit(&mut self, op: Op, args: &[Value], ty: Type) -> Value {
        let block = self.block();
        let inst = self.func.append(block, op, args, &[ty], self.span);
        self.func.insts[inst].results[0]
    }

    /// Appends an instruction with the given results.
    fn emit_multi(&mut self, op: Op, args: &[Value], tys: &[Type]) -> Vec<Value> {
        let block = self.block();
        let inst = self.func.append(block, op, args, tys, self.span);
        self.func.insts[inst].results.to_vec()
    }

    /// A constant, shared within the entry block (constants have no operands, so placing
    /// them at the start of the entry dominates every use).
    fn constant(&mut self, bits: u64, ty: Type) -> Value {
        let key = (bits, ty as u8);
        if let Some(&v) = self.consts.get(&key) {
            return v;
        }
        let inst = self
            .func
            .create_inst(Op::Const(bits), &[], &[ty], Span::default());
        self.func.blocks[self.entry].insts.insert(0, inst);
        let v = self.func.insts[inst].results[0];
        self.consts.insert(key, v);
        v
    }

    fn var(&mut self, scope: Scope, ty: RegType, num: u32, comp: u8) -> Var {
        let scoped = matches!(ty, RegType::Temp | RegType::InputArg | RegType::OutputArg);
        let scope = if scoped { scope } else { 0 };
        let ssa = &mut self.ssa;
        *self
            .vars
            .entry((scope, ty, num, comp))
            .or_insert_with(|| ssa.new_var(Type::I32))
    }

    fn def_var(&mut self, var: Var, value: Value) {
        let block = self.block();
        self.ssa.def_var(var, block, value);
    }

    fn use_var(&mut self, var: Var) -> Value {
        let block = self.block();
        self.ssa.use_var(&mut self.func, self.entry, var, block)
    }

    /// Ends the program: writes the outputs and returns.
    fn finish(&mut self) -> Result<(), BuildError> {
        if let Some(_cur) = self.cur {
            for reg in self.decls.outputs.clone() {
                for comp in 0..4u8 {
                    let var = self.var(0, RegType::Output, reg, comp);
                    let v = self.use_var(var);
                    self.emit_multi(Op::Output { reg, comp }, &[v], &[]);
                }
            }
        }
        if let Some(cur) = self.cur {
            self.func.blocks[cur].term = crate::ir::Terminator::Return;
        }
        if self.regions.len() != 1 || !self.constructs.is_empty() {
            return Err(BuildError::Unsupported {
                message: "unbalanced control flow at the end of the program".into(),
                span: self.span,
            });
        }
        self.func.body = self.regions.pop().unwrap_or_default();
        Ok(())
    }
}
