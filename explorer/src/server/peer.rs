//! The connection a request came on ([`Peer`]), carried by each of its requests.

use std::net::SocketAddr;
use std::sync::Arc;

use super::conns::Activity;

/// The connection a request came on: its peer, and its activity (busy while answering).
/// Each connection's requests carry it as an extension.
#[derive(Clone, Debug)]
pub(super) struct Peer {
    pub(super) addr: SocketAddr,
    pub(super) activity: Arc<Activity>,
}
