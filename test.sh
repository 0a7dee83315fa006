#!/usr/bin/env bash
# The whole test suite: formatting, lints, the API documentation's links, then every test
# of the workspace.
set -euo pipefail
cd "$(dirname "$0")"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
cargo test --workspace --release
