//! Redundant-load elimination, store-to-load forwarding and dead-store elimination for raw
//! UAV and LDS dword accesses, within a block, where the memory model allows them.
//!
//! L3437: only a program that declares `dcl_global_flags refactoringAllowed` lets a read of
//! an address be replaced by the value last written there (or read from there); never
//! across a memory fence, and never for an access marked `_prec`. Without the flag this
//! pass does nothing. Other lanes and work-items may write the same address in between;
//! that is the freedom the flag grants.
//!
//! What is known is per block and keyed by the UAV or LDS id and the exact address operands:
//! a store to an id forgets everything known about other addresses of that id (they may
//! overlap), any other write or fence forgets everything, and any other read of memory
//! keeps the values but makes pending stores observable. A store is dead when a later store
//! to the same address covers its components before anything could read them.

use std::collections::HashMap;

use il_frontend::opcode::Opcode;
use smallvec::SmallVec;

use crate::ir::{DstKind, Effect, Function, IlOp, Inst, Op, Value};

/// An address: the space (opcode family and id) and the address operands.
type Key = (bool, u32, SmallVec<[Value; 4]>);

#[derive(Default)]
struct Known {
    values: [Option<Value>; 4],
    /// A store no one could have read yet, with its component mask.
    pending_store: Option<(Inst, u8)>,
}

enum Access {
    Load {
        key: Key,
        mask: u8,
    },
    Store {
        key: Key,
        mask: u8,
        values: [Option<Value>; 4],
    },
}

fn id_of(il: &IlOp) -> u32 {
    il.opcode
        .info()
        .field("id")
        .and_then(|f| f.value_in(il.control, &il.extra, &il.words))
        .unwrap_or(0)
}

/// The access an instruction makes, if it is one this pass understands.
fn access(func: &Function, inst: Inst) -> Option<Access> {
    let data = &func.insts[inst];
    let Op::Il(il) = &data.op else { return None };
    if il.precise != 0 || il.srcs.first() != Some(&0xF) {
        return None;
    }
    let args: Vec<Value> = data.args.iter().map(|&a| func.resolve(a)).collect();
    let address: SmallVec<[Value; 4]> = args.get(..4)?.iter().copied().collect();
    let id = id_of(il);
    match (il.opcode, il.dst) {
        (Opcode::UavRawLoad, DstKind::Values(mask)) => Some(Access::Load {
            key: (true, id, address),
            mask,
        }),
        (Opcode::UavRawStore, DstKind::Memory(mask)) if il.srcs.get(1) == Some(&0xF) => {
            let mut values = [None; 4];
            for (c, v) in values.iter_mut().enumerate() {
                if mask >> c & 1 != 0 {
                    *v = args.get(4 + c).copied();
                }
            }
            Some(Access::Store {
                key: (true, id, address),
                mask,
                values,
            })
        }
        // `lds_load` reads one dword and writes it to every component (L8376).
        (Opcode::LdsLoad, DstKind::Values(mask)) => Some(Access::Load {
            key: (false, id, address),
            mask,
        }),
        (Opcode::LdsStore, _) if il.srcs.get(1) == Some(&0xF) => {
            let v = args.get(4).copied();
            Some(Access::Store {
                key: (false, id, address),
                mask: 0xF,
                values: [v, v, v, v],
            })
        }
        _ => None,
    }
}

pub fn run(func: &mut Function) {
    if !func.refactoring_allowed {
        return;
    }
    func.resolve_aliases();
    let mut dead: Vec<Inst> = Vec::new();
    for block in func.layout() {
        let mut known: HashMap<Key, Known> = HashMap::new();
        for inst in func.blocks[block].insts.clone() {
            match access(func, inst) {
                Some(Access::Load { key, mask }) => {
                    let results = func.insts[inst].results.clone();
                    let is_lds = !key.0;
                    let entry = known.entry(key).or_default();
                    let comps: SmallVec<[usize; 4]> =
                        (0..4).filter(|&c| mask >> c & 1 != 0).collect();
                    // An LDS load's every component is the one dword at the address.
                    let source = |c: usize| if is_lds { 0 } else { c };
                    let all_known = comps.iter().all(|&c| entry.values[source(c)].is_some());
                    if all_known {
                        for (r, &c) in results.iter().zip(&comps) {
                            if let Some(v) = entry.values[source(c)] {
                                func.alias(*r, v);
                            }
                        }
                        dead.push(inst);
                    } else {
                        for (r, &c) in results.iter().zip(&comps) {
                            entry.values[source(c)] = Some(*r);
                        }
                    }
                    // The load may read what stores left pending.
                    forget_pending(&mut known);
                }
                Some(Access::Store { key, mask, values }) => {
                    if let Some((prev, prev_mask)) = known.get(&key).and_then(|k| k.pending_store) {
                        if prev_mask & !mask == 0 {
                            dead.push(prev);
                        }
                    }
                    // Other addresses of this id may overlap the stored bytes.
                    known.retain(|k, _| !(k.0 == key.0 && k.1 == key.1));
                    known.insert(
                        key,
                        Known {
                            values,
                            pending_store: Some((inst, mask)),
                        },
                    );
                }
                None => match func.insts[inst].op.effect() {
                    Effect::None => {}
                    Effect::Read => forget_pending(&mut known),
                    Effect::Write | Effect::Barrier => known.clear(),
                },
            }
        }
    }
    for block in func.layout() {
        func.blocks[block].insts.retain(|i| !dead.contains(i));
    }
    func.resolve_aliases();
}

/// Makes pending stores observable: they are no longer candidates for deletion.
fn forget_pending(known: &mut HashMap<Key, Known>) {
    for k in known.values_mut() {
        k.pending_store = None;
    }
}
