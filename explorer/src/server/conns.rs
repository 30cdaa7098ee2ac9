//! The open connections: a bounded number of places ([`Conns`]), each connection's activity
//! ([`Activity`]: answers being computed, when a byte last moved), and the eviction of the
//! quietest idle connection when a new one finds every place taken.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// The places for connections, and the connections that hold them.
#[derive(Debug)]
pub(super) struct Conns {
    /// One permit a connection.
    places: Arc<Semaphore>,
    /// One permit a new connection waiting for a place: as many may wait as there are places.
    waiting: Semaphore,
    /// The connections holding a place, by a number of their own.
    open: Mutex<HashMap<u64, Arc<Activity>>>,
    next_id: AtomicU64,
    /// Time zero of every [`Activity`]'s clock.
    epoch: Instant,
}

/// What a connection is doing: read by the eviction and the stall timeout, written by its
/// I/O ([`Activity::touch`]) and its requests ([`Activity::begin_answer`]).
#[derive(Debug)]
pub(super) struct Activity {
    /// Requests whose answer is being computed.
    busy: AtomicUsize,
    /// When a byte last moved, in milliseconds from `epoch`.
    last_io_ms: AtomicU64,
    /// Whether it has been asked to close to make room.
    evicted: AtomicBool,
    /// Wakes the connection when it is evicted.
    close: Notify,
    epoch: Instant,
}

/// A connection's place: given back when dropped.
#[derive(Debug)]
pub(super) struct Place {
    conns: Arc<Conns>,
    id: u64,
    /// The activity of the connection holding the place.
    pub(super) activity: Arc<Activity>,
    _permit: OwnedSemaphorePermit,
}

/// A request whose answer is being computed: its connection is busy until this is dropped.
#[derive(Debug)]
pub(super) struct Busy(Arc<Activity>);

impl Conns {
    /// Room for `max_connections` connections (at least one), and as many waiting.
    pub(super) fn new(max_connections: usize) -> Conns {
        let places = max_connections.clamp(1, Semaphore::MAX_PERMITS);
        Conns {
            places: Arc::new(Semaphore::new(places)),
            waiting: Semaphore::new(places),
            open: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// A place for a new connection: a free one, else the place of the quietest idle
    /// connection, which is asked to close, waited for up to `wait`. `None` when no place
    /// came in time, or when too many connections are waiting already.
    pub(super) async fn enter(self: &Arc<Self>, wait: Duration) -> Option<Place> {
        let permit = match Arc::clone(&self.places).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let _waiting = self.waiting.try_acquire().ok()?;
                self.evict_quietest();
                let acquire = Arc::clone(&self.places).acquire_owned();
                tokio::time::timeout(wait, acquire).await.ok()?.ok()?
            }
        };
        let activity = Arc::new(Activity {
            busy: AtomicUsize::new(0),
            last_io_ms: AtomicU64::new(0),
            evicted: AtomicBool::new(false),
            close: Notify::new(),
            epoch: self.epoch,
        });
        activity.touch();
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.lock().insert(id, Arc::clone(&activity));
        Some(Place {
            conns: Arc::clone(self),
            id,
            activity,
            _permit: permit,
        })
    }

    /// Asks the idle connection quiet the longest, not yet asked, to close. Connections
    /// whose answer is being computed are left alone.
    fn evict_quietest(&self) {
        let open = self.lock();
        let quietest = open
            .values()
            .filter(|activity| {
                activity.busy.load(Ordering::Acquire) == 0
                    && !activity.evicted.load(Ordering::Acquire)
            })
            .min_by_key(|activity| activity.last_io_ms.load(Ordering::Relaxed));
        if let Some(activity) = quietest {
            activity.evicted.store(true, Ordering::Release);
            activity.close.notify_one();
        }
    }

    /// How many connections hold a place.
    #[cfg(test)]
    pub(super) fn open(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Activity>>> {
        // The map stays whole whatever a panicking holder did: each step is one call.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.conns.lock().remove(&self.id);
    }
}

impl Activity {
    /// A byte moved now.
    pub(super) fn touch(&self) {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_io_ms.store(now, Ordering::Relaxed);
    }

    /// How long since a byte last moved.
    fn quiet_for(&self) -> Duration {
        let last = Duration::from_millis(self.last_io_ms.load(Ordering::Relaxed));
        self.epoch.elapsed().saturating_sub(last)
    }

    /// A request's answer is being computed, until the guard is dropped.
    pub(super) fn begin_answer(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(self))
    }

    /// When the connection will have stalled for `timeout` if nothing happens meanwhile:
    /// from its last byte, or from now while an answer is being computed.
    pub(super) fn stall_deadline(&self, timeout: Duration) -> tokio::time::Instant {
        let now = tokio::time::Instant::now();
        if self.busy.load(Ordering::Acquire) > 0 {
            now + timeout
        } else {
            now + timeout.saturating_sub(self.quiet_for())
        }
    }

    /// Whether no byte has moved for `timeout` while no answer was being computed.
    pub(super) fn stalled(&self, timeout: Duration) -> bool {
        self.busy.load(Ordering::Acquire) == 0 && self.quiet_for() >= timeout
    }

    /// Resolves once the connection has been asked to close to make room.
    pub(super) async fn evicted(&self) {
        self.close.notified().await;
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
        self.0.touch();
    }
}
