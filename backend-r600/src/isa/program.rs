//! A whole Cayman program: the CF program plus the clauses it runs, at their addresses.
//!
//! Byte layout (cayman L823-853, L927-956; digest F2): CF instruction *k* is the 64-bit word
//! at byte 8·k; every ADDR is in 64-bit units from the program start; an ALU clause is a run
//! of 64-bit slots (instructions and literal slots) at any 64-bit address; a fetch clause is a
//! run of 128-bit instructions at an even (128-bit aligned) address. Bytes no instruction
//! covers are zero. Words are little-endian.

use std::collections::BTreeMap;

use super::alu::AluClause;
use super::cf::CfInst;
use super::decode::{decode_cf, decode_fetch, decode_group};
use super::encode::{encode_cf, encode_fetch, encode_group};
use super::fetch::FetchClause;
use super::opcodes::CfOp;
use super::{DecodeError, EncodeError};

/// A CF program and its clauses, keyed by ADDR (64-bit units).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Program {
    /// CF instructions in order; instruction *k* starts at CF slot Σ slots of those before it.
    pub cf: Vec<CfInst>,
    /// ALU clauses by start address.
    pub alu_clauses: BTreeMap<u32, AluClause>,
    /// Fetch (TC) clauses by start address (even).
    pub fetch_clauses: BTreeMap<u32, FetchClause>,
}

/// Clause kinds a CF instruction can reference, for consistency checks.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Alu,
    Fetch,
}

impl Program {
    /// Number of 64-bit CF slots (ALU_EXTENDED counts two).
    pub fn cf_slots(&self) -> u32 {
        self.cf.iter().map(CfInst::slots).sum()
    }

    /// The CF slot index at which each CF instruction starts.
    pub fn cf_addresses(&self) -> Vec<u32> {
        let mut at = 0;
        self.cf
            .iter()
            .map(|c| {
                let a = at;
                at += c.slots();
                a
            })
            .collect()
    }

