//! The partner integrations of lender-standard (`forecourt:platform@0.2.0`): the lender's quote
//! and create-customer calls (`lender-integration`) and a registration lookup (`rego-lookup`),
//! each a JSON POST to the URL in the config, in exactly the shapes the host used before plugins
//! made them (docs/features/shopper-core.md §7, §9; docs/features/locations-forms-marketing.md §7-§8;
//! docs/features/platform.md "Leads"). A missing URL makes that call `not-offered`. The plugin sets
//! no auth header: the host adds the credential the tenant configures for the origin.
//!
//! * quote: `POST quote_url` `{selfAssessedCreditScore, purchasePrice, loanTerm, year, vin, nvic,
//!   whoIsHelping}` (every key, null when absent) -> 2xx `{weeklyRepaymentAmount: number|null,
//!   advertisedRate, comparisonRate}`; anything else is `unavailable`.
//! * create-customer: `POST application_url` with `Idempotency-Key: <idempotency-key>` and
//!   `{data: {nvic, vin, selfAssessedCreditScore, purchasePrice, year, loanTerm, phoneNumber,
//!   firstName, lastName, email, subscribe, postCode}, additionalData: <the lead>}` -> 2xx
//!   `{redirectUrl}`: the address as given (the host checks it is https and answers the spec's
//!   "no redirect URL received" otherwise, an empty one when it is missing or blank); 4xx is `refused("status N")`, any other status `unavailable("status N")`.
//! * rego: `POST rego_url` `{rego, state}` -> 404 `not-found`; 2xx `{make, model, year, badge?,
//!   body?, colour?, vin?, nvic?}`: the vehicle (the host trims it and checks the year); anything
//!   else `unavailable`.

use forecourt_plugin_sdk::config::check_url;
use forecourt_plugin_sdk::http::{self, Method, Request, Response};
use forecourt_plugin_sdk::prelude::*;
use serde::Serialize;

/// The partner endpoints from the config; `None`: the call is not offered.
#[derive(Debug, Default, Clone)]
pub struct Endpoints {
    pub quote_url: Option<String>,
    pub application_url: Option<String>,
    pub rego_url: Option<String>,
}

impl Endpoints {
    /// Checks each given URL (https, or plain http to 127.0.0.1 / localhost); the error names the field.
    pub fn new(quote_url: Option<String>, application_url: Option<String>, rego_url: Option<String>) -> Result<Self> {
        for (name, url) in [
            ("quote_url", &quote_url),
            ("application_url", &application_url),
            ("rego_url", &rego_url),
        ] {
            if let Some(url) = url {
                check_url(name, url)?;
            }
        }
        Ok(Endpoints {
            quote_url,
            application_url,
            rego_url,
        })
    }
}

/// The quote body (docs/features/shopper-core.md §7 `POST /api/youx/quote`).
#[derive(Debug, Serialize)]
struct QuoteBody<'a> {
    #[serde(rename = "selfAssessedCreditScore")]
    score: &'a str,
    #[serde(rename = "purchasePrice")]
    price: f64,
    #[serde(rename = "loanTerm")]
    term: u32,
    year: Option<i32>,
    vin: Option<&'a str>,
    nvic: Option<&'a str>,
    #[serde(rename = "whoIsHelping")]
    who_is_helping: Option<&'a str>,
}

/// `unavailable("status N")` unless `res` is 2xx.
fn success(res: Response) -> Result<Response, PartnerError> {
    if res.is_success() {
        Ok(res)
    } else {
        Err(PartnerError::unavailable(format!("status {}", res.status)))
    }
}

/// `request`'s quote request body.
pub fn quote_request(url: &str, q: &QuoteRequest) -> Result<Request, PartnerError> {
    let body = QuoteBody {
        score: &q.self_assessed_credit_score,
        price: q.purchase_price,
        term: q.loan_term,
        year: q.year,
        vin: q.vin.as_deref(),
        nvic: q.nvic.as_deref(),
        who_is_helping: q.who_is_helping.as_deref(),
    };
    Ok(Request::post_json(url, &body)?)
}

/// The lender's quote from its answer.
pub fn quote_answer(res: Response) -> Result<LenderQuote, PartnerError> {
    let a = success(res)?.json_object()?;
    Ok(LenderQuote {
        weekly_repayment: a.opt_f64("weeklyRepaymentAmount")?,
        advertised_rate: a.f64("advertisedRate")?,
        comparison_rate: a.f64("comparisonRate")?,
        lender_name: None,
    })
}

