//! ilc: an open compiler backend for AMD IL.
//!
//! This crate is the driver API that the `ilc` command line and driver stacks use. It
//! reads IL (text or binary token stream), and will compile it for Cayman (VLIW4) and GCN
//! Vega (gfx906) and run it on device models.
//!
//! ```
//! let text = "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n";
//! let parsed = ilc::parse(text.as_bytes(), "kernel.il").unwrap();
//! assert_eq!(ilc::print(&parsed), "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n");
//! ```

pub use il_frontend::{self as frontend, ast, Diagnostics, InputKind, Program, ReadOptions};
pub use runtime_sim::{self as runtime, Bindings, Dispatch, RunError, RunReport};

pub mod check;
pub mod envelope;
pub mod fuzz;
pub mod mutate;
pub mod targets;

/// A device that runs programs: the reference interpreter or a compiled target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The IL reference interpreter.
    Il,
    /// Cayman (HD 6900, VLIW4).
    Cayman,
    /// GCN Vega (gfx906).
    Gfx906,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Il, Target::Cayman, Target::Gfx906];

    /// What the target is, in a few words (`ilc --help` lists them).
    pub fn description(self) -> &'static str {
        match self {
            Target::Il => "the IL reference interpreter",
            Target::Cayman => "AMD Cayman (Radeon HD 6900, VLIW4)",
            Target::Gfx906 => "AMD Vega 20 (gfx906, GCN)",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Target::Il => "il",
            Target::Cayman => "cayman",
            Target::Gfx906 => "gfx906",
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Target {
    type Err = String;

    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown target `{s}` (expected il, cayman or gfx906)"))
    }
}

/// Options of a run.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Instructions one wavefront may execute before the run stops as endless.
    pub step_limit: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            step_limit: runtime_sim::interp::DEFAULT_STEP_LIMIT,
        }
    }
}

/// Runs a program on `target`: the bound memory is read and updated in place, and a pixel
/// dispatch creates the render targets (`docs/abi.md` has the launch conventions).
pub fn run(
    program: &Program,
    target: Target,
    bindings: &mut Bindings,
    dispatch: Dispatch,
    options: &RunOptions,
) -> Result<RunReport, RunError> {
    device(target, options)?.run(program, bindings, dispatch)
}

/// The device that runs programs for `target`.
pub fn device(
    target: Target,
    options: &RunOptions,
) -> Result<Box<dyn runtime_sim::Device>, RunError> {
    match target {
        Target::Il => Ok(Box::new(runtime_sim::Interpreter {
            step_limit: options.step_limit,
        })),
        Target::Cayman => Ok(targets::cayman::device(machine_steps(options))),
        Target::Gfx906 => Ok(targets::gfx906::device(machine_steps(options))),
    }
}

/// Machine instructions a device model may run per IL instruction of the step limit: a
/// compiled IL instruction is several machine instructions (a division dozens), and the
/// limit is there to stop endless loops, not long kernels.
const MACHINE_STEPS_PER_IL_STEP: u64 = 8;

pub(crate) fn machine_steps(options: &RunOptions) -> u64 {
    options.step_limit.saturating_mul(MACHINE_STEPS_PER_IL_STEP)
}

/// A machine model's step-limit stop in the user's terms: the limit they set
/// ([`RunOptions::step_limit`], IL instructions), not the model's [`machine_steps`].
pub(crate) fn in_il_steps(e: RunError) -> RunError {
    match e {
        RunError::StepLimit {
            limit,
            at,
            location,
        } => RunError::StepLimit {
            limit: limit / MACHINE_STEPS_PER_IL_STEP,
            at,
            location,
        },
        e => e,
    }
}

/// A failed read: the rendered diagnostics and the raw ones.
#[derive(Debug, thiserror::Error)]
#[error("{rendered}")]
pub struct ReadError {
    /// The diagnostics as a compiler prints them (`file:line:col: error: ...`).
    pub rendered: String,
    pub diagnostics: Diagnostics,
}

