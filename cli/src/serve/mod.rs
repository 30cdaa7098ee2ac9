//! `chess960 serve`: the indexes given answering lichess's explorer API
//! (`chess960_explorer::server`), with the explorer's page at `/`: `page.html` with the
//! shared board (`../page/`), the rules (`rules.js`), its own script (`explorer.js`) and its
//! moves by pointer (`input.js`).

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use chess960_explorer::Index;
use chess960_explorer::server::{Backend, Endpoints, IndexBackend, Limits, Server, Tokens};

use crate::args::ServeArgs;

/// Runs `serve`.
pub(crate) fn serve(args: &ServeArgs) -> io::Result<ExitCode> {
    let cache = args.cache_mib.saturating_mul(1 << 20);
    let opened = |dir: &Path| IndexBackend::new(Index::open_with_cache(dir, cache)?);
    let open = |dir: &Path| match opened(dir) {
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
    let tokens = match args.token_file.as_deref().map(Tokens::read).transpose() {
        Ok(tokens) => tokens,
        Err(err) => {
            let file = args
                .token_file
                .as_deref()
                .unwrap_or(Path::new(""))
                .display();
            eprintln!("chess960: serve: --token-file {file}: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let endpoints = Endpoints { lichess, masters };
    let server = match Server::new(endpoints, PAGE.as_str())
        .limits(Limits {
            requests_per_second: args.rate_limit,
            answer_timeout: Duration::try_from_secs_f64(args.answer_timeout)
                .unwrap_or(Duration::MAX),
            ..Limits::default()
        })
        .trusted_proxies(args.trusted_proxy.clone())
        .tokens(tokens)
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
    // The access log: the server's `tracing` events (a span a request, an event at its
    // response), a line each on stderr, `RUST_LOG`-free: the server's own level, info.
    let _ = tracing_subscriber::fmt()
        .with_writer(io::stderr)
        .with_target(false)
        .with_ansi(false)
        .with_max_level(tracing_subscriber::filter::LevelFilter::INFO)
        .try_init();
    server.run()?;
    Ok(ExitCode::SUCCESS)
}

/// The explorer's page, answering from the API: one file, its scripts and styles in it.
static PAGE: LazyLock<String> = LazyLock::new(|| {
    let own = [
        ("rules.js", include_str!("rules.js")),
        ("explorer.js", include_str!("explorer.js")),
        ("input.js", include_str!("input.js")),
    ];
    crate::page::assembled(include_str!("page.html"), &own)
});

#[cfg(test)]
mod tests {
    use super::PAGE;

    #[test]
    fn the_page_is_one_file_with_the_shared_board() {
        assert!(!PAGE.contains("<!--"), "a marker left");
        for part in [
            "function drawSquares(",
            "function rulesOf(",
            "async function show(",
            "@media (max-width: 600px)",
        ] {
            assert!(PAGE.contains(part), "{part}");
        }
        // board.js, then the rules and the page's own script, which use it.
        let at = |part: &str| PAGE.find(part).unwrap();
        assert!(at("function drawSquares(") < at("function rulesOf("));
        assert!(at("function rulesOf(") < at("async function show("));
        assert!(at("async function show(") < at("function moveTo("));
        assert_eq!(PAGE.matches("<script>").count(), 4);
        assert_eq!(PAGE.matches("</script>").count(), 4);
    }
}
