#!/usr/bin/env bash
# The whole test suite: formatting, lints, then every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace --release