/// A program read from text or tokens, with its warnings.
#[derive(Debug)]
pub struct Parsed {
    pub program: Program,
    pub kind: InputKind,
    /// Warnings, rendered; empty if there were none.
    pub warnings: String,
}

/// Reads IL text or a token stream (detected), validates it and returns the program, or
/// located diagnostics. `name` is used in messages. What AMD's compiler accepted beyond
/// the reference is accepted with a warning (`docs/decisions.md`, "Leniencies").
pub fn parse(bytes: &[u8], name: &str) -> Result<Parsed, ReadError> {
    parse_with(bytes, name, &ReadOptions::default())
}

/// [`parse`] with options: `strict` refuses every leniency.
pub fn parse_with(bytes: &[u8], name: &str, options: &ReadOptions) -> Result<Parsed, ReadError> {
    let (program, diags, kind) = il_frontend::read_with(bytes, options);
    let file = il_frontend::SourceFile {
        name,
        kind: match (kind, std::str::from_utf8(bytes)) {
            (InputKind::Text, Ok(text)) => il_frontend::SourceKind::Text(text),
            _ => il_frontend::SourceKind::Binary,
        },
    };
    let rendered = file.render_all(&diags);
    match program {
        Some(program) => Ok(Parsed {
            program,
            kind,
            warnings: rendered,
        }),
        None => Err(ReadError {
            rendered,
            diagnostics: diags,
        }),
    }
}

/// Canonical IL text of a program.
pub fn print(parsed: &Parsed) -> String {
    il_frontend::text::print(&parsed.program)
}

/// The binary token stream of a program, as little-endian bytes.
pub fn encode(program: &Program) -> Vec<u8> {
    il_frontend::binary::encode_bytes(program)
}

/// Options of a compilation.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompileOptions {
    /// Verify the IR after every midend pass (always on in debug builds).
    pub verify: bool,
    /// Report each midend pass's time through `tracing`.
    pub time_passes: bool,
}

/// A failed compilation: what went wrong and where in the input.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct CompileError {
    pub message: String,
    pub span: il_frontend::diag::Span,
}

impl CompileError {
    /// The error as a compiler prints it, located in the input (`file:line:col: error:`).
    pub fn render(&self, name: &str, bytes: &[u8]) -> String {
        let kind = match std::str::from_utf8(bytes) {
            Ok(text) if !il_frontend::binary::is_token_stream(bytes) => {
                il_frontend::SourceKind::Text(text)
            }
            _ => il_frontend::SourceKind::Binary,
        };
        let file = il_frontend::SourceFile { name, kind };
        file.render(&il_frontend::diag::Diagnostic::error(
            self.span,
            self.message.clone(),
        ))
    }
}

impl From<midend::Error> for CompileError {
    fn from(e: midend::Error) -> CompileError {
        CompileError {
            message: e.to_string(),
            span: e.span(),
        }
    }
}

/// Lowers a program to the midend's IR and optimizes it: what `ilc compile --emit ir`
/// prints, and what every backend starts from.
pub fn compile_ir(
    program: &Program,
    options: &CompileOptions,
) -> Result<midend::ir::Function, CompileError> {
    let options = midend::Options {
        verify: options.verify,
        time_passes: options.time_passes,
    };
    Ok(midend::compile(program, &options)?)
}

/// A failed disassembly or assembly: the message, and for assembly text the line and
/// column.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ToolError {
    pub message: String,
    /// 1-based line and column in assembly text.
    pub at: Option<(usize, usize)>,
    /// What disassembled before the error, as `llvm-objdump` prints what it could decode.
    pub decoded: String,
}

