//! The shared middle of ilc: a scalar SSA IR built from the IL AST, structurization of IL's
//! structured control flow into single-entry/single-exit regions, the analyses both backends
//! need (dominators, loops, liveness, uniformity) and the optimization passes, each followed
//! by a verifier.
//!
//! This crate is filled by issue #4. It depends only on `il-frontend`; the backends depend on
//! it, never the other way round.
