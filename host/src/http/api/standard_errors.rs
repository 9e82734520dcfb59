//! The edge's standard error answers, declared on every operation of the OpenAPI document in one
//! place (SECURITY.md "API conformance", ARCHITECTURE.md: `http/extract.rs` rejects bad input in
//! the JSON envelope before a handler runs).
//!
//! Which answers an operation can give depends only on what it takes, so they are added here from
//! the generated document rather than repeated in each `#[utoipa::path]`:
//! - any parameter or request body: 400 `invalid_field` / `invalid_body` naming the field;
//! - a request body: 413 `payload_too_large` past `max_body_bytes`, and for a JSON body 415
//!   `unsupported_media_type` when the `Content-Type` is not `application/json`.
//!
//! An answer an operation already declares (with its own description) is kept as it is.

use utoipa::Modify;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

/// Adds the standard error answers (400, 413, 415; see the module doc) to every operation of the
/// document it modifies. Takes nothing; used as `#[openapi(modifiers(&StandardErrors))]`.
pub struct StandardErrors;

impl Modify for StandardErrors {
    fn modify(&self, openapi: &mut OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for op in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.options,
                &mut item.head,
                &mut item.patch,
                &mut item.trace,
            ]
            .into_iter()
            .flatten()
            {
                add_standard_errors(op);
            }
        }
    }
}

/// The answers one operation can give at the edge, as (status code, description) pairs.
fn standard_errors(op: &Operation) -> Vec<(&'static str, &'static str)> {
    let has_params = op.parameters.as_ref().is_some_and(|p| !p.is_empty());
    let mut errors = Vec::new();
    if has_params || op.request_body.is_some() {
        errors.push(("400", "A parameter or the body is invalid; `error.field` names it"));
    }
    if let Some(body) = &op.request_body {
        errors.push(("413", "The request body is larger than the host's limit (`error.field` is `body`)"));
        if body.content.contains_key("application/json") {
            errors.push((
                "415",
                "The body's `Content-Type` is not `application/json` (`error.field` is `content-type`)",
            ));
        }
    }
    errors
}

fn add_standard_errors(op: &mut Operation) {
    for (status, description) in standard_errors(op) {
        op.responses.responses.entry(status.to_string()).or_insert_with(|| {
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content(
                        "application/json",
                        ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build(),
                    )
                    .build(),
            )
        });
    }
}
