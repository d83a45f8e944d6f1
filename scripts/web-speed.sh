#!/usr/bin/env bash
# Measures duel in the browser against native (not part of CI): nodes per second of the page's
# engine (its Web Worker in headless Chromium) and of the same binding code built natively, on
# the same positions at the same node limits; the .wasm's size, raw and gzipped; and the time to
# a first move. Needs chromium and chromium-driver (apt-get install chromium chromium-driver) and
# Node. The figures are in docs/WEB.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/web-build.sh >/dev/null
cargo build --release -q -p duel-wasm --example speed
target="${CARGO_TARGET_DIR:-target}"
node scripts/web-speed.mjs "$target/release/examples/speed"
