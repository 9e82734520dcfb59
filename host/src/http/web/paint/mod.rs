//! The first paint written by the host (ARCHITECTURE.md "HTML documents and SEO"): the markup of
//! the shell's header and of the page's first screen (SRP, VDP, home), from the same inline data
//! the shell's React components read and in their markup and classes, so a shopper, a crawler or
//! a browser without JavaScript sees prices, buttons and filters, and React's first render
//! replaces it without moving anything.

pub mod app;
pub mod home;
pub mod html;
pub mod srp;
pub mod vdp;
