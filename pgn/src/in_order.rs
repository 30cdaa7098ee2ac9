//! Values made out of order on several threads, taken in order ([`InOrder`]): each put under
//! its sequence number, taken by number, and a close that wakes every thread waiting.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard};

/// Values keyed by sequence number: [`InOrder::put`] from any thread, at most `ahead` past
/// the next to be taken; [`InOrder::take`] the next in order, or [`InOrder::take_at`] one
/// by its number.
pub(crate) struct InOrder<T> {
    state: Mutex<State<T>>,
    changed: Condvar,
    ahead: u64,
}

struct State<T> {
    /// The number [`InOrder::take`] takes next.
    next: u64,
    waiting: BTreeMap<u64, T>,
    closed: bool,
}

impl<T> InOrder<T> {
    /// Values put at most `ahead` past the next to be taken (`u64::MAX`: any).
    pub(crate) fn new(ahead: u64) -> InOrder<T> {
        InOrder {
            state: Mutex::new(State {
                next: 0,
                waiting: BTreeMap::new(),
                closed: false,
            }),
            changed: Condvar::new(),
            ahead,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A thread that panicked holding the lock left the map whole: go on with it.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Puts `value` as number `seq`, once `seq` is less than `ahead` past the next to be
    /// taken: whether it was put (not after [`InOrder::close`]).
    pub(crate) fn put(&self, seq: u64, value: T) -> bool {
        let mut state = self.lock();
        while !state.closed && seq.saturating_sub(state.next) >= self.ahead {
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        if state.closed {
            return false;
        }
        state.waiting.insert(seq, value);
        self.changed.notify_all();
        true
    }

    /// The next value in order, once it is put; `None` once closed.
    pub(crate) fn take(&self) -> Option<T> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            let next = state.next;
            if let Some(value) = state.waiting.remove(&next) {
                state.next += 1;
                self.changed.notify_all();
                return Some(value);
            }
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Value number `seq`, once it is put; `None` once closed.
    pub(crate) fn take_at(&self, seq: u64) -> Option<T> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            if let Some(value) = state.waiting.remove(&seq) {
                return Some(value);
            }
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Wakes every thread waiting: puts and takes fail from now on.
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::InOrder;

    #[test]
    fn taken_in_order_whatever_the_order_put() {
        let values = InOrder::new(u64::MAX);
        for seq in [2, 0, 3, 1] {
            assert!(values.put(seq, seq * 10));
        }
        let taken: Vec<u64> = (0..4).map_while(|_| values.take()).collect();
        assert_eq!(taken, [0, 10, 20, 30]);
        assert!(values.put(7, 70));
        assert_eq!(values.take_at(7), Some(70));
    }

    #[test]
    fn a_put_too_far_ahead_waits_for_the_takes() {
        let values = InOrder::new(2);
        std::thread::scope(|scope| {
            let late = scope.spawn(|| values.put(3, 'd'));
            assert!(values.put(1, 'b') && values.put(0, 'a'));
            let mut taken: String = (0..2).map_while(|_| values.take()).collect();
            assert!(values.put(2, 'c'));
            taken.extend((0..2).map_while(|_| values.take()));
            assert_eq!(taken, "abcd");
            assert!(late.join().unwrap());
        });
    }

    #[test]
    fn a_close_wakes_the_waiting() {
        let values = InOrder::<u8>::new(1);
        std::thread::scope(|scope| {
            let taker = scope.spawn(|| values.take());
            let putter = scope.spawn(|| values.put(5, 0));
            values.close();
            assert_eq!(taker.join().unwrap(), None);
            assert!(!putter.join().unwrap());
        });
    }
}
