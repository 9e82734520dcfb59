//! The partner kit (`plugins/README.md` "From the template to a plugin on a local tenant"):
//!
//! * `forecourt plugin new <name> --point <point>` ([`new`]): `plugins/<name>` from the template
//!   of one extension point, added to the plugins workspace, green under `cargo test` at once;
//! * `forecourt plugin run <component.wasm> --point <point> ...` ([`run`]): one call of a built
//!   component under the host's real runtime and limits, printing the answer and what the call
//!   used (time, memory peak, answer size, fuel) against the limits; non-zero exit on a failure,
//!   naming its kind;
//! * `forecourt plugin sample-cars --tenant <slug>` ([`sample`]): real input cars from a tenant's
//!   demo stock, in the JSON form the runner reads ([`input`]).
//!
//! [`command`] holds the clap subcommands and dispatches them.

pub mod command;
pub mod input;
pub mod new;
pub mod run;
pub mod sample;

pub use command::{PluginCommand, run_command};
