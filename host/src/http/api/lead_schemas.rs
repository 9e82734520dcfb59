//! The typed request schemas of `POST /api/v1/leads` in the OpenAPI document: one schema per lead
//! form, `oneOf` by `form` ([`LeadSubmission`]), so a client generator and schemathesis see every
//! field (docs/features/platform.md "Leads"; docs/features/shopper-core.md §3 "Lead data";
//! docs/features/locations-forms-marketing.md §2, §5). The rules stay in `crate::leads::intake`
//! (the handler passes the JSON body there); these types only document them, and the contract
//! test in host/tests/edge.rs checks that their fields and required flags are intake's table.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An Australian state or territory.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub enum AuState {
    /// Australian Capital Territory.
    #[serde(rename = "ACT")]
    Act,
    /// New South Wales.
    #[serde(rename = "NSW")]
    Nsw,
    /// Northern Territory.
    #[serde(rename = "NT")]
    Nt,
    /// Queensland.
    #[serde(rename = "QLD")]
    Qld,
    /// South Australia.
    #[serde(rename = "SA")]
    Sa,
    /// Tasmania.
    #[serde(rename = "TAS")]
    Tas,
    /// Victoria.
    #[serde(rename = "VIC")]
    Vic,
    /// Western Australia.
    #[serde(rename = "WA")]
    Wa,
}

/// `Yes` or `No` (the finance question; none chosen is 'Please Select An Option...').
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub enum YesNo {
    /// Yes.
    Yes,
    /// No.
    No,
}

/// How the shopper wants to be contacted.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub enum ContactMethod {
    /// By phone.
    Phone,
    /// By email.
    Email,
    /// By text message.
    #[serde(rename = "SMS")]
    Sms,
}

/// The shopper's own view of their credit.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CreditScore {
    /// Great.
    Great,
    /// Decent.
    Decent,
    /// Poor.
    Poor,
}

/// Whether a multi-step service booking was finished.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub enum ServiceLeadStatus {
    /// The shopper left before the last step.
    Incomplete,
    /// Every step done.
    Complete,
}

/// The fields every lead form may carry. At least one of `email` and `phone` is required; an
/// empty string or null is the same as an absent field.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct LeadCommon {
    /// The shopper's (first) name, at most 100 characters.
    #[schema(max_length = 100)]
    pub name: String,
    /// Last name, at most 100 characters.
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
    /// Email address (this or `phone` is required).
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    /// Australian phone number, stored with a leading 0.
    pub phone: Option<String>,
    /// Four-digit postcode (required when the site says so).
    #[schema(pattern = "^[0-9]{4}$")]
    pub postcode: Option<String>,
    /// The message, at most 5000 characters (required on `enquiry` unless the site makes it optional).
    #[schema(max_length = 5000)]
    pub message: Option<String>,
    /// Lead category, at most 100 characters.
    #[schema(max_length = 100)]
    pub category: Option<String>,
    /// Lead subcategory, at most 100 characters.
    #[schema(max_length = 100)]
    pub subcategory: Option<String>,
    /// A visible location's slug.
    #[schema(max_length = 100)]
    pub location: Option<String>,
    /// A dealership's slug (required when the site has several).
    #[schema(max_length = 100)]
    pub dealership_slug: Option<String>,
    /// Marketing opt-in.
    pub opt_in: Option<bool>,
    /// Registration plate, at most 10 characters.
    #[schema(max_length = 10)]
    pub rego: Option<String>,
    /// Terms and conditions accepted.
    pub terms_conditions: Option<bool>,
    /// The page the form was on.
    #[schema(max_length = 100)]
    pub page_id: Option<String>,
    /// The car the lead is about (required on `test_drive`, `request_photos`, `find_similar` and
    /// `reserve`); a car of this site.
    #[schema(minimum = 1)]
    pub car_id: Option<i64>,
    /// The page's address, at most 2000 characters.
    #[schema(max_length = 2000)]
    pub url: Option<String>,
    /// Pages visited before the form, at most 50 texts of at most 500 characters.
    #[schema(max_items = 50)]
    pub visited_pages: Option<Vec<String>>,
    /// Query parameters the visit came with (campaign tags), at most 50 scalar values.
    pub linked_query_params: Option<BTreeMap<String, serde_json::Value>>,
    /// How the shopper prefers to be contacted, on every form (ADF's `preferredcontact`). `SMS`
    /// with a mobile `phone` also sends the shopper's receipt by SMS.
    pub preferred_contact: Option<ContactMethod>,
    /// Whether the shopper gets a receipt of this lead (the reference, the car, the dealership's
    /// contact, what happens next) by email, and by SMS when `preferred_contact` is `SMS`:
    /// absent or true sends it (when the site sends receipts), false sends none.
    pub receipt: Option<bool>,
}

