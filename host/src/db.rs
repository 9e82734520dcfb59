//! Storage connection: one sqlx `AnyPool` over SQLite (default, WAL) or PostgreSQL, chosen by the
//! URL, with the matching migrations from `migrations/sqlite` or `migrations/postgres` applied at
//! start. Queries use `$N` placeholders, which both engines accept, so one set of queries serves
//! both (ARCHITECTURE.md "Storage").

use std::{path::Path, str::FromStr, time::Duration};

use sqlx::{
    AnyPool, ConnectOptions, Connection, Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Which engine a pool talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// SQLite file.
    Sqlite,
    /// PostgreSQL server.
    Postgres,
}

/// A connected, migrated database.
#[derive(Debug, Clone)]
pub struct Db {
    /// The pool every repository borrows from (reads, and single-statement writes).
    pub pool: AnyPool,
    /// The pool [`Db::begin_write`] takes its connection from. On SQLite it holds one
    /// connection: SQLite has one writer, so writers of this process queue here in arrival order
    /// (for up to [`WRITE_WAIT`]) without holding a connection of [`Db::pool`], and reads never
    /// wait behind them. On PostgreSQL it is [`Db::pool`] itself.
    pub write_pool: AnyPool,
    /// The engine behind it.
    pub engine: Engine,
    /// The last write probe ([`Db::check_writes`]): when, and its error if it failed.
    probe: std::sync::Arc<std::sync::Mutex<Option<LastProbe>>>,
}

/// The last write probe: when it ran and its error, if it failed.
type LastProbe = (std::time::Instant, Result<(), String>);

/// How long a write probe's answer stands ([`Db::check_writes`]): a probe writes at most this
/// often, whatever the rate readiness is asked at.
pub const PROBE_EVERY: Duration = Duration::from_secs(5);
/// The bytes a write probe writes: about a large lead with its outbox rows.
pub const PROBE_BYTES: usize = 64 << 10;

/// How long a write waits for SQLite's one writer before it fails: longer than any one write
/// transaction this project holds (an import applies its staged rows in chunks,
/// `stock::staging`), and below the 120 s a reverse proxy is documented to wait
/// (docs/operations.md "Behind nginx"), so a lead that arrives during an import waits rather
/// than fails.
pub const WRITE_WAIT: Duration = Duration::from_secs(60);

/// Storage errors at connect or migrate time.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The URL is neither `sqlite:` nor `postgres:`.
    #[error("database_url `{0}` must start with sqlite:// or postgres://")]
    Scheme(String),
    /// Cannot create the SQLite file's directory.
    #[error("cannot create the database directory {0}: {1}")]
    Dir(String, std::io::Error),
    /// Connect failed.
    #[error("cannot connect to the database: {0}")]
    Connect(#[source] sqlx::Error),
    /// A migration failed.
    #[error("database migration failed: {0}")]
    Migrate(#[source] sqlx::migrate::MigrateError),
}

impl Db {
    /// Connects to `url` (`sqlite://path/to/file.db` or `postgres://...`), creating the SQLite
    /// file and its directory when missing, and applies pending migrations.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let engine = if url.starts_with("sqlite:") {
            Engine::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Engine::Postgres
        } else {
            return Err(DbError::Scheme(url.to_string()));
        };
        let url = match engine {
            Engine::Sqlite => {
                let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
                let path = path.split('?').next().unwrap_or(path);
                if path != ":memory:"
                    && let Some(dir) = Path::new(path).parent()
                    && !dir.as_os_str().is_empty()
                {
                    std::fs::create_dir_all(dir).map_err(|e| DbError::Dir(dir.display().to_string(), e))?;
                }
                if url.contains('?') {
                    url.to_string()
                } else {
                    format!("{url}?mode=rwc")
                }
            }
            Engine::Postgres => url.to_string(),
        };
        let opts = AnyConnectOptions::from_str(&url)
            .map_err(DbError::Connect)?
            .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_secs(1));
        let pool = pool_options(
            engine,
            match engine {
                Engine::Sqlite => 4,
                Engine::Postgres => 16,
            },
        )
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(opts.clone())
        .await
        .map_err(DbError::Connect)?;
        let write_pool = match engine {
            Engine::Sqlite => pool_options(engine, 1)
                .acquire_timeout(WRITE_WAIT)
                .connect_with(opts)
                .await
                .map_err(DbError::Connect)?,
            Engine::Postgres => pool.clone(),
        };
        let migrator = match engine {
            Engine::Sqlite => &SQLITE_MIGRATIONS,
            Engine::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&pool).await.map_err(DbError::Migrate)?;
        Ok(Db {
            pool,
            write_pool,
            engine,
            probe: Default::default(),
        })
    }

    /// A `Db` over an existing `pool` of `engine`, used as it is: no migrations, no pragmas, and
    /// writes on the same pool (tests and tools that migrate or inspect a database themselves).
    pub fn from_pool(pool: AnyPool, engine: Engine) -> Db {
        Db {
            write_pool: pool.clone(),
            pool,
            engine,
            probe: Default::default(),
        }
    }

    /// A plain pool without migrations or pragmas (administrative use: creating databases).
    ///
    /// Errors: the connect error.
    pub async fn connect_raw(url: &str) -> Result<AnyPool, sqlx::Error> {
        sqlx::any::install_default_drivers();
        AnyPoolOptions::new().max_connections(1).connect(url).await
    }

    /// Begins a write transaction that never fails half-way for want of the write lock
    /// (ARCHITECTURE.md "Storage"; docs/features/platform.md "Stock import", "Leads").
    ///
    /// On SQLite it is `BEGIN IMMEDIATE` on [`Db::write_pool`]'s one connection: this process's
    /// writers queue for that connection in arrival order (up to [`WRITE_WAIT`]), then the one
    /// write lock is taken at the start, where the 10 s `busy_timeout` applies (another
    /// process's writer), instead of at the first write, where a deferred transaction whose
    /// snapshot went stale fails at once with `SQLITE_BUSY_SNAPSHOT` (code 517). A begin still
    /// refused as busy after the timeout is retried [`WRITE_BEGIN_RETRIES`] times, 50 ms apart.
    /// On PostgreSQL it is a plain `BEGIN` (row locks, no single writer).
    ///
    /// A write transaction must not begin another one before it ends: on SQLite the second
    /// would wait for the first's connection ([`WRITE_WAIT`], then fail).
    ///
    /// Errors: the storage error of the last attempt (busy after every retry, the queue's
    /// [`WRITE_WAIT`] passed (`PoolTimedOut`), or any other).
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        if self.engine == Engine::Postgres {
            return self.pool.begin().await;
        }
        let mut attempt = 0;
        loop {
            match self.write_pool.begin_with("BEGIN IMMEDIATE").await {
                Err(e) if is_busy(&e) && attempt < WRITE_BEGIN_RETRIES => {
                    attempt += 1;
                    tracing::warn!(attempt, "write lock busy, retrying the begin");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                other => return other,
            }
        }
    }

    /// Whether writes land (readiness, docs/operations.md "A full disk"): rewrites the one
    /// `write_probe` row with [`PROBE_BYTES`] bytes in a write transaction, at most once per
    /// [`PROBE_EVERY`] while writes land (the last success stands in between; after a failure
    /// every call probes again, so recovery shows at once). A probe that waits more than
    /// `wait` for the writer (an import holding it) counts as a success: the writer is busy,
    /// not failing.
    ///
    /// Errors: the storage error of the last probe (a full disk, a read-only file), as text.
    pub async fn check_writes(&self, wait: Duration) -> Result<(), String> {
        if let Some((at, Ok(()))) = self.probe.lock().expect("probe lock").as_ref()
            && at.elapsed() < PROBE_EVERY
        {
            return Ok(());
        }
        let write = async {
            let mut tx = self.begin_write().await?;
            sqlx::query(
                "INSERT INTO write_probe (id, at, pad) VALUES (1, $1, $2) \
                 ON CONFLICT (id) DO UPDATE SET at = excluded.at, pad = excluded.pad",
            )
            .bind(jiff::Timestamp::now().as_second())
            .bind(vec![0x5au8; PROBE_BYTES])
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        };
        let outcome = match tokio::time::timeout(wait, write).await {
            Ok(Ok(())) | Err(_) => Ok(()),
            Ok(Err(e)) if is_busy(&e) || matches!(e, sqlx::Error::PoolTimedOut) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
        };
        *self.probe.lock().expect("probe lock") = Some((std::time::Instant::now(), outcome.clone()));
        outcome
    }

    /// Answers `SELECT 1` (readiness).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

