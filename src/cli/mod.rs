//! The `run` and `check` subcommands of the `ilc` binary: argument parsing into bindings,
//! loading files, printing reports. The work itself is in the library (`ilc::run`,
//! `ilc::check`).

pub mod check;
pub mod fuzz;
pub mod progress;
pub mod run;

use std::process::ExitCode;

/// Exit codes of the CLI contract: 0 success, 1 a check failed, 2 bad input or usage.
pub const CHECK_FAILED: u8 = 1;
pub const BAD_INPUT: u8 = 2;

/// The value parser of `--target`: the targets by name, each listed with what it is in
/// `--help` and in the error for an unknown one.
pub fn target_parser() -> impl clap::builder::TypedValueParser<Value = ilc::Target> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        ilc::Target::ALL.map(|t| PossibleValue::new(t.name()).help(t.description())),
    )
    .try_map(|name| name.parse::<ilc::Target>())
}

/// Prints rendered diagnostics on standard error, in colour when it is a terminal and
/// `NO_COLOR` is not set (<https://no-color.org>).
pub fn eprint_diagnostics(rendered: &str) {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    if colour {
        eprint!("{}", il_frontend::diag::colorize(rendered));
    } else {
        eprint!("{rendered}");
    }
}

/// A usage or input error, printed as `ilc: error: ...` with exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl UsageError {
    pub fn exit(&self) -> ExitCode {
        eprintln!("ilc: error: {}", self.0);
        ExitCode::from(BAD_INPUT)
    }
}

impl<T: Into<String>> From<T> for UsageError {
    fn from(s: T) -> UsageError {
        UsageError(s.into())
    }
}

/// `X[,Y[,Z]]` with at most `max` numbers, missing ones 1.
pub fn dims(flag: &str, text: &str, max: usize) -> Result<[u32; 3], UsageError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > max {
        return Err(format!("--{flag} `{text}`: expected 1 to {max} comma-separated sizes").into());
    }
    let mut out = [1u32; 3];
    for (o, p) in out.iter_mut().zip(&parts) {
        *o = p
            .parse()
            .map_err(|_| format!("--{flag} `{text}`: `{p}` is not a size"))?;
        if *o == 0 {
            return Err(format!("--{flag} `{text}`: sizes must be at least 1").into());
        }
    }
    Ok(out)
}

/// `ID=REST`, the id a number.
pub fn id_and<'a>(flag: &str, text: &'a str) -> Result<(u32, &'a str), UsageError> {
    let (id, rest) = text
        .split_once('=')
        .ok_or_else(|| format!("--{flag} `{text}`: expected ID=PATH"))?;
    let id = id
        .trim()
        .parse()
        .map_err(|_| format!("--{flag} `{text}`: `{id}` is not an id"))?;
    if rest.is_empty() {
        return Err(format!("--{flag} `{text}`: the path is empty").into());
    }
    Ok((id, rest))
}

/// Reads and validates an IL file (text or tokens), printing its warnings; on failure
/// prints the diagnostics and returns the exit code.
pub fn load_program(
    path: &std::path::Path,
    options: &ilc::ReadOptions,
) -> Result<(Vec<u8>, ilc::Parsed), ExitCode> {
    let name = input_name(path);
    let bytes = read_file(path).map_err(|e| e.exit())?;
    match ilc::parse_with(&bytes, &name, options) {
        Ok(parsed) => {
            eprint_diagnostics(&parsed.warnings);
            Ok((bytes, parsed))
        }
        Err(e) => {
            eprint_diagnostics(&e.rendered);
            Err(ExitCode::from(BAD_INPUT))
        }
    }
}

/// The path `-`: standard input where a file is read, standard output where one is
/// written, as in every LLVM tool.
pub fn is_stdio(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// How diagnostics name an input: its path, or `<stdin>` for `-`.
pub fn input_name(path: &std::path::Path) -> String {
    if is_stdio(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of an input file, or of standard input for `-`.
pub fn read_input(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    if is_stdio(path) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Writes `bytes` to `path`, or to standard output when there is none or it is `-`.
pub fn write_output_file(path: Option<&std::path::Path>, bytes: &[u8]) -> std::io::Result<()> {
    match path {
        Some(path) if !is_stdio(path) => std::fs::write(path, bytes),
        _ => std::io::Write::write_all(&mut std::io::stdout().lock(), bytes),
    }
}

pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, UsageError> {
    read_input(path).map_err(|e| format!("cannot read {}: {e}", input_name(path)).into())
}

/// Bytes as 16-byte elements; the length must be a multiple of 16.
pub fn elements(what: &str, bytes: &[u8]) -> Result<Vec<[u32; 4]>, UsageError> {
    if bytes.len() % 16 != 0 {
        return Err(format!(
            "{what}: {} bytes is not a whole number of 16-byte elements",
            bytes.len()
        )
        .into());
    }
    Ok(runtime_sim::runtime::elements(
        &runtime_sim::runtime::dwords(bytes),
    ))
}
