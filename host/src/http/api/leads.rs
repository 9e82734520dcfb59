//! `POST /api/v1/leads` and the leads admin API (docs/features/platform.md "Leads"; docs/features/shopper-core.md §3
//! "Lead data", §4 "Lead form"; docs/features/locations-forms-marketing.md §2, §5, §7, §8). Rules in [`crate::leads`].

use crate::http::extract::{Json, Path, Query};
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    error::{Error, ErrorKind},
    http::error::ApiError,
    http::session::ClientIp,
    http::state::{AppState, CurrentTenant},
    leads::{
        self,
        admin::{DeliveryRecord, LeadRecord},
    },
    payments,
    plugins::unix_now,
    rate_limit::{self, Quota},
};

/// The lead's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeadCreated {
    /// The lead's id (a UUID): the form stores its category and goes to /success.
    pub lead_id: String,
    /// The lead's reference, the code the shopper's receipt and the dealer's ADF/XML quote:
    /// 8 characters of Crockford's base 32 as `XXXX-XXXX`, unique on the site, random (leads
    /// stored before references existed have one made from their id). The same on a double submit.
    #[schema(example = "K7QM-4XNP")]
    pub reference: String,
    /// False when the idempotency key was seen before (a double submit): no new lead.
    pub created: bool,
    /// `finance` form on a site whose lender creates the customer: the lender's address the
    /// visitor is sent to instead of /success (docs/features/locations-forms-marketing.md §4). Null otherwise.
    pub redirect_url: Option<String>,
    /// `reserve` form: the reservation and, with an online payment provider, where to pay.
    pub reservation: Option<super::reservations::ReservationView>,
}

/// Counts one submission under `key` (tenant and client address) against
/// `lead_submissions_per_minute` (that many at once, then one every minute / that number), in
/// storage so every host on the database shares the budget ([`crate::rate_limit`]). Errors: 429
/// `too_many_submissions` past the limit, 500 when storage fails.
async fn count_submission(state: &AppState, key: &str) -> Result<(), ApiError> {
    let quota = Quota::per_minute("lead", state.settings_now().lead_submissions_per_minute);
    if !rate_limit::check(&state.db, &quota, key).await.map_err(Error::from)? {
        return Err(Error::new(
            ErrorKind::TooManyRequests,
            "too_many_submissions",
            "Too many submissions. Please try again in a minute.",
        )
        .into());
    }
    Ok(())
}

/// The answer of `POST /api/miscellaneous`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MiscellaneousSaved {
    /// Always true on a 201 (the spec's success flag).
    pub success: bool,
    /// The stored row's id.
    pub id: i64,
}

/// The body of `POST /api/miscellaneous` (documentation; the rules are `crate::leads::misc`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct MiscellaneousBody {
    /// What `data` is: `valuation`.
    pub column_name: String,
    /// The data: at most 50 keys, each a number, true or false, null or text of at most 500 characters.
    pub data: std::collections::BTreeMap<String, serde_json::Value>,
    /// The lead it belongs to (a lead of this site), when the form has one.
    pub lead_id: Option<String>,
}

