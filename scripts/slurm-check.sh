#!/usr/bin/env bash
# docs/jobs/eval-dfrc.slurm on a real one-node Slurm (Debian's slurm-wlm and munge, started
# here): submitted unchanged from a fresh directory with a small limit (the 960 starts at
# 5,000 nodes, two array tasks), one task requeued mid-run; the records must equal one
# machine's run but for each search's time. Then the same job file on an explorer's positions
# (`POSITIONS='--from-index DIR --min-games 2 --plies 2 --multipv 3'`, a small index of games
# written here): two array tasks, equal to one machine's run but for the time. Needs root (it starts munged, slurmctld and
# slurmd) and Stockfish; .ci/run installs them.
#
#   scripts/slurm-check.sh [CHESS960]    (default: target/release/chess960, built if missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chess960=${1:-$root/target/release/chess960}
[ -x "$chess960" ] || (cd "$root" && cargo build -q --release -p chess960-cli)
stockfish=/usr/games/stockfish
limit="--nodes 5000"

work=$(mktemp -d)
conf="$work/conf"
mkdir -p "$conf" "$work/state" "$work/spool" "$work/bin" /run/munge
# The daemons are stopped and waited for before their state is removed: slurmctld writes its
# state as it ends, and an `rm` racing it found the directory not empty.
stop() {
    kill $(jobs -p) 2>/dev/null || true
    pkill -f "slurm.*$work" 2>/dev/null || true
    for _ in $(seq 50); do
        pgrep -f "slurm.*$work" >/dev/null || break
        sleep 0.2
    done
    rm -rf "$work"
}
trap stop EXIT
ln -s "$chess960" "$work/bin/chess960"

# munge: the key Debian's package made, the daemon as its own user.
chown munge:munge /run/munge
[ -s /etc/munge/munge.key ] || runuser -u munge -- mungekey --create
munge -n 2>/dev/null | unmunge >/dev/null 2>&1 || runuser -u munge -- /usr/sbin/munged
for _ in $(seq 50); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
    sleep 0.1
done
munge -n | unmunge >/dev/null || { echo "munged did not start"; exit 1; }
host=$(hostname -s)
cpus=$(nproc)
cat > "$conf/slurm.conf" <<CONF
ClusterName=check
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# A requeued job waits out a credential's lifetime before it may start again (120 s unless
# told), and the main scheduler runs every minute: seconds each, for a check.
AuthInfo=cred_expire=10
SchedulerParameters=sched_interval=2
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# No cgroup.conf: proctrack/linuxproc and task/none use no cgroups.
export SLURM_CONF="$conf/slurm.conf"
/usr/sbin/slurmctld -D -f "$SLURM_CONF" >"$work/ctld.out" 2>&1 &
/usr/sbin/slurmd -D -f "$SLURM_CONF" >"$work/d.out" 2>&1 &
for _ in $(seq 100); do
    sinfo -h -o %t 2>/dev/null | grep -qx idle && break
    sleep 0.3
