//! wasi:http's `types` interface for partner calls, with every header byte a plugin makes
//! counted before the host keeps it (issue 40: "every byte the host buffers for a plugin counts
//! against that plugin's caps before it is allocated").
//!
//! wasmtime-wasi-http asks [`WasiHttpView::is_forbidden_header`](wasmtime_wasi_http::WasiHttpView)
//! with the header's name only, so its `fields` could hold 64 values each as large as the
//! plugin's memory (1 GiB per call at a 16 MiB cap). A component linker cannot replace one
//! function of an instance it already holds, so this module links the whole interface: each
//! function passes straight to wasmtime-wasi-http's own ([`WasiHttpImpl`]) except
//! `fields.from-list`, `set`, `append` and `clone`, which first charge the names' and values'
//! bytes to the call ([`HeaderBudget::admit_header_bytes`], at most [`MAX_CALL_HEADER_BYTES`]);
//! past the budget the operation fails with `header-error.forbidden` (`clone` traps) and the
//! call counts as refused. A refused value was lifted from the plugin's own memory (so no larger
//! than its memory cap) and is dropped before the function returns.

use std::marker::PhantomData;

use wasmtime::component::{HasData, Linker, Resource};
use wasmtime_wasi::p2::{DynInputStream, DynOutputStream, DynPollable};
use wasmtime_wasi_http::bindings::http::types::{self as t, Headers, Method, Scheme, StatusCode, Trailers};
use wasmtime_wasi_http::body::{HostFutureTrailers, HostIncomingBody, HostOutgoingBody};
use wasmtime_wasi_http::types::{
    HostFields, HostFutureIncomingResponse, HostIncomingRequest, HostIncomingResponse, HostOutgoingRequest, HostOutgoingResponse,
    HostResponseOutparam,
};
use wasmtime_wasi_http::{HttpError, HttpResult, WasiHttpImpl, WasiHttpView};

/// Most bytes of header names and values a partner call may make in all (256 KiB: four
/// requests' worth of `plugins::partner::MAX_HEADER_BYTES`), counted as each
/// `fields.from-list`, `set`, `append` or `clone` asks, before the host keeps them. Past it the
/// operation fails with `header-error.forbidden` and the call counts as refused. With it, what
/// the host holds for one call's headers is this budget, whatever the plugin asks for.
pub const MAX_CALL_HEADER_BYTES: usize = 256 << 10;

/// A store's budget of header bytes (the partner call's state implements it).
pub trait HeaderBudget {
    /// Charges `bytes` of header names and values to the call before the host keeps them:
    /// false (refused) past [`MAX_CALL_HEADER_BYTES`] in all.
    fn admit_header_bytes(&mut self, bytes: usize) -> bool;
}

/// wasmtime-wasi-http's implementation over a store's state `T`, with header bytes metered.
pub struct Metered<'a, T>(WasiHttpImpl<&'a mut T>);

/// The [`HasData`] of `wasi:http/types` (metered).
struct MeteredHttp<T>(PhantomData<T>);

impl<T: 'static> HasData for MeteredHttp<T> {
    type Data<'a> = Metered<'a, T>;
}

/// The [`HasData`] of `wasi:http/outgoing-handler` (wasmtime-wasi-http's, unchanged).
struct PlainHttp<T>(PhantomData<T>);

impl<T: 'static> HasData for PlainHttp<T> {
    type Data<'a> = WasiHttpImpl<&'a mut T>;
}

/// Links `wasi:http/types` (metered) and `wasi:http/outgoing-handler` into `linker`, as
/// `wasmtime_wasi_http::add_only_http_to_linker_async` would. Errors: a name already linked.
pub fn add_to_linker<T: WasiHttpView + HeaderBudget + Send + 'static>(linker: &mut Linker<T>) -> anyhow::Result<()> {
    let options = wasmtime_wasi_http::bindings::LinkOptions::default();
    wasmtime_wasi_http::bindings::http::outgoing_handler::add_to_linker::<_, PlainHttp<T>>(linker, |s| WasiHttpImpl(s))?;
    t::add_to_linker::<_, MeteredHttp<T>>(linker, &options.into(), |s| Metered(WasiHttpImpl(s)))?;
    Ok(())
}

