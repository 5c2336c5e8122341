//! The IR verifier: every pass's output goes through it, so that a pass that breaks an
//! invariant is caught where it did so and not three passes later in a backend.
//!
//! [`verify`] checks, and reports the first violation of (as a [`VerifyError`] naming the
//! block, the instruction as the printer shows it, and the value):
//!
//! 1. **The region tree** ([`Rule::Tree`]): every region is `block (if|loop block)*`,
//!    every block in it exists and appears once ([`Structure::new`]). Blocks outside the
//!    tree are dead storage (a `PrimaryMap` cannot drop them) and are not checked, but
//!    nothing may refer to them. The entry block has no parameters, as nothing calls it
//!    ([`Rule::Entry`]).
//! 2. **Terminators against the tree** ([`Rule::Terminator`]), the rules of
//!    [`crate::ir::region`]: a block before an `if` branches to the first blocks of its
//!    arms (then, else); a block before a loop jumps to the loop's header; a block that
//!    ends its region jumps to where the region falls through (an arm to the `if`'s merge,
//!    a loop body to its header), or to the innermost enclosing loop's header (`continue`)
//!    or exit (`break`), or returns (only the last block of the function), or is
//!    unreachable.
//! 3. **Placement** ([`Rule::Placement`]): an instruction listed in the tree's blocks
//!    exists and is listed once. Instructions not listed anywhere are unplaced (created
//!    but not inserted, or removed) and may exist; they just cannot define a used value.
//! 4. **Definitions** ([`Rule::Definition`]): each parameter and placed result records
//!    where it is defined (`ValueDef` points back at its block or instruction); every used
//!    value exists, is defined by a placed instruction or a tree block's parameter, and is
//!    not an alias. Aliases are not resolved here: a pass that leaves them calls
//!    [`Function::resolve_aliases`] before verifying, so that the function the next pass
//!    (and a backend) sees has none to trip over.
//! 5. **Dominance** ([`Rule::Dominance`]): a use is dominated by its definition: a result
//!    by an earlier instruction of the same block or by a dominating block, a parameter by
//!    its block (which may be the using block); a block call's arguments and a branch's
//!    condition are used at the end of the block. In unreachable blocks every definition
//!    dominates (see [`Dominators`]), so dead code needs only defined values.
//! 6. **Block calls** ([`Rule::BlockCall`]): as many arguments as the target has
//!    parameters, of the same widths ([`Type::width`]).
//! 7. **Types** ([`Rule::Type`]): argument and result counts and widths per operation
//!    (see [`op_signature`]), and a `bool` branch condition. Widths, not types: IL
//!    registers are untyped, so an `f32` may feed an integer operation.
//!
//! It never panics, whatever the function holds: ids that do not exist are errors.

use std::fmt;

use cranelift_entity::SecondaryMap;

use crate::alu::{self, Arg, Res};
use crate::analysis::{Cfg, Dominators, Next, Structure};
use crate::ir::print::inst_to_string;
use crate::ir::{
    Block, BlockCall, DstKind, Function, Inst, Modifier, Op, Terminator, Test, Type, Value,
    ValueDef, Width,
};

/// Which invariant a function breaks (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Tree,
    Entry,
    Terminator,
    Placement,
    Definition,
    Dominance,
    BlockCall,
    Type,
}

/// Where the violation is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// The region tree as a whole.
    Tree,
    Block(Block),
    /// An instruction of `block`, with its text as the printer shows it.
    Inst {
        block: Block,
        inst: Inst,
        text: String,
    },
    /// The terminator of `block`, as the printer shows it.
    Terminator {
        block: Block,
        text: String,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Tree => f.write_str("region tree"),
            Location::Block(b) => write!(f, "{b}"),
            Location::Inst { block, inst, text } => write!(f, "{block}: {inst} `{text}`"),
            Location::Terminator { block, text } => write!(f, "{block}: `{text}`"),
        }
    }
}

/// An invariant the function breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct VerifyError {
    pub rule: Rule,
    pub location: Location,
    pub message: String,
}

/// Checks every invariant of the IR; the first violation is the error.
pub fn verify(func: &Function) -> Result<(), VerifyError> {
    let structure = Structure::new(func).map_err(|e| VerifyError {
        rule: Rule::Tree,
        location: Location::Tree,
        message: e.0,
    })?;
    let mut v = Verifier {
        func,
        s: &structure,
        placed: SecondaryMap::new(),
        dom: Dominators::default(),
    };
    v.check_entry()?;
    v.check_placement()?;
    v.check_definitions()?;
    v.dom = Dominators::with_cfg(Cfg::new(func));
    for &b in &structure.layout {
        v.check_block(b)?;
    }
    Ok(())
}

struct Verifier<'a> {
    func: &'a Function,
    s: &'a Structure,
    /// The block and position of each placed instruction.
    placed: SecondaryMap<Inst, Option<(Block, u32)>>,
    dom: Dominators,
}

/// A width as messages say it.
fn width_name(w: Width) -> &'static str {
    match w {
        Width::W32 => "32-bit",
        Width::W64 => "64-bit",
        Width::Bool => "bool",
    }
}

/// `v3:f32`, or `v3` (which does not exist).
fn value_text(func: &Function, v: Value) -> String {
    match func.values.get(v) {
        Some(d) => format!("{v}:{}", d.ty),
        None => format!("{v} (which does not exist)"),
    }
}

/// The printer's text of an instruction, when printing it cannot fail; a plainer one
/// otherwise (the printer trusts result ids and a private access's index).
fn inst_text(func: &Function, inst: Inst) -> String {
    let Some(data) = func.insts.get(inst) else {
        return format!("{inst} (which does not exist)");
    };
    let printable = data.results.iter().all(|&r| func.values.is_valid(r))
        && !(matches!(data.op, Op::PrivateLoad { .. } | Op::PrivateStore { .. })
            && data.args.is_empty());
    if printable {
        return inst_to_string(func, inst);
    }
    let list = |vs: &[Value]| {
        vs.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = String::new();
    if !data.results.is_empty() {
        let results: Vec<String> = data.results.iter().map(|&r| value_text(func, r)).collect();
        s = format!("{} = ", results.join(", "));
    }
    s.push_str(&data.op.name());
    if !data.args.is_empty() {
        s.push(' ');
        s.push_str(&list(&data.args));
    }
    s
}

/// A terminator as the printer shows it.
fn term_text(term: &Terminator) -> String {
    let call = |c: &BlockCall| {
        if c.args.is_empty() {
            c.block.to_string()
        } else {
            let args: Vec<String> = c.args.iter().map(|a| a.to_string()).collect();
            format!("{}({})", c.block, args.join(", "))
        }
    };
    match term {
        Terminator::Jump(c) => format!("jump {}", call(c)),
        Terminator::Branch { cond, then_, else_ } => {
            format!("branch {cond}, {}, {}", call(then_), call(else_))
        }
        Terminator::Return => "return".into(),
        Terminator::Unreachable => "unreachable".into(),
    }
}

/// What an operation takes and gives, by width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub args: Vec<Width>,
    pub results: Vec<Width>,
}

