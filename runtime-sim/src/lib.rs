//! The runtime of ilc: a driver-like API (device, memory objects, resources, dispatch), the IL
//! reference interpreter that executes the AST, and the device models that execute the bytes
//! the backends produce (decoded with the backends' `isa` modules, never with compiler data).
//!
//! - [`runtime`]: bindings, dispatch shapes, run reports and errors, shared by every device;
//! - [`interp`]: the IL reference interpreter (device `il`);
//! - [`accuracy`]: how closely a target must match the reference, per instruction;
//! - [`r600`]: the Cayman device model, executing Cayman program bytes.
//!
//! The Cayman and GCN device models come with issues #5 and #6.

/// The accuracy table lives with the semantics it bounds ([`il_semantics::accuracy`]): the
/// midend's constant folding needs it as much as the comparison does.
pub use il_semantics::accuracy;
pub mod gcn;
pub mod interp;
mod lane_bits;
pub mod r600;
pub mod runtime;

pub use interp::Interpreter;
pub use runtime::{Bindings, Device, Dispatch, Resource, RunError, RunReport, UavSize};
