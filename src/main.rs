//! The `ilc` command line. See the README for every subcommand.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod cli;

#[derive(Parser)]
#[command(
    name = "ilc",
    version = concat!(
        env!("CARGO_PKG_VERSION"),
        ": an open AMD IL compiler backend; targets il (the reference interpreter), cayman, gfx906"
    ),
    about = "An open AMD IL compiler backend"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Refuses what the IL reference forbids even where AMD's compiler accepted it: every
    /// `-W` warning about such a rule becomes an error (docs/decisions.md, "Leniencies").
    #[arg(long, global = true)]
    strict: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Reads IL text or a binary token stream (detected), validates it and prints canonical
    /// text or writes the token stream. With several files, prints each file's canonical
    /// text after a `; FILE` comment line.
    Parse {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long, value_enum, default_value_t = Emit::Text)]
        emit: Emit,
        /// Output file (default: standard output). Only with one input file.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Compiles a program for a target. `--emit ir` prints the midend's IR (the same for
    /// every target).
    Compile {
        file: PathBuf,
        #[arg(long, value_parser = cli::target_parser())]
        target: ilc::Target,
        #[arg(long, value_enum, default_value_t = CompileEmit::Asm)]
        emit: CompileEmit,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Runs the IR verifier after every pass (always on in debug builds).
        #[arg(long)]
        verify: bool,
        /// Prints each midend pass's time (through `tracing`, on standard error).
        #[arg(long)]
        time_passes: bool,
    },
    /// Disassembles program bytes (what `compile --emit bin` writes) to assembly text.
    Disasm {
        file: PathBuf,
        #[arg(long, value_parser = cli::target_parser())]
        target: ilc::Target,
    },
    /// Assembles text `disasm` prints back into program bytes.
    Asm {
        file: PathBuf,
        #[arg(long, value_parser = cli::target_parser())]
        target: ilc::Target,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Runs a program on a device (`il`: the reference interpreter). Buffers are raw
    /// little-endian files; see docs/abi.md for the launch conventions.
    Run(RunArgs),
    /// Differential check: runs each program with generated inputs on the reference and on
    /// each target and compares every output. Prints `PASS <file>` or `FAIL <file>: <why>`
    /// per program, then `N passed, M failed`; exits 1 if any failed.
    Check {
        /// IL files, token streams, or directories (searched for `.il` and `.bin` files).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Targets to compare with the reference, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "il", value_parser = cli::target_parser())]
        target: Vec<ilc::Target>,
        /// Seed of the generated inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instructions one wavefront may execute.
        #[arg(long, default_value_t = runtime_sim_step_limit())]
        step_limit: u64,
        /// Mutation score: after the check, N single-fault mutants of each program's machine
        /// code per target (a source register changed, an opcode swapped within its class,
        /// an instruction dropped, a literal or memory offset off by one, a modifier
        /// flipped; sites drawn from --seed) run with the same inputs; prints the survivors
        /// (an output changed, the check passed it), then per target and in total
        /// `mutation score: D/C (P%)` (C mutants changed an output, D of them flagged).
        #[arg(long, default_value_t = 0, value_name = "N")]
        mutants: usize,
    },
    /// Differential fuzzing: generates IL compute kernels (il-gen) from consecutive seeds,
    /// runs each on the reference and on each target, counts passes and refusals, and
    /// prints, shrinks and saves (`--out`) every mismatch or device-model refusal. Ends
    /// with `P passed, R refused, F failed, I invalid`; exits 1 if F or I is not 0.
    Fuzz(cli::fuzz::FuzzArgs),
}

fn runtime_sim_step_limit() -> u64 {
    ilc::RunOptions::default().step_limit
}

#[derive(clap::Args)]
struct RunArgs {
    file: PathBuf,
    #[arg(long, value_parser = cli::target_parser())]
    target: ilc::Target,
    /// Compute grid: global size in work-items, `X[,Y[,Z]]`.
    #[arg(long, conflicts_with = "domain", required_unless_present = "domain")]
    grid: Option<String>,
    /// Work-group size `X[,Y[,Z]]` (default: the kernel's dcl_num_thread_per_group).
    #[arg(long, requires = "grid")]
    group: Option<String>,
    /// Pixel domain `W[,H]`.
    #[arg(long)]
    domain: Option<String>,
    /// A UAV: `ID=PATH`, as large as the file; a typed UAV of a dimension other than buffer
    /// or 1D takes its size, `ID=PATH:W[xH[xD]][@SAMPLES]` (32-bit elements, row-major,
    /// slice after slice, the samples of a texel consecutive).
    #[arg(long = "uav", value_name = "ID=PATH[:W[xH[xD]][@S]]")]
    uavs: Vec<String>,
    /// A constant buffer: `ID=PATH`, 16 bytes per element.
    #[arg(long = "cb", value_name = "ID=PATH")]
    cbs: Vec<String>,
    /// A resource: `ID=PATH:W[xH]`; the texel size follows from the file size.
    #[arg(long = "resource", value_name = "ID=PATH:W[xH]")]
    resources: Vec<String>,
    /// An interpolated pixel input `vN`: `N=PATH`, 16 bytes per pixel.
    #[arg(long = "input", value_name = "N=PATH")]
    inputs: Vec<String>,
    /// The global buffer `g[]`, 16 bytes per element.
    #[arg(long)]
    global: Option<PathBuf>,
    /// Writes every UAV (uav<ID>.bin), render target (o<N>.bin) and the global buffer
    /// (g.bin) to this directory after the run.
    #[arg(long)]
    dump: Option<PathBuf>,
    /// Instructions one wavefront may execute before the run stops as endless.
    #[arg(long, default_value_t = runtime_sim_step_limit())]
    step_limit: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CompileEmit {
    Asm,
    Bin,
    /// The gfx906 code object (an AMDHSA ELF).
    Obj,
    Ir,
    Stats,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Emit {
    Text,
    Bin,
}

use cli::BAD_INPUT;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { BAD_INPUT } else { 0 });
        }
    };
    let read = ilc::ReadOptions { strict: cli.strict };
    match cli.command {
        Command::Parse {
            files,
            emit,
            output,
        } => parse(&files, emit, output.as_deref(), &read),
        Command::Compile {
            file,
            target,
            emit,
            output,
            verify,
            time_passes,
        } => compile(
            &file,
            target,
            emit,
            output.as_deref(),
            verify,
            time_passes,
            &read,
        ),
        Command::Disasm { file, target } => disasm(&file, target),
        Command::Asm {
            file,
            target,
            output,
        } => asm(&file, target, output.as_deref()),
        Command::Run(args) => cli::run::run(&args, &read),
        Command::Check {
            paths,
            target,
            seed,
            step_limit,
            mutants,
        } => cli::check::check(&paths, &target, seed, step_limit, mutants, &read),
        Command::Fuzz(args) => cli::fuzz::fuzz(&args),
    }
}