/// The create-customer `data` (docs/features/locations-forms-marketing.md §7).
#[derive(Debug, Serialize)]
struct ApplicationData<'a> {
    nvic: Option<&'a str>,
    vin: Option<&'a str>,
    #[serde(rename = "selfAssessedCreditScore")]
    score: &'a str,
    #[serde(rename = "purchasePrice")]
    price: Option<f64>,
    year: Option<i32>,
    #[serde(rename = "loanTerm")]
    term: u32,
    #[serde(rename = "phoneNumber")]
    phone: Option<&'a str>,
    #[serde(rename = "firstName")]
    first_name: &'a str,
    #[serde(rename = "lastName")]
    last_name: Option<&'a str>,
    email: Option<&'a str>,
    subscribe: bool,
    #[serde(rename = "postCode")]
    post_code: Option<&'a str>,
}

/// The create-customer request for `app`: `{"data": {...}, "additionalData": <the lead JSON as given>}`.
pub fn application_request(url: &str, app: &FinanceApplication) -> Result<Request, PartnerError> {
    let lead = app.lead_json.trim();
    let is_object = lead.starts_with('{') && serde_json::from_str::<serde::de::IgnoredAny>(lead).is_ok();
    if !is_object {
        return Err(PartnerError::unavailable("the lead JSON is not an object"));
    }
    let a = &app.applicant;
    let data = ApplicationData {
        nvic: app.nvic.as_deref(),
        vin: app.vin.as_deref(),
        score: &app.self_assessed_credit_score,
        price: app.purchase_price,
        year: app.year,
        term: app.loan_term,
        phone: a.phone.as_deref(),
        first_name: &a.first_name,
        last_name: a.last_name.as_deref(),
        email: a.email.as_deref(),
        subscribe: a.subscribe,
        post_code: a.post_code.as_deref(),
    };
    let data = serde_json::to_string(&data).map_err(PartnerError::unavailable)?;
    let body = format!(r#"{{"data":{data},"additionalData":{lead}}}"#);
    Ok(Request::new(Method::Post, url)
        .header("Content-Type", "application/json")
        .header("Idempotency-Key", app.idempotency_key.as_str())
        .body(body))
}

/// The address to send the visitor to, from the create-customer answer.
pub fn application_answer(res: Response) -> Result<String, PartnerError> {
    match res.status {
        200..=299 => {}
        400..=499 => return Err(PartnerError::refused(format!("status {}", res.status))),
        s => return Err(PartnerError::unavailable(format!("status {s}"))),
    }
    match res.json_object()?.opt_str("redirectUrl")?.map(|u| u.trim().to_string()) {
        // The host checks the address is https (the spec's "no redirect URL received" otherwise).
        Some(url) => Ok(url),
        // No address: answered empty, for the host's "no redirect URL received".
        None => Ok(String::new()),
    }
}

/// The rego lookup request for `reg`.
pub fn rego_request(url: &str, reg: &Registration) -> Result<Request, PartnerError> {
    #[derive(Serialize)]
    struct Plate<'a> {
        rego: &'a str,
        state: &'a str,
    }
    Ok(Request::post_json(
        url,
        &Plate {
            rego: &reg.rego,
            state: &reg.state,
        },
    )?)
}

/// The vehicle from the rego lookup answer.
pub fn rego_answer(res: Response) -> Result<RegisteredVehicle, PartnerError> {
    if res.status == 404 {
        return Err(PartnerError::NotFound);
    }
    let a = success(res)?.json_object()?;
    Ok(RegisteredVehicle {
        make: a.str("make")?,
        model: a.str("model")?,
        year: a.u32("year")?,
        badge: a.opt_str("badge")?,
        body: a.opt_str("body")?,
        colour: a.opt_str("colour")?,
        vin: a.opt_str("vin")?,
        nvic: a.opt_str("nvic")?,
    })
}

impl Endpoints {
    /// `lender-integration.quote`.
    pub fn quote(&self, q: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        let url = self.quote_url.as_deref().ok_or(PartnerError::NotOffered)?;
        quote_answer(http::send(&quote_request(url, q)?)?)
    }