/// Disassembles program bytes of `target` (what `compile --emit bin` writes): for Cayman a
/// whole program (CF program and clauses), for gfx906 the code bytes.
pub fn disassemble(bytes: &[u8], target: Target) -> Result<String, ToolError> {
    match target {
        Target::Cayman => {
            let program = backend_r600::isa::Program::decode(bytes).map_err(|e| ToolError {
                message: e.to_string(),
                at: None,
                decoded: String::new(),
            })?;
            Ok(backend_r600::isa::disassemble(&program))
        }
        Target::Gfx906 => {
            // A code object (ours or LLVM's) is read for its `.text`.
            let code = backend_gcn::code_object::text_section(bytes).unwrap_or(bytes);
            backend_gcn::isa::disassemble(code).map_err(|e| ToolError {
                message: format!("byte {:#x}: {}", e.offset, e.reason),
                at: None,
                decoded: code
                    .get(..e.offset)
                    .and_then(|prefix| backend_gcn::isa::disassemble(prefix).ok())
                    .unwrap_or_default(),
            })
        }
        Target::Il => Err(ToolError {
            message: "target il has no machine code: use `ilc parse`".into(),
            at: None,
            decoded: String::new(),
        }),
    }
}

/// Assembles the text `disassemble` prints back into bytes: `assemble(disassemble(b)) == b`.
pub fn assemble(text: &str, target: Target) -> Result<Vec<u8>, ToolError> {
    let located = |line: usize, col: usize, msg: String| ToolError {
        message: msg,
        at: Some((line, col)),
        decoded: String::new(),
    };
    match target {
        Target::Cayman => {
            backend_r600::isa::assemble(text).map_err(|e| located(e.line, e.col, e.msg))
        }
        Target::Gfx906 => {
            backend_gcn::isa::assemble(text).map_err(|e| located(e.line, e.col, e.msg))
        }
        Target::Il => Err(ToolError {
            message: "target il has no machine code: use `ilc parse`".into(),
            at: None,
            decoded: String::new(),
        }),
    }
}

/// A program compiled for a machine target: what a driver stack loads and what
/// `ilc compile --emit asm|bin|obj|stats` prints. The backend's own result is kept whole,
/// with its launch metadata (register counts, stack size, LDS size, resource bindings).
#[derive(Debug)]
pub enum Compiled {
    Cayman(backend_r600::Compiled),
    Gfx906(backend_gcn::Compiled),
}

impl Compiled {
    /// The program bytes (`--emit bin`): the whole Cayman program (CF program and
    /// clauses), or the gfx906 code bytes (what `llvm-mc` assembles from `asm`).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Compiled::Cayman(c) => &c.bytes,
            Compiled::Gfx906(c) => &c.code,
        }
    }

    /// The gfx906 AMDHSA code object (an ELF with the kernel descriptor); Cayman has none.
    pub fn object(&self) -> Option<&[u8]> {
        match self {
            Compiled::Cayman(_) => None,
            Compiled::Gfx906(c) => Some(&c.elf),
        }
    }

    /// The disassembly (`--emit asm`); `assemble` reads it back to `bytes`.
    pub fn asm(&self) -> &str {
        match self {
            Compiled::Cayman(c) => &c.asm,
            Compiled::Gfx906(c) => &c.asm,
        }
    }

    /// `key: value` lines (`--emit stats`).
    pub fn stats(&self) -> String {
        match self {
            Compiled::Cayman(c) => c.stats.to_text(),
            Compiled::Gfx906(c) => targets::gfx906::stats_text(c),
        }
    }
}

/// Compiles a program for a machine target, or says why not, located in the input.
pub fn compile(
    program: &Program,
    target: Target,
    options: &CompileOptions,
) -> Result<Compiled, CompileError> {
    let midend_options = midend::Options {
        verify: options.verify,
        time_passes: options.time_passes,
    };
    let located = |message: String, span| CompileError { message, span };
    match target {
        Target::Cayman => targets::cayman::compile(program, &midend_options)
            .map(Compiled::Cayman)
            .map_err(|e| located(e.to_string(), e.span())),
        Target::Gfx906 => targets::gfx906::compile(program, &midend_options)
            .map(Compiled::Gfx906)
            .map_err(|e| located(e.to_string(), e.span())),
        Target::Il => Err(located(
            "target il is the reference interpreter: it runs IL without compiling it".into(),
            il_frontend::diag::Span::default(),
        )),
    }
}
