//! Who a request is from ([`client`]): its peer, or, when the peer is a proxy the server
//! trusts, the address the proxy says it forwarded for (`X-Forwarded-For`), so that a rate
//! limit behind a proxy holds each client to its rate rather than everyone to one.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// The client of a request from `peer` with `headers`: `peer` itself, unless it is one of
/// `trusted`; then the rightmost address of `X-Forwarded-For` that is not a trusted proxy
/// (each proxy appends the address it was reached from, so the entries left of it are the
/// client's to write, and are not believed). `peer` when the header names none.
pub(super) fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect::<Vec<_>>();
    forwarded
        .iter()
        .rev()
        .map(|entry| entry.trim().parse::<IpAddr>())
        .take_while(Result::is_ok)
        .flatten()
        .find(|ip| !trusted.contains(ip))
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use axum::http::{HeaderMap, HeaderValue};

    use super::client;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn a_trusted_proxy_s_client_is_the_rightmost_untrusted_address() {
        let (proxy, inner) = (ip("10.0.0.1"), ip("10.0.0.2"));
        let trusted = [proxy, inner];
        // Not behind a trusted proxy: the peer, whatever the header says.
        let spoofed = forwarded(&["203.0.113.9"]);
        assert_eq!(
            client(ip("198.51.100.7"), &spoofed, &trusted),
            ip("198.51.100.7")
        );
        // Behind one: the address it forwarded for.
        let one = forwarded(&["198.51.100.7"]);
        assert_eq!(client(proxy, &one, &trusted), ip("198.51.100.7"));
        // Two proxies, and a client that wrote its own header first: not believed.
        let two = forwarded(&["203.0.113.9, 198.51.100.7", "10.0.0.2"]);
        assert_eq!(client(proxy, &two, &trusted), ip("198.51.100.7"));
        // Garbage where the client's address should be: the proxy itself.
        assert_eq!(client(proxy, &forwarded(&["unknown"]), &trusted), proxy);
        assert_eq!(client(proxy, &HeaderMap::new(), &trusted), proxy);
        // No proxy trusted (the default): every peer is its own client.
        assert_eq!(client(proxy, &one, &[]), proxy);
    }
}
