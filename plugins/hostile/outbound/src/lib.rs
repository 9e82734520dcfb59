//! Hostile test plugin: a `lender-integration` (`forecourt:platform@0.2.0`) whose `quote` makes
//! outbound requests that probe the host's `wasi:http` limits (plugins/hostile/README.md): origins
//! not granted, redirects, the request cap per call, the response body cap and the timeout.
//!
//! ```toml
//! config = { mode = "follow", url = "http://127.0.0.1:9000/redirect" }
//! ```
//!
//! `quote`, by `mode`:
//! - `fetch`: `GET url` once; 2xx answers a fixed valid quote (weekly 100, rates 5 / 6), any other
//!   status `unavailable("status N")`, a failed request `unavailable(<the error>)` (for example
//!   `HTTP-request-denied` for an origin the tenant does not grant, `connection-read-timeout`);
//! - `follow`: `GET url` and follow up to 5 redirects itself by their absolute `Location` header
//!   (what the host never does for it): a failed hop answers `unavailable(<the error>)`, a 2xx
//!   the valid quote, anything else `unavailable` with the status;
//! - `flood`: `GET url` 50 times, ignoring every answer and error, then `unavailable("flooded")`
//!   (the host's `max_requests` must stop it after the cap);
//! - `huge`: `GET url` once; `unavailable("<N> bytes")` with the body length it received, or
//!   `unavailable(<the error>)` (`HTTP-response-body-size` when the host cut the body);
//! - `headers`: `GET url` with [`MANY_HEADERS`] distinct header names (more than the host
//!   allows a call); `unavailable(<the error>)` when the host refused them;
//! - `fat`: `GET url` with [`FAT_HEADERS`] header values of [`FAT_HEADER_BYTES`] each (few
//!   fields, many bytes: more than the host lets a call's header fields hold, so the host must
//!   refuse them as the fields are made, not when the request is sent);
//! - `body`: `POST url` with a [`BIG_BODY`]-byte body; `unavailable(<the error>)` when refused;
//! - `fill`: no request; fills a 4 MiB buffer with `memory.fill` forever (one fuel unit per
//!   fill, so fuel barely moves: the host's epoch interruption must yield and cut it).
//!
//! `create-customer` is `not-offered`. It uses the SDK (whose http client follows nothing and
//! caps nothing itself), so every limit seen is the host's.

use forecourt_plugin_sdk::http::{self, Request, Response};
use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// How `quote` misbehaves.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    Fetch,
    Follow,
    Flood,
    Huge,
    Headers,
    Fat,
    Body,
    Fill,
}

/// The config: `{"mode": "...", "url": "..."}`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub mode: Mode,
    pub url: Option<String>,
}

pub struct Outbound {
    mode: Mode,
    url: String,
}

/// Redirects `follow` takes at most.
pub const MAX_REDIRECTS: usize = 5;

/// Requests `flood` sends.
pub const FLOOD: usize = 50;

/// Header names `headers` sends.
pub const MANY_HEADERS: usize = 1_000;

/// Header values `fat` sends.
pub const FAT_HEADERS: usize = 8;

/// Bytes of each header value `fat` sends (64 KiB).
pub const FAT_HEADER_BYTES: usize = 64 << 10;

/// Body bytes `body` sends (2 MiB).
pub const BIG_BODY: usize = 2 << 20;

/// Bytes `fill` writes per `memory.fill`.
pub const FILL_BYTES: usize = 4 << 20;

/// `fill`'s loop: one bulk `memory.fill` of [`FILL_BYTES`] per turn, forever.
fn fill_forever() -> ! {
    let mut buf = vec![0u8; FILL_BYTES];
    let mut n: u8 = 0;
    loop {
        n = n.wrapping_add(1);
        // SAFETY: writes the buffer's own FILL_BYTES bytes; black_box keeps the write.
        unsafe { core::ptr::write_bytes(core::hint::black_box(buf.as_mut_ptr()), n, FILL_BYTES) };
        core::hint::black_box(&mut buf);
    }
}

impl Plugin for Outbound {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let url = c.url.ok_or("config.url: required")?;
        http::split_url(&url).map_err(|e| format!("config.url: {e}"))?;
        Ok(Outbound { mode: c.mode, url })
    }
}

fn good_quote() -> LenderQuote {
    LenderQuote {
        weekly_repayment: Some(100.0),
        advertised_rate: 5.0,
        comparison_rate: 6.0,
        lender_name: Some("Hostile Outbound".into()),
    }
}

fn status(res: &Response) -> PartnerError {
    PartnerError::unavailable(format!("status {}", res.status))
}

