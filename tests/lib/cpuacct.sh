# shellcheck shell=bash
# cpuacct.sh: the CPU time a part of the suite took, with every process it
# started (daemons too), from a control group of cgroup v1's cpuacct
# controller. On a machine whose cores are all busy, a lane's or a file's
# CPU time, not its wall-clock time, is what removing it saves; the
# processes a test starts and leaves to run (nginx, the responders) are
# nobody's children, so only a group counts them.
#
#   cpu_group_enter NAME   # in a subshell: it and what it starts join a new
#                          # group NAME under its current one
#   cpu_group_ns NAME      # the nanoseconds of CPU the group NAME used
#   cpu_group_remove NAME  # remove it (left where a process still runs)
#
# Only where cgroup v1's cpuacct hierarchy is mounted on its own and
# writable (root, as ./run-tests runs in CI): the group adds accounting and
# nothing else (no cpu controller there, so scheduling and nice values are
# untouched). Elsewhere (cgroup v2, where a new group would share CPU by
# weight among groups, not processes; no root) enter does nothing and ns
# prints nothing: the callers print no CPU figure.

CPU_GROUP_ROOT=/sys/fs/cgroup/cpuacct

# _cpu_group_dir NAME: print the directory of group NAME: a child of this
# process's own cpuacct group.
_cpu_group_dir() {
	local line here=
	while IFS= read -r line; do
		# "4:cpuacct:/path" (or "2:cpu,cpuacct:/path": shared with cpu,
		# not used, above)
		if [[ $line =~ ^[0-9]+:cpuacct:(.*)$ ]]; then
			here=${BASH_REMATCH[1]}
		fi
	done </proc/self/cgroup
	here=${here%/}
	printf '%s%s/%s\n' "$CPU_GROUP_ROOT" "$here" "$1"
}

# cpu_group_ok: cpuacct is a hierarchy of its own, writable here (looked
# at once, when this file is sourced).
_cpu_group_ok=1
if [[ -w $CPU_GROUP_ROOT/cgroup.procs && -r $CPU_GROUP_ROOT/cpuacct.usage ]] &&
	grep -qE '^[0-9]+:cpuacct:' /proc/self/cgroup 2>/dev/null; then
	_cpu_group_ok=0
fi
cpu_group_ok() {
	return "$_cpu_group_ok"
}

cpu_group_enter() {
	local dir
	cpu_group_ok || return 0
	dir=$(_cpu_group_dir "$1") || return 0
	mkdir -p "$dir" 2>/dev/null || return 0
	echo "$BASHPID" >"$dir/cgroup.procs" 2>/dev/null
	return 0
}

# cpu_group_ns NAME: from the caller's own group (the one enter was
# called from).
cpu_group_ns() {
	local dir v
	cpu_group_ok || return 0
	dir=$(_cpu_group_dir "$1") || return 0
	[[ -r $dir/cpuacct.usage ]] || return 0
	read -r v <"$dir/cpuacct.usage" && printf '%s\n' "$v"
}

cpu_group_remove() {
	local dir
	cpu_group_ok || return 0
	dir=$(_cpu_group_dir "$1") || return 0
	rmdir "$dir" 2>/dev/null
	return 0
}