done
sinfo -h -o '%P %t %c' | grep -q idle || {
    echo "Slurm did not start"; cat "$work"/*.log "$work"/*.out; exit 1
}
echo "slurm: $(sinfo -V), node $host with $cpus CPUs, idle"

# The job, from a fresh directory, as a user submits it.
run="$work/run"
mkdir "$run"
cd "$run"
job=$(PATH="$work/bin:$PATH" POSITIONS=--all LIMIT="$limit" ENGINE=$stockfish \
    sbatch --parsable --array=0-1 --cpus-per-task=1 --export=ALL "$root/docs/jobs/eval-dfrc.slurm")
echo "submitted job $job"
lines() { [ -f "$1" ] && wc -l < "$1" || echo 0; }
# Task 1 is requeued once it has written some records, and not all.
for _ in $(seq 600); do
    [ "$(lines results/dfrc-001.jsonl)" -ge 50 ] && break
    sleep 0.1
done
done_before=$(lines results/dfrc-001.jsonl)
[ "$done_before" -ge 50 ] && [ "$done_before" -lt 480 ] \
    || { echo "task 1 had $done_before records when it was to be requeued"; exit 1; }
scontrol requeue "${job}_1"
echo "requeued ${job}_1 after $done_before of its 480 records"
for _ in $(seq 1200); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$job")" ] || { echo "the job did not finish"; squeue; exit 1; }
for task in 0 1; do
    state=$(sacct -n -X -P -j "${job}_$task" -o State 2>/dev/null | tail -1 || true)
    echo "task $task: ${state:-(no accounting)}; log: $(tr '\n' ' ' < "chess960-dfrc-$task.log")"
done
grep -q "already in results/dfrc-001.jsonl" chess960-dfrc-1.log \
    || { echo "task 1 did not go on with its file after the requeue"; exit 1; }

# One machine's run, and the comparison without each search's time.
# shellcheck disable=SC2086
"$chess960" eval --all --engine $stockfish --option Hash=64 $limit --jobs 1 --out one.jsonl
untimed() { sed -E 's/"time_ms":[0-9]+/"time_ms":_/' "$@"; }
if ! cmp -s <(untimed results/dfrc-*.jsonl) <(untimed one.jsonl); then
    echo "the array's records differ from one machine's:"
    diff <(untimed results/dfrc-*.jsonl) <(untimed one.jsonl) | head
    exit 1
fi
echo "slurm: 2 array tasks, one requeued mid-run: $(cat results/dfrc-*.jsonl | wc -l) records, equal to one machine's run but for the time"

# The explorer's positions: a small index (games written here, openings shared), its
# positions of 2 games or more up to 2 plies analysed with three lines by the same job file.
explorer="$work/explorer"
mkdir "$explorer"
cd "$explorer"
game() { printf '[Variant "Chess960"]\n[FEN "%s"]\n\n%s\n\n' "$1" "$2"; }
q105="qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1"
s518="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
{
    game "$q105" "1. g3 g6 2. b3 b6 1-0"
    game "$q105" "1. g3 g6 2. f4 f5 1/2-1/2"
    game "$q105" "1. g3 b6 2. b3 g6 0-1"
    game "$q105" "1. b3 b6 1-0"
    game "$s518" "1. e4 e5 2. Nf3 Nc6 1-0"
    game "$s518" "1. e4 e5 2. Nc3 Nf6 0-1"
    game "$s518" "1. d4 d5 1/2-1/2"
} > games.pgn
"$chess960" index add --index index games.pgn
positions="--from-index $explorer/index --min-games 2 --plies 2 --multipv 3"
job=$(PATH="$work/bin:$PATH" POSITIONS="$positions" LIMIT="$limit" ENGINE=$stockfish \
    sbatch --parsable --array=0-1 --cpus-per-task=1 --export=ALL "$root/docs/jobs/eval-dfrc.slurm")
echo "submitted job $job: the explorer's positions"
for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$job")" ] || { echo "the job did not finish"; squeue; exit 1; }
# shellcheck disable=SC2086
"$chess960" eval $positions --engine $stockfish --option Hash=64 $limit --jobs 1 --out one.jsonl
untimed() { sed -E 's/"time_ms":[0-9]+/"time_ms":_/; s/"date":"[0-9-]+"/"date":_/' "$@"; }
rows=$(cat results/dfrc-*.jsonl | wc -l)
[ "$rows" -ge 12 ] || { echo "the explorer's job wrote $rows rows"; cat chess960-dfrc-*.log; exit 1; }
if ! cmp -s <(untimed results/dfrc-*.jsonl) <(untimed one.jsonl); then
    echo "the explorer's array's records differ from one machine's:"
    diff <(untimed results/dfrc-*.jsonl) <(untimed one.jsonl) | head
    exit 1
fi
echo "slurm: the explorer's positions in 2 array tasks: $rows rows (three lines each), equal to one machine's run but for the time"
