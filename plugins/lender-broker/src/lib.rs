//! # lender-broker
//!
//! Partner integrations `lender-integration` and `rego-lookup` (`forecourt:platform@0.2.0`) for a
//! finance broker's REST API (v2), over `wasi:http`. It exports `plugin`, `lender-integration` and
//! `rego-lookup` only: no pure point, so the tenant's calculator stays with its `finance-lender`
//! plugin or the host default. One info log line per call (context `lender-broker`: the call, the
//! status or error; never a shopper's details). No auth header: the host adds the credential the
//! tenant configures for the broker's origin.
//!
//! ## Config
//!
//! ```toml
//! [[plugins]]
//! name = "lender-broker"
//! config = { base_url = "https://api.broker.example", product = "car-loan" }
//! [plugins.capabilities]
//! logging = true
//! [plugins.capabilities.http]
//! allowed_outbound_hosts = ["https://api.broker.example"]
//! ```
//!
//! | key | default | meaning |
//! |---|---|---|
//! | `base_url` | required | the API's base (`https://`, or `http://127.0.0.1` / `http://localhost`); a trailing `/` is ignored |
//! | `product` | `car-loan` | the broker's product code, sent with quotes and applications |
//!
//! ## Calls
//!
//! * quote: `GET {base_url}/v2/quotes?product=..&amount=<price, whole dollars>&term_months=<years x 12>&credit=<great|decent|poor>`
//!   (`&year=`, `&vin=` when known) -> 200 `{"quote": {"repayment": {"weekly": "123.45"|null},
//!   "rates": {"annual_pct": "8.99", "comparison_pct": "9.45"}, "lender": "Broker Finance"}}`
//!   (figures are decimal strings) -> the quote; any other status or shape is `unavailable`.
//! * create-customer: `POST {base_url}/v2/applications` with `X-Request-Id: <idempotency key>` and
//!   `{"reference", "product", "applicant": {...}, "vehicle": {...}, "finance": {...}}` -> 201, or
//!   409 (already created for this request id), with a `Location` header -> that address (a
//!   path-only `Location` is resolved against `base_url`'s origin; the host checks it is https).
//!   201/409 without `Location` and 5xx are `unavailable`; any other 4xx is `refused`.
//! * rego: `GET {base_url}/v2/vehicles/{state}/{rego}` -> 200 `{"vehicle": {"make", "model",
//!   "year", "variant", "body_type", "colour", "vin", "nvic"}}` -> the vehicle (badge = variant,
//!   body = body_type); 204 or 404 `not-found`; anything else `unavailable`.

use forecourt_plugin_sdk::config::check_url;
use forecourt_plugin_sdk::http::{self, Request, Response, encode};
use forecourt_plugin_sdk::log;
use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;
use serde_json::json;

/// The log context of every line.
pub const LOG_CONTEXT: &str = "lender-broker";

/// The default product code.
pub const DEFAULT_PRODUCT: &str = "car-loan";

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub base_url: Option<String>,
    pub product: Option<String>,
}

/// The broker client, built once from its config.
#[derive(Debug)]
pub struct LenderBroker {
    /// The base URL without a trailing `/`.
    base: String,
    product: String,
}

impl Plugin for LenderBroker {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let base = c.base_url.ok_or("config.base_url: required (the broker API's https base URL)")?;
        check_url("base_url", &base)?;
        let base = base.trim_end_matches('/').to_string();
        if base.contains(['?', '#']) {
            return Err(format!("config.base_url: must have no query or fragment, got {base:?}"));
        }
        let product = c.product.unwrap_or_else(|| DEFAULT_PRODUCT.to_string());
        if product.is_empty()
            || product.len() > 64
            || !product
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        {
            return Err(format!(
                "config.product: must be 1 to 64 letters, digits, `-`, `_` or `.`, got {product:?}"
            ));
        }
        Ok(LenderBroker { base, product })
    }
}

/// `GREAT` -> `great`, `DECENT` -> `decent`, `POOR` -> `poor`.
pub fn credit_band(score: &str) -> Result<&'static str, PartnerError> {
    match score.to_ascii_uppercase().as_str() {
        "GREAT" => Ok("great"),
        "DECENT" => Ok("decent"),
        "POOR" => Ok("poor"),
        _ => Err(PartnerError::unavailable(format!("unknown credit score {score:?}"))),
    }
}

/// Whole dollars of an amount (AUD).
fn dollars(amount: f64) -> i64 {
    amount.round() as i64
}

