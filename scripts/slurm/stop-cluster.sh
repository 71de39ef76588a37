#!/usr/bin/env bash
# Stops the cluster scripts/slurm/start-cluster.sh started in <dir> (by the pid files it wrote).
set -uo pipefail
dir="${1:?usage: stop-cluster.sh <dir>}"
for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
  if [ -f "$pidfile" ]; then
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  fi
done
