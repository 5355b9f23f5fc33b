# unit.sh: the command line a systemd service unit runs, for tests that start
# it without systemd (tests/blackbox/socket_activation.test.sh, tests/deb/run).
# Source it from a bash script:
#
#   . tests/lib/unit.sh
#   mapfile -d '' -t cmd < <(unit_exec_start perfil.service [ENVFILE])
#
# unit_exec_start UNIT [ENVFILE]: print the words of UNIT's ExecStart=, each
# followed by a NUL, with ${VAR} replaced by VAR's value as one word and $VAR
# by its value split on white space (systemd.service(5), "Command lines").
# The values come from UNIT's Environment= lines, then from ENVFILE (default:
# the path of UNIT's EnvironmentFile=, when it exists), which overrides them,
# as systemd reads them. Enough for perfil's units: no quoting in ExecStart,
# one VAR=VALUE a line in the environment file (optionally quoted), no
# specifiers (%n...). Returns 1 when the unit has no ExecStart= or names an
# unset variable.
unit_exec_start() {
	local unit=$1 envfile=${2-} line key value word words=() out=() name
	local -A env=()
	while IFS= read -r line; do
		line=${line#Environment=}
		# Environment=KEY=VALUE (one assignment a line here)
		env[${line%%=*}]=${line#*=}
	done < <(grep '^Environment=' "$unit")
	if [[ -z $envfile ]]; then
		envfile=$(sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$unit" | head -n 1)
	fi
	if [[ -n $envfile && -r $envfile ]]; then
		while IFS= read -r line; do
			[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
			key=${line%%=*}
			value=${line#*=}
			if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then
				value=${BASH_REMATCH[1]}
			fi
			env[$key]=$value
		done <"$envfile"
	fi
	line=$(sed -n 's/^ExecStart=//p' "$unit" | head -n 1)
	[[ -n $line ]] || return 1
	read -r -a words <<<"$line"
	for word in "${words[@]}"; do
		if [[ $word =~ ^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$ ]]; then
			name=${BASH_REMATCH[1]}
			[[ -v env[$name] ]] || { echo "unit.sh: $unit: \${$name} is not set" >&2; return 1; }
			out+=("${env[$name]}")
		elif [[ $word =~ ^\$([A-Za-z_][A-Za-z0-9_]*)$ ]]; then
			name=${BASH_REMATCH[1]}
			[[ -v env[$name] ]] || { echo "unit.sh: $unit: \$$name is not set" >&2; return 1; }
			read -r -a value <<<"${env[$name]}"
			out+=("${value[@]}")
		else
			out+=("$word")
		fi
	done
	printf '%s\0' "${out[@]}"
}