/// A decimal string of the broker (`"8.99"`) as a number. Errors: `unavailable` naming the field.
fn decimal(field: &str, text: &str) -> Result<f64, PartnerError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| PartnerError::unavailable(format!("{field}: not a decimal: {text:?}")))
}

impl LenderBroker {
    /// The quote request for `q`.
    pub fn quote_request(&self, q: &QuoteRequest) -> Result<Request, PartnerError> {
        let mut url = format!(
            "{}/v2/quotes?product={}&amount={}&term_months={}&credit={}",
            self.base,
            encode(&self.product),
            dollars(q.purchase_price),
            q.loan_term * 12,
            credit_band(&q.self_assessed_credit_score)?
        );
        if let Some(year) = q.year {
            url.push_str(&format!("&year={year}"));
        }
        if let Some(vin) = &q.vin {
            url.push_str(&format!("&vin={}", encode(vin)));
        }
        Ok(Request::get(url).header("Accept", "application/json"))
    }

    /// The quote from the broker's answer.
    pub fn quote_answer(&self, res: Response) -> Result<LenderQuote, PartnerError> {
        if !res.is_success() {
            return Err(PartnerError::unavailable(format!("status {}", res.status)));
        }
        let q = res.json_object()?.object("quote")?;
        let rates = q.object("rates")?;
        Ok(LenderQuote {
            weekly_repayment: q
                .object("repayment")?
                .opt_str("weekly")?
                .map(|w| decimal("quote.repayment.weekly", &w))
                .transpose()?,
            advertised_rate: decimal("quote.rates.annual_pct", &rates.str("annual_pct")?)?,
            comparison_rate: decimal("quote.rates.comparison_pct", &rates.str("comparison_pct")?)?,
            lender_name: q.opt_str("lender")?.map(|l| l.trim().to_string()).filter(|l| !l.is_empty()),
        })
    }

    /// The create-application request for `app`.
    pub fn application_request(&self, app: &FinanceApplication) -> Result<Request, PartnerError> {
        let a = &app.applicant;
        let body = json!({
            "reference": app.lead_id,
            "product": self.product,
            "applicant": {
                "given_name": a.first_name,
                "family_name": a.last_name,
                "email": a.email,
                "mobile": a.phone,
                "postcode": a.post_code,
                "marketing_opt_in": a.subscribe,
            },
            "vehicle": {
                "vin": app.vin,
                "nvic": app.nvic,
                "year": app.year,
                "stock_number": app.stocknum,
            },
            "finance": {
                "amount": app.purchase_price.map(dollars),
                "term_months": app.loan_term * 12,
                "credit_band": credit_band(&app.self_assessed_credit_score)?,
            },
        });
        Ok(Request::post_json(format!("{}/v2/applications", self.base), &body)?
            .header("Accept", "application/json")
            .header("X-Request-Id", app.idempotency_key.as_str()))
    }

    /// The address to send the visitor to, from the broker's answer.
    pub fn application_answer(&self, res: Response) -> Result<String, PartnerError> {
        match res.status {
            201 | 409 => {}
            400..=499 => return Err(PartnerError::refused(format!("status {}", res.status))),
            s => return Err(PartnerError::unavailable(format!("status {s}"))),
        }
        let location = res.header("location").map(str::trim).filter(|l| !l.is_empty());
        match location {
            Some(l) if l.starts_with('/') && !l.starts_with("//") => Ok(format!("{}{l}", self.origin())),
            Some(l) => Ok(l.to_string()),
            None => Err(PartnerError::unavailable(format!(
                "status {} without a Location header",
                res.status
            ))),
        }
    }

    /// The lookup request for `reg`.
    pub fn rego_request(&self, reg: &Registration) -> Request {
        Request::get(format!("{}/v2/vehicles/{}/{}", self.base, encode(&reg.state), encode(&reg.rego))).header("Accept", "application/json")
    }

    /// The vehicle from the broker's answer.
    pub fn rego_answer(&self, res: Response) -> Result<RegisteredVehicle, PartnerError> {
        match res.status {
            200 => {}
            204 | 404 => return Err(PartnerError::NotFound),
            s => return Err(PartnerError::unavailable(format!("status {s}"))),
        }
        let v = res.json_object()?.object("vehicle")?;
        Ok(RegisteredVehicle {
            make: v.str("make")?,
            model: v.str("model")?,
            year: v.u32("year")?,
            badge: v.opt_str("variant")?,
            body: v.opt_str("body_type")?,
            colour: v.opt_str("colour")?,
            vin: v.opt_str("vin")?,
            nvic: v.opt_str("nvic")?,
        })
    }

