//! What every connection shares ([`Shared`]: the routes, the limits, the log, the places),
//! and the stop it waits for ([`Stop`]).

use std::sync::Arc;

use axum::Router;
use tokio::sync::watch;

use super::conns::Conns;
use super::limits::Limits;
use super::log::AccessLog;

/// What every connection reads.
#[derive(Debug)]
pub(super) struct Shared {
    /// The routes, within the edge (`routes.rs`).
    pub(super) router: Router,
    pub(super) limits: Limits,
    pub(super) log: AccessLog,
    pub(super) conns: Arc<Conns>,
}

/// The stop, as a connection waits for it: true once the server is stopping.
#[derive(Clone, Debug)]
pub(super) struct Stop(pub(super) watch::Receiver<bool>);

impl Stop {
    /// Resolves once the server is stopping.
    pub(super) async fn wait(&mut self) {
        // An error means no sender is left: nothing can stop the server any more but its
        // end, which is a stop too.
        let _ = self.0.wait_for(|&stopping| stopping).await;
    }
}
