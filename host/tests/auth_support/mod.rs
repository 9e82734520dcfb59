//! What the sign-in tests (`auth.rs`, `auth_lockout.rs`) read back from storage.
#![allow(dead_code)]

use forecourt_host::db::Db;
use sqlx::Row;

/// The stored `sms_outbox` bodies of `phone`, oldest first.
pub async fn stored_bodies(db: &Db, phone: &str) -> Vec<String> {
    sqlx::query("SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id")
        .bind(phone)
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}
