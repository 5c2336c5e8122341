//! `ilc run FILE --target T (--grid ... | --domain ...) [bindings] [--dump DIR]`.

use std::path::Path;
use std::process::ExitCode;

use ilc::{Bindings, Dispatch, RunError};
use runtime_sim::{Resource, UavSize};

use super::{dims, elements, id_and, read_file, UsageError, BAD_INPUT};
use crate::RunArgs;

/// Reads the bindings the arguments name.
fn bindings(args: &RunArgs) -> Result<Bindings, UsageError> {
    let mut b = Bindings::default();
    for text in &args.uavs {
        let (id, rest) = id_and("uav", text)?;
        let (path, size) = match rest.rsplit_once(':') {
            Some((path, size)) if looks_like_size(size) => (path, Some(uav_size(text, size)?)),
            _ => (rest, None),
        };
        if b.uavs.insert(id, read_file(Path::new(path))?).is_some() {
            return Err(format!("--uav {id} is given twice").into());
        }
        if let Some(size) = size {
            b.uav_sizes.insert(id, size);
        }
    }
    for text in &args.cbs {
        let (id, path) = id_and("cb", text)?;
        let data = elements(&format!("--cb {id}"), &read_file(Path::new(path))?)?;
        if b.const_buffers.insert(id, data).is_some() {
            return Err(format!("--cb {id} is given twice").into());
        }
    }
    for text in &args.resources {
        let (id, rest) = id_and("resource", text)?;
        let (path, size) = rest
            .rsplit_once(':')
            .ok_or_else(|| format!("--resource `{text}`: expected ID=PATH:W[xH[xSLICES]]"))?;
        let parts: Vec<&str> = size.split(['x', 'X']).collect();
        if parts.len() > 3 {
            return Err(format!("--resource `{text}`: expected W, WxH or WxHxSLICES").into());
        }
        let mut d = [1u32; 3];
        for (o, p) in d.iter_mut().zip(&parts) {
            *o = p
                .trim()
                .parse()
                .map_err(|_| format!("--resource `{text}`: `{p}` is not a size"))?;
        }
        let res = Resource::from_bytes(&read_file(Path::new(path))?, d[0], d[1], d[2])
            .map_err(|e| format!("--resource {id}: {e}"))?;
        if b.resources.insert(id, res).is_some() {
            return Err(format!("--resource {id} is given twice").into());
        }
    }
    for text in &args.inputs {
        let (id, path) = id_and("input", text)?;
        let data = elements(&format!("--input {id}"), &read_file(Path::new(path))?)?;
        b.inputs.insert(id, data);
    }
    if let Some(path) = &args.global {
        b.global = Some(elements("--global", &read_file(path)?)?);
    }
    Ok(b)
}

/// Whether the text after a `--uav` path's last `:` is a size (`W[xH[xD]][@S]`), so that a
/// path holding a `:` still reads as a path.
fn looks_like_size(text: &str) -> bool {
    !text.is_empty()
        && text.starts_with(|c: char| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, 'x' | 'X' | '@'))
}

/// A typed UAV's size, `W[xH[xD]][@SAMPLES]` (`docs/abi.md`, "Typed UAVs").
fn uav_size(text: &str, size: &str) -> Result<UavSize, UsageError> {
    let usage = || format!("--uav `{text}`: expected ID=PATH[:W[xH[xD]][@SAMPLES]]");
    let (dims, samples) = match size.split_once('@') {
        Some((d, s)) => (d, s.parse().map_err(|_| usage())?),
        None => (size, 1),
    };
    let parts: Vec<&str> = dims.split(['x', 'X']).collect();
    if parts.len() > 3 {
        return Err(usage().into());
    }
    let mut d = [1u32; 3];
    for (o, p) in d.iter_mut().zip(&parts) {
        *o = p.parse().map_err(|_| usage())?;
    }
    if d.contains(&0) || samples == 0 {
        return Err(format!("--uav `{text}`: a size of 0").into());
    }
    Ok(UavSize {
        width: d[0],
        height: d[1],
        depth: d[2],
        samples,
    })
}

fn dispatch(args: &RunArgs) -> Result<Dispatch, UsageError> {
    if let Some(domain) = &args.domain {
        let d = dims("domain", domain, 2)?;
        return Ok(Dispatch::Domain {
            width: d[0],
            height: d[1],
        });
    }
    let grid = args.grid.as_deref().unwrap_or("1");
    Ok(Dispatch::Grid {
        global: dims("grid", grid, 3)?,
        group: args
            .group
            .as_deref()
            .map(|g| dims("group", g, 3))
            .transpose()?,
        dims: grid.split(',').count() as u32,
    })
}

fn dump(dir: &Path, b: &Bindings) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (id, bytes) in &b.uavs {
        std::fs::write(dir.join(format!("uav{id}.bin")), bytes)?;
    }
    let flat = |v: &[[u32; 4]]| runtime_sim::runtime::bytes_of(&runtime_sim::runtime::flatten(v));
    for (n, rt) in &b.render_targets {
        std::fs::write(dir.join(format!("o{n}.bin")), flat(rt))?;
    }
    if let Some(g) = &b.global {
        std::fs::write(dir.join("g.bin"), flat(g))?;
    }
    Ok(())
}

pub fn run(args: &RunArgs, read: &ilc::ReadOptions) -> ExitCode {
    let name = args.file.display().to_string();
    let (bytes, parsed) = match super::load_program(&args.file, read) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (mut b, d) = match bindings(args).and_then(|b| Ok((b, dispatch(args)?))) {
        Ok(x) => x,
        Err(e) => return e.exit(),
    };
    let options = ilc::RunOptions {
        step_limit: args.step_limit,
    };
    let report = match ilc::run(&parsed.program, args.target, &mut b, d, &options) {
        Ok(r) => r,
        Err(e) => {
            let at = match &e {
                // The machine models know a machine address, not an IL line: an empty span.
                RunError::StepLimit { at, .. } if at.end > at.start => Some(*at),
                _ => None,
            };
            // Reference lines in the reason become its section and instruction.
            let e = il_frontend::spec_index::cite_lines(&e.to_string());
            match (at, std::str::from_utf8(&bytes)) {
                (Some(at), Ok(text)) => {
                    let lc = il_frontend::diag::line_col(text, at.start);
                    eprintln!("{name}:{}:{}: error: {e}", lc.line, lc.col);
                }
                _ => eprintln!("{name}: error: {e}"),
            }
            return ExitCode::from(BAD_INPUT);
        }
    };
    let unit = if matches!(d, Dispatch::Domain { .. }) {
        "tiles"
    } else {
        "work-groups"
    };
    println!(
        "ran {} {unit} on {}: {} wavefront instructions, {} lane instructions",
        report.groups, args.target, report.wave_instructions, report.lane_instructions
    );
    println!("out of range: {}", report.out_of_range);
    if let Some(dir) = &args.dump {
        if let Err(e) = dump(dir, &b) {
            eprintln!("ilc: error: cannot write to {}: {e}", dir.display());
            return ExitCode::from(BAD_INPUT);
        }
    }
    ExitCode::SUCCESS
}
