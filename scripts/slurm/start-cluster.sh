#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this host for CI: munge + slurmctld + slurmd, as
# root, controller and compute node = this host, proctrack/linuxproc (no cgroups), task/none,
# select/cons_tres. Config, state, spool and logs live under one directory (default: a new temp dir).
#
#   scripts/slurm/start-cluster.sh [dir]      prints "SLURM_CONF=<dir>/slurm.conf" on its last line
#   scripts/slurm/stop-cluster.sh <dir>       stops what this started
#
# Installs Debian's slurm-wlm and munge only when they are missing. Exits non-zero (and says why)
# when the cluster does not come up; callers treat that as "no Slurm here".
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "start-cluster.sh: must run as root (it starts munged, slurmctld and slurmd)" >&2
  exit 1
fi

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

dir="${1:-$(mktemp -d /tmp/airgap-slurm.XXXXXX)}"
mkdir -p "$dir/state" "$dir/spool" "$dir/log" "$dir/munge"
dir="$(cd "$dir" && pwd)"
conf="$dir/slurm.conf"

# munge: its own key and socket under $dir, so a host munged (if any) is left alone.
key="$dir/munge/munge.key"
socket="$dir/munge/munge.socket"
if [ ! -f "$key" ]; then
  dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
  chmod 400 "$key"
fi
chmod 700 "$dir/munge"
if ! munge -n --socket="$socket" 2>/dev/null | unmunge --socket="$socket" >/dev/null 2>&1; then
  munged --force --key-file="$key" --socket="$socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"
fi

host="$(hostname -s)"
# slurmd -C reports this machine's CPUs, sockets, cores and memory as a NodeName line.
node_line="$(slurmd -C | head -n 1)"

cat >"$conf" <<CONF
ClusterName=airgap-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
KillWait=5
MinJobAge=600
JobRequeue=1
SchedulerType=sched/backfill
$node_line State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

export SLURM_CONF="$conf"
slurmctld -f "$conf"
slurmd -f "$conf"

# Wait (up to 30 s) for the node to be usable.
for _ in $(seq 1 60); do
  state="$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)"
  case "$state" in
    idle* | mixed* | allocated*) echo "SLURM_CONF=$conf"; exit 0 ;;
  esac
  sleep 0.5
done
echo "start-cluster.sh: the node did not become idle (state: ${state:-unknown}); logs in $dir/log" >&2
tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
exit 1
