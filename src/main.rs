//! The `ilc` command line. See the README for every subcommand.

use std::path::PathBuf;
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
    /// text or writes the token stream.
    Parse {
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = Emit::Text)]
        emit: Emit,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
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
        Command::Parse { file, emit, output } => parse(&file, emit, output.as_deref()),
    }
}

fn parse(file: &std::path::Path, emit: Emit, output: Option<&std::path::Path>) -> ExitCode {
    let name = file.display().to_string();
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{name}: error: cannot read: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let parsed = match ilc::parse(&bytes, &name) {
        Ok(p) => p,
        Err(e) => {
            eprint!("{}", e.rendered);
            return ExitCode::from(BAD_INPUT);
        }
    };
    eprint!("{}", parsed.warnings);
    let out = match emit {
        Emit::Text => ilc::print(&parsed).into_bytes(),
        Emit::Bin => ilc::encode(&parsed.program),
    };
    let written = match output {
        Some(path) => std::fs::write(path, &out).map_err(|e| (path.display().to_string(), e)),
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(&out)
                .map_err(|e| ("standard output".to_string(), e))
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err((to, e)) => {
            eprintln!("{name}: error: cannot write {to}: {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}