/// Keeps extra data a form has beside its lead, such as the trade-in valuation the shopper was
/// shown (docs/features/shopper-core.md §7 "POST /api/miscellaneous | valuation data plus column_name
/// valuation | success or failure logged"). Limited per address like lead submissions.
#[utoipa::path(post, path = "/api/miscellaneous", tag = "leads",
    request_body = MiscellaneousBody,
    responses(
        (status = 201, description = "Stored", body = MiscellaneousSaved),
        (status = 400, description = "`column_name`, `data` or `lead_id` is invalid (the error names it); nothing stored", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`lead_id` is not a lead of this site (`not_found` naming `lead_id`); nothing stored", body = crate::http::error::ErrorEnvelope),
        (status = 429, description = "Too many calls from this address", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_miscellaneous(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Json(body): Json<serde_json::Value>,
) -> Result<(StatusCode, Json<MiscellaneousSaved>), ApiError> {
    count_submission(&state, &format!("{}|{ip}|misc", t.slug())).await?;
    let id = leads::misc::record(&state.db, &t, &body, unix_now()).await?;
    Ok((StatusCode::CREATED, Json(MiscellaneousSaved { success: true, id })))
}

/// Submits a lead from any of the site's forms (docs/features/platform.md "Leads"). The body is the form's fields plus
/// `form` (enquiry, test_drive, request_photos, find_similar, trade_in, finance, service,
/// reserve, career) and `idempotency_key`; see `crate::leads` for the allow-lists. The lead,
/// its reference and its delivery outbox rows (the dealer's destinations and the shopper's
/// receipt, `crate::leads::receipt`) are committed before the answer, which carries the reference.
#[utoipa::path(post, path = "/api/v1/leads", tag = "leads",
    request_body(content = super::lead_schemas::LeadSubmission, description = "form, idempotency_key and the form's fields: one schema per form, told apart by `form`"),
    responses(
        (status = 201, description = "Stored", body = LeadCreated),
        (status = 200, description = "The same idempotency key again: the first lead's id", body = LeadCreated),
        (status = 400, description = "A field is not allowed, missing or invalid (the error names it); nothing stored", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`car_id` is not a car of this site (the error names it); nothing stored", body = crate::http::error::ErrorEnvelope),
        (status = 409, description = "reserve: the car is already reserved (`car_reserved` on `car_id`: the feed's flag or a paid deposit hold); nothing stored", body = crate::http::error::ErrorEnvelope),
        (status = 429, description = "Too many submissions from this address", body = crate::http::error::ErrorEnvelope),
        (status = 502, description = "finance: the lead is stored but the lender did not create the customer (`create_customer_failed`, the spec's message)", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_lead(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(body): Json<serde_json::Value>,
) -> Result<(StatusCode, Json<LeadCreated>), ApiError> {
    count_submission(&state, &format!("{}|{ip}", t.slug())).await?;
    let ua = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    let mut lead = leads::validate(&state.db, &t, &body, ua).await?;
    let now = unix_now();
    leads::record_price_seen(&mut lead, &state.plugins, &t, now);
    // The site's address as this request reached it (the canonical links' base), for the links in
    // the shopper's receipt; a host-added field, like `source`, that no form may send.
    let site = crate::http::web::seo::base_url(&t, &headers);
    lead.fields.insert("site_url".into(), site.into());
    let leads::Stored {
        lead_id,
        reference,
        created,
    } = leads::store(&state.db, &state.settings, &t, &lead, now).await?;
    if created {
        leads::delivery::NEW_LEAD.notify_one();
    }
    // After the commit: the calls out may fail or take seconds, and the lead is already safe.
    let redirect_url = match lead.form.as_str() {
        "finance" => leads::lender::create_customer(&state.plugins, &t, &lead, &lead_id).await?,
        _ => None,
    };
    let reservation = match lead.form.as_str() {
        "reserve" => match payments::get(&state.db, t.slug(), &lead_id).await? {
            Some(r) => {
                let base = crate::http::web::seo::base_url(&t, &headers);
                let car = lead.car.as_ref();
                let back = format!(
                    "{base}/checkout-journey?car_id={}&reservation={lead_id}",
                    car.map(|c| c.slug.as_str()).unwrap_or_default()
                );
                let car_name = car.map_or_else(|| "your car".to_string(), |c| format!("{} {} {}", c.year, c.make, c.model));
                let checkout = payments::Checkout {
                    car_name: &car_name,
                    email: lead.fields.get("email").and_then(|v| v.as_str()),
                    cancel_url: format!("{back}&payment=cancelled"),
                    success_url: back,
                };
                let r = payments::start_payment(&state.db, &t, r, &checkout, now).await?;
                Some(super::reservations::ReservationView::of(&r, car.map(|c| c.slug.clone())))
            }
            None => None,
        },
        _ => None,
    };
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((
        status,
        Json(LeadCreated {
            lead_id,
            reference,
            created,
            redirect_url,
            reservation,
        }),
    ))
}

/// The `?delivery=` values of the leads list: a lead's delivery state, or `none` (not delivered
/// anywhere). Documents the parameter only; the service validates the string.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum LeadDeliveryFilter {
    /// Waiting for (another) attempt.
    Pending,
    /// Delivered.
    Delivered,
    /// Out of attempts (a dead letter).
    Dead,
    /// No delivery.
    None,
}

/// The `?form=` values of the leads list: the lead forms. Documents the parameter only.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum LeadFormFilter {
    /// General enquiry.
    Enquiry,
    /// Test-drive booking.
    TestDrive,
    /// Request for more photos.
    RequestPhotos,
    /// Find a similar car.
    FindSimilar,
    /// Trade-in valuation.
    TradeIn,
    /// Finance application.
    Finance,
    /// Service booking.
    Service,
    /// Reservation (deposit).
    Reserve,
    /// Job application.
    Career,
}

/// The `?status=` values of the deliveries list. Documents the parameter only.
#[derive(Debug, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum DeliveryStatusFilter {
    /// Waiting for (another) attempt.
    Pending,
    /// Delivered.
    Delivered,
    /// Out of attempts (a dead letter).
    Dead,
}

/// The OpenAPI pattern of the leads listings' `from` and `to`: blank, a calendar date
/// `YYYY-MM-DD` of 1900-2099 (days 29-31 only in the months that have them, 29 February only in leap
/// years), optionally followed by an RFC 3339 time (`T10:00:00Z`, `T10:00:00.5+10:00`). It mirrors
/// what the host accepts ([`crate::leads::admin`] parses with jiff); `openapi_lead_dates_agree_with_jiff`
/// in tests/leads_admin.rs checks every day of five years against jiff.
pub const LEAD_TIME_PATTERN: &str = concat!(
    "^(((19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])",
    "|(19|20)[0-9]{2}-(0[13-9]|1[0-2])-(29|30)",
    "|(19|20)[0-9]{2}-(0[13578]|1[02])-31",
    "|((19|20)(0[48]|[2468][048]|[13579][26])|2000)-02-29)",
    "(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9]))?)?$"
);

/// A string of [`LEAD_TIME_PATTERN`] described by `description` (utoipa's `schema_with` leaves the
/// field's doc comment out, so the schema carries it).
fn lead_time_schema(description: &str) -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .pattern(Some(LEAD_TIME_PATTERN))
        .description(Some(description))
        .build()
}

/// The schema of `from`: created at or after.
fn lead_from_schema() -> utoipa::openapi::Object {
    lead_time_schema("Created at or after: RFC 3339 time or UTC date (`YYYY-MM-DD`).")
}

/// The schema of `to`: created before.
fn lead_to_schema() -> utoipa::openapi::Object {
    lead_time_schema("Created before: RFC 3339 time, or UTC date (that day included).")
}

/// `?form=&from=&to=&delivery=&cursor=&limit=`: which leads, and which page.
#[derive(Debug, Deserialize, IntoParams)]
pub struct LeadsParams {
    /// Only this form (enquiry, test_drive, request_photos, find_similar, trade_in, finance,
    /// service, reserve, career).
    #[param(value_type = Option<LeadFormFilter>, inline, nullable = false)]
    pub form: Option<String>,
    /// Created at or after: RFC 3339 time or UTC date (`YYYY-MM-DD`).
    #[param(nullable = false, schema_with = lead_from_schema)]
    pub from: Option<String>,
    /// Created before: RFC 3339 time, or UTC date (that day included).
    #[param(nullable = false, schema_with = lead_to_schema)]
    pub to: Option<String>,
    /// Delivery state: `pending`, `delivered`, `dead` or `none`.
    #[param(value_type = Option<LeadDeliveryFilter>, inline, nullable = false)]
    pub delivery: Option<String>,
    /// The `x-next-cursor` of the previous page (omit it, or leave it blank, for the first page). Opaque: give it back
    /// as it came; the pattern is the shape the host makes, and a cursor of that shape that is not
    /// one of this listing's answers a page after the position it names.
    #[param(nullable = false, pattern = "^((2[dD])?(3[0-9]){1,18}3[aA](2[dD])?(3[0-9]){1,18})?$")]
    pub cursor: Option<String>,
    /// At most this many, newest first (default 50, at most 500).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
    /// Not supported (pages are cursors): a request with it is refused, naming it.
    #[param(ignore)]
    pub offset: Option<String>,
}

impl LeadsParams {
    /// The filter part, after refusing `offset`.
    fn filter(&self) -> Result<leads::admin::LeadFilter, ApiError> {
        if self.offset.is_some() {
            return Err(Error::invalid("offset", "is not supported: page with `cursor` (the `x-next-cursor` header)").into());
        }
        Ok(lead_filter(&self.form, &self.from, &self.to, &self.delivery))
    }
}

/// The leads filter of the given `form`, `from`, `to` and `delivery` parameters (blank ones
/// left out).
fn lead_filter(form: &Option<String>, from: &Option<String>, to: &Option<String>, delivery: &Option<String>) -> leads::admin::LeadFilter {
    let given = |v: &Option<String>| v.clone().filter(|s| !s.is_empty());
    leads::admin::LeadFilter {
        form: given(form),
        from: given(from),
        to: given(to),
        delivery: given(delivery),
    }
}

/// `?form=&from=&to=&delivery=`: which leads the CSV export holds (every page of them: it has no
/// `cursor` or `limit`).
#[derive(Debug, Deserialize, IntoParams)]
pub struct LeadsCsvParams {
    /// Only this form (enquiry, test_drive, request_photos, find_similar, trade_in, finance,
    /// service, reserve, career).
    #[param(value_type = Option<LeadFormFilter>, inline, nullable = false)]
    pub form: Option<String>,
    /// Created at or after: RFC 3339 time or UTC date (`YYYY-MM-DD`).
    #[param(nullable = false, schema_with = lead_from_schema)]
    pub from: Option<String>,
    /// Created before: RFC 3339 time, or UTC date (that day included).
    #[param(nullable = false, schema_with = lead_to_schema)]
    pub to: Option<String>,
    /// Delivery state: `pending`, `delivered`, `dead` or `none`.
    #[param(value_type = Option<LeadDeliveryFilter>, inline, nullable = false)]
    pub delivery: Option<String>,
}

/// The site's leads, newest first, a page at a time (admin token). The next page's cursor is in
/// the `x-next-cursor` header (and a `Link: <...>; rel="next"`), absent on the last page.
#[utoipa::path(get, path = "/api/v1/admin/leads", tag = "admin", params(LeadsParams), security(("admin_token" = [])),
    responses(
        (status = 200, body = [LeadRecord], headers(
            ("x-next-cursor" = String, description = "The `cursor` of the next page; absent on the last page"),
            ("link" = String, description = "`<next page URL>; rel=\"next\"`, absent on the last page"))),
        (status = 400, description = "A filter, `limit` or `cursor` is not valid, or `offset` was given (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_leads(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<LeadsParams>,
) -> Result<(HeaderMap, Json<Vec<LeadRecord>>), ApiError> {
    super::admin::authorize(&state, &headers)?;
    let filter = q.filter()?;
    let page = leads::admin::list_leads(&state.db, t.slug(), &filter, q.cursor.as_deref(), q.limit).await?;
    let mut out = HeaderMap::new();
    if let Some(c) = &page.next_cursor {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (k, v) in [
            ("form", &filter.form),
            ("from", &filter.from),
            ("to", &filter.to),
            ("delivery", &filter.delivery),
        ] {
            if let Some(v) = v {
                query.append_pair(k, v);
            }
        }
        if let Some(l) = q.limit {
            query.append_pair("limit", &l.to_string());
        }
        query.append_pair("cursor", c);
        let link = format!("</api/v1/admin/leads?{}>; rel=\"next\"", query.finish());
        out.insert("x-next-cursor", header::HeaderValue::from_str(c).map_err(ApiError::internal)?);
        out.insert(header::LINK, header::HeaderValue::from_str(&link).map_err(ApiError::internal)?);
    }
    Ok((out, Json(page.leads)))
}

/// The site's leads matching the same filters as `GET /api/v1/admin/leads`, every page, as CSV
/// (admin token): `lead_id`, `created_at`, `form`, `category`, `delivery`, the main fields and
/// `fields` (every stored field as JSON).
#[utoipa::path(get, path = "/api/v1/admin/leads.csv", tag = "admin", params(LeadsCsvParams), security(("admin_token" = [])),
    responses(
        (status = 200, description = "RFC 4180 CSV with a header row", content_type = "text/csv", body = String),
        (status = 400, description = "A filter is not valid (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_leads_csv(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<LeadsCsvParams>,
) -> Result<([(header::HeaderName, String); 2], Vec<u8>), ApiError> {
    super::admin::authorize(&state, &headers)?;
    let filter = lead_filter(&q.form, &q.from, &q.to, &q.delivery);
    let csv = leads::admin::leads_csv(&state.db, t.slug(), &filter).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"leads-{}.csv\"", t.slug()),
            ),
        ],
        csv,
    ))
}

