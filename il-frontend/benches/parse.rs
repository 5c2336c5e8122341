//! Front-end throughput over the real corpus in `../shared/corpus/`:
//! `cargo bench -p il-frontend --bench parse`.
//!
//! Prints MB/s of IL text parsed (alone, with validation, and with printing), and of token
//! streams decoded and encoded, on one core. The inputs are read once; each measurement
//! repeats the whole corpus until at least a second has passed and takes the best of three.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use il_frontend::{binary, text, validate};

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// Best-of-three throughput in MB/s of `work` over `bytes` bytes.
fn measure(bytes: usize, mut work: impl FnMut()) -> f64 {
    let mut best = 0.0f64;
    for _ in 0..3 {
        let start = Instant::now();
        let mut rounds = 0u32;
        while start.elapsed() < Duration::from_secs(1) {
            work();
            rounds += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.max(bytes as f64 * f64::from(rounds) / secs / 1e6);
    }
    best
}

fn main() {
    let corpus = std::env::var_os("ILC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let mut text_files = Vec::new();
    files(&corpus, "il", &mut text_files);
    files(&corpus, "txt", &mut text_files);
    let sources: Vec<String> = text_files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("corpus text"))
        .collect();
    let text_bytes: usize = sources.iter().map(String::len).sum();
    let mut bin_files = Vec::new();
    files(&corpus, "bin", &mut bin_files);
    let streams: Vec<Vec<u8>> = bin_files
        .iter()
        .map(|p| std::fs::read(p).expect("corpus stream"))
        .collect();
    let stream_bytes: usize = streams.iter().map(Vec::len).sum();
    let programs: Vec<_> = sources
        .iter()
        .map(|s| text::parse(s).0.expect("corpus parses"))
        .collect();
    let encoded_bytes: usize = programs.iter().map(|p| binary::encode(p).len() * 4).sum();

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "corpus: {} text files ({:.2} MB), {} token streams ({:.2} MB); machine: {cores} cores, one used",
        sources.len(),
        text_bytes as f64 / 1e6,
        streams.len(),
        stream_bytes as f64 / 1e6
    );
    let parse = measure(text_bytes, || {
        for s in &sources {
            std::hint::black_box(text::parse(s));
        }
    });
    println!("parse text:               {parse:8.1} MB/s of IL text");
    let parse_validate = measure(text_bytes, || {
        for s in &sources {
            let (p, _) = text::parse(s);
            std::hint::black_box(validate::validate(&p.unwrap()));
        }
    });
    println!("parse + validate:         {parse_validate:8.1} MB/s of IL text");
    let print = measure(text_bytes, || {
        for p in &programs {
            std::hint::black_box(text::print(p));
        }
    });
    println!("print canonical text:     {print:8.1} MB/s of input text");
    let decode = measure(stream_bytes, || {
        for s in &streams {
            std::hint::black_box(binary::decode(s));
        }
    });
    println!("decode token streams:     {decode:8.1} MB/s of tokens");
    let encode = measure(encoded_bytes, || {
        for p in &programs {
            std::hint::black_box(binary::encode(p));
        }
    });
    println!("encode token streams:     {encode:8.1} MB/s of tokens");
}