fn disasm(file: &Path, target: ilc::Target) -> ExitCode {
    let name = cli::input_name(file);
    let bytes = match cli::read_input(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{name}: error: cannot read: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    match ilc::disassemble(&bytes, target) {
        Ok(text) => write_output(None, text.as_bytes()),
        Err(e) => {
            // What decoded before the error is printed, as llvm-objdump does.
            let _ = cli::write_output_file(None, e.decoded.as_bytes());
            eprintln!("{name}: error: {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn asm(file: &Path, target: ilc::Target, output: Option<&Path>) -> ExitCode {
    let name = cli::input_name(file);
    let text = match cli::read_input(file).and_then(|b| {
        String::from_utf8(b).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{name}: error: cannot read: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    match ilc::assemble(&text, target) {
        Ok(bytes) => write_output(output, &bytes),
        Err(e) => {
            match e.at {
                Some((line, col)) => eprintln!("{name}:{line}:{col}: error: {e}"),
                None => eprintln!("{name}: error: {e}"),
            }
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// Writes `bytes` to `path`, or to standard output (no path, or `-`).
fn write_output(path: Option<&Path>, bytes: &[u8]) -> ExitCode {
    match cli::write_output_file(path, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ilc: error: cannot write the output: {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn compile(
    file: &Path,
    target: ilc::Target,
    emit: CompileEmit,
    output: Option<&Path>,
    verify: bool,
    time_passes: bool,
    read: &ilc::ReadOptions,
) -> ExitCode {
    if time_passes {
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_target(false)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .without_time()
            .try_init();
    }
    let name = cli::input_name(file);
    let (bytes, parsed) = match cli::load_program(file, read) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let options = ilc::CompileOptions {
        verify,
        time_passes,
    };
    let text = match emit {
        CompileEmit::Ir => match ilc::compile_ir(&parsed.program, &options) {
            Ok(func) => func.to_string(),
            Err(e) => {
                cli::eprint_diagnostics(&format!("{}\n", e.render(&name, &bytes)));
                return ExitCode::from(BAD_INPUT);
            }
        },
        emit => {
            match ilc::compile(&parsed.program, target, &options) {
                Ok(compiled) => {
                    let bytes: Vec<u8> = match emit {
                        CompileEmit::Asm => compiled.asm().as_bytes().to_vec(),
                        CompileEmit::Bin => compiled.bytes().to_vec(),
                        CompileEmit::Obj => match compiled.object() {
                            Some(o) => o.to_vec(),
                            None => {
                                eprintln!("ilc: error: target {target} has no code object: use --emit bin");
                                return ExitCode::from(BAD_INPUT);
                            }
                        },
                        _ => compiled.stats().into_bytes(),
                    };
                    return write_output(output, &bytes);
                }
                Err(e) => {
                    cli::eprint_diagnostics(&format!("{}\n", e.render(&name, &bytes)));
                    return ExitCode::from(BAD_INPUT);
                }
            }
        }
    };
    write_output(output, text.as_bytes())
}

fn parse(
    files: &[PathBuf],
    emit: Emit,
    output: Option<&Path>,
    read: &ilc::ReadOptions,
) -> ExitCode {
    if files.len() > 1 && (output.is_some() || emit == Emit::Bin) {
        eprintln!("ilc: error: `-o` and `--emit bin` take a single input file");
        return ExitCode::from(BAD_INPUT);
    }
    let mut out = Vec::new();
    let mut failed = false;
    for file in files {
        let name = cli::input_name(file);
        let bytes = match cli::read_input(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{name}: error: cannot read: {e}");
                failed = true;
                continue;
            }
        };
        let parsed = match ilc::parse_with(&bytes, &name, read) {
            Ok(p) => p,
            Err(e) => {
                cli::eprint_diagnostics(&e.rendered);
                failed = true;
                continue;
            }
        };
        cli::eprint_diagnostics(&parsed.warnings);
        match emit {
            Emit::Text => {
                if files.len() > 1 {
                    out.extend_from_slice(format!("; {name}\n").as_bytes());
                }
                out.extend_from_slice(ilc::print(&parsed).as_bytes());
            }
            Emit::Bin => out = ilc::encode(&parsed.program),
        }
    }
    let written = match output {
        Some(_) if failed => Ok(()),
        path => cli::write_output_file(path, &out)
            .map_err(|e| (path.map_or("standard output".into(), cli::input_name), e)),
    };
    if let Err((to, e)) = written {
        eprintln!("ilc: error: cannot write {to}: {e}");
        return ExitCode::from(BAD_INPUT);
    }
    if failed {
        ExitCode::from(BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}
