//! Greedy shrinking: delete statements and blocks, unwrap compound statements, simplify
//! operations and conditions, for as long as the failure predicate still holds.
//!
//! Every candidate is judged by the predicate alone, so a candidate that is no longer
//! valid IL (a `break` unwrapped out of its loop, say) is simply rejected by it: the
//! caller's predicate must say "still fails in the same way", which an invalid program
//! does not.

use crate::ast::{Cond, Operand, Program, Stmt, Trips};

/// Edits tried on each statement, in order (the cheap, big ones first).
const EDITS: usize = 11;

/// Shrinks `p` while `fails` holds, with at most `max_tries` predicate calls. `fails(p)`
/// should hold on entry; the result is a program on which it still holds.
pub fn shrink(p: &Program, max_tries: usize, fails: &mut dyn FnMut(&Program) -> bool) -> Program {
    let mut best = p.clone();
    let mut tries = 0;
    let mut attempt = |cand: Program, best: &mut Program, tries: &mut usize| -> bool {
        if cand == *best || *tries >= max_tries {
            return false;
        }
        *tries += 1;
        if fails(&cand) {
            *best = cand;
            true
        } else {
            false
        }
    };
    loop {
        let mut progress = false;
        // Whole functions (with their calls), then the declarations' features.
        let mut f = 0;
        while f < best.funcs.len() {
            let mut cand = best.clone();
            let id = cand.funcs.remove(f).id;
            remove_calls(&mut cand.main, id);
            for g in &mut cand.funcs {
                remove_calls(&mut g.body, id);
            }
            if attempt(cand, &mut best, &mut tries) {
                progress = true;
            } else {
                f += 1;
            }
        }
        for flag in 0..3 {
            let mut cand = best.clone();
            match flag {
                0 => cand.lds = false,
                1 => cand.indexed = false,
                _ => cand.doubles = false,
            }
            progress |= attempt(cand, &mut best, &mut tries);
        }
        let mut n = 0;
        while n < total(&best) {
            let mut changed = false;
            for edit in 0..EDITS {
                let mut cand = best.clone();
                if apply(&mut cand, n, edit) && attempt(cand, &mut best, &mut tries) {
                    changed = true;
                    progress = true;
                    break;
                }
            }
            if !changed {
                n += 1;
            }
            if tries >= max_tries {
                return best;
            }
        }
        if !progress || tries >= max_tries {
            return best;
        }
    }
}

fn remove_calls(body: &mut Vec<Stmt>, id: u32) {
    body.retain(|s| *s != Stmt::Call(id));
    for s in body {
        for child in children(s) {
            remove_calls(child, id);
        }
    }
}

/// The statement lists directly inside `s`.
fn children(s: &mut Stmt) -> Vec<&mut Vec<Stmt>> {
    match s {
        Stmt::If { then, els, .. } => {
            let mut v = vec![then];
            if let Some(e) = els {
                v.push(e);
            }
            v
        }
        Stmt::Loop { body, .. } => vec![body],
        Stmt::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        _ => Vec::new(),
    }
}

/// Statements of the program in pre-order: main, then each function's body.
fn total(p: &Program) -> usize {
    crate::ast::count(&p.main)
        + p.funcs
            .iter()
            .map(|f| crate::ast::count(&f.body))
            .sum::<usize>()
}

/// Applies edit `edit` to the `n`-th statement (pre-order); false if it does not apply.
fn apply(p: &mut Program, mut n: usize, edit: usize) -> bool {
    let mut bodies: Vec<&mut Vec<Stmt>> = vec![&mut p.main];
    bodies.extend(p.funcs.iter_mut().map(|f| &mut f.body));
    for body in bodies {
        if let Some(done) = apply_in(body, &mut n, edit) {
            return done;
        }
    }
    false
}

/// `Some(result)` once the `n`-th statement was reached inside `body`.
fn apply_in(body: &mut Vec<Stmt>, n: &mut usize, edit: usize) -> Option<bool> {
    let mut i = 0;
    while i < body.len() {
        if *n == 0 {
            return Some(edit_at(body, i, edit));
        }
        *n -= 1;
        for child in children(&mut body[i]) {
            if let Some(done) = apply_in(child, n, edit) {
                return Some(done);
            }
        }
        i += 1;
    }
    None
}

fn simple_cond(c: &Cond) -> Option<Cond> {
    let simpler = Cond {
        op: None,
        a: Operand::Lit(0),
        b: Operand::Lit(0),
        zero: !c.zero,
    };
    (simpler != *c).then_some(simpler)
}

fn edit_at(body: &mut Vec<Stmt>, i: usize, edit: usize) -> bool {
    let s = body[i].clone();
    match edit {
        // Delete.
        0 => {
            body.remove(i);
            true
        }
        // Unwrap: one of the statement's blocks (then, else, body, a case) in its place.
        1..=4 => {
            let mut s = s;
            let mut blocks: Vec<Vec<Stmt>> =
                children(&mut s).into_iter().map(std::mem::take).collect();
            let k = edit - 1;
            if k >= blocks.len() {
                return false;
            }
            let inner = std::mem::take(&mut blocks[k]);
            body.splice(i..=i, inner);
            true
        }
        // Drop an else, a case, or make a loop's trip count fixed.
        5 => match &mut body[i] {
            Stmt::If { els, .. } if els.is_some() => {
                *els = None;
                true
            }
            Stmt::Switch { cases, .. } if cases.len() > 1 => {
                cases.pop();
                true
            }
            Stmt::Loop { trips, .. } if *trips != Trips::Fixed(1) => {
                *trips = Trips::Fixed(1);
                true
            }
            _ => false,
        },
        // Simplify: an op becomes a move of its first source; a condition becomes constant
        // (always true for if/break/continue/ret).
        6 => match &mut body[i] {
            Stmt::Op { op, dst, srcs } if *op != "mov" && !op.starts_with('d') && *op != "f2d" => {
                let first = srcs[0];
                let same_type = match first.var() {
                    Some(v) => v.ty() == dst.ty(),
                    None => !matches!(first, Operand::DLit(_)),
                };
                if !same_type {
                    return false;
                }
                *op = "mov";
                *srcs = vec![first];
                true
            }
            Stmt::If { cond, .. } => match simple_cond(cond) {
                Some(c) => {
                    *cond = c;
                    true
                }
                None => false,
            },
            Stmt::Break(Some(c)) | Stmt::Continue(Some(c)) | Stmt::Ret(Some(c)) => {
                match simple_cond(c) {
                    Some(nc) => {
                        *c = nc;
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        },
        // Sources to literals: the first, second, third.
        8..=10 => match &mut body[i] {
            Stmt::Op { op, dst, srcs } if !op.starts_with('d') && *op != "f2d" => {
                let k = edit - 8;
                let _ = dst;
                match srcs.get_mut(k) {
                    Some(o @ Operand::Var(_))
                        if !matches!(*op, "ftoi" | "ftou" | "itof" | "utof") =>
                    {
                        *o = Operand::Lit(0);
                        true
                    }
                    Some(Operand::Lit(l)) if *l != 0 => {
                        *l = 0;
                        true
                    }
                    _ => false,
                }
            }
            _ => false,
        },
        _ => false,
    }
}