/// `?status=&lead_id=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct DeliveriesParams {
    /// `pending`, `delivered` or `dead` (default `dead`: the dead letters; with `lead_id`, every
    /// status).
    #[param(value_type = Option<DeliveryStatusFilter>, inline, nullable = false)]
    pub status: Option<String>,
    /// Only this lead's deliveries (its delivery history: the dealer's destinations and the
    /// shopper's receipts).
    #[param(nullable = false)]
    pub lead_id: Option<String>,
}

/// The site's lead deliveries by status, or one lead's delivery history, newest first, at most
/// 200 (admin token; docs/features/platform.md "Leads": "a dead-letter state visible through the
/// admin API"). The shopper's receipts are listed too (`receipt_email`, `receipt_sms`).
#[utoipa::path(get, path = "/api/v1/admin/leads/deliveries", tag = "admin", params(DeliveriesParams), security(("admin_token" = [])),
    responses((status = 200, body = [DeliveryRecord]), (status = 400, body = crate::http::error::ErrorEnvelope), (status = 401, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_deliveries(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<DeliveriesParams>,
) -> Result<Json<Vec<DeliveryRecord>>, ApiError> {
    super::admin::authorize(&state, &headers)?;
    Ok(Json(
        leads::admin::deliveries(&state.db, t.slug(), q.status.as_deref(), q.lead_id.as_deref()).await?,
    ))
}

/// Puts a dead delivery back in the queue now, with a fresh 24-hour retry window (admin token).
#[utoipa::path(post, path = "/api/v1/admin/leads/deliveries/{id}/retry", tag = "admin", security(("admin_token" = [])),
    params(("id" = i64, Path, description = "Delivery row id")),
    responses((status = 204, description = "Queued"), (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_retry(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    super::admin::authorize(&state, &headers)?;
    leads::admin::retry_dead(&state.db, t.slug(), id, unix_now()).await?;
    Ok(StatusCode::NO_CONTENT)
}
