#!/usr/bin/env bash
# A sharded arena match under a real Slurm, on this machine: starts a one-node cluster from
# Debian's packages (munge, slurmctld, slurmd; no systemd, no cgroups) in a temporary directory,
# runs a 4-task job array of `duel arena reversi --shard $SLURM_ARRAY_TASK_ID/4`, follows the
# shards' records with `--follow` while they play, merges them with `--summarize`, and checks
# that the merge is a single-process run of the same match game for game and table for table.
# Everything it started is stopped on exit.
#
#   DUEL=target/release/duel scripts/slurm-test.sh
#
# Environment: DUEL, the duel binary (default target/release/duel); SLURM_TEST_TIMEOUT,
# seconds to wait for the cluster and the array (default 300); SLURM_TEST_KEEP=1 keeps the
# temporary directory (configuration, logs, records).
# Last line: `slurm-test: ok, N games …`, or `slurm-test: skipped: …` (exit 0) when Slurm or
# munge is not installed or the script is not run as root, or `slurm-test: FAILED: …` (exit 1)
# after the daemons' and the tasks' logs.
set -euo pipefail

say() { printf 'slurm-test: %s\n' "$*"; }

for program in slurmctld slurmd sbatch squeue sinfo scancel munged; do
  if ! command -v "$program" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$program" ]; then
    say "skipped: $program not installed (apt-get install slurmctld slurmd slurm-client munge)"
    exit 0
  fi
done
export PATH="$PATH:/usr/sbin:/sbin"
if [ "$(id -u)" -ne 0 ]; then
  # slurmd starts every job step as the job's user, which only root may do.
  say "skipped: not root (slurmd must run as root to start jobs)"
  exit 0
fi

duel="${DUEL:-target/release/duel}"
[ -x "$duel" ] || { say "FAILED: no duel binary at $duel (set DUEL)"; exit 1; }
duel="$(cd "$(dirname "$duel")" && pwd)/$(basename "$duel")"
timeout="${SLURM_TEST_TIMEOUT:-300}"

# The match: node-limited built-ins from a fixed seed, so every run plays the same games.
games=15
match=(arena reversi --a builtin:duel:nodes=300 --b builtin:random --games "$games" --seed 7
  --random-plies 4)
sprt=(--sprt elo0=0 elo1=50)

tmp="$(mktemp -d /tmp/slurm-test.XXXXXX)"
# munged wants every directory above its socket searchable by all.
chmod 755 "$tmp"
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
pids=()
job=""
follow_pid=""

