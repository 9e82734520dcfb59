//! Structured logs with tracing: pretty or JSON lines, filtered by `RUST_LOG`
//! (default `info,sqlx=warn`), and, when `otlp_endpoint` is set, the same spans (the request
//! span with its method, path, request id and tenant, and every span under it) exported over
//! OTLP/HTTP with protobuf bodies (tracing-opentelemetry, opentelemetry-otlp; batched on the
//! SDK's own thread, so a collector that is slow or down never holds a request). See
//! docs/operations.md "Tracing".

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::{Resource, trace::SdkTracerProvider};
use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::{LogFormat, Settings};

/// What [`init`] installed; [`Telemetry::shutdown`] sends the spans still batched.
#[must_use = "call shutdown() before exit, or the last spans are not exported"]
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Whether spans are exported over OTLP.
    pub fn exports(&self) -> bool {
        self.provider.is_some()
    }

    /// Exports every span still batched and stops the exporter (blocks until the collector
    /// answered or the exporter's 10 s timeout passed). Does nothing without an exporter.
    /// Errors are logged, never returned.
    pub fn shutdown(self) {
        if let Some(p) = self.provider {
            if let Err(e) = p.force_flush() {
                eprintln!("forecourt: OTLP span export: {e}");
            }
            let _ = p.shutdown();
        }
    }
}

/// The `otlp_endpoint` setting checked: an absolute `http` or `https` URL with a host.
/// Errors name the key and the value.
pub fn check_endpoint(endpoint: &str) -> anyhow::Result<url::Url> {
    let bad = |why: &str| anyhow::anyhow!("invalid settings: key `otlp_endpoint`: {why} (got {endpoint:?})");
    let url = url::Url::parse(endpoint).map_err(|e| bad(&e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(bad("an absolute http or https URL is needed, e.g. http://127.0.0.1:4318/v1/traces"));
    }
    Ok(url)
}

/// The OTLP/HTTP span exporter's provider for `endpoint` (the full traces URL, used as given)
/// with `service.name` = `service_name`, batching on its own thread. Errors: a bad endpoint
/// (naming `otlp_endpoint`), or the exporter cannot be built.
pub fn otlp_provider(endpoint: &str, service_name: &str) -> anyhow::Result<SdkTracerProvider> {
    let url = check_endpoint(endpoint)?;
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(url.as_str())
        .build()?;
    Ok(SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(Resource::builder().with_service_name(service_name.to_string()).build())
        .build())
}

/// Installs the global subscriber once (later calls install nothing and export nothing): the
/// `RUST_LOG` filter, the log lines in `log_format`, and the OTLP exporter when `otlp_endpoint`
/// is set. Returns the guard to shut the exporter down with. Errors: a bad `otlp_endpoint`
/// (naming the key), or the exporter cannot be built.
pub fn init(settings: &Settings) -> anyhow::Result<Telemetry> {
    let provider = match settings.otlp_endpoint.as_deref().filter(|e| !e.trim().is_empty()) {
        Some(endpoint) => Some(otlp_provider(endpoint.trim(), &settings.otlp_service_name)?),
        None => None,
    };
    let otel = provider
        .as_ref()
        .map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer("forecourt")));
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let registry = tracing_subscriber::registry().with(filter).with(otel);
    let installed = match settings.log_format {
        LogFormat::Json => registry
            .with(fmt::layer().json().with_current_span(true).with_writer(std::io::stderr))
            .try_init(),
        LogFormat::Pretty => registry.with(fmt::layer().with_writer(std::io::stderr)).try_init(),
    };
    match (installed, provider) {
        (Ok(()), provider) => Ok(Telemetry { provider }),
        (Err(_), provider) => {
            // Another subscriber was installed first: this one's exporter would see nothing.
            if let Some(p) = provider {
                let _ = p.shutdown();
            }
            Ok(Telemetry { provider: None })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_endpoint;

    #[test]
    fn endpoint_must_be_an_http_url_and_errors_name_the_key() {
        assert!(check_endpoint("http://127.0.0.1:4318/v1/traces").is_ok());
        assert!(check_endpoint("https://otel.example/v1/traces").is_ok());
        for bad in ["127.0.0.1:4318", "grpc://collector:4317", "not a url", "file:///tmp/x"] {
            let e = check_endpoint(bad).unwrap_err().to_string();
            assert!(e.contains("otlp_endpoint"), "{bad}: {e}");
        }
    }
}
