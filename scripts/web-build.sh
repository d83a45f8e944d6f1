#!/usr/bin/env bash
# Builds duel's WebAssembly binding (ffi/wasm) and copies it beside the page: web/duel.wasm.
# Then serve the page: `cd web && python3 -m http.server 8000` and open http://localhost:8000/.
# The .wasm is built, never committed (web/.gitignore): one command makes it from the source.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
cargo build --release -p duel-wasm --target wasm32-unknown-unknown
target="${CARGO_TARGET_DIR:-target}"
cp "$target/wasm32-unknown-unknown/release/duel_wasm.wasm" web/duel.wasm
echo "web/duel.wasm: $(wc -c <web/duel.wasm) bytes; serve with: cd web && python3 -m http.server 8000"