logs() {
  for log in "$tmp"/*.log "$tmp"/work/slurm-*.out; do
    [ -f "$log" ] || continue
    echo "--- $log"
    tail -n 20 "$log"
  done
}

cleanup() {
  local status=$?
  set +e
  if [ -n "$job" ]; then scancel "$job" >/dev/null 2>&1; fi
  if [ -n "$follow_pid" ]; then kill "$follow_pid" 2>/dev/null; fi
  # The daemons this script started, newest first (slurmd, slurmctld, munged).
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null
  done
  if [ "${SLURM_TEST_KEEP:-0}" = 1 ]; then
    say "kept $tmp"
  else
    rm -rf "$tmp"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  logs
  say "FAILED: $*"
  exit 1
}

# Waits up to the timeout for the command "$@" to succeed.
wait_for() {
  local what="$1"
  shift
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "timed out after ${timeout} s waiting for $what"
    sleep 0.5
  done
}

# --- munge: a fresh key and a daemon of our own on a socket of our own -----------------------
if command -v mungekey >/dev/null 2>&1; then
  mungekey --create --keyfile="$tmp/munge.key"
else
  dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
fi
chmod 600 "$tmp/munge.key"
munged --foreground --force --key-file="$tmp/munge.key" --socket="$tmp/munge.socket" \
  --pid-file="$tmp/munged.pid" --seed-file="$tmp/munged.seed" --log-file="$tmp/munged.log" \
  >>"$tmp/munged.log" 2>&1 &
pids+=($!)
wait_for "munged's socket" test -S "$tmp/munge.socket"

# --- slurm.conf: one node with this machine's CPUs, one partition -----------------------------
# Ports of our own, away from Slurm's defaults (6817, 6818) and from each other run.
port=$((20000 + (RANDOM % 20000) * 2))
cat >"$tmp/slurm.conf" <<EOF
ClusterName=duel-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
ReturnToService=2
NodeName=duelnode NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=$(nproc) State=UNKNOWN
PartitionName=duel Nodes=duelnode Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"
started=$SECONDS
slurmctld -D -f "$SLURM_CONF" >>"$tmp/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -N duelnode -f "$SLURM_CONF" >>"$tmp/slurmd.log" 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -n duelnode -o %t 2>/dev/null)" = idle ]; }
wait_for "the node to be idle" node_idle
say "cluster up in $((SECONDS - started)) s ($(nproc) CPUs, slurmctld on port $port)"

# --- the array, followed while it plays --------------------------------------------------------
cd "$tmp/work"
"$duel" "${match[@]}" --summarize "${sprt[@]}" --follow shard-{0..3}.jsonl \
  >follow.out 2>follow.err &
follow_pid=$!
printf -v command '%q ' "$duel" "${match[@]}"
job="$(sbatch --parsable --array=0-3 --chdir="$tmp/work" --output="$tmp/work/slurm-%A_%a.out" \
  --wrap "${command}--shard \$SLURM_ARRAY_TASK_ID/4 --record shard-\$SLURM_ARRAY_TASK_ID.jsonl; echo \$? >rc-\$SLURM_ARRAY_TASK_ID")"
job="${job%%;*}"
say "submitted array job $job (4 tasks)"
array_done() { [ "$(ls rc-* 2>/dev/null | wc -l)" -eq 4 ] && [ -z "$(squeue -h -j "$job" 2>/dev/null)" ]; }
wait_for "the array to finish" array_done
for k in 0 1 2 3; do
  [ "$(cat "rc-$k")" = 0 ] || fail "array task $k exited with status $(cat "rc-$k")"
done
job=""
say "array finished in $((SECONDS - started)) s from the cluster's start"
set +e
wait "$follow_pid"
follow_status=$?
set -e
follow_pid=""

# --- the same match in one process, and the comparisons ---------------------------------------
"$duel" "${match[@]}" --record whole.jsonl >whole.out 2>whole.err || fail "the single run failed"
by_game() { sed -E 's/.*"game":([0-9]+).*/\1\t&/' "$@" | sort -n -k1,1 | cut -f2-; }
by_game shard-{0..3}.jsonl >merged.jsonl
[ "$(wc -l <merged.jsonl)" -eq "$games" ] || fail "the shards recorded $(wc -l <merged.jsonl) games, not $games"
diff -u whole.jsonl merged.jsonl || fail "the shards' games differ from the single run's"
body() { grep -v '^  read back from ' "$@"; }
"$duel" "${match[@]}" --summarize whole.jsonl "${sprt[@]}" >summary-whole.out
"$duel" "${match[@]}" --summarize shard-{3,1,0,2}.jsonl "${sprt[@]}" >summary-shards.out
diff -u <(body summary-whole.out) <(body summary-shards.out) ||
  fail "the merged summary differs from the single run's"
# The played run's RESULT line (no SPRT) is the merge's.
"$duel" "${match[@]}" --summarize shard-{0..3}.jsonl >summary-plain.out
[ "$(grep '^RESULT ' whole.out)" = "$(grep '^RESULT ' summary-plain.out)" ] ||
  fail "RESULT lines differ: $(grep '^RESULT ' whole.out) / $(grep '^RESULT ' summary-plain.out)"
# --follow stopped on the SPRT the merge computes: 0 for H1, 1 for H0, 3 for no decision.
case "$(grep '^SPRT ' summary-whole.out)" in
  *"H1 accepted"*) expected=0 verdict=H1 ;;
  *"H0 accepted"*) expected=1 verdict=H0 ;;
  *) expected=3 verdict="no decision" ;;
esac
if [ "$follow_status" -ne "$expected" ]; then
  cat follow.out follow.err
  fail "--follow exited $follow_status, expected $expected ($verdict)"
fi
cat summary-shards.out
say "ok, $games games in 4 Slurm array tasks equal the single run; --follow: $verdict after $(grep -c '^follow: ' follow.out) readings; $((SECONDS - started)) s"