/// Declares one lead form's schema: a one-value `form` type and the form's struct with `form`,
/// `idempotency_key`, the common fields (flattened) and the form's own fields.
macro_rules! lead_form {
    ($(#[$doc:meta])* $name:ident, $tag:ident = $value:ident { $($fields:tt)* }) => {
        #[doc = concat!("The `form` value `", stringify!($value), "`.")]
        #[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
        // The variant is the wire value itself (`test_drive`): a `rename` built in a macro is
        // not seen by the schema derive.
        #[allow(non_camel_case_types)]
        pub enum $tag {
            #[doc = concat!("`", stringify!($value), "`.")]
            $value,
        }

        $(#[$doc])*
        #[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
        pub struct $name {
            /// Which form this is.
            pub form: $tag,
            /// The form's idempotency key: 16 to 100 letters, digits, `-` or `_` (a UUID made when
            /// the form opens); the same key again answers the first lead.
            #[schema(min_length = 16, max_length = 100, pattern = "^[A-Za-z0-9_-]+$")]
            pub idempotency_key: String,
            /// The fields every form carries.
            #[serde(flatten)]
            pub common: LeadCommon,
            $($fields)*
        }
    };
}

lead_form!(
    /// The enquiry form (docs/features/locations-forms-marketing.md §2 "Enquiry form").
    EnquiryLead, EnquiryForm = enquiry {}
);
lead_form!(
    /// The test-drive form (`car_id` required).
    TestDriveLead, TestDriveForm = test_drive {
        /// The appointment asked for, at most 40 characters.
        #[schema(max_length = 40)]
        pub appointment: Option<String>,
    }
);
lead_form!(
    /// The request-photos form (`car_id` required; the message defaults to the photos request).
    RequestPhotosLead, RequestPhotosForm = request_photos {}
);
lead_form!(
    /// The find-similar form (`car_id` required).
    FindSimilarLead, FindSimilarForm = find_similar {}
);
lead_form!(
    /// The trade-in form: the shopper's car.
    TradeInLead, TradeInForm = trade_in {
        /// Make of the car traded in, at most 60 characters.
        #[serde(rename = "Vehicle Make")]
        #[schema(max_length = 60)]
        pub vehicle_make: String,
        /// Model, at most 60 characters.
        #[serde(rename = "Vehicle Model")]
        #[schema(max_length = 60)]
        pub vehicle_model: String,
        /// Build year, 1950 to 2100 (a number or its digits).
        #[serde(rename = "Vehicle Year")]
        #[schema(minimum = 1950, maximum = 2100)]
        pub vehicle_year: i64,
        /// Odometer, km, 0 to 2 000 000.
        #[schema(minimum = 0, maximum = 2_000_000)]
        pub km: Option<i64>,
        /// State of registration.
        #[serde(rename = "regoState")]
        pub rego_state: Option<AuState>,
        /// Whether the car is under finance.
        pub under_finance: YesNo,
        /// The appraisal's answers, at most 50 scalar values.
        #[serde(rename = "adjustmentAnswers")]
        pub adjustment_answers: Option<BTreeMap<String, serde_json::Value>>,
        /// The offer shown, dollars, 0 to 10 000 000.
        #[schema(minimum = 0, maximum = 10_000_000)]
        pub offer_price: Option<f64>,
        /// Whether the shopper accepted the offer.
        pub offer_accepted: Option<bool>,
    }
);
lead_form!(
    /// The finance form (docs/features/locations-forms-marketing.md §5).
    FinanceLead, FinanceForm = finance {
        /// Price of the car to finance, dollars, 10 000 to 200 000.
        #[schema(minimum = 10_000, maximum = 200_000)]
        pub purchase_price: f64,
        /// Loan term, years, 1 to 7.
        #[schema(minimum = 1, maximum = 7)]
        pub loan_term: Option<i64>,
        /// The shopper's own view of their credit.
        pub credit_score: Option<CreditScore>,
        /// The car's VIN, at most 17 characters.
        #[schema(max_length = 17)]
        pub vin: Option<String>,
    }
);
lead_form!(
    /// The service booking form (`Service Interval` and `Service Type` are required when the site
    /// configures them; `Service Type` is then one of the site's types).
    ServiceLead, ServiceForm = service {
        /// Make of the car to service, at most 60 characters.
        #[serde(rename = "Vehicle Make")]
        #[schema(max_length = 60)]
        pub vehicle_make: String,
        /// Model, at most 60 characters.
        #[serde(rename = "Vehicle Model")]
        #[schema(max_length = 60)]
        pub vehicle_model: String,
        /// Build year, 1950 to 2100.
        #[serde(rename = "Vehicle Year")]
        #[schema(minimum = 1950, maximum = 2100)]
        pub vehicle_year: i64,
        /// Registration plate, at most 10 characters.
        #[serde(rename = "Vehicle Rego")]
        #[schema(max_length = 10)]
        pub vehicle_rego: Option<String>,
        /// State of registration.
        #[serde(rename = "Vehicle State")]
        pub vehicle_state: Option<AuState>,
        /// The service interval, at most 60 characters.
        #[serde(rename = "Service Interval")]
        #[schema(max_length = 60)]
        pub service_interval: Option<String>,
        /// The service type, at most 100 characters.
        #[serde(rename = "Service Type")]
        #[schema(max_length = 100)]
        pub service_type: Option<String>,
        /// The service location, at most 100 characters.
        #[serde(rename = "Service Location")]
        #[schema(max_length = 100)]
        pub service_location: Option<String>,
        /// Preferred date, `YYYY-MM-DD`.
        #[serde(rename = "Preferred Service Date")]
        #[schema(format = Date)]
        pub preferred_service_date: Option<String>,
        /// Comments, at most 5000 characters.
        #[serde(rename = "Comments")]
        #[schema(max_length = 5000)]
        pub comments: Option<String>,
        /// Tyres to be replaced.
        #[serde(rename = "Tyres Replacement")]
        pub tyres_replacement: Option<bool>,
        /// Street address, at most 200 characters.
        #[schema(max_length = 200)]
        pub street: Option<String>,
        /// Suburb, at most 100 characters.
        #[schema(max_length = 100)]
        pub suburb: Option<String>,
        /// State.
        pub state: Option<AuState>,
        /// Additional services, at most 50 texts.
        #[schema(max_items = 50)]
        pub additional_services: Option<Vec<String>>,
        /// Whether the booking was finished.
        pub lead_status: Option<ServiceLeadStatus>,
        /// Whether every step was done.
        pub form_completed: Option<bool>,
    }
);
lead_form!(
    /// The reserve (deposit) form (`car_id` required).
    ReserveLead, ReserveForm = reserve {
        /// The deposit, dollars, 0 to 100 000.
        #[schema(minimum = 0, maximum = 100_000)]
        pub deposit: Option<f64>,
    }
);
lead_form!(
    /// The careers form.
    CareerLead, CareerForm = career {
        /// The position applied for, at most 100 characters.
        #[schema(max_length = 100)]
        pub position: Option<String>,
    }
);

/// A lead submission: one of the forms, told apart by `form`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "form", mapping(
    ("enquiry" = "#/components/schemas/EnquiryLead"),
    ("test_drive" = "#/components/schemas/TestDriveLead"),
    ("request_photos" = "#/components/schemas/RequestPhotosLead"),
    ("find_similar" = "#/components/schemas/FindSimilarLead"),
    ("trade_in" = "#/components/schemas/TradeInLead"),
    ("finance" = "#/components/schemas/FinanceLead"),
    ("service" = "#/components/schemas/ServiceLead"),
    ("reserve" = "#/components/schemas/ReserveLead"),
    ("career" = "#/components/schemas/CareerLead"),
)))]
pub enum LeadSubmission {
    /// `enquiry`.
    Enquiry(EnquiryLead),
    /// `test_drive`.
    TestDrive(TestDriveLead),
    /// `request_photos`.
    RequestPhotos(RequestPhotosLead),
    /// `find_similar`.
    FindSimilar(FindSimilarLead),
    /// `trade_in`.
    TradeIn(TradeInLead),
    /// `finance`.
    Finance(FinanceLead),
    /// `service`.
    Service(ServiceLead),
    /// `reserve`.
    Reserve(ReserveLead),
    /// `career`.
    Career(CareerLead),
}