    /// `lender-integration.create-customer`.
    pub fn create_customer(&self, app: &FinanceApplication) -> Result<String, PartnerError> {
        let url = self.application_url.as_deref().ok_or(PartnerError::NotOffered)?;
        application_answer(http::send(&application_request(url, app)?)?)
    }

    /// `rego-lookup.lookup`.
    pub fn lookup(&self, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
        let url = self.rego_url.as_deref().ok_or(PartnerError::NotOffered)?;
        rego_answer(http::send(&rego_request(url, reg)?)?)
    }
}

#[cfg(test)]
mod tests {
    use forecourt_plugin_sdk::http::HttpError;
    use forecourt_plugin_sdk::testing::{self, Harness, MockHttp};
    use serde_json::{Value, json};

    use super::*;
    use crate::LenderStandard;

    const ALL: &str = r#"{"quote_url": "https://api.lender.example/quote", "application_url": "https://api.lender.example/customers", "rego_url": "http://127.0.0.1:9000/rego"}"#;

    fn lender() -> Harness<LenderStandard> {
        Harness::<LenderStandard>::new(ALL).unwrap()
    }

    #[test]
    fn each_missing_url_is_not_offered_and_sends_nothing() {
        let mock = MockHttp::always(Response::new(500));
        let h = Harness::<LenderStandard>::new("{}").unwrap();
        assert_eq!(h.quote(&testing::quote_request()), Err(PartnerError::NotOffered));
        assert_eq!(h.create_customer(&testing::finance_application()), Err(PartnerError::NotOffered));
        assert_eq!(h.lookup(&testing::registration()), Err(PartnerError::NotOffered));
        let h = Harness::<LenderStandard>::new(r#"{"rego_url": "https://rego.example/lookup"}"#).unwrap();
        assert_eq!(h.quote(&testing::quote_request()), Err(PartnerError::NotOffered));
        assert!(mock.requests().is_empty());
    }

    #[test]
    fn urls_are_checked_at_init_naming_the_field() {
        for (config, field) in [
            (r#"{"quote_url": "http://api.lender.example/quote"}"#, "quote_url"),
            (r#"{"application_url": "ftp://api.lender.example/"}"#, "application_url"),
            (r#"{"rego_url": "http://localhost.evil.example/"}"#, "rego_url"),
            (r#"{"rego_url": ""}"#, "rego_url"),
        ] {
            let e = Harness::<LenderStandard>::new(config).err().unwrap();
            assert!(e.starts_with(&format!("config.{field}: must be an https URL")), "{config}: {e}");
        }
        assert!(Harness::<LenderStandard>::new(r#"{"quote_url": "http://localhost:8080/q"}"#).is_ok());
    }

    #[test]
    fn quote_posts_the_spec_body_and_reads_the_answer() {
        let mock = MockHttp::always(Response::with_json(
            200,
            &json!({"weeklyRepaymentAmount": 147.5, "advertisedRate": 8.99, "comparisonRate": 9.45, "extra": 1}),
        ));
        let q = lender().quote(&testing::quote_request()).unwrap();
        assert_eq!(
            q,
            LenderQuote {
                weekly_repayment: Some(147.5),
                advertised_rate: 8.99,
                comparison_rate: 9.45,
                lender_name: None
            }
        );
        let req = mock.only_request();
        assert_eq!((req.method, req.url.as_str()), (Method::Post, "https://api.lender.example/quote"));
        assert_eq!(req.header_value("content-type"), Some("application/json"));
        assert_eq!(req.header_value("authorization"), None);
        assert_eq!(
            req.json::<Value>().unwrap(),
            json!({"selfAssessedCreditScore": "GREAT", "purchasePrice": 30000.0, "loanTerm": 5, "year": 2021,
                   "vin": "JTDBR32E720123456", "nvic": "ABC123", "whoIsHelping": null})
        );
        // purchasePrice is a float on the wire; absent fields are null, never left out.
        let text = String::from_utf8(req.body.clone()).unwrap();
        assert!(text.contains(r#""purchasePrice":30000.0"#), "{text}");
        drop(mock);

        let mock = MockHttp::always(Response::with_json(
            200,
            &json!({"weeklyRepaymentAmount": null, "advertisedRate": 7, "comparisonRate": 7.5}),
        ));
        let q = QuoteRequest {
            year: None,
            vin: None,
            nvic: None,
            who_is_helping: Some("Sam".into()),
            ..testing::quote_request()
        };
        assert_eq!(lender().quote(&q).unwrap().weekly_repayment, None);
        let body: Value = mock.only_request().json().unwrap();
        assert_eq!(
            (&body["year"], &body["vin"], &body["nvic"], &body["whoIsHelping"]),
            (&Value::Null, &Value::Null, &Value::Null, &json!("Sam"))
        );
    }

    #[test]
    fn quote_failures_are_unavailable() {
        let cases: Vec<(Result<Response, HttpError>, &str)> = vec![
            (Ok(Response::new(500)), "status 500"),
            (Ok(Response::new(404)), "status 404"),
            (
                Ok(Response::new(302).with_header("location", "https://elsewhere.example/")),
                "status 302",
            ),
            (Ok(Response::new(200).with_body("not json")), "invalid-json"),
            (Ok(Response::with_json(200, &json!({"weeklyRepaymentAmount": 100}))), "invalid-json"),
            (
                Ok(Response::with_json(200, &json!({"advertisedRate": 150, "comparisonRate": 9}))),
                "out of range",
            ),
            (
                Ok(Response::with_json(
                    200,
                    &json!({"weeklyRepaymentAmount": -3, "advertisedRate": 5, "comparisonRate": 9}),
                )),
                "not above 0",
            ),
            (Err(HttpError::new("connection-read-timeout", None)), "connection-read-timeout"),
            (Err(HttpError::new("HTTP-request-denied", None)), "HTTP-request-denied"),
            (
                Err(HttpError::new("HTTP-response-body-size", Some("262144".into()))),
                "HTTP-response-body-size: 262144",
            ),
        ];
        for (answer, want) in cases {
            let _mock = MockHttp::new(move |_| answer.clone());
            match lender().quote(&testing::quote_request()) {
                Err(PartnerError::Unavailable(why)) => assert!(why.contains(want), "{want}: {why}"),
                other => panic!("{want}: {other:?}"),
            }
        }
    }

    #[test]
    fn create_customer_posts_the_spec_body_with_the_idempotency_key() {
        let mock = MockHttp::always(Response::with_json(
            201,
            &json!({"redirectUrl": "https://apply.lender.example/c/77"}),
        ));
        let app = testing::finance_application();
        assert_eq!(lender().create_customer(&app).unwrap(), "https://apply.lender.example/c/77");
        let req = mock.only_request();
        assert_eq!(
            (req.method, req.url.as_str()),
            (Method::Post, "https://api.lender.example/customers")
        );
        assert_eq!(req.header_value("Idempotency-Key"), Some("idem-0001"));
        assert_eq!(req.header_value("authorization"), None);
        let lead: Value = serde_json::from_str(&app.lead_json).unwrap();
        assert_eq!(
            req.json::<Value>().unwrap(),
            json!({
                "data": {"nvic": "ABC123", "vin": "JTDBR32E720123456", "selfAssessedCreditScore": "GREAT",
                         "purchasePrice": 30000.0, "year": 2021, "loanTerm": 5, "phoneNumber": "0412345678",
                         "firstName": "Jane", "lastName": "Citizen", "email": "jane@example.com",
                         "subscribe": true, "postCode": "4000"},
                "additionalData": lead,
            })
        );
        drop(mock);

        // Keys are always present: null when absent.
        let mock = MockHttp::always(Response::with_json(
            200,
            &json!({"redirectUrl": "https://apply.lender.example/c/78"}),
        ));
        let bare = FinanceApplication {
            applicant: Applicant {
                first_name: "Jo".into(),
                last_name: None,
                email: None,
                phone: None,
                post_code: None,
                subscribe: false,
            },
            purchase_price: None,
            year: None,
            vin: None,
            nvic: None,
            car_slug: None,
            stocknum: None,
            lead_json: r#"{"name":"Jo","lead_id":"x"}"#.into(),
            ..testing::finance_application()
        };
        lender().create_customer(&bare).unwrap();
        let body: Value = mock.only_request().json().unwrap();
        assert_eq!(
            body["data"],
            json!({"nvic": null, "vin": null, "selfAssessedCreditScore": "GREAT", "purchasePrice": null, "year": null,
                   "loanTerm": 5, "phoneNumber": null, "firstName": "Jo", "lastName": null, "email": null,
                   "subscribe": false, "postCode": null})
        );
        assert_eq!(body["additionalData"], json!({"name": "Jo", "lead_id": "x"}));
    }

    #[test]
    fn create_customer_maps_answers() {
        let cases: Vec<(Response, Result<String, PartnerError>)> = vec![
            (Response::new(500), Err(PartnerError::Unavailable("status 500".into()))),
            (Response::new(503), Err(PartnerError::Unavailable("status 503".into()))),
            (Response::new(400), Err(PartnerError::Refused("status 400".into()))),
            (Response::new(422), Err(PartnerError::Refused("status 422".into()))),
            (
                Response::new(301).with_header("location", "https://x.example/"),
                Err(PartnerError::Unavailable("status 301".into())),
            ),
            (Response::with_json(200, &json!({})), Ok(String::new())),
            (Response::with_json(200, &json!({"redirectUrl": null})), Ok(String::new())),
            (Response::with_json(200, &json!({"redirectUrl": "  "})), Ok(String::new())),
            // Not https: answered as given, the host answers the spec's "no redirect URL received".
            (
                Response::with_json(200, &json!({"redirectUrl": "http://apply.lender.example/c/1"})),
                Ok("http://apply.lender.example/c/1".into()),
            ),
            (
                Response::with_json(201, &json!({"redirectUrl": "https://apply.lender.example/c/1"})),
                Ok("https://apply.lender.example/c/1".into()),
            ),
        ];
        for (res, want) in cases {
            let status = res.status;
            let _mock = MockHttp::always(res);
            assert_eq!(lender().create_customer(&testing::finance_application()), want, "status {status}");
        }
        let _mock = MockHttp::always(Response::new(200).with_body("<html>"));
        assert!(
            matches!(lender().create_customer(&testing::finance_application()), Err(PartnerError::Unavailable(why)) if why.starts_with("invalid-json"))
        );
        let _mock = MockHttp::failing(HttpError::new("connection-timeout", None));
        assert_eq!(
            lender().create_customer(&testing::finance_application()),
            Err(PartnerError::Unavailable("connection-timeout".into()))
        );
        let broken = FinanceApplication {
            lead_json: "[1]".into(),
            ..testing::finance_application()
        };
        assert!(
            matches!(lender().create_customer(&broken), Err(PartnerError::Unavailable(why)) if why == "the lead JSON is not an object")
        );
    }

    #[test]
    fn rego_posts_the_plate_and_reads_the_vehicle() {
        let mock = MockHttp::always(Response::with_json(
            200,
            &json!({"make": "Toyota", "model": "Corolla", "year": 2019, "badge": "Ascent Sport", "colour": "White", "vin": null}),
        ));
        let v = lender().lookup(&testing::registration()).unwrap();
        assert_eq!(
            v,
            RegisteredVehicle {
                make: "Toyota".into(),
                model: "Corolla".into(),
                year: 2019,
                badge: Some("Ascent Sport".into()),
                body: None,
                colour: Some("White".into()),
                vin: None,
                nvic: None
            }
        );
        let req = mock.only_request();
        assert_eq!((req.method, req.url.as_str()), (Method::Post, "http://127.0.0.1:9000/rego"));
        assert_eq!(req.json::<Value>().unwrap(), json!({"rego": "ABC123", "state": "QLD"}));
        assert_eq!(req.header_value("authorization"), None);
    }

    type Check = fn(&PartnerError) -> bool;

    #[test]
    fn rego_maps_answers() {
        let cases: Vec<(Response, Check)> = vec![
            (Response::new(404), |e| *e == PartnerError::NotFound),
            (Response::new(500), |e| *e == PartnerError::Unavailable("status 500".into())),
            (Response::new(400), |e| *e == PartnerError::Unavailable("status 400".into())),
            (
                Response::new(204),
                |e| matches!(e, PartnerError::Unavailable(w) if w.starts_with("invalid-json")),
            ),
            (
                Response::with_json(200, &json!({"make": "Toyota", "year": 2019})),
                |e| matches!(e, PartnerError::Unavailable(w) if w == "invalid-json: model: missing"),
            ),
            (
                Response::with_json(200, &json!({"make": "Toyota", "model": "Corolla", "year": "2019"})),
                |e| matches!(e, PartnerError::Unavailable(w) if w.starts_with("invalid-json")),
            ),
        ];
        for (res, want) in cases {
            let status = res.status;
            let _mock = MockHttp::always(res);
            let e = lender().lookup(&testing::registration()).unwrap_err();
            assert!(want(&e), "status {status}: {e:?}");
        }
    }
}
