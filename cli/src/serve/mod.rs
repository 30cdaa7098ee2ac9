//! `chess960 serve`: the indexes given answering lichess's explorer API
//! (`chess960_explorer::server`), with the explorer's page (`page.html`) at `/`.

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use chess960_explorer::server::{Backend, Endpoints, IndexBackend, Limits, Server};

use crate::args::ServeArgs;

/// Runs `serve`.
pub(crate) fn serve(args: &ServeArgs) -> io::Result<ExitCode> {
    let open = |dir: &Path| match IndexBackend::open(dir) {
        Ok(explorer) => Some(Arc::new(explorer) as Arc<dyn Backend>),
        Err(err) => {
            eprintln!("chess960: {err}");
            None
        }
    };
    let Some(lichess) = open(&args.index) else {
        return Ok(ExitCode::FAILURE);
    };
    let masters = match &args.masters {
        Some(dir) => match open(dir) {
            Some(masters) => Some(masters),
            None => return Ok(ExitCode::FAILURE),
        },
        None => None,
    };
    let endpoints = Endpoints { lichess, masters };
    let server = match Server::new(endpoints, PAGE)
        .limits(Limits {
            requests_per_second: args.rate_limit,
            ..Limits::default()
        })
        .bind(args.listen)
    {
        Ok(server) => server,
        Err(err) => {
            eprintln!("chess960: serve: cannot listen on {}: {err}", args.listen);
            return Ok(ExitCode::FAILURE);
        }
    };
    eprintln!(
        "chess960: serving {} on http://{}/",
        args.index.display(),
        server.local_addr()?
    );
    server.run()?;
    Ok(ExitCode::SUCCESS)
}

/// The explorer's page, answering from the API.
const PAGE: &str = include_str!("page.html");
