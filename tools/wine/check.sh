#!/usr/bin/env bash
# Plays the Windows build of the Gomocup brain (pbrain-alphabeta.exe) under Wine against the
# Linux build, over the protocol, at a node cap: the games must be the very games the Linux
# build plays against itself, move for move (a node-capped search with one thread depends
# on nothing but the position). Needs Wine, MinGW-w64 and Rust's Windows target:
#   apt-get install wine64 gcc-mingw-w64-x86-64 && rustup target add x86_64-pc-windows-gnu
# Usage: tools/wine/check.sh [OPENINGS] (default: the first 10 of
# docs/openings/balanced-freestyle15.txt, each played with both colours).
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in wine x86_64-w64-mingw32-gcc; do
    command -v "$tool" >/dev/null || {
        echo "missing $tool: apt-get install wine64 gcc-mingw-w64-x86-64" >&2
        exit 2
    }
done
rustup target list --installed | grep -qx x86_64-pc-windows-gnu || {
    echo "missing Rust's Windows target: rustup target add x86_64-pc-windows-gnu" >&2
    exit 2
}
work=$(mktemp -d)
trap 'WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
openings=${1:-}
if [ -z "$openings" ]; then
    openings=$work/openings.txt
    head -n 10 docs/openings/balanced-freestyle15.txt > "$openings"
fi
games=$((2 * $(grep -c . "$openings")))

cargo build --release --quiet --bin alphabeta --bin pbrain-alphabeta
cargo build --release --quiet --target x86_64-pc-windows-gnu --bin pbrain-alphabeta
mkdir -p "$work/win"
cp target/x86_64-pc-windows-gnu/release/pbrain-alphabeta.exe "$work/win/"
x86_64-w64-mingw32-gcc -O2 -shared -o "$work/win/bcryptprimitives.dll" \
    tools/wine/bcryptprimitives.c tools/wine/bcryptprimitives.def -ladvapi32

export WINEPREFIX=$work/prefix WINEDEBUG=-all
echo "making a Wine prefix in $WINEPREFIX ..."
wineboot -i >/dev/null 2>&1
root=$PWD
linux=$root/target/release/pbrain-alphabeta
play() { # ENGINE ENGINE SGF
    (cd "$work/win" && "$root/target/release/alphabeta" gomoku match \
        --engine "$1" --engine "$2" --name first --name second \
        --nodes 100000 --tc 0/60 --openings "$openings" --games "$games" \
        --concurrency 1 --sgf "$3" 2>&1 | tail -n 1)
}
echo "the Windows build against the Linux build ($games games) ..."
play "wine pbrain-alphabeta.exe" "$linux" "$work/wine.sgf"
echo "the Linux build against itself ..."
play "$linux" "$linux" "$work/linux.sgf"
if cmp -s "$work/wine.sgf" "$work/linux.sgf"; then
    echo "ok: the Windows build played the Linux build's $games games move for move"
else
    echo "FAILED: the games differ (kept in $work/wine.sgf and $work/linux.sgf)" >&2
    trap - EXIT
    exit 1
fi
