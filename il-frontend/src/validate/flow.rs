//! Structured control flow and program layout (7.2.2 L3071-L3093, 7.4, Ch.4 L1157-L1165).

use std::collections::{HashMap, HashSet};

use crate::ast::{Instruction, Program};
use crate::compat::Leniency;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::opcode::{Flow, Opcode};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    If,
    Loop,
    Switch,
    Phase,
}

impl BlockKind {
    /// What the block is called and the instruction that closes it.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            BlockKind::If => ("if", "endif"),
            BlockKind::Loop => ("loop", "endloop"),
            BlockKind::Switch => ("switch", "endswitch"),
            BlockKind::Phase => ("hull-shader phase", "endphase"),
        }
    }
}

struct Block {
    kind: BlockKind,
    opened: Span,
    has_else: bool,
    has_default: bool,
    cases: HashSet<u32>,
}

/// Where in the program layout an instruction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    /// Before `endmain` (or the whole program when there are no functions).
    Main,
    /// After `endmain` or after a function closed: only `func` and `end` may follow.
    BetweenFunctions,
    /// Inside `func label`; `ended` once its lexical `ret` was seen.
    Function {
        label: u32,
        ended: bool,
    },
    AfterEnd,
}

pub(super) fn check(program: &Program, diags: &mut Diagnostics) {
    for m in &program.macros {
        let mut w = Walker::new(diags, true);
        for inst in &m.body {
            w.instruction(inst);
        }
        w.close_blocks(m.span);
    }
    let mut w = Walker::new(diags, false);
    for inst in &program.body {
        w.instruction(inst);
    }
    let end_span = program.body.last().map_or(program.version.span, |i| i.span);
    if w.region != Region::AfterEnd {
        w.close_blocks(end_span);
        w.diags.push(
            Diagnostic::error(
                Span::new(end_span.end, end_span.end),
                "the program has no `end`",
            )
            .expected("`end` as the last instruction (L1160)"),
        );
    }
    if !w.functions.is_empty() && w.endmain.is_none() {
        let (label, span) = w
            .functions
            .iter()
            .min_by_key(|(_, s)| s.start)
            .map(|(l, s)| (*l, *s))
            .unwrap_or_default();
        w.diags.push(
            Diagnostic::error(
                span,
                format!("function {label} is defined but the program has no `endmain`"),
            )
            .expected("`endmain` between the main program and its functions (L1162)"),
        );
    }
    for (label, span) in std::mem::take(&mut w.calls) {
        if !w.functions.contains_key(&label) {
            w.diags.push(
                Diagnostic::error(
                    span,
                    format!("call to function {label}, which is not defined"),
                )
                .expected(format!("a `func {label}` after `endmain` (L3790)")),
            );
        }
    }
}

struct Walker<'d> {
    diags: &'d mut Diagnostics,
    in_macro: bool,
    region: Region,
    blocks: Vec<Block>,
    functions: HashMap<u32, Span>,
    calls: Vec<(u32, Span)>,
    endmain: Option<Span>,
    after_end_reported: bool,
    /// A `func` appeared in the main program: reported once, and read as if `endmain`
    /// came before it.
    implicit_endmain: bool,
}

