#!/usr/bin/env bash
# The whole test suite: formatting, lints (the fuzz targets' too), the API documentation's
# links, then every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# The fuzz targets (fuzz/, a package of its own) are checked here so they keep compiling; they
# run with cargo fuzz (README, "Fuzzing"). Without its default features libFuzzer is not built.
cargo fmt --manifest-path fuzz/Cargo.toml -- --check
cargo clippy --manifest-path fuzz/Cargo.toml --no-default-features --target-dir target -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
# Built with the testing profile (Cargo.toml): the release profile's optimisation, minutes
# faster to build.
cargo test --workspace --profile testing