    /// `scheme://authority` of the base URL.
    fn origin(&self) -> &str {
        let after_scheme = self.base.find("://").map_or(0, |i| i + 3);
        let end = self.base[after_scheme..].find('/').map_or(self.base.len(), |i| after_scheme + i);
        &self.base[..end]
    }
}

/// Builds the request, sends it and reads the answer, logging one line: `<call> <METHOD> <path>:
/// <status or error>` (the query is left out: it carries the shopper's VIN and amount).
fn call<T>(
    name: &str,
    request: Result<Request, PartnerError>,
    answer: impl FnOnce(Response) -> Result<T, PartnerError>,
) -> Result<T, PartnerError> {
    let req = match request {
        Ok(req) => req,
        Err(e) => {
            log::info(LOG_CONTEXT, &format!("{name}: not sent: {e:?}"));
            return Err(e);
        }
    };
    let path = http::split_url(&req.url)
        .map(|u| u.path_with_query.split('?').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    let res = http::send(&req);
    let outcome = match &res {
        Ok(r) => format!("status {}", r.status),
        Err(e) => format!("error {e}"),
    };
    log::info(LOG_CONTEXT, &format!("{name} {} {path}: {outcome}", req.method));
    answer(res?)
}

impl LenderIntegration for LenderBroker {
    fn quote(&self, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        call("quote", self.quote_request(req), |res| self.quote_answer(res))
    }

    fn create_customer(&self, app: &FinanceApplication) -> Result<String, PartnerError> {
        call("create-customer", self.application_request(app), |res| self.application_answer(res))
    }
}

impl RegoLookup for LenderBroker {
    fn lookup(&self, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
        call("rego-lookup", Ok(self.rego_request(reg)), |res| self.rego_answer(res))
    }
}

forecourt_plugin_sdk::export_plugin!(LenderBroker: LenderIntegration, RegoLookup);

#[cfg(test)]
mod tests {
    use forecourt_plugin_sdk::http::{HttpError, Method};
    use forecourt_plugin_sdk::testing::{self, Harness, MockHttp};
    use serde_json::{Value, json};

    use super::*;

    fn broker() -> Harness<LenderBroker> {
        Harness::<LenderBroker>::new(r#"{"base_url": "https://api.broker.example/"}"#).unwrap()
    }

    fn quote_json(weekly: Value) -> Value {
        json!({"quote": {"repayment": {"weekly": weekly}, "rates": {"annual_pct": "8.99", "comparison_pct": "9.45"}, "lender": "Broker Finance"}})
    }

    #[test]
    fn config_needs_a_base_url_and_a_sane_product() {
        for (config, want) in [
            ("{}", "config.base_url: required"),
            (
                r#"{"base_url": "http://api.broker.example"}"#,
                "config.base_url: must be an https URL",
            ),
            (
                r#"{"base_url": "https://api.broker.example?x=1"}"#,
                "config.base_url: must have no query",
            ),
            (
                r#"{"base_url": "https://api.broker.example", "product": "car loan"}"#,
                "config.product: must be",
            ),
            (
                r#"{"base_url": "https://api.broker.example", "token": "s3cret"}"#,
                "config.token: unknown field `token`",
            ),
        ] {
            let e = Harness::<LenderBroker>::new(config).err().unwrap();
            assert!(e.starts_with(want), "{config}: {e}");
        }
        let h = Harness::<LenderBroker>::new(r#"{"base_url": "http://127.0.0.1:9000/api", "product": "ev-loan"}"#).unwrap();
        assert_eq!(h.plugin().base, "http://127.0.0.1:9000/api");
        assert_eq!(h.plugin().origin(), "http://127.0.0.1:9000");
        assert_eq!(broker().plugin().product, "car-loan");
    }

    #[test]
    fn quote_asks_with_a_get_and_reads_decimal_strings() {
        let mock = MockHttp::always(Response::with_json(200, &quote_json(json!("123.45"))));
        let q = QuoteRequest {
            purchase_price: 29_999.5,
            ..testing::quote_request()
        };
        assert_eq!(
            broker().quote(&q).unwrap(),
            LenderQuote {
                weekly_repayment: Some(123.45),
                advertised_rate: 8.99,
                comparison_rate: 9.45,
                lender_name: Some("Broker Finance".into())
            }
        );
        let req = mock.only_request();
        assert_eq!(req.method, Method::Get);
        assert_eq!(
            req.url,
            "https://api.broker.example/v2/quotes?product=car-loan&amount=30000&term_months=60&credit=great&year=2021&vin=JTDBR32E720123456"
        );
        assert!(req.body.is_empty());
        assert_eq!(req.header_value("authorization"), None);
        drop(mock);

        let mock = MockHttp::always(Response::with_json(200, &quote_json(Value::Null)));
        let q = QuoteRequest {
            self_assessed_credit_score: "POOR".into(),
            loan_term: 3,
            purchase_price: 12_345.49,
            year: None,
            vin: None,
            ..testing::quote_request()
        };
        assert_eq!(broker().quote(&q).unwrap().weekly_repayment, None);
        assert_eq!(
            mock.only_request().url,
            "https://api.broker.example/v2/quotes?product=car-loan&amount=12345&term_months=36&credit=poor"
        );
    }

    #[test]
    fn quote_failures_are_unavailable() {
        let cases: Vec<(Result<Response, HttpError>, &str)> = vec![
            (Ok(Response::new(500)), "status 500"),
            (Ok(Response::new(404)), "status 404"),
            (Ok(Response::new(302).with_header("location", "https://x.example/")), "status 302"),
            (Ok(Response::with_json(200, &quote_json(json!(123.45)))), "invalid-json"),
            (
                Ok(Response::with_json(200, &quote_json(json!("12,3")))),
                "quote.repayment.weekly: not a decimal",
            ),
            (
                Ok(Response::with_json(
                    200,
                    &json!({"quote": {"repayment": {}, "rates": {"annual_pct": "NaN", "comparison_pct": "1"}}}),
                )),
                "quote.rates.annual_pct: not a decimal",
            ),
            (
                Ok(Response::with_json(
                    200,
                    &json!({"quote": {"repayment": {}, "rates": {"annual_pct": "180", "comparison_pct": "1"}}}),
                )),
                "out of range",
            ),
            (Ok(Response::with_json(200, &json!({"rates": {}}))), "invalid-json"),
            (Err(HttpError::new("HTTP-request-denied", None)), "HTTP-request-denied"),
            (Err(HttpError::new("connection-read-timeout", None)), "connection-read-timeout"),
        ];
        for (answer, want) in cases {
            let _mock = MockHttp::new(move |_| answer.clone());
            match broker().quote(&testing::quote_request()) {
                Err(PartnerError::Unavailable(why)) => assert!(why.contains(want), "{want}: {why}"),
                other => panic!("{want}: {other:?}"),
            }
        }
        let _mock = MockHttp::always(Response::with_json(200, &quote_json(json!("1"))));
        let bad = QuoteRequest {
            self_assessed_credit_score: "SUPERB".into(),
            ..testing::quote_request()
        };
        assert!(matches!(broker().quote(&bad), Err(PartnerError::Unavailable(w)) if w.contains("unknown credit score")));
        assert!(_mock.requests().is_empty());
    }

    #[test]
    fn create_customer_posts_the_application_with_the_request_id() {
        let mock = MockHttp::always(Response::new(201).with_header("location", "https://apply.broker.example/a/9"));
        let app = testing::finance_application();
        assert_eq!(broker().create_customer(&app).unwrap(), "https://apply.broker.example/a/9");
        let req = mock.only_request();
        assert_eq!(
            (req.method, req.url.as_str()),
            (Method::Post, "https://api.broker.example/v2/applications")
        );
        assert_eq!(req.header_value("x-request-id"), Some("idem-0001"));
        assert_eq!(req.header_value("content-type"), Some("application/json"));
        assert_eq!(req.header_value("authorization"), None);
        assert_eq!(
            req.json::<Value>().unwrap(),
            json!({
                "reference": "4f1c2d3e-0000-4000-8000-000000000001",
                "product": "car-loan",
                "applicant": {"given_name": "Jane", "family_name": "Citizen", "email": "jane@example.com",
                              "mobile": "0412345678", "postcode": "4000", "marketing_opt_in": true},
                "vehicle": {"vin": "JTDBR32E720123456", "nvic": "ABC123", "year": 2021, "stock_number": "STK0001"},
                "finance": {"amount": 30000, "term_months": 60, "credit_band": "great"},
            })
        );
        drop(mock);

        let mock = MockHttp::always(Response::new(409).with_header("Location", "/a/9"));
        let bare = FinanceApplication {
            applicant: Applicant {
                first_name: "Jo".into(),
                last_name: None,
                email: None,
                phone: None,
                post_code: None,
                subscribe: false,
            },
            self_assessed_credit_score: "DECENT".into(),
            purchase_price: None,
            loan_term: 7,
            year: None,
            vin: None,
            nvic: None,
            stocknum: None,
            ..testing::finance_application()
        };
        assert_eq!(broker().create_customer(&bare).unwrap(), "https://api.broker.example/a/9");
        let body: Value = mock.only_request().json().unwrap();
        assert_eq!(
            body["applicant"],
            json!({"given_name": "Jo", "family_name": null, "email": null, "mobile": null, "postcode": null, "marketing_opt_in": false})
        );
        assert_eq!(
            body["vehicle"],
            json!({"vin": null, "nvic": null, "year": null, "stock_number": null})
        );
        assert_eq!(body["finance"], json!({"amount": null, "term_months": 84, "credit_band": "decent"}));
    }

    #[test]
    fn create_customer_maps_answers() {
        let cases: Vec<(Response, Result<String, PartnerError>)> = vec![
            (
                Response::new(201),
                Err(PartnerError::Unavailable("status 201 without a Location header".into())),
            ),
            (
                Response::new(409),
                Err(PartnerError::Unavailable("status 409 without a Location header".into())),
            ),
            (Response::new(400), Err(PartnerError::Refused("status 400".into()))),
            (Response::new(422), Err(PartnerError::Refused("status 422".into()))),
            (Response::new(500), Err(PartnerError::Unavailable("status 500".into()))),
            (Response::new(503), Err(PartnerError::Unavailable("status 503".into()))),
            (
                Response::new(200).with_header("location", "https://x.example/"),
                Err(PartnerError::Unavailable("status 200".into())),
            ),
            (
                Response::new(303).with_header("location", "https://x.example/"),
                Err(PartnerError::Unavailable("status 303".into())),
            ),
            // Not https: answered as given; the host judges it.
            (
                Response::new(201).with_header("location", "http://apply.broker.example/a/1"),
                Ok("http://apply.broker.example/a/1".into()),
            ),
        ];
        for (res, want) in cases {
            let status = res.status;
            let _mock = MockHttp::always(res);
            assert_eq!(broker().create_customer(&testing::finance_application()), want, "status {status}");
        }
        let _mock = MockHttp::failing(HttpError::new("HTTP-response-body-size", Some("262144".into())));
        assert_eq!(
            broker().create_customer(&testing::finance_application()),
            Err(PartnerError::Unavailable("HTTP-response-body-size: 262144".into()))
        );
    }

    #[test]
    fn rego_gets_the_vehicle() {
        let mock = MockHttp::always(Response::with_json(
            200,
            &json!({"vehicle": {"make": "Mazda", "model": "CX-5", "year": 2020, "variant": "Maxx Sport", "body_type": "Wagon",
                                "colour": "Red", "vin": "JM0KF4W7A00000000", "nvic": null}}),
        ));
        let reg = Registration {
            rego: "1ABC23".into(),
            state: "VIC".into(),
        };
        assert_eq!(
            broker().lookup(&reg).unwrap(),
            RegisteredVehicle {
                make: "Mazda".into(),
                model: "CX-5".into(),
                year: 2020,
                badge: Some("Maxx Sport".into()),
                body: Some("Wagon".into()),
                colour: Some("Red".into()),
                vin: Some("JM0KF4W7A00000000".into()),
                nvic: None
            }
        );
        let req = mock.only_request();
        assert_eq!(
            (req.method, req.url.as_str()),
            (Method::Get, "https://api.broker.example/v2/vehicles/VIC/1ABC23")
        );
        assert_eq!(req.header_value("authorization"), None);
    }

    #[test]
    fn rego_maps_answers() {
        let cases: Vec<(Result<Response, HttpError>, PartnerError)> = vec![
            (Ok(Response::new(204)), PartnerError::NotFound),
            (Ok(Response::new(404)), PartnerError::NotFound),
            (Ok(Response::new(500)), PartnerError::Unavailable("status 500".into())),
            (Ok(Response::new(401)), PartnerError::Unavailable("status 401".into())),
            (Ok(Response::new(201)), PartnerError::Unavailable("status 201".into())),
            (
                Err(HttpError::new("DNS-error", None)),
                PartnerError::Unavailable("DNS-error".into()),
            ),
        ];
        for (answer, want) in cases {
            let _mock = MockHttp::new(move |_| answer.clone());
            assert_eq!(broker().lookup(&testing::registration()).unwrap_err(), want);
        }
        let _mock = MockHttp::always(Response::with_json(
            200,
            &json!({"vehicle": {"make": "Mazda", "model": "CX-5", "year": "2020"}}),
        ));
        assert!(matches!(broker().lookup(&testing::registration()), Err(PartnerError::Unavailable(w)) if w.starts_with("invalid-json")));
    }
}
