//! The machine targets as the driver uses them: compiling an IL program through the midend
//! and a backend, and running the result on the target's device model with the launch ABI
//! of `docs/abi.md`.

pub mod cayman;
pub mod gfx906;
