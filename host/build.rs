//! Rebuilds the host when a migration is added or changed: `sqlx::migrate!` (host/src/db.rs)
//! embeds `migrations/` at compile time, and cargo does not watch that folder by itself (the
//! build script sqlx's documentation gives for `migrate!`).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
