//! Values made out of order on several threads, taken in order ([`InOrder`]): each put under
//! its sequence number, taken by number, an end past which there are none, and a close that
//! wakes every thread waiting. Also a bounded queue: one thread puts in order, several take.

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
    /// The number from which there are no values, once known.
    end: Option<u64>,
    closed: bool,
}

impl<T> InOrder<T> {
    /// Values put at most `ahead` past the next to be taken (`u64::MAX`: any).
    pub(crate) fn new(ahead: u64) -> InOrder<T> {
        InOrder {
            state: Mutex::new(State {
                next: 0,
                waiting: BTreeMap::new(),
                end: None,
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

    /// The next value in order, once it is put; `None` once closed, or past the end.
    pub(crate) fn take(&self) -> Option<T> {
        self.take_numbered().map(|(_, value)| value)
    }

    /// [`InOrder::take`], with the value's number.
    pub(crate) fn take_numbered(&self) -> Option<(u64, T)> {
        let mut state = self.lock();
        loop {
            let next = state.next;
            if state.closed || state.end.is_some_and(|end| next >= end) {
                return None;
            }
            if let Some(value) = state.waiting.remove(&next) {
                state.next += 1;
                self.changed.notify_all();
                return Some((next, value));
            }
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// There are no values from number `end` on: takes there return `None`.
    pub(crate) fn end(&self, end: u64) {
        self.lock().end = Some(end);
        self.changed.notify_all();
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

    /// Value number `seq`, if it is put already (not after a close).
    pub(crate) fn try_take_at(&self, seq: u64) -> Option<T> {
        let mut state = self.lock();
        match state.closed {
            true => None,
            false => state.waiting.remove(&seq),
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
    fn takes_past_the_end_return_none() {
        let values = InOrder::new(4);
        std::thread::scope(|scope| {
            let takers: Vec<_> = (0..3)
                .map(|_| scope.spawn(|| std::iter::from_fn(|| values.take_numbered()).count()))
                .collect();
            for seq in 0..10 {
                assert!(values.put(seq, ()));
            }
            values.end(10);
            let taken: usize = takers.into_iter().map(|t| t.join().unwrap()).sum();
            assert_eq!(taken, 10);
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
