//! The one HTTP client for the calls the host makes out: partner plugins' requests
//! (`plugins/partner.rs`, docs/features/platform.md "Plugins and extension points"), the SMS
//! gateway (docs/features/platform.md "Sign-in and watchlist"), payments and lead webhooks
//! (docs/features/platform.md "Leads"). One pool of connections (rustls), and redirects are not
//! followed: a partner or webhook that redirects is misconfigured (or hostile), and following
//! would send a signed body, or a plugin's request, somewhere not granted. Each call sets its own
//! timeout.

//!
//! Destinations a tenant chooses (a partner plugin's requests, lead webhooks, the payment
//! provider's API base, pulled feed URLs; the tenant folder is the tenant's to write, SECURITY.md)
//! go through [`tenant_request`] or a [`tenant_client_builder`] client, which refuse loopback,
//! private, link-local and other non-public addresses (an IP literal in the URL, or every address
//! a name resolves to) unless the operator sets `outbound_private_networks` (README "Settings";
//! local stubs in tests and development). The operator's own destinations (the SMS gateway) use
//! [`client`] as they are.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};

static CLIENT: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client with rustls")
});

static TENANT_CLIENT: LazyLock<reqwest::Client> = LazyLock::new(|| {
    tenant_client_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client with rustls")
});

/// Whether tenant-chosen destinations may be private addresses (the operator's
/// `outbound_private_networks`; false until [`allow_private_networks`] says otherwise).
static PRIVATE_NETWORKS: AtomicBool = AtomicBool::new(false);

/// The shared client for the operator's own destinations. Takes nothing; returns the process's
/// client (cheap to use from any task).
pub fn client() -> &'static reqwest::Client {
    &CLIENT
}

/// Sets whether tenant-chosen destinations may be loopback or private addresses, for the whole
/// process (the operator's `outbound_private_networks`, applied when the app state is built).
pub fn allow_private_networks(allowed: bool) {
    PRIVATE_NETWORKS.store(allowed, Ordering::Relaxed);
}

/// Whether `ip` is an address of the public internet: false for loopback, unspecified,
/// private (10/8, 172.16/12, 192.168/16, fc00::/7), carrier-grade NAT (100.64/10), link-local
/// (169.254/16, fe80::/10: cloud metadata services live there), documentation, benchmarking,
/// multicast, broadcast and reserved ranges; an IPv4-mapped IPv6 address is judged as its IPv4.
pub fn is_public_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_unspecified()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        || (s[0] == 0x64 && s[1] == 0xff9b))
}

/// Whether a tenant-chosen destination at `ip` may be reached: a public address, or any when
/// the operator allows private networks.
fn reachable(ip: IpAddr) -> bool {
    PRIVATE_NETWORKS.load(Ordering::Relaxed) || is_public_ip(ip)
}

/// Checks a tenant-chosen `url` before a request is built: an IP-literal host must be
/// [`reachable`] (names are checked as they resolve, by the tenant client's resolver). Errors: a
/// text naming the address, for logs and the caller's refusal.
pub fn check_tenant_url(url: &reqwest::Url) -> Result<(), String> {
    let ip = match url.host() {
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
        _ => return Ok(()),
    };
    if reachable(ip) {
        Ok(())
    } else {
        Err(format!(
            "{ip} is not a public address (the operator's outbound_private_networks is off)"
        ))
    }
}

/// A request to a tenant-chosen `url` with the shared tenant client (no redirects, private
/// addresses refused). Errors: the URL does not parse, or its IP-literal host is not reachable
/// ([`check_tenant_url`]).
pub fn tenant_request(method: reqwest::Method, url: &str) -> Result<reqwest::RequestBuilder, String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("`{url}`: {e}"))?;
    check_tenant_url(&parsed)?;
    Ok(TENANT_CLIENT.request(method, parsed))
}

/// A client builder whose name resolution keeps only [`reachable`] addresses: a name that
/// resolves to none (for example `localhost`, or a name pointed at 10.0.0.5) fails to connect
/// with a message naming it. Callers set their own redirect policy (checking each hop with
/// [`check_tenant_url`]) and timeouts.
pub fn tenant_client_builder() -> reqwest::ClientBuilder {
    reqwest::Client::builder().dns_resolver(std::sync::Arc::new(PolicyResolver))
}

/// The system resolver (tokio's `lookup_host`), with unreachable addresses dropped.
struct PolicyResolver;

impl reqwest::dns::Resolve for PolicyResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        Box::pin(async move {
            let host = name.as_str().to_string();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let kept: Vec<SocketAddr> = found.iter().copied().filter(|a| reachable(a.ip())).collect();
            if kept.is_empty() && !found.is_empty() {
                return Err(format!(
                    "`{host}` resolves only to addresses that are not public (the operator's outbound_private_networks is off)"
                )
                .into());
            }
            Ok(Box::new(kept.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_and_private_addresses() {
        for ip in ["8.8.8.8", "1.1.1.1", "203.0.114.1", "2606:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public_ip(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "198.18.0.1",
            "192.0.2.1",
            "240.0.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
        ] {
            assert!(!is_public_ip(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn ip_literals_are_checked_by_policy() {
        let url = |u: &str| reqwest::Url::parse(u).unwrap();
        allow_private_networks(false);
        assert!(check_tenant_url(&url("http://127.0.0.1:9/hook")).is_err());
        assert!(check_tenant_url(&url("https://[::1]/x")).is_err());
        assert!(check_tenant_url(&url("https://169.254.169.254/latest/meta-data")).is_err());
        assert!(
            check_tenant_url(&url("https://dealer.example/hook")).is_ok(),
            "names are checked as they resolve"
        );
        assert!(check_tenant_url(&url("https://8.8.8.8/")).is_ok());
        allow_private_networks(true);
        assert!(check_tenant_url(&url("http://127.0.0.1:9/hook")).is_ok());
        allow_private_networks(false);
    }
}
