//! Each client's requests held to a rate ([`ClientRate`]): governor's keyed limiter (a
//! token bucket an IP address, "generic cell rate"), a request past it answered 429 with
//! `Retry-After`, the seconds until the client may ask again.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Requests between two sweeps of the clients not seen lately (their buckets full again).
const SWEEP: u64 = 4096;

/// The rate each client (by IP address) is held to.
pub(super) struct ClientRate {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
    requests: AtomicU64,
}

impl ClientRate {
    /// `per_second` requests a second for each client, as many at once (none: no limit).
    pub(super) fn new(per_second: u32) -> Option<ClientRate> {
        let per_second = NonZeroU32::new(per_second)?;
        Some(ClientRate {
            limiter: RateLimiter::keyed(Quota::per_second(per_second)),
            clock: DefaultClock::default(),
            requests: AtomicU64::new(0),
        })
    }

    /// `None` if `client` may be answered now, else the whole seconds until it may (at
    /// least 1).
    pub(super) fn retry_after(&self, client: IpAddr) -> Option<u64> {
        if self.requests.fetch_add(1, Ordering::Relaxed) % SWEEP == SWEEP - 1 {
            self.limiter.retain_recent();
        }
        let refused = self.limiter.check_key(&client).err()?;
        let wait = refused.wait_time_from(self.clock.now());
        Some((wait.as_secs_f64().ceil() as u64).max(1))
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use super::ClientRate;

    #[test]
    fn each_client_has_its_own_rate() {
        assert!(ClientRate::new(0).is_none());
        let rate = ClientRate::new(2).unwrap();
        let (flood, other): (IpAddr, IpAddr) =
            ("192.0.2.1".parse().unwrap(), "::1".parse().unwrap());
        assert_eq!(
            (rate.retry_after(flood), rate.retry_after(flood)),
            (None, None)
        );
        let wait = rate.retry_after(flood).unwrap();
        assert!((1..=1).contains(&wait), "{wait}");
        // Another client is answered while the first waits.
        assert_eq!(rate.retry_after(other), None);
        assert!(rate.retry_after(flood).is_some());
    }
}
