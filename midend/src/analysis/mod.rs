//! The analyses both backends and the passes need, computed from the region tree and the
//! terminators of a function:
//!
//! - [`cfg`](mod@cfg): successors, predecessors and reverse postorder of the tree's blocks;
//! - [`structure`]: where each block sits in the tree (what follows it, its innermost loop
//!   and `if` arm), with the tree's shape checked;
//! - [`dominators`]: the dominator tree;
//! - [`loops`]: loop nesting;
//! - [`liveness`]: live-in and live-out values per block;
//! - [`uniformity`]: which values and branches are the same across a wavefront.
//!
//! They expect a function the verifier accepts. On one it rejects they still return
//! (never panic): blocks and values that do not exist are skipped, and uniformity falls
//! back to "divergent".

pub mod cfg;
pub mod dominators;
pub mod liveness;
pub mod loops;
pub mod structure;
#[cfg(test)]
pub(crate) mod testutil;
pub mod uniformity;

pub use cfg::Cfg;
pub use dominators::Dominators;
pub use liveness::{Liveness, ValueSet};
pub use loops::{Loop, LoopData, LoopInfo};
pub use structure::{Arm, If, IfData, Next, Place, Structure, TreeError};
pub use uniformity::Uniformity;
