//! The `ilc` command line. See the README for every subcommand.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "ilc", version, about = "An open AMD IL compiler backend")]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Emit {
    Text,
    Bin,
}

/// Exit codes of the CLI contract: 0 success, 1 a check failed, 2 bad input or usage.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { BAD_INPUT } else { 0 });
        }
    };
    match cli.command {
        Command::Parse {
            files,
            emit,
            output,
        } => parse(&files, emit, output.as_deref()),
    }
}

fn parse(files: &[PathBuf], emit: Emit, output: Option<&Path>) -> ExitCode {
    if files.len() > 1 && (output.is_some() || emit == Emit::Bin) {
        eprintln!("ilc: error: `-o` and `--emit bin` take a single input file");
        return ExitCode::from(BAD_INPUT);
    }
    let mut out = Vec::new();
    let mut failed = false;
    for file in files {
        let name = file.display().to_string();
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{name}: error: cannot read: {e}");
                failed = true;
                continue;
            }
        };
        let parsed = match ilc::parse(&bytes, &name) {
            Ok(p) => p,
            Err(e) => {
                eprint!("{}", e.rendered);
                failed = true;
                continue;
            }
        };
        eprint!("{}", parsed.warnings);
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
        Some(path) if !failed => std::fs::write(path, &out).map_err(|e| (path.display().to_string(), e)),
        Some(_) => Ok(()),
        None => std::io::stdout()
            .write_all(&out)
            .map_err(|e| ("standard output".to_string(), e)),
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