impl<'d> Walker<'d> {
    fn new(diags: &'d mut Diagnostics, in_macro: bool) -> Walker<'d> {
        Walker {
            diags,
            in_macro,
            region: Region::Main,
            blocks: Vec::new(),
            functions: HashMap::new(),
            calls: Vec::new(),
            endmain: None,
            after_end_reported: false,
            implicit_endmain: false,
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>, expected: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(span, message).expected(expected));
    }

    fn innermost(&self, kind: BlockKind) -> bool {
        self.blocks.iter().any(|b| b.kind == kind)
    }

    /// Reports blocks still open at `at` and forgets them.
    fn close_blocks(&mut self, at: Span) {
        for b in std::mem::take(&mut self.blocks).into_iter().rev() {
            let (what, closer) = b.kind.names();
            self.diags.push(
                Diagnostic::error(b.opened, format!("this {what} is never closed"))
                    .expected(format!("`{closer}` before the end of its block"))
                    .related(Span::new(at.start, at.start), "the block ends here"),
            );
        }
    }

    fn pop(&mut self, kind: BlockKind, inst: &Instruction) {
        match self.blocks.last() {
            Some(b) if b.kind == kind => {
                self.blocks.pop();
            }
            Some(b) => {
                let (open, closer) = b.kind.names();
                let opened = b.opened;
                self.diags.push(
                    Diagnostic::error(
                        inst.span,
                        format!(
                            "`{}` cannot close the open {open} block",
                            inst.info().mnemonic
                        ),
                    )
                    .expected(format!(
                        "`{closer}` first: blocks close in the reverse order they open (L3092)"
                    ))
                    .related(opened, format!("the {open} opened here")),
                );
            }
            None => self.error(
                inst.span,
                format!("`{}` without an open block", inst.info().mnemonic),
                "a matching opening instruction before it",
            ),
        }
    }

    fn push(&mut self, kind: BlockKind, span: Span) {
        self.blocks.push(Block {
            kind,
            opened: span,
            has_else: false,
            has_default: false,
            cases: HashSet::new(),
        });
    }

    fn instruction(&mut self, inst: &Instruction) {
        let info = inst.info();
        let span = inst.span;
        if self.region == Region::AfterEnd {
            if !self.after_end_reported {
                self.after_end_reported = true;
                self.error(
                    span,
                    "instruction after `end`",
                    "`end` as the last instruction (L1160)",
                );
            }
            return;
        }
        if let Region::Function { label, ended: true } = self.region {
            let late_endmain = info.flow == Flow::EndMain && self.implicit_endmain;
            if !matches!(info.flow, Flow::EndFunc | Flow::Func | Flow::End) && !late_endmain {
                self.error(
                    span,
                    format!("instruction after the `ret` that ends function {label}"),
                    "`endfunc`, another `func` or `end` (the lexical `ret` ends a function, L3892)",
                );
            }
        }
        if self.region == Region::BetweenFunctions && !matches!(info.flow, Flow::Func | Flow::End) {
            self.error(
                span,
                format!("`{}` outside any function after `endmain`", info.mnemonic),
                "`func` or `end`: only functions follow `endmain` (L3752)",
            );
        }
        if inst.opcode == Opcode::Fence && inst.control & 1 != 0 {
            self.barrier(inst);
        }
        match info.flow {
            Flow::None => {}
            Flow::If => self.push(BlockKind::If, span),
            Flow::Else => match self.blocks.last_mut() {
                Some(b) if b.kind == BlockKind::If && !b.has_else => b.has_else = true,
                Some(b) if b.kind == BlockKind::If => {
                    self.error(span, "a second `else` for the same `if`", "`endif`")
                }
                _ => self.error(
                    span,
                    "`else` without an open `if`",
                    "an `if_logicalnz`, `if_logicalz`, `ifc` or `ifnz` before it",
                ),
            },
            Flow::EndIf => self.pop(BlockKind::If, inst),
            Flow::Loop => self.push(BlockKind::Loop, span),
            Flow::EndLoop => self.pop(BlockKind::Loop, inst),
            Flow::Switch => self.push(BlockKind::Switch, span),
            Flow::Case | Flow::Default => {
                let value = inst.words.first().copied().unwrap_or(0);
                let is_case = info.flow == Flow::Case;
                match self.blocks.last_mut() {
                    Some(b) if b.kind == BlockKind::Switch => {
                        if is_case && !b.cases.insert(value) {
                            self.error(
                                span,
                                format!("`case {}` appears twice in this switch", value as i32),
                                "distinct case values",
                            );
                        } else if !is_case && std::mem::replace(&mut b.has_default, true) {
                            self.error(
                                span,
                                "a second `default` in the same switch",
                                "at most one `default` (L3675)",
                            );
                        }
                    }
                    _ => self.error(
                        span,
                        format!("`{}` outside a switch", info.mnemonic),
                        "`case` and `default` directly inside `switch` .. `endswitch`",
                    ),
                }
            }
            Flow::EndSwitch => self.pop(BlockKind::Switch, inst),
            Flow::Break => {
                if !self.innermost(BlockKind::Loop) && !self.innermost(BlockKind::Switch) {
                    self.error(
                        span,
                        format!("`{}` outside a loop or switch", info.mnemonic),
                        "a `whileloop`, `loop` or `switch` around it (L3460)",
                    );
                }
            }
            Flow::Continue => {
                if !self.innermost(BlockKind::Loop) {
                    self.error(
                        span,
                        format!("`{}` outside a loop", info.mnemonic),
                        "a `whileloop` or `loop` around it (L3639)",
                    );
                }
            }
            Flow::Call => {
                if let Some(&label) = inst.words.first() {
                    self.calls.push((label, span));
                }
            }
            Flow::Func => self.func(inst),
            Flow::EndFunc => match self.region {
                Region::Function { .. } if self.blocks.is_empty() => {
                    self.region = Region::BetweenFunctions
                }
                Region::Function { .. } => {
                    self.close_blocks(span);
                    self.region = Region::BetweenFunctions;
                }
                _ => self.error(
                    span,
                    "`endfunc` outside a function",
                    "`endfunc` closing a `func` (L3715)",
                ),
            },
            Flow::Ret => match self.region {
                Region::Function {
                    label,
                    ended: false,
                } => {
                    if self.blocks.is_empty() {
                        self.region = Region::Function { label, ended: true };
                    } else {
                        // Reported once; the function goes on, so that what follows is not
                        // reported as unreachable too.
                        self.error(
                            span,
                            "`ret` inside flow control",
                            "`ret_dyn` to return from inside a block; `ret` marks the end of a function (L3892)",
                        );
                    }
                }
                Region::Function { .. } => {}
                _ if self.in_macro => {}
                _ => self.error(
                    span,
                    "`ret` outside a function",
                    "`ret` at the end of a `func` (L3890)",
                ),
            },
            // `ret_dyn` in the main program ends it: AMD's DX11 driver ends every main
            // program with `ret_dyn` (corpus/grvk-dx11), although L3905 speaks only of
            // subroutines.
            Flow::ReturnDynamic => {}
            Flow::EndMain => {
                if self.in_macro {
                    self.error(
                        span,
                        "`endmain` inside a macro",
                        "instructions of the macro body",
                    );
                } else if self.implicit_endmain {
                    // Already reported at the `func` that came before it.
                } else if self.region != Region::Main {
                    self.error(
                        span,
                        "`endmain` after the main program",
                        "one `endmain` before the functions (L3752)",
                    );
                } else {
                    self.close_blocks(span);
                    self.endmain = Some(span);
                    self.region = Region::BetweenFunctions;
                }
            }
            Flow::End => {
                if self.in_macro {
                    self.error(span, "`end` inside a macro", "`mend` to close the macro");
                    return;
                }
                if let Region::Function {
                    label,
                    ended: false,
                } = self.region
                {
                    self.diags.push(
                        Diagnostic::error(span, format!("function {label} is not closed"))
                            .expected("`ret` or `endfunc` before `end` (L3790)"),
                    );
                }
                self.close_blocks(span);
                self.region = Region::AfterEnd;
            }
            Flow::Phase => {
                if self
                    .blocks
                    .last()
                    .is_some_and(|b| b.kind == BlockKind::Phase)
                {
                    self.blocks.pop();
                }
                self.push(BlockKind::Phase, span);
            }
            Flow::EndPhase => self.pop(BlockKind::Phase, inst),
        }
    }

    fn func(&mut self, inst: &Instruction) {
        let span = inst.span;
        let label = inst.words.first().copied().unwrap_or(0);
        if self.in_macro {
            self.error(
                span,
                "`func` inside a macro",
                "instructions of the macro body",
            );
            return;
        }
        match self.region {
            Region::Main => {
                self.error(
                    span,
                    format!("`func {label}` before `endmain`"),
                    "`endmain` between the main program and the first function (L1162, L3790)",
                );
                self.implicit_endmain = true;
                self.endmain = Some(span);
            }
            Region::Function {
                label: open,
                ended: false,
            } => self.error(
                span,
                format!("`func {label}` inside function {open}"),
                "`ret` or `endfunc` closing the previous function",
            ),
            _ => {}
        }
        if !self.blocks.is_empty() {
            self.close_blocks(span);
        }
        if let Some(first) = self.functions.insert(label, span) {
            self.diags.push(
                Diagnostic::error(span, format!("function {label} is defined twice"))
                    .expected("unique function labels (L3790)")
                    .related(first, "first defined here"),
            );
        }
        self.region = Region::Function {
            label,
            ended: false,
        };
    }

    /// `fence_threads` may not be inside any control flow (L4762). Inside a loop real
    /// compilers emitted it for uniform loops, so it is only a warning there.
    fn barrier(&mut self, inst: &Instruction) {
        if self.innermost(BlockKind::If) || self.innermost(BlockKind::Switch) {
            self.error(
                inst.span,
                "a barrier (`fence_threads`) inside a conditional block",
                "`fence_threads` outside if/switch blocks: all work-items of a group must reach it (L4762)",
            );
        } else if self.innermost(BlockKind::Loop) {
            self.diags.push(
                Diagnostic::lenient(inst.span, Leniency::BarrierInLoop, "a barrier (`fence_threads`) inside a loop")
                    .note("the reference forbids barriers in any control flow (L4762); ilc accepts loops that every work-item of the group runs the same number of times"),
            );
        }
    }
}
