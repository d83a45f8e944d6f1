#!/usr/bin/env bash
# Compiles Grader.java and Solution.java and runs the Java grader with duel's libduel.so.
# Usage: java/run.sh [--release|--debug]   (default: release; builds the library if needed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
profile=release
case "${1:-}" in
  --debug) profile=debug ;;
  --release|"") ;;
  *) echo "usage: java/run.sh [--release|--debug]" >&2; exit 2 ;;
esac
target=${CARGO_TARGET_DIR:-$root/target}
lib="$target/$profile"
if [ ! -f "$lib/libduel.so" ]; then
  flag=(); [ "$profile" = release ] && flag=(--release)
  (cd "$root" && cargo build --quiet -p duel-ffi "${flag[@]}") >&2
fi
classes="$target/java-classes"
mkdir -p "$classes"
if [ ! -f "$classes/Grader.class" ] || [ "$here/Grader.java" -nt "$classes/Grader.class" ] \
   || [ "$here/Solution.java" -nt "$classes/Solution.class" ]; then
  javac -d "$classes" "$here/Grader.java" "$here/Solution.java"
fi
exec java -Xss16m -Djava.library.path="$lib" -cp "$classes" Grader
