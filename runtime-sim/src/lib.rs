//! The runtime of ilc: a driver-like API (device, memory objects, resources, dispatch), the IL
//! reference interpreter that executes the AST, and the device models that execute the bytes
//! the backends produce (decoded with the backends' `isa` modules, never with compiler data).
//!
//! This crate is filled by issue #3 (runtime API and reference interpreter), #5 (Cayman model)
//! and #6 (GCN model).
