//! The server: its builder ([`Server`]), its bound socket ([`Listening`]), the accept loop,
//! and the stop (SIGTERM, SIGINT or a [`Stopper`]) that lets the answers in flight finish.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use super::Endpoints;
use super::connection::{Shared, serve_connection};
use super::conns::Conns;
use super::limits::Limits;
use super::log::note;
use super::routes::router;
use super::token::Tokens;

/// A server to be bound: what it answers, within which limits.
///
/// ```no_run
/// use std::sync::Arc;
/// use chess960_explorer::server::{Endpoints, Backend, BackendError, Limits, Server};
/// use chess960_explorer::Query;
///
/// struct Empty;
///
/// impl Backend for Empty {
///     fn answer(&self, _: &Query) -> Result<String, BackendError> {
///         Ok(r#"{"white":0,"draws":0,"black":0,"moves":[]}"#.to_owned())
///     }
/// }
///
/// let endpoints = Endpoints { lichess: Arc::new(Empty), masters: None };
/// let listening = Server::new(endpoints, "<!doctype html><title>explorer</title>")
///     .limits(Limits::default())
///     .bind("127.0.0.1:9002".parse()?)?;
/// eprintln!("listening on http://{}", listening.local_addr()?);
/// listening.run()?; // until SIGTERM or SIGINT
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Server {
    endpoints: Endpoints,
    page: &'static str,
    limits: Limits,
    trusted_proxies: Vec<IpAddr>,
    tokens: Option<Tokens>,
    access_log: bool,
    signals: bool,
}

/// A server bound to its socket, to be run.
#[derive(Debug)]
pub struct Listening {
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    stop: Arc<watch::Sender<bool>>,
    signals: bool,
}

/// Stops a running server from another thread, as SIGTERM does: no new connection, the
/// answers in flight finished (for up to [`Limits::shutdown_grace`]), then
/// [`Listening::run`] returns.
#[derive(Clone, Debug)]
pub struct Stopper(Arc<watch::Sender<bool>>);

impl Server {
    /// A server answering `endpoints`, with `page` at `/`, default [`Limits`], the access
    /// log on stderr, stopped by SIGTERM and SIGINT.
    pub fn new(endpoints: Endpoints, page: &'static str) -> Server {
        Server {
            endpoints,
            page,
            limits: Limits::default(),
            trusted_proxies: Vec::new(),
            tokens: None,
            access_log: true,
            signals: true,
        }
    }

    /// The server within `limits`.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Server {
        self.limits = limits.clamped();
        self
    }

    /// The reverse proxies (their addresses) whose `X-Forwarded-For` names the client a
    /// rate limit holds to its rate ([`Limits::requests_per_second`]); none by default,
    /// when every peer is its own client and the header is not believed.
    #[must_use]
    pub fn trusted_proxies(mut self, proxies: Vec<IpAddr>) -> Server {
        self.trusted_proxies = proxies;
        self
    }

    /// The tokens every API request must carry, one of them (`Authorization: Bearer
    /// TOKEN`), else a 401; `/health` and the page stay open. None by default: a token is
    /// accepted and ignored.
    #[must_use]
    pub fn tokens(mut self, tokens: Option<Tokens>) -> Server {
        self.tokens = tokens;
        self
    }

    /// Whether a line per request is written to stderr (on by default).
    #[must_use]
    pub fn access_log(mut self, on: bool) -> Server {
        self.access_log = on;
        self
    }

    /// Whether SIGTERM and SIGINT (Ctrl-C on other systems) stop the server (on by default).
    /// Off, only a [`Stopper`] does: for servers inside another program, such as tests.
    #[must_use]
    pub fn stop_on_signals(mut self, on: bool) -> Server {
        self.signals = on;
        self
    }

    /// Binds the socket now, so that the address in use is known (port 0 picks a free one)
    /// and a port already taken fails here, before [`Listening::run`].
    pub fn bind(self, listen: SocketAddr) -> io::Result<Listening> {
        let listener = std::net::TcpListener::bind(listen)?;
        listener.set_nonblocking(true)?;
        let (stop, _) = watch::channel(false);
        let shared = Shared {
            router: router(
                self.endpoints,
                self.page,
                &self.limits,
                self.trusted_proxies.into(),
                self.tokens.map(Arc::new),
                self.access_log,
            ),
            limits: self.limits,
            conns: Arc::new(Conns::new(self.limits.max_connections)),
        };
        Ok(Listening {
            listener,
            shared: Arc::new(shared),
            stop: Arc::new(stop),
            signals: self.signals,
        })
    }
}