    /// Encodes to the bytes Cayman executes.
    ///
    /// Errors: a field out of range, a CF clause reference without a matching clause (same
    /// address, same size), a clause no CF instruction references, a misaligned fetch clause,
    /// or two pieces of code that overlap.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let mut words: Vec<u32> = Vec::new();
        for (k, c) in self.cf.iter().enumerate() {
            encode_cf(c, &mut words).map_err(|e| e.at(format!("CF {k}")))?;
        }
        let cf_end = words.len();
        // Check every reference against the clause maps.
        let mut referenced: BTreeMap<(Kind, u32), usize> = BTreeMap::new();
        for (k, c) in self.cf.iter().enumerate() {
            let r = match (c.alu_clause(), c.fetch_clause()) {
                (Some((a, n)), _) => Some((Kind::Alu, a, n)),
                (_, Some((a, n))) => Some((Kind::Fetch, a, n)),
                _ => None,
            };
            let Some((kind, addr, n)) = r else { continue };
            let actual = match kind {
                Kind::Alu => self.alu_clauses.get(&addr).map(AluClause::slots),
                Kind::Fetch => self.fetch_clauses.get(&addr).map(|f| f.insts.len()),
            };
            match actual {
                None => {
                    return Err(EncodeError::new(format!(
                        "CF {k} references a {kind:?} clause at ADDR {addr} that does not exist"
                    )))
                }
                Some(m) if m != n => {
                    return Err(EncodeError::new(format!(
                        "CF {k}: COUNT says {n} but the {kind:?} clause at ADDR {addr} has {m}"
                    )))
                }
                Some(_) => {}
            }
            referenced.insert((kind, addr), n);
        }
        let mut pieces: Vec<(usize, Vec<u32>, String)> = Vec::new();
        for (&addr, clause) in &self.alu_clauses {
            if !referenced.contains_key(&(Kind::Alu, addr)) {
                return Err(EncodeError::new(format!(
                    "ALU clause at ADDR {addr} is not referenced"
                )));
            }
            let mut w = Vec::new();
            for (g, group) in clause.groups.iter().enumerate() {
                encode_group(group, &mut w)
                    .map_err(|e| e.at(format!("ALU clause {addr}, group {g}")))?;
            }
            pieces.push((addr as usize * 2, w, format!("ALU clause {addr}")));
        }
        for (&addr, clause) in &self.fetch_clauses {
            if !referenced.contains_key(&(Kind::Fetch, addr)) {
                return Err(EncodeError::new(format!(
                    "fetch clause at ADDR {addr} is not referenced"
                )));
            }
            if addr % 2 != 0 {
                return Err(EncodeError::new(format!(
                    "fetch clause at odd ADDR {addr}: must be 128-bit aligned (cayman L936)"
                )));
            }
            let mut w = Vec::new();
            for (k, f) in clause.insts.iter().enumerate() {
                w.extend(
                    encode_fetch(f).map_err(|e| e.at(format!("fetch clause {addr}, inst {k}")))?,
                );
            }
            pieces.push((addr as usize * 2, w, format!("fetch clause {addr}")));
        }
        pieces.sort_by_key(|p| p.0);
        let mut end = cf_end;
        let mut last = String::from("the CF program");
        for (start, w, name) in pieces {
            if start < end {
                return Err(EncodeError::new(format!("{name} overlaps {last}")));
            }
            words.resize(start, 0);
            words.extend(w);
            end = words.len();
            last = name;
        }
        Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
    }

    /// Decodes program bytes. Never panics; errors name the byte offset.
    ///
    /// The CF program is read from byte 0 up to the first clause any CF instruction
    /// references (or the end); each referenced clause is decoded once; every other byte
    /// must be zero.
    pub fn decode(bytes: &[u8]) -> Result<Program, DecodeError> {
        if bytes.len() % 8 != 0 {
            return Err(DecodeError::new(
                bytes.len() - bytes.len() % 8,
                "length is not a multiple of 8 bytes",
            ));
        }
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let mut covered = vec![false; words.len()];
        let mut prog = Program::default();
        let mut limit = words.len();
        let mut pos = 0;
        let mut refs: Vec<(Kind, u32, usize, usize)> = Vec::new();
        while pos < limit {
            let (inst, used) = decode_cf(words.get(pos..limit).unwrap_or(&[]))
                .map_err(|m| DecodeError::new(pos * 4, format!("CF slot {}: {m}", pos / 2)))?;
            let r = match (inst.alu_clause(), inst.fetch_clause()) {
                (Some((a, n)), _) => Some((Kind::Alu, a, n)),
                (_, Some((a, n))) => Some((Kind::Fetch, a, n)),
                _ => None,
            };
            if let CfInst::Word(w) = &inst {
                if w.op == CfOp::Gds {
                    return Err(DecodeError::new(pos * 4, "GDS clauses are not supported"));
                }
            }
            if let Some((kind, a, n)) = r {
                limit = limit.min((a as usize).saturating_mul(2)).max(pos + used);
                refs.push((kind, a, n, pos));
            }
            for c in covered.iter_mut().skip(pos).take(used) {
                *c = true;
            }
            prog.cf.push(inst);
            pos += used;
        }
        for (kind, addr, n, at) in refs {
            let start = addr as usize * 2;
            let here = |m: String| {
                DecodeError::new(
                    start * 4,
                    format!(
                        "{kind:?} clause at ADDR {addr} (from CF at byte {:#x}): {m}",
                        at * 4
                    ),
                )
            };
            match kind {
                Kind::Alu => {
                    if let Some(c) = prog.alu_clauses.get(&addr) {
                        if c.slots() != n {
                            return Err(here(format!(
                                "referenced with {n} slots and with {}",
                                c.slots()
                            )));
                        }
                        continue;
                    }
                    let end = start
                        .checked_add(n * 2)
                        .filter(|&e| e <= words.len())
                        .ok_or_else(|| here("runs past the end".into()))?;
                    let mut groups = Vec::new();
                    let mut p = start;
                    while p < end {
                        let (g, used) =
                            decode_group(words.get(p..end).unwrap_or(&[])).map_err(|m| {
                                DecodeError::new(p * 4, format!("ALU clause {addr}: {m}"))
                            })?;
                        groups.push(g);
                        p += used;
                    }
                    mark(&mut covered, start, end).map_err(|b| {
                        DecodeError::new(b * 4, format!("ALU clause {addr} overlaps other code"))
                    })?;
                    prog.alu_clauses.insert(addr, AluClause { groups });
                }
                Kind::Fetch => {
                    if prog.alu_clauses.contains_key(&addr) {
                        return Err(here("also referenced as an ALU clause".into()));
                    }
                    if let Some(c) = prog.fetch_clauses.get(&addr) {
                        if c.insts.len() != n {
                            return Err(here(format!(
                                "referenced with {n} and {} instructions",
                                c.insts.len()
                            )));
                        }
                        continue;
                    }
                    if addr % 2 != 0 {
                        return Err(here(
                            "fetch clause ADDR is odd (must be 128-bit aligned, cayman L936)"
                                .into(),
                        ));
                    }
                    let end = start
                        .checked_add(n * 4)
                        .filter(|&e| e <= words.len())
                        .ok_or_else(|| here("runs past the end".into()))?;
                    let mut insts = Vec::new();
                    for p in (start..end).step_by(4) {
                        let w = match words.get(p..p + 4) {
                            Some(&[a, b, c, d]) => [a, b, c, d],
                            _ => return Err(here("truncated".into())),
                        };
                        insts.push(decode_fetch(w).map_err(|m| {
                            DecodeError::new(p * 4, format!("fetch clause {addr}: {m}"))
                        })?);
                    }
                    mark(&mut covered, start, end).map_err(|b| {
                        DecodeError::new(b * 4, format!("fetch clause {addr} overlaps other code"))
                    })?;
                    prog.fetch_clauses.insert(addr, FetchClause { insts });
                }
            }
        }
        if prog
            .alu_clauses
            .keys()
            .any(|a| prog.fetch_clauses.contains_key(a))
        {
            return Err(DecodeError::new(
                0,
                "an address is used by both an ALU and a fetch clause",
            ));
        }
        for (k, (&w, &c)) in words.iter().zip(&covered).enumerate() {
            if !c && w != 0 {
                return Err(DecodeError::new(
                    k * 4,
                    format!("nonzero dword {w:#010x} outside every instruction"),
                ));
            }
        }
        Ok(prog)
    }
}

fn mark(covered: &mut [bool], start: usize, end: usize) -> Result<(), usize> {
    for (k, c) in covered.iter_mut().enumerate().take(end).skip(start) {
        if *c {
            return Err(k);
        }
        *c = true;
    }
    Ok(())
}
