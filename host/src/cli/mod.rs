//! Subcommands of the `forecourt` binary that have more to them than a few lines of `main.rs`.
//!
//! * [`plugin_kit`]: `forecourt plugin new | run | sample-cars`, the partner kit for writing a
//!   tenant plugin (`plugins/README.md`).
//! * [`readiness`]: the table `forecourt readiness` prints.

pub mod plugin_kit;
pub mod readiness;