/// The argument and result widths `op` must have, given how many arguments and results it
/// has (which matters for the operations with an optional index and for those whose
/// result width is free), or why no shape fits. The choices where `op.rs` leaves room:
///
/// - `Const`: one result of any width; its bits fit the width (a 32-bit constant has
///   nothing above bit 31, a `bool` is 0 or 1).
/// - `Alu`: `alu::shape` says the arguments: `Pair` is one 64-bit argument, `Vec4` four
///   32-bit ones, the others one 32-bit one, `keeps_old` one more 32-bit one (last). One
///   result, 64-bit for a `Pair` result and 32-bit otherwise; `comp` is a component the
///   shape's `Vector` mask writes, or 0 for the other shapes (so that equal computations
///   compare equal, as `AluOp` documents).
/// - `Select`: `[bool, a, b]` with `a`, `b` and the one result of one width (any, `bool`
///   included).
/// - `Input` and the loads and stores: `comp` is 0..=3. `CbLoad`, `IcbLoad` and
///   `GlobalLoad` take 0 or 1 index (`IcbLoad`'s doc writes `offset + args[0]`, but a
///   constant index needs none, as for the others); `PrivateLoad` takes exactly one, as
///   `PrivateStore` takes `[index, value]` (a constant index of an indexed temporary is a
///   plain SSA value, never a private access; the printer relies on the index);
///   `GlobalStore` takes `[index?, value]`. Indices and values are 32-bit.
/// - `Il`: the `srcs` masks and the `Values` mask name components 0..=3 only; one 32-bit
///   argument per set bit of each source mask, one 32-bit result per set bit of `Values`
///   (an IL instruction reads and writes 32-bit register components; the builder splits
///   64-bit values with `lo32`/`hi32`), none for `Memory` and `None`.
pub fn op_signature(func: &Function, inst: Inst) -> Result<Signature, String> {
    use Width::{Bool as B, W32, W64};
    let data = func
        .insts
        .get(inst)
        .ok_or_else(|| format!("{inst} does not exist"))?;
    let nargs = data.args.len();
    let width_of = |v: Value| func.values.get(v).map(|d| d.ty.width());
    let sig = |args: &[Width], results: &[Width]| {
        Ok(Signature {
            args: args.to_vec(),
            results: results.to_vec(),
        })
    };
    let comp_ok = |what: &str, comp: u8| {
        if comp < 4 {
            Ok(())
        } else {
            Err(format!("{what} component {comp} is not one of x, y, z, w"))
        }
    };
    let index_args = |name: &str, max: usize| -> Result<Vec<Width>, String> {
        if nargs <= max {
            Ok(vec![W32; nargs])
        } else {
            Err(format!(
                "{name} takes {} argument{}, got {nargs}",
                if max == 1 { "0 or 1" } else { "at most 2" },
                if max == 1 { " (an index)" } else { "s" }
            ))
        }
    };
    match &data.op {
        Op::Const(bits) => {
            let w = data
                .results
                .first()
                .and_then(|&r| width_of(r))
                .unwrap_or(W32);
            let fits = match w {
                W32 => *bits <= u64::from(u32::MAX),
                B => *bits <= 1,
                W64 => true,
            };
            if !fits {
                return Err(format!(
                    "constant 0x{bits:x} does not fit a {} value",
                    width_name(w)
                ));
            }
            sig(&[], &[w])
        }
        Op::Alu(a) => {
            let shape = alu::shape(a.opcode).ok_or_else(|| {
                format!(
                    "{} is not an ALU instruction the midend computes (alu::shape has none)",
                    a.opcode.mnemonic()
                )
            })?;
            let mut args = Vec::new();
            for arg in shape.args {
                match arg {
                    Arg::Pair => args.push(W64),
                    Arg::Vec4 => args.extend([W32; 4]),
                    Arg::Comp | Arg::W | Arg::X => args.push(W32),
                }
            }
            if shape.keeps_old {
                args.push(W32);
            }
            let result = if shape.result == Res::Pair { W64 } else { W32 };
            match shape.result {
                Res::Vector(mask) if a.comp >= 4 || mask >> a.comp & 1 == 0 => {
                    return Err(format!(
                        "{} does not write component {}",
                        a.opcode.mnemonic(),
                        a.comp
                    ));
                }
                Res::Vector(_) => {}
                _ if a.comp != 0 => {
                    return Err(format!(
                        "{} computes every component alike, so its comp must be 0, not {}",
                        a.opcode.mnemonic(),
                        a.comp
                    ))
                }
                _ => {}
            }
            sig(&args, &[result])
        }
        Op::Modifier(m) => match m {
            Modifier::DoubleNeg
            | Modifier::DoubleAbs
            | Modifier::DoubleSaturate
            | Modifier::DoubleShift(_) => sig(&[W64], &[W64]),
            Modifier::DivComp => sig(&[W32, W32], &[W32]),
            _ => sig(&[W32], &[W32]),
        },
        Op::Select => {
            let w = data
                .results
                .first()
                .and_then(|&r| width_of(r))
                .unwrap_or(W32);
            sig(&[B, w, w], &[w])
        }
        Op::Test(Test::NonZero | Test::Zero) => sig(&[W32], &[B]),
        Op::Test(Test::Float(_)) => sig(&[W32, W32], &[B]),
        Op::And | Op::Or => sig(&[B, B], &[B]),
        Op::Not => sig(&[B], &[B]),
        Op::Pack64 => sig(&[W32, W32], &[W64]),
        Op::Lo32 | Op::Hi32 => sig(&[W64], &[W32]),
        Op::Input(input) => {
            use crate::ir::Input as I;
            match *input {
                I::ThreadIdInGroup(c)
                | I::AbsoluteThreadId(c)
                | I::ThreadGroupId(c)
                | I::Position(c)
                | I::Pixel { comp: c, .. } => comp_ok("input", c)?,
                _ => {}
            }
            sig(&[], &[W32])
        }
        Op::CbLoad { comp, .. } => {
            comp_ok("cb_load", *comp)?;
            sig(&index_args("cb_load", 1)?, &[W32])
        }
        Op::IcbLoad { comp, .. } => {
            comp_ok("icb_load", *comp)?;
            sig(&index_args("icb_load", 1)?, &[W32])
        }
        Op::GlobalLoad { comp, .. } => {
            comp_ok("global_load", *comp)?;
            sig(&index_args("global_load", 1)?, &[W32])
        }
        Op::PrivateLoad { comp, .. } => {
            comp_ok("private_load", *comp)?;
            sig(&[W32], &[W32])
        }
        Op::PrivateStore { comp, .. } => {
            comp_ok("private_store", *comp)?;
            sig(&[W32, W32], &[])
        }
        Op::GlobalStore { comp, .. } => {
            comp_ok("global_store", *comp)?;
            if nargs == 1 || nargs == 2 {
                sig(&vec![W32; nargs], &[])
            } else {
                Err(format!(
                    "global_store takes [index?, value], 1 or 2 arguments, got {nargs}"
                ))
            }
        }
        Op::Output { comp, .. } => {
            comp_ok("output", *comp)?;
            sig(&[W32], &[])
        }
        Op::SharedLoad { comp, .. } => {
            comp_ok("shared_load", *comp)?;
            sig(&[], &[W32])
        }
        Op::SharedStore { comp, .. } => {
            comp_ok("shared_store", *comp)?;
            sig(&[W32], &[])
        }
        Op::Il(il) => {
            let name = il.opcode.mnemonic();
            if let Some((i, m)) = il.srcs.iter().enumerate().find(|(_, &m)| m > 0xF) {
                return Err(format!(
                    "{name}: source {i}'s component mask 0x{m:x} has bits above w"
                ));
            }
            if il.precise > 0xF {
                return Err(format!(
                    "{name}: precise mask 0x{:x} has bits above w",
                    il.precise
                ));
            }
            let nsrc: usize = il.srcs.iter().map(|m| m.count_ones() as usize).sum();
            let nres = match il.dst {
                DstKind::None => 0,
                DstKind::Memory(m) | DstKind::Values(m) if m > 0xF => {
                    return Err(format!("{name}: destination mask 0x{m:x} has bits above w"))
                }
                DstKind::Memory(_) => 0,
                DstKind::Values(m) => m.count_ones() as usize,
            };
            sig(&vec![W32; nsrc], &vec![W32; nres])
        }
    }
}

