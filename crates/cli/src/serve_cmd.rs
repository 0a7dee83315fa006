//! `alphabeta serve`: the web page and its API on a local port.

use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080, allow_negative_numbers = true)]
    port: u16,
    /// Address to listen on; 0.0.0.0 opens the page to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Searches running at once (each holds one engine and its table); more get 503.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    max_searches: usize,
    /// Threads each Gomoku search runs on (Lazy SMP: two score 59% against one at equal
    /// time; a move at a level runs on one) [default: the cores shared among --max-searches]
    #[arg(long, value_parser = crate::gomoku_cmd::thread_count(), allow_negative_numbers = true)]
    threads: Option<u16>,
    /// Longest the engine may think for one request, in seconds.
    #[arg(long, default_value_t = 30.0, value_parser = crate::seconds, allow_negative_numbers = true)]
    max_think: f64,
    /// Largest tree explained, in nodes.
    #[arg(long, default_value_t = 5000, allow_negative_numbers = true)]
    max_tree_nodes: usize,
}

pub fn run(a: &ServeArgs) -> Result<()> {
    anyhow::ensure!(
        a.max_think >= 0.1,
        "--max-think must be at least 0.1 seconds"
    );
    anyhow::ensure!(a.max_searches >= 1, "--max-searches must be at least 1");
    // The machine's cores, shared among the searches that may run at once: a page of one's
    // own plays at the machine's strength, and a full server is not oversubscribed.
    let threads = a.threads.map_or_else(
        || {
            let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
            (cores / a.max_searches).max(1)
        },
        usize::from,
    );
    let limits = alphabeta_web::Limits {
        max_searches: a.max_searches,
        engine_threads: threads,
        max_think: Duration::from_secs_f64(a.max_think),
        max_tree_nodes: a.max_tree_nodes,
        ..Default::default()
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((a.host.as_str(), a.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", a.host, a.port))?;
        let addr = listener.local_addr()?;
        println!(
            "alphabeta is serving on http://{addr}/  (Gomoku searches on {threads} thread{}; \
             Ctrl-C stops it)",
            crate::plural(threads as u64)
        );
        use std::io::Write;
        std::io::stdout().flush()?;
        alphabeta_web::serve(listener, limits)
            .await
            .context("serving")
    });
    // Ctrl-C ends at once: a search or a puzzle being drawn (a player's, or one the server
    // draws ahead) is not waited for, as dropping the runtime would.
    runtime.shutdown_background();
    served
}