impl LenderIntegration for Outbound {
    fn quote(&self, _req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        match self.mode {
            Mode::Fetch => {
                let res = http::send(&Request::get(&self.url))?;
                if res.is_success() { Ok(good_quote()) } else { Err(status(&res)) }
            }
            Mode::Follow => {
                let mut url = self.url.clone();
                for _ in 0..=MAX_REDIRECTS {
                    let res = http::send(&Request::get(&url))?;
                    if res.is_success() {
                        return Ok(good_quote());
                    }
                    match res.header("location") {
                        Some(next) if (300..400).contains(&res.status) => url = next.to_string(),
                        _ => return Err(status(&res)),
                    }
                }
                Err(PartnerError::unavailable(format!("more than {MAX_REDIRECTS} redirects")))
            }
            Mode::Flood => {
                for _ in 0..FLOOD {
                    let _ = http::send(&Request::get(&self.url));
                }
                Err(PartnerError::unavailable("flooded"))
            }
            Mode::Huge => {
                let res = http::send(&Request::get(&self.url))?;
                Err(PartnerError::unavailable(format!("{} bytes", res.body.len())))
            }
            Mode::Headers => {
                let mut req = Request::get(&self.url);
                for i in 0..MANY_HEADERS {
                    req = req.header(format!("x-h{i}"), "1");
                }
                let res = http::send(&req)?;
                Err(status(&res))
            }
            Mode::Fat => {
                let mut req = Request::get(&self.url);
                for i in 0..FAT_HEADERS {
                    req = req.header(format!("x-fat{i}"), "f".repeat(FAT_HEADER_BYTES));
                }
                let res = http::send(&req)?;
                Err(status(&res))
            }
            Mode::Body => {
                let res = http::send(&Request::new(http::Method::Post, &self.url).body(vec![b'x'; BIG_BODY]))?;
                Err(status(&res))
            }
            Mode::Fill => fill_forever(),
        }
    }
}

forecourt_plugin_sdk::export_plugin!(Outbound: LenderIntegration);

#[cfg(test)]
mod tests {
    use forecourt_plugin_sdk::http::HttpError;
    use forecourt_plugin_sdk::testing::{self, Harness, MockHttp};

    use super::*;

    fn harness(mode: &str, url: &str) -> Harness<Outbound> {
        Harness::<Outbound>::new(&format!(r#"{{"mode": "{mode}", "url": "{url}"}}"#)).unwrap()
    }

    #[test]
    fn modes() {
        let q = testing::quote_request();
        {
            let _m = MockHttp::always(Response::new(200));
            assert_eq!(harness("fetch", "https://a.example/").quote(&q), Ok(good_quote()));
        }
        {
            let _m = MockHttp::failing(HttpError::new("HTTP-request-denied", None));
            assert_eq!(
                harness("fetch", "https://a.example/").quote(&q),
                Err(PartnerError::Unavailable("HTTP-request-denied".into()))
            );
        }
        {
            let m = MockHttp::new(|req| {
                let n: usize = req.url.rsplit('/').next().unwrap().parse().unwrap();
                Ok(if n < 3 {
                    Response::new(302).with_header("location", format!("https://a.example/{}", n + 1))
                } else {
                    Response::new(200)
                })
            });
            assert_eq!(harness("follow", "https://a.example/0").quote(&q), Ok(good_quote()));
            assert_eq!(m.requests().len(), 4);
        }
        {
            let m = MockHttp::always(Response::new(301).with_header("location", "https://a.example/loop"));
            assert_eq!(
                harness("follow", "https://a.example/loop").quote(&q),
                Err(PartnerError::Unavailable("more than 5 redirects".into()))
            );
            assert_eq!(m.requests().len(), 6);
        }
        {
            let m = MockHttp::failing(HttpError::new("HTTP-request-denied", None));
            assert_eq!(
                harness("flood", "https://a.example/").quote(&q),
                Err(PartnerError::Unavailable("flooded".into()))
            );
            assert_eq!(m.requests().len(), 50);
        }
        {
            let _m = MockHttp::always(Response::new(200).with_body(vec![b'x'; 1000]));
            assert_eq!(
                harness("huge", "https://a.example/").quote(&q),
                Err(PartnerError::Unavailable("1000 bytes".into()))
            );
        }
        assert_eq!(
            harness("fetch", "https://a.example/").create_customer(&testing::finance_application()),
            Err(PartnerError::NotOffered)
        );
        assert!(Harness::<Outbound>::new(r#"{"mode": "fetch"}"#).is_err());
    }
}