impl Listening {
    /// The address the server listens on.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// What stops the server from another thread.
    pub fn stopper(&self) -> Stopper {
        Stopper(Arc::clone(&self.stop))
    }

    /// Serves until stopped, on this thread (the connections) and on up to
    /// [`Limits::answer_threads`] more (the answers). `Ok` after a stop, once the answers in
    /// flight are written or the grace is over; `Err` if the server could not start.
    pub fn run(self) -> io::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .max_blocking_threads(self.shared.limits.answer_threads.max(1))
            .thread_name("chess960-serve-answer")
            .build()?;
        let result = runtime.block_on(self.serve());
        // Answers still being computed after the grace are not waited for.
        runtime.shutdown_background();
        result
    }

    async fn serve(self) -> io::Result<()> {
        let listener = TcpListener::from_std(self.listener)?;
        let mut signals = Signals::new(self.signals)?;
        let (shared, mut stop) = (self.shared, self.stop.subscribe());
        let mut connections = JoinSet::new();
        // hyper-util's graceful shutdown: each connection watched, all asked at a stop to
        // finish their answer in flight and close.
        let graceful = GracefulShutdown::new();
        loop {
            tokio::select! {
                _ = stop.wait_for(|&stopping| stopping) => break,
                name = signals.next() => {
                    note(&format!("{name}: stopping"));
                    break;
                }
                accepted = listener.accept() => match accepted {
                    Ok((stream, peer)) => {
                        let (shared, stop) = (Arc::clone(&shared), self.stop.subscribe());
                        let watcher = graceful.watcher();
                        connections.spawn(serve_connection(stream, peer, shared, stop, watcher));
                    }
                    // Out of file descriptors, or a connection reset before it was accepted:
                    // a pause, so that a lasting cause is not a busy loop.
                    Err(err) => {
                        note(&format!("accept: {err}"));
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                },
                Some(_) = connections.join_next(), if !connections.is_empty() => {}
            }
        }
        drop(listener);
        // Those waiting for a place give up; those served are shut down gracefully.
        self.stop.send_replace(true);
        if !connections.is_empty() {
            let (grace, open) = (shared.limits.shutdown_grace, connections.len());
            let seconds = grace.as_secs_f64();
            let waiting = format!("waiting up to {seconds} s for {open} connection(s)");
            note(&waiting);
            tokio::select! {
                () = graceful.shutdown() => {}
                () = tokio::time::sleep(grace) => {
                    note("grace over: closing the connections left");
                }
                name = signals.next() => {
                    note(&format!("{name} again: closing the connections left"));
                }
            }
            connections.abort_all();
        }
        Ok(())
    }
}

impl Stopper {
    /// Stops the server; once is enough, more does nothing.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

/// SIGTERM and SIGINT as the process receives them (Ctrl-C where there are no Unix signals);
/// none when the server is not stopped by signals.
struct Signals(Option<Streams>);

#[cfg(unix)]
type Streams = [tokio::signal::unix::Signal; 2];

/// Ctrl-C is waited for as it comes: no stream to keep.
#[cfg(not(unix))]
type Streams = ();

impl Signals {
    fn new(on: bool) -> io::Result<Signals> {
        // Off, no handler is installed: the process keeps the signals' default actions.
        if !on {
            return Ok(Signals(None));
        }
        #[cfg(unix)]
        let streams = {
            use tokio::signal::unix::{SignalKind, signal};
            [
                signal(SignalKind::terminate())?,
                signal(SignalKind::interrupt())?,
            ]
        };
        #[cfg(not(unix))]
        let streams = ();
        Ok(Signals(Some(streams)))
    }

    /// The next signal's name; never when there are none.
    async fn next(&mut self) -> &'static str {
        match &mut self.0 {
            #[cfg(unix)]
            Some([terminate, interrupt]) => tokio::select! {
                _ = terminate.recv() => "SIGTERM",
                _ = interrupt.recv() => "SIGINT",
            },
            #[cfg(not(unix))]
            Some(()) => match tokio::signal::ctrl_c().await {
                Ok(()) => "Ctrl-C",
                Err(_) => std::future::pending().await,
            },
            None => std::future::pending().await,
        }
    }
}
