//! One connection from its accept to its close: a place among the open connections, HTTP/1.1
//! with keep-alive served by hyper's connection over the axum routes (each request carrying
//! the connection's [`Peer`]), and the reasons it is closed (the head timeout, a stall,
//! an eviction, the server's stop); what every connection shares ([`Shared`]) and the stop
//! it waits for (a `watch` of whether the server is stopping: its sender gone is a stop too).

use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::Watcher;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tower_http::add_extension::AddExtension;

use super::conns::Conns;
use super::limits::Limits;
use super::peer::Peer;
use super::timed_io::TimedIo;

/// What every connection reads.
#[derive(Debug)]
pub(super) struct Shared {
    /// The routes, within the edge (`routes.rs`).
    pub(super) router: Router,
    pub(super) limits: Limits,
    pub(super) conns: Arc<Conns>,
}

/// Serves `stream` until the client closes it, a limit closes it, or the server stops: then
/// `graceful` (hyper-util's graceful shutdown) asks hyper to finish the answer in flight and
/// close.
pub(super) async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    shared: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
    graceful: Watcher,
) {
    let limits = shared.limits;
    let place = tokio::select! {
        place = shared.conns.enter(limits.head_timeout) => place,
        _ = stop.wait_for(|&stopping| stopping) => None,
    };
    // No place: the connection is dropped, which closes it.
    let Some(place) = place else { return };
    let activity = Arc::clone(&place.activity);
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(TimedIo(stream, Arc::clone(&activity)));
    let peer = Peer {
        addr: peer,
        activity: Arc::clone(&activity),
    };
    let service = TowerToHyperService::new(AddExtension::new(shared.router.clone(), peer));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        // At least hyper's least read buffer, 8 KiB, below which its builder would panic.
        .max_buf_size(limits.max_head_bytes.max(8192))
        .max_header_size(limits.max_head_bytes)
        .keep_alive(true);
    let mut connection = pin!(graceful.watch(builder.serve_connection(io, service)));
    loop {
        let stall = activity.stall_deadline(limits.stall_timeout);
        tokio::select! {
            // Closed by the client, by hyper (the head timeout, a malformed request) or
            // after the server's graceful shutdown.
            _ = connection.as_mut() => return,
            // Made room for a new one: an idle connection (no answer being computed for it,
            // the quietest) is closed as it is.
            () = activity.evicted() => return,
            () = tokio::time::sleep_until(stall) => {
                if activity.stalled(limits.stall_timeout) {
                    return;
                }
            }
        }
    }
}