impl Verifier<'_> {
    fn err(&self, rule: Rule, location: Location, message: String) -> VerifyError {
        VerifyError {
            rule,
            location,
            message,
        }
    }

    fn at_inst(&self, block: Block, inst: Inst) -> Location {
        Location::Inst {
            block,
            inst,
            text: inst_text(self.func, inst),
        }
    }

    fn at_term(&self, block: Block) -> Location {
        Location::Terminator {
            block,
            text: term_text(&self.func.blocks[block].term),
        }
    }

    fn check_entry(&self) -> Result<(), VerifyError> {
        if let Some(&entry) = self.s.layout.first() {
            if !self.func.blocks[entry].params.is_empty() {
                return Err(self.err(
                    Rule::Entry,
                    Location::Block(entry),
                    "the entry block has parameters, but nothing calls it to pass them".into(),
                ));
            }
        }
        Ok(())
    }

    fn check_placement(&mut self) -> Result<(), VerifyError> {
        for &b in &self.s.layout {
            for (pos, &inst) in self.func.blocks[b].insts.iter().enumerate() {
                if !self.func.insts.is_valid(inst) {
                    return Err(self.err(
                        Rule::Placement,
                        Location::Block(b),
                        format!(
                            "lists {inst}, which does not exist (the function has {} instructions)",
                            self.func.insts.len()
                        ),
                    ));
                }
                if let Some((other, _)) = self.placed[inst] {
                    return Err(self.err(
                        Rule::Placement,
                        self.at_inst(b, inst),
                        format!("{inst} is listed in {other} and again in {b}"),
                    ));
                }
                self.placed[inst] = Some((b, pos as u32));
            }
        }
        Ok(())
    }

    /// Parameters and placed results point back at where they are.
    fn check_definitions(&self) -> Result<(), VerifyError> {
        let func = self.func;
        for &b in &self.s.layout {
            for (i, &p) in func.blocks[b].params.iter().enumerate() {
                let Some(data) = func.values.get(p) else {
                    return Err(self.err(
                        Rule::Definition,
                        Location::Block(b),
                        format!("parameter {i} is {p}, which does not exist"),
                    ));
                };
                if data.def != ValueDef::Param(b, i as u16) {
                    return Err(self.err(
                        Rule::Definition,
                        Location::Block(b),
                        format!(
                            "parameter {i} is {p}, but {p} is recorded as {:?}",
                            data.def
                        ),
                    ));
                }
            }
            for &inst in &func.blocks[b].insts {
                for (i, &r) in func.insts[inst].results.iter().enumerate() {
                    let def = func.values.get(r).map(|d| d.def);
                    if def != Some(ValueDef::Result(inst, i as u16)) {
                        let what = match def {
                            None => format!("{r} does not exist"),
                            Some(d) => format!("{r} is recorded as {d:?}"),
                        };
                        return Err(self.err(
                            Rule::Definition,
                            self.at_inst(b, inst),
                            format!("result {i} is {r}, but {what}"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks that `v`, used in block `at` before instruction position `pos` (the
    /// terminator's position is the number of instructions), is defined there. `what`
    /// describes the use for the message; `loc` locates it.
    fn check_use(
        &self,
        v: Value,
        at: Block,
        pos: usize,
        what: &dyn Fn() -> String,
        loc: &dyn Fn() -> Location,
    ) -> Result<(), VerifyError> {
        let func = self.func;
        let fail = |rule: Rule, m: String| Err(self.err(rule, loc(), format!("{}: {m}", what())));
        let Some(data) = func.values.get(v) else {
            return fail(
                Rule::Definition,
                format!(
                    "{v} does not exist (the function has {} values)",
                    func.values.len()
                ),
            );
        };
        let (def_block, def_pos) = match data.def {
            ValueDef::Alias(to) => {
                return fail(
                    Rule::Definition,
                    format!(
                        "{v} is an alias of {}; resolve aliases (Function::resolve_aliases) before verifying",
                        func.resolve(to)
                    ),
                )
            }
            ValueDef::Result(inst, i) => {
                let Some((b, p)) = self.placed[inst] else {
                    return fail(
                        Rule::Definition,
                        format!("{v} is a result of {inst}, which is in no block of the tree"),
                    );
                };
                if func.insts[inst].results.get(usize::from(i)) != Some(&v) {
                    return fail(
                        Rule::Definition,
                        format!("{v} claims to be result {i} of {inst}, which does not have it"),
                    );
                }
                (b, Some(p as usize))
            }
            ValueDef::Param(b, i) => {
                let in_tree = self.s.place(b).is_some();
                if !in_tree
                    || func.blocks.get(b).and_then(|d| d.params.get(usize::from(i))) != Some(&v)
                {
                    return fail(
                        Rule::Definition,
                        format!("{v} claims to be parameter {i} of {b}, which does not have it in the tree"),
                    );
                }
                (b, None)
            }
        };
        let dominated = match def_pos {
            Some(p) if def_block == at => p < pos,
            _ => self.dom.dominates(def_block, at),
        };
        if !dominated {
            let m = if def_block == at {
                format!("{v} is used before its definition in the same block")
            } else if pos == func.blocks[at].insts.len() {
                format!("{v} is defined in {def_block}, which does not dominate the end of {at}")
            } else {
                format!("{v} is defined in {def_block}, which does not dominate {at}")
            };
            return fail(Rule::Dominance, m);
        }
        Ok(())
    }

    fn check_block(&self, b: Block) -> Result<(), VerifyError> {
        let func = self.func;
        let data = &func.blocks[b];
        for (pos, &inst) in data.insts.iter().enumerate() {
            let idata = &func.insts[inst];
            let loc = || self.at_inst(b, inst);
            for (i, &a) in idata.args.iter().enumerate() {
                self.check_use(a, b, pos, &|| format!("argument {i}"), &loc)?;
            }
            let sig = op_signature(func, inst).map_err(|m| self.err(Rule::Type, loc(), m))?;
            let name = idata.op.name();
            self.check_widths(&name, "argument", &idata.args, &sig.args, &loc)?;
            self.check_widths(&name, "result", &idata.results, &sig.results, &loc)?;
        }
        self.check_terminator(b)?;
        let pos = data.insts.len();
        let loc = || self.at_term(b);
        if let Terminator::Branch { cond, .. } = &data.term {
            self.check_use(*cond, b, pos, &|| "the condition".into(), &loc)?;
            let ty = func.ty(*cond);
            if ty != Type::Bool {
                return Err(self.err(
                    Rule::Type,
                    loc(),
                    format!(
                        "the condition {cond}:{ty} is not a bool (a test such as nonzero makes one)"
                    ),
                ));
            }
        }
        for call in data.term.successors() {
            let target = call.block;
            for (i, &a) in call.args.iter().enumerate() {
                self.check_use(
                    a,
                    b,
                    pos,
                    &|| format!("argument {i} of the call to {target}"),
                    &loc,
                )?;
            }
            let Some(tdata) = func.blocks.get(target) else {
                continue; // check_terminator has refused it
            };
            if call.args.len() != tdata.params.len() {
                return Err(self.err(
                    Rule::BlockCall,
                    loc(),
                    format!(
                        "the call to {target} passes {} argument(s), but {target} has {} parameter(s)",
                        call.args.len(),
                        tdata.params.len()
                    ),
                ));
            }
            for (i, (&a, &p)) in call.args.iter().zip(&tdata.params).enumerate() {
                let (Some(aw), Some(pw)) = (
                    func.values.get(a).map(|d| d.ty.width()),
                    func.values.get(p).map(|d| d.ty.width()),
                ) else {
                    continue; // both are checked for existence elsewhere
                };
                if aw != pw {
                    return Err(self.err(
                        Rule::BlockCall,
                        loc(),
                        format!(
                            "argument {i} of the call to {target}, {}, is {}, but parameter {} is {}",
                            value_text(func, a),
                            width_name(aw),
                            value_text(func, p),
                            width_name(pw)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_widths(
        &self,
        name: &str,
        what: &str,
        values: &[Value],
        expected: &[Width],
        loc: &dyn Fn() -> Location,
    ) -> Result<(), VerifyError> {
        if values.len() != expected.len() {
            return Err(self.err(
                Rule::Type,
                loc(),
                format!(
                    "{name} takes {} {what}(s), got {}",
                    expected.len(),
                    values.len()
                ),
            ));
        }
        for (i, (&v, &w)) in values.iter().zip(expected).enumerate() {
            let Some(vw) = self.func.values.get(v).map(|d| d.ty.width()) else {
                continue; // existence is checked with the definitions
            };
            if vw != w {
                return Err(self.err(
                    Rule::Type,
                    loc(),
                    format!(
                        "{what} {i}, {}, is {}; {name} wants {} here",
                        value_text(self.func, v),
                        width_name(vw),
                        width_name(w)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The terminator agrees with what follows the block in the tree.
    fn check_terminator(&self, b: Block) -> Result<(), VerifyError> {
        let func = self.func;
        let Some(place) = self.s.place(b) else {
            return Ok(());
        };
        let term = &func.blocks[b].term;
        let fail = |m: String| Err(self.err(Rule::Terminator, self.at_term(b), m));
        match place.next {
            Next::If(id) => {
                let Some(i) = self.s.ifs.get(id) else {
                    return Ok(());
                };
                match term {
                    Terminator::Branch { then_, else_, .. }
                        if then_.block == i.then_ && else_.block == i.else_ => {}
                    Terminator::Branch { .. } => {
                        return fail(format!(
                            "the branch must go to {} (then) and {} (else), the first blocks of the if's arms",
                            i.then_, i.else_
                        ))
                    }
                    _ => {
                        return fail(format!(
                            "{b} is followed by an if, so it must end in a branch to {} (then) and {} (else)",
                            i.then_, i.else_
                        ))
                    }
                }
            }
            Next::Loop(l) => {
                let Some(d) = self.s.loops.loops.get(l) else {
                    return Ok(());
                };
                if !matches!(term, Terminator::Jump(c) if c.block == d.header) {
                    return fail(format!(
                        "{b} is followed by a loop, so it must jump to its header {}",
                        d.header
                    ));
                }
            }
            Next::End(fall) => {
                let inner = place.loop_.and_then(|l| self.s.loops.loops.get(l));
                match term {
                    Terminator::Jump(c) => {
                        let t = c.block;
                        let ok =
                            Some(t) == fall || inner.is_some_and(|d| t == d.header || t == d.exit);
                        if !ok {
                            let mut allowed = Vec::new();
                            if let Some(f) = fall {
                                let role = if inner.is_some_and(|d| d.header == f) {
                                    "the loop's header"
                                } else {
                                    "the if's merge"
                                };
                                allowed.push(format!("{f} ({role})"));
                            }
                            if let Some(d) = inner {
                                if fall != Some(d.header) {
                                    allowed.push(format!("{} (continue)", d.header));
                                }
                                allowed.push(format!("{} (break)", d.exit));
                            }
                            return fail(if allowed.is_empty() {
                                format!(
                                    "{b} ends the function body outside every loop, so it cannot jump (to {t}): it must return or be unreachable"
                                )
                            } else {
                                format!(
                                    "{b} ends its region, so it may jump to {}, not to {t}",
                                    allowed.join(", ")
                                )
                            });
                        }
                    }
                    Terminator::Branch { .. } => {
                        return fail(format!(
                            "{b} ends its region; only a block followed by an if may branch"
                        ))
                    }
                    Terminator::Return => {
                        if func.body.last_block() != Some(b) {
                            return fail(format!(
                                "only the last block of the function may return, and {b} is not it"
                            ));
                        }
                    }
                    Terminator::Unreachable => {}
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use il_frontend::diag::Span;
    use il_frontend::opcode::Opcode;
    use smallvec::smallvec;

    use super::*;
    use crate::analysis::testutil::*;
    use crate::ir::{AluOp, IlOp, Input, Node, Region};

    fn ok(f: &Function) {
        if let Err(e) = verify(f) {
            panic!("{e}\n{f}");
        }
    }

    fn il(opcode: Opcode, srcs: &[u8], dst: DstKind) -> Op {
        Op::Il(IlOp {
            opcode,
            control: 0,
            extra: Default::default(),
            words: smallvec![],
            srcs: srcs.iter().copied().collect(),
            dst,
            precise: 0,
        })
    }

    fn add(f: &mut Function, b: Block, op: Op, args: &[Value], tys: &[Type]) -> Inst {
        f.append(b, op, args, tys, Span::default())
    }

    fn alu_op(opcode: Opcode) -> Op {
        Op::Alu(AluOp {
            opcode,
            control: 0,
            comp: 0,
        })
    }

    #[test]
    fn if_else_with_merge_params_verifies() {
        ok(&if_else(true).f);
        ok(&if_else(false).f);
    }

    #[test]
    fn loop_with_break_and_continue_verifies() {
        ok(&counting_loop(true).f);
        insta::assert_snapshot!("counting_loop", counting_loop(true).f.to_string());
    }

    #[test]
    fn single_block_kernel_verifies() {
        let mut f = Function::new();
        let b = f.create_block();
        f.blocks[b].term = Terminator::Return;
        f.body = Region::block(b);
        ok(&f);
    }

    /// Nested loops: an inner loop's break goes to the inner exit, the outer loop's
    /// continue from inside an `if` of its own; values flow through both headers.
    #[test]
    fn nested_loops_verify() {
        let mut f = Function::new();
        let b = blocks(&mut f, 8);
        let z = iconst(&mut f, b[0], 0);
        jump(&mut f, b[0], b[1], &[z]);
        // outer header
        let i = f.add_param(b[1], Type::I32);
        jump(&mut f, b[1], b[2], &[i]);
        // inner header
        let j = f.add_param(b[2], Type::I32);
        let t = nonzero(&mut f, b[2], j);
        branch(&mut f, b[2], t, b[3], b[4]);
        jump(&mut f, b[3], b[5], &[j]); // break inner
        jump(&mut f, b[4], b[2], &[j]); // continue inner (its last block: the merge ...)
                                        // ... no: b4 is an arm's last block, jumping to the inner header is a continue.
        let m = f.create_block();
        jump(&mut f, m, b[2], &[i]); // inner latch
        let r = f.add_param(b[5], Type::I32); // inner exit
        let t2 = nonzero(&mut f, b[5], r);
        branch(&mut f, b[5], t2, b[6], b[7]);
        jump(&mut f, b[6], b[1], &[r]); // continue outer
        let x = f.create_block();
        jump(&mut f, b[7], x, &[]); // break outer
        let merge = f.create_block();
        jump(&mut f, merge, b[1], &[i]); // outer latch
        f.blocks[x].term = Terminator::Return;
        f.body = region(vec![
            bl(b[0]),
            loop_(vec![
                bl(b[1]),
                loop_(vec![bl(b[2]), if_(vec![bl(b[3])], vec![bl(b[4])]), bl(m)]),
                bl(b[5]),
                if_(vec![bl(b[6])], vec![bl(b[7])]),
                bl(merge),
            ]),
            bl(x),
        ]);
        ok(&f);
        let loops = crate::analysis::LoopInfo::new(&f);
        assert_eq!(loops.depth(b[3]), 2);
        assert_eq!(loops.depth(b[5]), 1);
        assert_eq!(loops.depth(x), 0);
    }

    /// A merge that both arms leave by `break` is unreachable; anything defined may be
    /// used there (every block dominates it), and its jump back to the header is fine.
    #[test]
    fn unreachable_merge_verifies() {
        let mut f = Function::new();
        let b = blocks(&mut f, 6);
        jump(&mut f, b[0], b[1], &[]);
        let c = cb(&mut f, b[1], 0);
        let t = nonzero(&mut f, b[1], c);
        branch(&mut f, b[1], t, b[2], b[3]);
        let in_arm = iconst(&mut f, b[2], 7);
        jump(&mut f, b[2], b[5], &[]);
        jump(&mut f, b[3], b[5], &[]);
        output(&mut f, b[4], in_arm); // not dominated, but unreachable
        jump(&mut f, b[4], b[1], &[]);
        f.blocks[b[5]].term = Terminator::Return;
        f.body = region(vec![
            bl(b[0]),
            loop_(vec![
                bl(b[1]),
                if_(vec![bl(b[2])], vec![bl(b[3])]),
                bl(b[4]),
            ]),
            bl(b[5]),
        ]);
        ok(&f);
    }

    /// Blocks and instructions outside the tree are dead storage.
    #[test]
    fn orphans_are_ignored() {
        let mut e = if_else(true);
        let orphan = e.f.create_block();
        iconst(&mut e.f, orphan, 3);
        let placed = e.f.blocks[e.b[1]].insts[0];
        e.f.blocks[orphan].insts.push(placed);
        e.f.create_inst(Op::Const(1), &[], &[Type::I32], Span::default());
        ok(&e.f);
    }

    type Mutation = fn(&mut IfElse);

    /// One broken variant of the if/else kernel per rule: each fails with its rule and
    /// message.
    fn if_else_cases() -> Vec<(&'static str, Mutation, Rule, &'static str)> {
        vec![
            (
                "empty body",
                |e| e.f.body = Region::default(),
                Rule::Tree,
                "the function body is empty",
            ),
            (
                "block twice",
                |e| e.f.body.nodes[1] = Node::If(crate::ir::IfNode {
                    then_: Region::block(e.b[1]),
                    else_: Region::block(e.b[1]),
                }),
                Rule::Tree,
                "block1 appears twice in the region tree",
            ),
            (
                "missing block",
                |e| e.f.body.nodes[2] = bl(Block::from_u32(99)),
                Rule::Tree,
                "block99 does not exist",
            ),
            (
                "adjacent blocks",
                |e| e.f.body.nodes[1] = bl(e.b[1]),
                Rule::Tree,
                "block1 follows block0 directly",
            ),
            (
                "region ends with an if",
                |e| {
                    e.f.body.nodes.pop();
                },
                Rule::Tree,
                "the function body ends with an if",
            ),
            (
                "empty else arm",
                |e| {
                    if let Node::If(i) = &mut e.f.body.nodes[1] {
                        i.else_ = Region::default();
                    }
                },
                Rule::Tree,
                "the else arm of the if after block0 is empty",
            ),
            (
                "entry with a parameter",
                |e| {
                    e.f.add_param(e.b[0], Type::I32);
                },
                Rule::Entry,
                "the entry block has parameters",
            ),
            (
                "arms swapped",
                |e| branch(&mut e.f, e.b[0], e.cond, e.b[2], e.b[1]),
                Rule::Terminator,
                "the branch must go to block1 (then) and block2 (else)",
            ),
            (
                "jump before an if",
                |e| jump(&mut e.f, e.b[0], e.b[1], &[]),
                Rule::Terminator,
                "block0 is followed by an if, so it must end in a branch",
            ),
            (
                "arm jumps past the merge",
                |e| {
                    let v = e.f.blocks[e.b[1]].term.successors()[0].args[0];
                    jump(&mut e.f, e.b[1], e.b[2], &[v])
                },
                Rule::Terminator,
                "block1 ends its region, so it may jump to block3 (the if's merge), not to block2",
            ),
            (
                "return inside an arm",
                |e| e.f.blocks[e.b[1]].term = Terminator::Return,
                Rule::Terminator,
                "only the last block of the function may return, and block1 is not it",
            ),
            (
                "branch without an if",
                |e| {
                    let c = e.cond;
                    branch(&mut e.f, e.b[3], c, e.b[1], e.b[2])
                },
                Rule::Terminator,
                "block3 ends its region; only a block followed by an if may branch",
            ),
            (
                "last block jumps",
                |e| jump(&mut e.f, e.b[3], e.b[1], &[]),
                Rule::Terminator,
                "block3 ends the function body outside every loop, so it cannot jump",
            ),
            (
                "too few arguments",
                |e| jump(&mut e.f, e.b[1], e.b[3], &[]),
                Rule::BlockCall,
                "the call to block3 passes 0 argument(s), but block3 has 1 parameter(s)",
            ),
            (
                "argument of another width",
                |e| {
                    let c = e.cond;
                    jump(&mut e.f, e.b[1], e.b[3], &[c])
                },
                Rule::BlockCall,
                "argument 0 of the call to block3, v1:bool, is bool, but parameter v4:i32 is 32-bit",
            ),
            (
                "instruction listed twice",
                |e| {
                    let i = e.f.blocks[e.b[1]].insts[0];
                    e.f.blocks[e.b[2]].insts.push(i);
                },
                Rule::Placement,
                "inst2 is listed in block1 and again in block2",
            ),
            (
                "instruction that does not exist",
                |e| e.f.blocks[e.b[2]].insts.push(Inst::from_u32(50)),
                Rule::Placement,
                "lists inst50, which does not exist",
            ),
            (
                "value that does not exist",
                |e| output(&mut e.f, e.b[3], Value::from_u32(77)),
                Rule::Definition,
                "argument 0: v77 does not exist",
            ),
            (
                "alias",
                |e| {
                    let one = e.f.blocks[e.b[1]].term.successors()[0].args[0];
                    let a = e.f.values.push(crate::ir::ValueData {
                        ty: Type::I32,
                        def: ValueDef::Alias(one),
                    });
                    jump(&mut e.f, e.b[1], e.b[3], &[a]);
                },
                Rule::Definition,
                "v5 is an alias of v2; resolve aliases",
            ),
            (
                "result of an unplaced instruction",
                |e| {
                    let i = e
                        .f
                        .create_inst(Op::Const(5), &[], &[Type::I32], Span::default());
                    let v = e.f.insts[i].results[0];
                    output(&mut e.f, e.b[3], v);
                },
                Rule::Definition,
                "v5 is a result of inst5, which is in no block of the tree",
            ),
            (
                "parameter recorded elsewhere",
                |e| {
                    let one = e.f.blocks[e.b[1]].term.successors()[0].args[0];
                    e.f.blocks[e.b[3]].params[0] = one;
                },
                Rule::Definition,
                "parameter 0 is v2, but v2 is recorded as Result(inst2, 0)",
            ),
            (
                "arm value used at the merge",
                |e| {
                    let one = e.f.blocks[e.b[1]].term.successors()[0].args[0];
                    output(&mut e.f, e.b[3], one);
                },
                Rule::Dominance,
                "argument 0: v2 is defined in block1, which does not dominate block3",
            ),
            (
                "use before definition",
                |e| {
                    let v = e.cond;
                    e.f.blocks[e.b[0]].insts.swap(0, 1);
                    let _ = v;
                },
                Rule::Dominance,
                "v0 is used before its definition in the same block",
            ),
            (
                "call argument from the other arm",
                |e| {
                    let one = e.f.blocks[e.b[1]].term.successors()[0].args[0];
                    jump(&mut e.f, e.b[2], e.b[3], &[one]);
                },
                Rule::Dominance,
                "argument 0 of the call to block3: v2 is defined in block1, which does not dominate the end of block2",
            ),
            (
                "condition not a bool",
                |e| {
                    let x = e.f.insts[e.f.blocks[e.b[0]].insts[0]].results[0];
                    branch(&mut e.f, e.b[0], x, e.b[1], e.b[2]);
                },
                Rule::Type,
                "the condition v0:i32 is not a bool",
            ),
        ]
    }

    /// Instructions that break the type rules, each added to block 3 of the if/else kernel.
    fn type_cases() -> Vec<(&'static str, Mutation, &'static str)> {
        vec![
            (
                "alu argument count",
                |e| {
                    let m = e.merged;
                    add(&mut e.f, e.b[3], alu_op(Opcode::IAdd), &[m], &[Type::I32]);
                },
                "iadd takes 2 argument(s), got 1",
            ),
            (
                "alu argument width",
                |e| {
                    let m = e.merged;
                    let wide = one(&mut e.f, e.b[3], Op::Const(1), &[], Type::I64);
                    add(
                        &mut e.f,
                        e.b[3],
                        alu_op(Opcode::IAdd),
                        &[m, wide],
                        &[Type::I32],
                    );
                },
                "argument 1, v5:i64, is 64-bit; iadd wants 32-bit here",
            ),
            (
                "alu pair argument",
                |e| {
                    let m = e.merged;
                    add(
                        &mut e.f,
                        e.b[3],
                        alu_op(Opcode::DAdd),
                        &[m, m],
                        &[Type::F64],
                    );
                },
                "argument 0, v4:i32, is 32-bit; dadd wants 64-bit here",
            ),
            (
                "alu result width",
                |e| {
                    let m = e.merged;
                    add(
                        &mut e.f,
                        e.b[3],
                        alu_op(Opcode::IAdd),
                        &[m, m],
                        &[Type::I64],
                    );
                },
                "result 0, v5:i64, is 64-bit; iadd wants 32-bit here",
            ),
            (
                "alu keeps_old argument",
                |e| {
                    let m = e.merged;
                    add(
                        &mut e.f,
                        e.b[3],
                        alu_op(Opcode::Cmov),
                        &[m, m],
                        &[Type::I32],
                    );
                },
                "cmov takes 3 argument(s), got 2",
            ),
            (
                "not an alu opcode",
                |e| {
                    add(
                        &mut e.f,
                        e.b[3],
                        alu_op(Opcode::UavRawLoad),
                        &[],
                        &[Type::I32],
                    );
                },
                "uav_raw_load is not an ALU instruction the midend computes",
            ),
            (
                "alu comp",
                |e| {
                    let m = e.merged;
                    let op = Op::Alu(AluOp {
                        opcode: Opcode::IAdd,
                        control: 0,
                        comp: 2,
                    });
                    add(&mut e.f, e.b[3], op, &[m, m], &[Type::I32]);
                },
                "iadd computes every component alike, so its comp must be 0, not 2",
            ),
            (
                "select widths",
                |e| {
                    let (c, m) = (e.cond, e.merged);
                    add(&mut e.f, e.b[3], Op::Select, &[c, m, m], &[Type::F64]);
                },
                "argument 1, v4:i32, is 32-bit; select wants 64-bit here",
            ),
            (
                "test of a bool",
                |e| {
                    let c = e.cond;
                    add(
                        &mut e.f,
                        e.b[3],
                        Op::Test(Test::NonZero),
                        &[c],
                        &[Type::Bool],
                    );
                },
                "argument 0, v1:bool, is bool; nonzero wants 32-bit here",
            ),
            (
                "and of integers",
                |e| {
                    let (c, m) = (e.cond, e.merged);
                    add(&mut e.f, e.b[3], Op::And, &[c, m], &[Type::Bool]);
                },
                "argument 1, v4:i32, is 32-bit; and wants bool here",
            ),
            (
                "pack64 result",
                |e| {
                    let m = e.merged;
                    add(&mut e.f, e.b[3], Op::Pack64, &[m, m], &[Type::I32]);
                },
                "result 0, v5:i32, is 32-bit; pack64 wants 64-bit here",
            ),
            (
                "lo32 of a dword",
                |e| {
                    let m = e.merged;
                    add(&mut e.f, e.b[3], Op::Lo32, &[m], &[Type::I32]);
                },
                "argument 0, v4:i32, is 32-bit; lo32 wants 64-bit here",
            ),
            (
                "input with an argument",
                |e| {
                    let m = e.merged;
                    add(&mut e.f, e.b[3], Op::Input(Input::Face), &[m], &[Type::I32]);
                },
                "input takes 0 argument(s), got 1",
            ),
            (
                "input component",
                |e| {
                    add(
                        &mut e.f,
                        e.b[3],
                        Op::Input(Input::Position(4)),
                        &[],
                        &[Type::F32],
                    );
                },
                "input component 4 is not one of x, y, z, w",
            ),
            (
                "cb_load with two indices",
                |e| {
                    let m = e.merged;
                    let op = Op::CbLoad {
                        buffer: 0,
                        offset: 0,
                        comp: 0,
                    };
                    add(&mut e.f, e.b[3], op, &[m, m], &[Type::I32]);
                },
                "cb_load takes 0 or 1 argument (an index), got 2",
            ),
            (
                "private_load without an index",
                |e| {
                    let op = Op::PrivateLoad {
                        array: 0,
                        offset: 0,
                        comp: 0,
                    };
                    add(&mut e.f, e.b[3], op, &[], &[Type::I32]);
                },
                "private_load takes 1 argument(s), got 0",
            ),
            (
                "global_store without a value",
                |e| {
                    let op = Op::GlobalStore { offset: 0, comp: 0 };
                    add(&mut e.f, e.b[3], op, &[], &[]);
                },
                "global_store takes [index?, value], 1 or 2 arguments, got 0",
            ),
            (
                "output of a 64-bit value",
                |e| {
                    let wide = one(&mut e.f, e.b[3], Op::Const(1), &[], Type::F64);
                    output(&mut e.f, e.b[3], wide);
                },
                "argument 0, v5:f64, is 64-bit; output wants 32-bit here",
            ),
            (
                "il argument count",
                |e| {
                    let m = e.merged;
                    let op = il(Opcode::UavRawLoad, &[0x1], DstKind::Values(0x1));
                    add(&mut e.f, e.b[3], op, &[m, m], &[Type::I32]);
                },
                "uav_raw_load takes 1 argument(s), got 2",
            ),
            (
                "il result count",
                |e| {
                    let m = e.merged;
                    let op = il(Opcode::UavRawLoad, &[0x1], DstKind::Values(0x3));
                    add(&mut e.f, e.b[3], op, &[m], &[Type::I32]);
                },
                "uav_raw_load takes 2 result(s), got 1",
            ),
            (
                "il store with results",
                |e| {
                    let m = e.merged;
                    let op = il(Opcode::UavRawStore, &[0x1, 0x3], DstKind::Memory(0x3));
                    add(&mut e.f, e.b[3], op, &[m, m, m], &[Type::I32]);
                },
                "uav_raw_store takes 0 result(s), got 1",
            ),
            (
                "il mask",
                |e| {
                    let op = il(Opcode::UavRawLoad, &[0x10], DstKind::Values(0x1));
                    add(&mut e.f, e.b[3], op, &[], &[Type::I32]);
                },
                "uav_raw_load: source 0's component mask 0x10 has bits above w",
            ),
            (
                "double modifier of a dword",
                |e| {
                    let m = e.merged;
                    add(
                        &mut e.f,
                        e.b[3],
                        Op::Modifier(Modifier::DoubleNeg),
                        &[m],
                        &[Type::F64],
                    );
                },
                "argument 0, v4:i32, is 32-bit; doubleneg wants 64-bit here",
            ),
            (
                "divcomp with one argument",
                |e| {
                    let m = e.merged;
                    add(
                        &mut e.f,
                        e.b[3],
                        Op::Modifier(Modifier::DivComp),
                        &[m],
                        &[Type::F32],
                    );
                },
                "divcomp takes 2 argument(s), got 1",
            ),
            (
                "bool constant 2",
                |e| {
                    add(&mut e.f, e.b[3], Op::Const(2), &[], &[Type::Bool]);
                },
                "constant 0x2 does not fit a bool value",
            ),
            (
                "32-bit constant with high bits",
                |e| {
                    add(&mut e.f, e.b[3], Op::Const(1 << 32), &[], &[Type::F32]);
                },
                "constant 0x100000000 does not fit a 32-bit value",
            ),
        ]
    }

    #[test]
    fn each_rule_fails_with_its_message() {
        let mut report = String::new();
        let mut wrong = Vec::new();
        let cases = if_else_cases().into_iter().chain(
            type_cases()
                .into_iter()
                .map(|(name, m, msg)| (name, m, Rule::Type, msg)),
        );
        for (name, mutate, rule, expected) in cases {
            let mut e = if_else(true);
            mutate(&mut e);
            let err = match verify(&e.f) {
                Ok(()) => panic!("{name}: verified\n{}", e.f),
                Err(err) => err,
            };
            let text = err.to_string();
            if err.rule != rule || !text.contains(expected) {
                wrong.push(format!(
                    "{name}: {:?} {text}\nwanted: {rule:?} {expected}",
                    err.rule
                ));
            }
            report.push_str(&format!("{name}: {text}\n"));
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        insta::assert_snapshot!("verify_errors", report);
    }

    #[test]
    fn loop_rules() {
        type LoopMutation = fn(&mut LoopFn);
        let cases: Vec<(&str, LoopMutation, Rule, &str)> = vec![
            (
                "preheader jumps past the header",
                |l| jump(&mut l.f, l.b[0], l.b[2], &[]),
                Rule::Terminator,
                "block0 is followed by a loop, so it must jump to its header block1",
            ),
            (
                "jump out of the loop elsewhere than the exit",
                |l| jump(&mut l.f, l.b[6], l.b[0], &[]),
                Rule::Terminator,
                "block6 ends its region, so it may jump to block8 (the if's merge), block1 (continue), block7 (break), not to block0",
            ),
            (
                "latch jumps to the exit's successor",
                |l| jump(&mut l.f, l.b[8], l.b[4], &[]),
                Rule::Terminator,
                "block8 ends its region, so it may jump to block1 (the loop's header), block7 (break), not to block4",
            ),
            (
                "loop body ends with an if",
                |l| {
                    if let Node::Loop(body) = &mut l.f.body.nodes[1] {
                        body.body.nodes.pop();
                    }
                },
                Rule::Tree,
                "the body of the loop after block0 ends with an if",
            ),
            (
                "break without the exit's argument",
                |l| jump(&mut l.f, l.b[3], l.b[7], &[]),
                Rule::BlockCall,
                "the call to block7 passes 0 argument(s), but block7 has 1 parameter(s)",
            ),
        ];
        for (name, mutate, rule, expected) in cases {
            let mut l = counting_loop(false);
            mutate(&mut l);
            let err = verify(&l.f).expect_err(name);
            let text = err.to_string();
            assert_eq!(err.rule, rule, "{name}: {text}");
            assert!(
                text.contains(expected),
                "{name}: {text}\nwanted: {expected}"
            );
        }
    }

    /// The message names the block and instruction and prints the instruction.
    #[test]
    fn message_format() {
        let mut e = if_else(true);
        let m = e.merged;
        add(&mut e.f, e.b[3], alu_op(Opcode::IAdd), &[m], &[Type::I32]);
        let err = verify(&e.f).unwrap_err();
        assert_eq!(
            err.to_string(),
            "block3: inst5 `v5:i32 = iadd v4`: iadd takes 2 argument(s), got 1"
        );
    }

    /// A small deterministic generator (xorshift), so that the garbage test needs no seed
    /// plumbing and always runs the same cases.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
        fn id(&mut self, len: usize) -> u32 {
            match self.below(10) {
                0 => 0x7fff_fff0,
                1 => (len + self.below(3)) as u32,
                _ => self.below(len) as u32,
            }
        }
    }

    fn mutate(f: &mut Function, rng: &mut Rng) {
        let nv = f.values.len();
        let nb = f.blocks.len();
        let ni = f.insts.len();
        match rng.below(12) {
            0 => {
                let i = Inst::from_u32(rng.below(ni) as u32);
                if let Some(d) = f.insts.get_mut(i) {
                    if d.args.is_empty() {
                        d.args.push(Value::from_u32(rng.id(nv)));
                    } else {
                        let k = rng.below(d.args.len());
                        d.args[k] = Value::from_u32(rng.id(nv));
                    }
                }
            }
            1 => {
                let b = Block::from_u32(rng.below(nb) as u32);
                let target = Block::from_u32(rng.id(nb));
                f.blocks[b].term = match rng.below(4) {
                    0 => Terminator::Jump(call(target, &[Value::from_u32(rng.id(nv))])),
                    1 => Terminator::Branch {
                        cond: Value::from_u32(rng.id(nv)),
                        then_: call(target, &[]),
                        else_: call(Block::from_u32(rng.id(nb)), &[]),
                    },
                    2 => Terminator::Return,
                    _ => Terminator::Unreachable,
                };
            }
            2 => {
                let r = random_region(&mut f.body, rng);
                match rng.below(4) {
                    0 if !r.nodes.is_empty() => {
                        let k = rng.below(r.nodes.len());
                        r.nodes.remove(k);
                    }
                    1 => r.nodes.push(Node::Block(Block::from_u32(rng.id(nb)))),
                    2 if r.nodes.len() >= 2 => {
                        let (a, b) = (rng.below(r.nodes.len()), rng.below(r.nodes.len()));
                        r.nodes.swap(a, b);
                    }
                    _ => r.nodes.push(if_(vec![], vec![])),
                }
            }
            3 => {
                let v = Value::from_u32(rng.below(nv) as u32);
                if let Some(d) = f.values.get_mut(v) {
                    d.ty = [Type::I32, Type::F64, Type::Bool][rng.below(3)];
                }
            }
            4 => {
                let v = Value::from_u32(rng.below(nv) as u32);
                let def = match rng.below(3) {
                    0 => ValueDef::Alias(Value::from_u32(rng.id(nv))),
                    1 => ValueDef::Param(Block::from_u32(rng.id(nb)), rng.below(3) as u16),
                    _ => ValueDef::Result(Inst::from_u32(rng.id(ni)), rng.below(3) as u16),
                };
                if let Some(d) = f.values.get_mut(v) {
                    d.def = def;
                }
            }
            5 => {
                let b = Block::from_u32(rng.below(nb) as u32);
                let i = Inst::from_u32(rng.id(ni));
                f.blocks[b].insts.push(i);
            }
            6 => {
                let i = Inst::from_u32(rng.below(ni) as u32);
                let ops = [
                    Op::PrivateLoad {
                        array: 0,
                        offset: 0,
                        comp: 9,
                    },
                    Op::PrivateStore {
                        array: 0,
                        offset: 0,
                        comp: 0,
                    },
                    Op::GlobalStore { offset: 0, comp: 0 },
                    Op::Select,
                    il(Opcode::UavRawLoad, &[0xff], DstKind::Values(0xff)),
                    alu_op(Opcode::Mmul),
                ];
                let op = ops[rng.below(ops.len())].clone();
                if let Some(d) = f.insts.get_mut(i) {
                    d.op = op;
                    if rng.below(2) == 0 {
                        d.args.clear();
                    }
                }
            }
            7 => {
                let i = Inst::from_u32(rng.below(ni) as u32);
                if let Some(d) = f.insts.get_mut(i) {
                    d.results.push(Value::from_u32(rng.id(nv)));
                }
            }
            8 => {
                let b = Block::from_u32(rng.below(nb) as u32);
                f.blocks[b].params.push(Value::from_u32(rng.id(nv)));
            }
            9 => {
                let b = Block::from_u32(rng.below(nb) as u32);
                f.blocks[b].insts.clear();
            }
            _ => {
                let b = Block::from_u32(rng.below(nb) as u32);
                let v = Value::from_u32(rng.id(nv));
                if let Terminator::Jump(c) = &mut f.blocks[b].term {
                    c.args.push(v);
                }
            }
        }
    }

    /// A region of the tree picked at random.
    fn random_region<'a>(r: &'a mut Region, rng: &mut Rng) -> &'a mut Region {
        let controls: Vec<usize> = (0..r.nodes.len())
            .filter(|&i| !matches!(r.nodes[i], Node::Block(_)))
            .collect();
        if controls.is_empty() || rng.below(2) == 0 {
            return r;
        }
        let k = controls[rng.below(controls.len())];
        let else_ = rng.below(2) == 1;
        match &mut r.nodes[k] {
            Node::If(i) => {
                let arm = if else_ { &mut i.else_ } else { &mut i.then_ };
                random_region(arm, rng)
            }
            Node::Loop(l) => random_region(&mut l.body, rng),
            Node::Block(_) => unreachable!("controls holds control nodes"),
        }
    }

    /// Garbage in, an error (or Ok) out: never a panic, from the verifier, its messages,
    /// or any analysis.
    #[test]
    fn garbage_never_panics() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut failures = 0;
        for round in 0..3000 {
            let mut f = match round % 3 {
                0 => counting_loop(true).f,
                1 => if_else(false).f,
                _ => counting_loop(false).f,
            };
            for _ in 0..1 + rng.below(4) {
                mutate(&mut f, &mut rng);
            }
            if let Err(e) = verify(&f) {
                let _ = e.to_string();
                failures += 1;
            }
            for i in f.insts.keys() {
                let _ = inst_text(&f, i);
            }
            let _ = crate::analysis::Dominators::new(&f);
            let _ = crate::analysis::Liveness::new(&f);
            let _ = crate::analysis::LoopInfo::new(&f);
            let u = crate::analysis::Uniformity::new(&f);
            for v in f.values.keys() {
                let _ = u.is_uniform_everywhere(v);
            }
        }
        // Most mutations break something; the test is that none panicked.
        assert!(failures > 1000, "{failures}");
    }
}
