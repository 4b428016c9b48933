#!/usr/bin/env bash
# A one-node Slurm cluster for the tests (Debian's slurm-wlm and munge, no systemd): munged, slurmctld
# and slurmd in the foreground as background jobs of this shell, stopped by their PIDs.
#   source scripts/ci/slurm.sh && slurm_start   # installs if needed, starts, exports SLURM_CONF
#   slurm_stop                                  # kills the daemons slurm_start started
# proctrack/linuxproc and task/none need no cgroups; no accounting (job state comes from scontrol).
# The state, logs and config live in QARX_SLURM_DIR (default /tmp/qarx-slurm).

QARX_SLURM_DIR=${QARX_SLURM_DIR:-/tmp/qarx-slurm}
QARX_SLURM_PIDS=()

# Installs slurm-wlm and munge from Debian when slurmctld is missing.
slurm_install() {
  command -v slurmctld >/dev/null 2>&1 && command -v munged >/dev/null 2>&1 && return 0
  echo "== installing Debian's slurm-wlm and munge for the Slurm test"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq slurm-wlm munge >/dev/null
}

# Polls "$@" until it succeeds, at most $1 times a quarter second apart; returns 1 when it never did.
slurm_poll() {
  local n=$1; shift
  for ((i = 0; i < n; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  return 1
}

# True when the node answers and takes jobs.
slurm_node_idle() { sinfo -h -N -o %T | grep -qx idle; }

# Writes slurm.conf for this host: its CPUs and memory as slurmd -C reports them.
slurm_config() {
  local host; host=$(hostname -s)
  mkdir -p "$QARX_SLURM_DIR/ctld" "$QARX_SLURM_DIR/spool"
  cat > "$QARX_SLURM_DIR/slurm.conf" <<CONF
ClusterName=qarxci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
# Finished jobs stay visible to scontrol for an hour (there is no accounting database).
MinJobAge=3600
StateSaveLocation=$QARX_SLURM_DIR/ctld
SlurmdSpoolDir=$QARX_SLURM_DIR/spool
SlurmctldPidFile=$QARX_SLURM_DIR/slurmctld.pid
SlurmdPidFile=$QARX_SLURM_DIR/slurmd.pid
SlurmctldLogFile=$QARX_SLURM_DIR/slurmctld.log
SlurmdLogFile=$QARX_SLURM_DIR/slurmd.log
$(slurmd -C | head -1) NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
}

# Starts munged, slurmctld and slurmd (unless a Slurm already answers) and waits for an idle node.
slurm_start() {
  if command -v scontrol >/dev/null 2>&1 && scontrol ping >/dev/null 2>&1; then
    echo "== a Slurm cluster already answers; using it"; return 0
  fi
  slurm_install
  rm -rf "$QARX_SLURM_DIR"; mkdir -p "$QARX_SLURM_DIR"
  [ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
  chown munge:munge /etc/munge/munge.key; chmod 600 /etc/munge/munge.key
  mkdir -p /run/munge /var/lib/munge /var/log/munge; chown munge:munge /run/munge /var/lib/munge /var/log/munge
  runuser -u munge -- munged -F >"$QARX_SLURM_DIR/munged.log" 2>&1 &
  QARX_SLURM_PIDS+=($!)
  slurm_poll 80 munge -n || { echo "munged did not start:"; cat "$QARX_SLURM_DIR/munged.log"; return 1; }
  slurm_config
  export SLURM_CONF=$QARX_SLURM_DIR/slurm.conf
  slurmctld -D -i >"$QARX_SLURM_DIR/slurmctld.out" 2>&1 &
  QARX_SLURM_PIDS+=($!)
  slurmd -D >"$QARX_SLURM_DIR/slurmd.out" 2>&1 &
  QARX_SLURM_PIDS+=($!)
  if ! slurm_poll 240 slurm_node_idle; then
    echo "Slurm did not come up; its logs:"; tail -n 20 "$QARX_SLURM_DIR"/*.log "$QARX_SLURM_DIR"/*.out
    return 1
  fi
  echo "== Slurm $(sinfo -V | cut -d' ' -f2): one node, $(sinfo -h -o %c) CPUs, partition $(sinfo -h -o %P)"
}

# Stops the daemons slurm_start started, by PID, last started first.
slurm_stop() {
  local i
  for ((i = ${#QARX_SLURM_PIDS[@]} - 1; i >= 0; i--)); do kill "${QARX_SLURM_PIDS[i]}" 2>/dev/null || true; done
  for i in "${QARX_SLURM_PIDS[@]}"; do wait "$i" 2>/dev/null || true; done
  QARX_SLURM_PIDS=()
}