/// How many times [`Db::begin_write`] retries a SQLite begin refused as busy (each after a
/// 10 s `busy_timeout`, so about [`WRITE_WAIT`] in all: another process's import apply).
pub const WRITE_BEGIN_RETRIES: u32 = 5;

/// The options both pools share: at most `max` connections; SQLite's pragmas on connect (WAL,
/// foreign keys, a 10 s `busy_timeout`, `synchronous = NORMAL`); and no connection handed out
/// while still inside a transaction.
fn pool_options(engine: Engine, max: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max)
        // A connection still inside a transaction when it is handed out again is unusable:
        // after a COMMIT that failed for a full disk, SQLite has rolled back by itself, so the
        // ROLLBACK on drop fails too and every later `begin` on that connection fails ("begin_with
        // at non-zero transaction depth") until a restart. A dropped transaction's rollback
        // runs on the next use, so the connection is pinged first; one still in a transaction
        // is closed and the pool opens a fresh one.
        .before_acquire(|conn, _meta| {
            Box::pin(async move {
                if !conn.is_in_transaction() {
                    return Ok(true);
                }
                let _ = conn.ping().await;
                let usable = !conn.is_in_transaction();
                if !usable {
                    tracing::warn!("a pooled connection was left inside a failed transaction: closed");
                }
                Ok(usable)
            })
        })
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                if engine == Engine::Sqlite {
                    conn.execute(
                        "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL;",
                    )
                    .await?;
                }
                Ok(())
            })
        })
}

/// True when `e` is SQLite's "database is locked" family: `SQLITE_BUSY` (5) and its extended
/// codes (`BUSY_RECOVERY` 261, `BUSY_SNAPSHOT` 517, `BUSY_TIMEOUT` 773) or `SQLITE_LOCKED` (6).
/// Takes any storage error; returns false for every other error and for PostgreSQL's.
pub fn is_busy(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .and_then(|d| d.try_downcast_ref::<sqlx::sqlite::SqliteError>())
        .and_then(sqlx::error::DatabaseError::code)
        .and_then(|c| c.parse::<i64>().ok())
        .is_some_and(|c| matches!(c & 0xff, 5 | 6))
}

/// A query through the Any driver.
pub type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds a nullable `f64`.
///
/// sqlx 0.8.6's Any driver sends a NULL `f64` to PostgreSQL as a `float4` parameter (the Real and
/// Double arms of `AnyArguments` are swapped), so a statement first prepared with a NULL fails
/// ("incorrect binary data format") once a real `f64` is bound to it. A NULL is therefore bound
/// as `Option<f32>`, which the same swap sends as `float8`. Remove when sqlx fixes the mapping.
pub fn bind_opt_f64(q: AnyQuery<'_>, v: Option<f64>) -> AnyQuery<'_> {
    match v {
        Some(v) => q.bind(v),
        None => q.bind(Option::<f32>::None),
    }
}