impl<T: WasiHttpView + HeaderBudget> t::Host for Metered<'_, T> {
    fn convert_error_code(&mut self, err: HttpError) -> wasmtime::Result<t::ErrorCode> {
        t::Host::convert_error_code(&mut self.0, err)
    }
    fn http_error_code(&mut self, err: Resource<t::IoError>) -> wasmtime::Result<Option<t::ErrorCode>> {
        t::Host::http_error_code(&mut self.0, err)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostFields for Metered<'_, T> {
    fn from_list(&mut self, entries: Vec<(String, Vec<u8>)>) -> wasmtime::Result<Result<Resource<HostFields>, t::HeaderError>> {
        let bytes = entries.iter().map(|(n, v)| n.len() + v.len()).sum();
        if !self.0.0.admit_header_bytes(bytes) {
            return Ok(Err(t::HeaderError::Forbidden));
        }
        t::HostFields::from_list(&mut self.0, entries)
    }
    fn set(
        &mut self,
        fields: Resource<HostFields>,
        name: String,
        byte_values: Vec<Vec<u8>>,
    ) -> wasmtime::Result<Result<(), t::HeaderError>> {
        let bytes = byte_values.iter().map(|v| name.len() + v.len()).sum();
        if !self.0.0.admit_header_bytes(bytes) {
            return Ok(Err(t::HeaderError::Forbidden));
        }
        t::HostFields::set(&mut self.0, fields, name, byte_values)
    }
    fn append(&mut self, fields: Resource<HostFields>, name: String, value: Vec<u8>) -> wasmtime::Result<Result<(), t::HeaderError>> {
        if !self.0.0.admit_header_bytes(name.len() + value.len()) {
            return Ok(Err(t::HeaderError::Forbidden));
        }
        t::HostFields::append(&mut self.0, fields, name, value)
    }
    /// A copy holds as many bytes as its original: they are counted like new ones (the
    /// original's entries are read once to size it, at most the call's budget).
    fn clone(&mut self, fields: Resource<HostFields>) -> wasmtime::Result<Resource<HostFields>> {
        let held: usize = t::HostFields::entries(&mut self.0, Resource::new_borrow(fields.rep()))?
            .iter()
            .map(|(n, v)| n.len() + v.len())
            .sum();
        if !self.0.0.admit_header_bytes(held) {
            anyhow::bail!("header bytes past the call's budget of {MAX_CALL_HEADER_BYTES} bytes");
        }
        t::HostFields::clone(&mut self.0, fields)
    }
    fn new(&mut self) -> wasmtime::Result<Resource<HostFields>> {
        t::HostFields::new(&mut self.0)
    }
    fn drop(&mut self, fields: Resource<HostFields>) -> wasmtime::Result<()> {
        t::HostFields::drop(&mut self.0, fields)
    }
    fn get(&mut self, fields: Resource<HostFields>, name: String) -> wasmtime::Result<Vec<Vec<u8>>> {
        t::HostFields::get(&mut self.0, fields, name)
    }
    fn has(&mut self, fields: Resource<HostFields>, name: String) -> wasmtime::Result<bool> {
        t::HostFields::has(&mut self.0, fields, name)
    }
    fn delete(&mut self, fields: Resource<HostFields>, name: String) -> wasmtime::Result<Result<(), t::HeaderError>> {
        t::HostFields::delete(&mut self.0, fields, name)
    }
    fn entries(&mut self, fields: Resource<HostFields>) -> wasmtime::Result<Vec<(String, Vec<u8>)>> {
        t::HostFields::entries(&mut self.0, fields)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostIncomingRequest for Metered<'_, T> {
    fn method(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Method> {
        t::HostIncomingRequest::method(&mut self.0, id)
    }
    fn path_with_query(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Option<String>> {
        t::HostIncomingRequest::path_with_query(&mut self.0, id)
    }
    fn scheme(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Option<Scheme>> {
        t::HostIncomingRequest::scheme(&mut self.0, id)
    }
    fn authority(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Option<String>> {
        t::HostIncomingRequest::authority(&mut self.0, id)
    }
    fn headers(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Resource<Headers>> {
        t::HostIncomingRequest::headers(&mut self.0, id)
    }
    fn consume(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<Result<Resource<HostIncomingBody>, ()>> {
        t::HostIncomingRequest::consume(&mut self.0, id)
    }
    fn drop(&mut self, id: Resource<HostIncomingRequest>) -> wasmtime::Result<()> {
        t::HostIncomingRequest::drop(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostOutgoingRequest for Metered<'_, T> {
    fn new(&mut self, headers: Resource<Headers>) -> wasmtime::Result<Resource<HostOutgoingRequest>> {
        t::HostOutgoingRequest::new(&mut self.0, headers)
    }
    fn body(&mut self, request: Resource<HostOutgoingRequest>) -> wasmtime::Result<Result<Resource<HostOutgoingBody>, ()>> {
        t::HostOutgoingRequest::body(&mut self.0, request)
    }
    fn drop(&mut self, request: Resource<HostOutgoingRequest>) -> wasmtime::Result<()> {
        t::HostOutgoingRequest::drop(&mut self.0, request)
    }
    fn method(&mut self, request: Resource<t::OutgoingRequest>) -> wasmtime::Result<Method> {
        t::HostOutgoingRequest::method(&mut self.0, request)
    }
    fn set_method(&mut self, request: Resource<t::OutgoingRequest>, method: Method) -> wasmtime::Result<Result<(), ()>> {
        t::HostOutgoingRequest::set_method(&mut self.0, request, method)
    }
    fn path_with_query(&mut self, request: Resource<t::OutgoingRequest>) -> wasmtime::Result<Option<String>> {
        t::HostOutgoingRequest::path_with_query(&mut self.0, request)
    }
    fn set_path_with_query(
        &mut self,
        request: Resource<t::OutgoingRequest>,
        path_with_query: Option<String>,
    ) -> wasmtime::Result<Result<(), ()>> {
        t::HostOutgoingRequest::set_path_with_query(&mut self.0, request, path_with_query)
    }
    fn scheme(&mut self, request: Resource<t::OutgoingRequest>) -> wasmtime::Result<Option<Scheme>> {
        t::HostOutgoingRequest::scheme(&mut self.0, request)
    }
    fn set_scheme(&mut self, request: Resource<t::OutgoingRequest>, scheme: Option<Scheme>) -> wasmtime::Result<Result<(), ()>> {
        t::HostOutgoingRequest::set_scheme(&mut self.0, request, scheme)
    }
    fn authority(&mut self, request: Resource<t::OutgoingRequest>) -> wasmtime::Result<Option<String>> {
        t::HostOutgoingRequest::authority(&mut self.0, request)
    }
    fn set_authority(&mut self, request: Resource<t::OutgoingRequest>, authority: Option<String>) -> wasmtime::Result<Result<(), ()>> {
        t::HostOutgoingRequest::set_authority(&mut self.0, request, authority)
    }
    fn headers(&mut self, request: Resource<t::OutgoingRequest>) -> wasmtime::Result<Resource<Headers>> {
        t::HostOutgoingRequest::headers(&mut self.0, request)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostResponseOutparam for Metered<'_, T> {
    fn drop(&mut self, id: Resource<HostResponseOutparam>) -> wasmtime::Result<()> {
        t::HostResponseOutparam::drop(&mut self.0, id)
    }
    fn set(
        &mut self,
        id: Resource<HostResponseOutparam>,
        resp: Result<Resource<HostOutgoingResponse>, t::ErrorCode>,
    ) -> wasmtime::Result<()> {
        t::HostResponseOutparam::set(&mut self.0, id, resp)
    }
    fn send_informational(&mut self, id: Resource<HostResponseOutparam>, status: u16, headers: Resource<Headers>) -> HttpResult<()> {
        t::HostResponseOutparam::send_informational(&mut self.0, id, status, headers)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostIncomingResponse for Metered<'_, T> {
    fn drop(&mut self, response: Resource<HostIncomingResponse>) -> wasmtime::Result<()> {
        t::HostIncomingResponse::drop(&mut self.0, response)
    }
    fn status(&mut self, response: Resource<HostIncomingResponse>) -> wasmtime::Result<StatusCode> {
        t::HostIncomingResponse::status(&mut self.0, response)
    }
    fn headers(&mut self, response: Resource<HostIncomingResponse>) -> wasmtime::Result<Resource<Headers>> {
        t::HostIncomingResponse::headers(&mut self.0, response)
    }
    fn consume(&mut self, response: Resource<HostIncomingResponse>) -> wasmtime::Result<Result<Resource<HostIncomingBody>, ()>> {
        t::HostIncomingResponse::consume(&mut self.0, response)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostFutureTrailers for Metered<'_, T> {
    fn drop(&mut self, id: Resource<HostFutureTrailers>) -> wasmtime::Result<()> {
        t::HostFutureTrailers::drop(&mut self.0, id)
    }
    fn subscribe(&mut self, index: Resource<HostFutureTrailers>) -> wasmtime::Result<Resource<DynPollable>> {
        t::HostFutureTrailers::subscribe(&mut self.0, index)
    }
    fn get(
        &mut self,
        id: Resource<HostFutureTrailers>,
    ) -> wasmtime::Result<Option<Result<Result<Option<Resource<Trailers>>, t::ErrorCode>, ()>>> {
        t::HostFutureTrailers::get(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostIncomingBody for Metered<'_, T> {
    fn stream(&mut self, id: Resource<HostIncomingBody>) -> wasmtime::Result<Result<Resource<DynInputStream>, ()>> {
        t::HostIncomingBody::stream(&mut self.0, id)
    }
    fn finish(&mut self, id: Resource<HostIncomingBody>) -> wasmtime::Result<Resource<HostFutureTrailers>> {
        t::HostIncomingBody::finish(&mut self.0, id)
    }
    fn drop(&mut self, id: Resource<HostIncomingBody>) -> wasmtime::Result<()> {
        t::HostIncomingBody::drop(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostOutgoingResponse for Metered<'_, T> {
    fn new(&mut self, headers: Resource<Headers>) -> wasmtime::Result<Resource<HostOutgoingResponse>> {
        t::HostOutgoingResponse::new(&mut self.0, headers)
    }
    fn body(&mut self, id: Resource<HostOutgoingResponse>) -> wasmtime::Result<Result<Resource<HostOutgoingBody>, ()>> {
        t::HostOutgoingResponse::body(&mut self.0, id)
    }
    fn status_code(&mut self, id: Resource<HostOutgoingResponse>) -> wasmtime::Result<t::StatusCode> {
        t::HostOutgoingResponse::status_code(&mut self.0, id)
    }
    fn set_status_code(&mut self, id: Resource<HostOutgoingResponse>, status: t::StatusCode) -> wasmtime::Result<Result<(), ()>> {
        t::HostOutgoingResponse::set_status_code(&mut self.0, id, status)
    }
    fn headers(&mut self, id: Resource<HostOutgoingResponse>) -> wasmtime::Result<Resource<t::Headers>> {
        t::HostOutgoingResponse::headers(&mut self.0, id)
    }
    fn drop(&mut self, id: Resource<HostOutgoingResponse>) -> wasmtime::Result<()> {
        t::HostOutgoingResponse::drop(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostFutureIncomingResponse for Metered<'_, T> {
    fn drop(&mut self, id: Resource<HostFutureIncomingResponse>) -> wasmtime::Result<()> {
        t::HostFutureIncomingResponse::drop(&mut self.0, id)
    }
    fn get(
        &mut self,
        id: Resource<HostFutureIncomingResponse>,
    ) -> wasmtime::Result<Option<Result<Result<Resource<HostIncomingResponse>, t::ErrorCode>, ()>>> {
        t::HostFutureIncomingResponse::get(&mut self.0, id)
    }
    fn subscribe(&mut self, id: Resource<HostFutureIncomingResponse>) -> wasmtime::Result<Resource<DynPollable>> {
        t::HostFutureIncomingResponse::subscribe(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostOutgoingBody for Metered<'_, T> {
    fn write(&mut self, id: Resource<HostOutgoingBody>) -> wasmtime::Result<Result<Resource<DynOutputStream>, ()>> {
        t::HostOutgoingBody::write(&mut self.0, id)
    }
    fn finish(&mut self, id: Resource<HostOutgoingBody>, ts: Option<Resource<Trailers>>) -> HttpResult<()> {
        t::HostOutgoingBody::finish(&mut self.0, id, ts)
    }
    fn drop(&mut self, id: Resource<HostOutgoingBody>) -> wasmtime::Result<()> {
        t::HostOutgoingBody::drop(&mut self.0, id)
    }
}

impl<T: WasiHttpView + HeaderBudget> t::HostRequestOptions for Metered<'_, T> {
    fn new(&mut self) -> wasmtime::Result<Resource<t::RequestOptions>> {
        t::HostRequestOptions::new(&mut self.0)
    }
    fn connect_timeout(&mut self, opts: Resource<t::RequestOptions>) -> wasmtime::Result<Option<t::Duration>> {
        t::HostRequestOptions::connect_timeout(&mut self.0, opts)
    }
    fn set_connect_timeout(
        &mut self,
        opts: Resource<t::RequestOptions>,
        duration: Option<t::Duration>,
    ) -> wasmtime::Result<Result<(), ()>> {
        t::HostRequestOptions::set_connect_timeout(&mut self.0, opts, duration)
    }
    fn first_byte_timeout(&mut self, opts: Resource<t::RequestOptions>) -> wasmtime::Result<Option<t::Duration>> {
        t::HostRequestOptions::first_byte_timeout(&mut self.0, opts)
    }
    fn set_first_byte_timeout(
        &mut self,
        opts: Resource<t::RequestOptions>,
        duration: Option<t::Duration>,
    ) -> wasmtime::Result<Result<(), ()>> {
        t::HostRequestOptions::set_first_byte_timeout(&mut self.0, opts, duration)
    }
    fn between_bytes_timeout(&mut self, opts: Resource<t::RequestOptions>) -> wasmtime::Result<Option<t::Duration>> {
        t::HostRequestOptions::between_bytes_timeout(&mut self.0, opts)
    }
    fn set_between_bytes_timeout(
        &mut self,
        opts: Resource<t::RequestOptions>,
        duration: Option<t::Duration>,
    ) -> wasmtime::Result<Result<(), ()>> {
        t::HostRequestOptions::set_between_bytes_timeout(&mut self.0, opts, duration)
    }
    fn drop(&mut self, rep: Resource<t::RequestOptions>) -> wasmtime::Result<()> {
        t::HostRequestOptions::drop(&mut self.0, rep)
    }
}
