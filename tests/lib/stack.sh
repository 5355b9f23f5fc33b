# stack.sh: run perfil-fcgi behind a private nginx on 127.0.0.1, for the
# black-box tests and ./serve. Source it from a bash script (not from an
# interactive shell):
#
#   . tests/lib/stack.sh
#   stack_start 18080 || exit 1    # API at $STACK_BASE/api/v1/...
#   ...
#   stack_stop                     # also run by the EXIT trap stack_start sets
#
# Everything lives in one temporary directory, $STACK_DIR: the generated
# nginx.conf, the copy of conf/nginx/perfil.conf with the port, socket and base
# URL substituted, the socket perfil.sock, the logs (perfil.log: the
# responder's stderr; error.log, access.log and nginx.log: nginx's) and
# nginx's temporary files. stack_stop removes it.
#
# Environment read:
#   PERFIL_BIN       responder binary (default: _build/default/src/perfil-fcgi)
#   PERFIL_WRAPPER   words put before the binary, e.g. "valgrind --error-exitcode=99"
#   PERFIL_ARGS      extra responder arguments, e.g. "--workers 4"
#   PERFIL_CONTENT   content directory (default: content)
#   STACK_TIMEOUT    seconds to wait for each process to come up (default: 10)
#   STACK_LOG_DIR    when set, stack_stop copies the logs there first
#   STACK_NGINX_HTTP extra directives for nginx's http block, e.g.
#                    "fastcgi_read_timeout 1s;"
#   STACK_TRAP       0: stack_start sets no trap (the caller calls stack_stop)
#   STACK_CACHE      0: turn the shipped site's micro-cache off ("fastcgi_cache
#                    off;"), for a test that must see the responder's every
#                    answer (tests/blackbox/run-checked: the sanitizers); the
#                    default is the site as it ships, cache on. Its cache
#                    directory is moved into $STACK_DIR either way, mode 0700,
#                    nginx's user's alone.
#   PERFIL_USER      as root, the responder's user (default perfil)
#   PERFIL_NGINX_SITE the nginx site to put in front (default:
#                    conf/nginx/perfil.conf; tests/deb/run: the installed
#                    package's /etc/nginx/sites-available/perfil.conf)
#   STACK_KEEPALIVE  N: nginx keeps up to N idle FastCGI connections per worker
#                    (the shipped configuration says 16); 0: one connection
#                    per request (fastcgi_pass to the socket, no keep_conn)
#
# Set by stack_start: STACK_ROOT (repository root), STACK_PORT, STACK_BASE
# (http://127.0.0.1:PORT), STACK_DIR, STACK_SOCK, STACK_CONTENT,
# STACK_RESPONDER_PID, STACK_NGINX_PID. Set by stack_stop_responder:
# STACK_RESPONDER_STATUS (its exit status).
#
# As root the responder runs as its own unprivileged system user, perfil
# ($PERFIL_USER; created with useradd --system if missing), never as nginx's
# www-data: it gets --user perfil --socket-group www-data, nginx gets "user
# www-data;", and they meet on the socket (mode 0660, perfil:www-data), which
# only nginx's group may use (docs/deployment.md, "User model").
# Both run in their own session (setsid), so a Ctrl-C on the terminal reaches
# only the calling script, whose trap stops them in order.

STACK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
STACK_PORT=
STACK_BASE=
STACK_DIR=
STACK_SOCK=
STACK_CONTENT=
STACK_RESPONDER_PID=
STACK_NGINX_PID=
STACK_RESPONDER_STATUS=

# stack_free_port [FIRST]: print the first TCP port from FIRST (default 18080)
# on which nothing listens on 127.0.0.1. Returns 1 if none of 200 is free.
stack_free_port() {
	local port=${1:-18080} last
	last=$((port + 200))
	while ((port < last)); do
		if ! ss -Htln "sport = :$port" 2>/dev/null | grep -q .; then
			if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
				printf '%s\n' "$port"
				return 0
			fi
		fi
		port=$((port + 1))
	done
	echo "stack: no free port from $1" >&2
	return 1
}

# stack_logs: print the tail of every log of the running stack to stderr.
stack_logs() {
	local log
	for log in perfil.log nginx.log error.log access.log; do
		if [[ -n $STACK_DIR && -s $STACK_DIR/$log ]]; then
			printf -- '--- %s (last 40 lines)\n' "$log" >&2
			tail -n 40 "$STACK_DIR/$log" >&2
		fi
	done
}

# _stack_alive PID: true while PID runs (a zombie counts as gone).
_stack_alive() {
	local state
	kill -0 "$1" 2>/dev/null || return 1
	state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
	[[ $state != Z ]]
}

# _stack_kill PID NAME: SIGTERM PID, wait up to 10 s, then SIGKILL it and
# whatever is left of its process group. Sets _STACK_KILL_STATUS to the exit
# status as the shell's wait reports it (127 when PID is not a child of this
# shell, so never call it in a subshell).
_STACK_KILL_STATUS=
_stack_kill() {
	local pid=$1 name=$2 i status=0
	kill -TERM "$pid" 2>/dev/null
	for ((i = 0; i < 200; i++)); do
		_stack_alive "$pid" || break
		sleep 0.05
	done
	if _stack_alive "$pid"; then
		echo "stack: $name (pid $pid) ignored SIGTERM for 10 s; killing it" >&2
		kill -KILL "$pid" 2>/dev/null
	fi
	wait "$pid" 2>/dev/null || status=$?
	# Workers the process left behind share its process group (setsid).
	kill -KILL -- "-$pid" 2>/dev/null
	_STACK_KILL_STATUS=$status
}

# stack_user: as root, print the responder's user, creating it (a system
# user without a home or a login shell) if it does not exist.
stack_user() {
	local user=${PERFIL_USER:-perfil}
	if ! id -u "$user" >/dev/null 2>&1; then
		useradd --system --no-create-home --home-dir /nonexistent \
			--shell /usr/sbin/nologin "$user" >&2 || return 1
	fi
	printf '%s\n' "$user"
}

# stack_start_responder: start perfil-fcgi on $STACK_SOCK and wait for the
# socket. Returns 1, after printing the logs, if it does not come up.
stack_start_responder() {
	local bin=${PERFIL_BIN:-$STACK_ROOT/_build/default/src/perfil-fcgi} wrapper=() extra=()
	local cmd=() i tries labels
	if [[ ! -x $bin ]]; then
		echo "stack: responder binary $bin not found; build it first" >&2
		return 1
	fi
	read -r -a wrapper <<<"${PERFIL_WRAPPER-}"
	read -r -a extra <<<"${PERFIL_ARGS-}"
	# The compressed variants' cache as ./serve and the packages keep
	# it (perfil-fcgi(8), --cache-dir): a directory of the stack's,
	# the responder's user's own.
	mkdir -p "$STACK_DIR/zcache" || return 1
	cmd=("${wrapper[@]}" "$bin" --socket "$STACK_SOCK"
		--content "$STACK_CONTENT" --base-url "$STACK_BASE"
		--cache-dir "$STACK_DIR/zcache")
	if [[ $EUID == 0 ]]; then
		cmd+=(--user "$(stack_user)" --socket-group www-data) || return 1
		chown "$(stack_user)" "$STACK_DIR/zcache" || return 1
		# The label sets of an uninstalled build are the source tree's:
		# unreadable to the user like the content (above), they get the
		# same treatment.
		if [[ " ${extra[*]} " != *' --labels '* && -d $STACK_ROOT/labels ]] &&
			! _stack_readable "$STACK_ROOT/labels/en.json"; then
			if [[ ${STACK_CONTENT_COPY:-1} == 0 ]]; then
				labels=$(_stack_bind "$STACK_ROOT/labels" labels en.json) || return 1
				cmd+=(--labels "$labels")
			else
				cp -R "$STACK_ROOT/labels" "$STACK_DIR/labels" &&
					chmod -R a+rX "$STACK_DIR/labels" || return 1
				cmd+=(--labels "$STACK_DIR/labels")
			fi
		fi
	fi
	cmd+=("${extra[@]}")
	rm -f "$STACK_SOCK"
	printf '%s\n' "stack: ${cmd[*]}" >>"$STACK_DIR/perfil.log"
	setsid "${cmd[@]}" </dev/null >>"$STACK_DIR/perfil.log" 2>&1 &
	STACK_RESPONDER_PID=$!
	STACK_RESPONDER_STATUS=
	tries=$((${STACK_TIMEOUT:-10} * 20))
	for ((i = 0; i < tries; i++)); do
		if [[ -S $STACK_SOCK ]]; then
			return 0
		fi
		if ! _stack_alive "$STACK_RESPONDER_PID"; then
			wait "$STACK_RESPONDER_PID" 2>/dev/null
			echo "stack: perfil-fcgi exited with status $? before creating $STACK_SOCK" >&2
			STACK_RESPONDER_PID=
			stack_logs
			return 1
		fi
		sleep 0.05
	done
	echo "stack: perfil-fcgi did not create $STACK_SOCK within ${STACK_TIMEOUT:-10} s" >&2
	stack_logs
	return 1
}

# stack_stop_responder: SIGTERM the responder and wait for it. Sets
# STACK_RESPONDER_STATUS. Returns 1 unless it exited cleanly (status 0, or
# 143 for death by SIGTERM); under PERFIL_WRAPPER="valgrind
# --error-exitcode=99" a leak or memory error shows here as 99.
stack_stop_responder() {
	[[ -n $STACK_RESPONDER_PID ]] || return 0
	_stack_kill "$STACK_RESPONDER_PID" perfil-fcgi
	STACK_RESPONDER_STATUS=$_STACK_KILL_STATUS
	STACK_RESPONDER_PID=
	case $STACK_RESPONDER_STATUS in
	0 | 143) return 0 ;;
	esac
	echo "stack: perfil-fcgi exited with status $STACK_RESPONDER_STATUS" >&2
	return 1
}

# stack_http_status PATH: print the status nginx answers for PATH (000 when
# nothing answers).
stack_http_status() {
	curl -s -o /dev/null -w '%{http_code}' --max-time 2 \
		"$STACK_BASE$1" 2>/dev/null || true
}

# stack_status_is CODE PATH: whether nginx answers PATH with CODE (for
# wait_until, tests/lib/wait.sh).
stack_status_is() {
	[[ $(stack_http_status "$2") == "$1" ]]
}

# stack_start_nginx: start nginx with $STACK_DIR/nginx.conf and wait until it
# answers /api/v1/health with anything but an upstream error. Returns 1,
# after printing the logs, if it does not.
stack_start_nginx() {
	local i tries code
	setsid nginx -p "$STACK_DIR/" -c "$STACK_DIR/nginx.conf" \
		-e "$STACK_DIR/error.log" </dev/null >>"$STACK_DIR/nginx.log" 2>&1 &
	STACK_NGINX_PID=$!
	tries=$((${STACK_TIMEOUT:-10} * 20))
	for ((i = 0; i < tries; i++)); do
		code=$(stack_http_status /api/v1/health)
		case $code in
		000 | 502 | 503 | 504) ;;
		*) return 0 ;;
		esac
		if ! _stack_alive "$STACK_NGINX_PID"; then
			wait "$STACK_NGINX_PID" 2>/dev/null
			echo "stack: nginx exited with status $? (port $STACK_PORT taken?)" >&2
			STACK_NGINX_PID=
			stack_logs
			return 1
		fi
		sleep 0.05
	done
	echo "stack: $STACK_BASE/api/v1/health still answers $code after ${STACK_TIMEOUT:-10} s" >&2
	stack_logs
	return 1
}

# stack_stop_nginx: SIGTERM nginx and wait for it.
stack_stop_nginx() {
	[[ -n $STACK_NGINX_PID ]] || return 0
	_stack_kill "$STACK_NGINX_PID" nginx
	STACK_NGINX_PID=
}

# _stack_content: print the content directory the responder can read. As
# root the responder drops to its own user, which may not be able to read the
# work tree (a clone in /root, mode 0700, on a fresh server). For the tests it
# then gets a copy; ./serve (STACK_CONTENT_COPY=0) must serve the owner's
# files themselves, edits and reloads included, so it gets them through a
# read-only bind mount (_stack_bind), or is told what to change.
_stack_content() {
	local src
	src=$(cd "$STACK_ROOT" && cd "${PERFIL_CONTENT:-content}" && pwd) || return 1
	if ! _stack_readable "$src/profile.json"; then
		if [[ ${STACK_CONTENT_COPY:-1} == 0 ]]; then
			src=$(_stack_bind "$src" content) || return 1
		else
			cp -R "$src" "$STACK_DIR/content" || return 1
			chmod -R a+rX "$STACK_DIR/content"
			src=$STACK_DIR/content
		fi
	fi
	printf '%s\n' "$src"
}

# _stack_readable FILE: true unless root and the responder's user cannot
# read FILE.
_stack_readable() {
	local user
	[[ $EUID == 0 ]] || return 0
	user=$(stack_user) || return 1
	runuser -u "$user" -- test -r "$1" 2>/dev/null
}

# _stack_bind DIR NAME: as root, make DIR visible to the responder's user at
# $STACK_DIR/NAME, a read-only bind mount, and print that path. The files
# are the owner's own (an edit is seen at once, nothing goes stale) and
# nothing about DIR or its parents changes: only the path, whose parents
# (a home directory of mode 0700, /root) the user may not pass, is replaced
# by one it may. The files themselves must still be readable by others
# (git clones them 0644 under umask 022); if not, or if mount is not
# allowed (an unprivileged container), this says what to change and fails.
# stack_stop unmounts it before removing $STACK_DIR.
_stack_bind() {
	local dir=$1 at=$STACK_DIR/$2 user
	user=$(stack_user) || return 1
	mkdir -p "$at" &&
		mount --bind "$dir" "$at" 2>/dev/null &&
		mount -o remount,bind,ro "$at" 2>/dev/null || {
		umount "$at" 2>/dev/null
		printf '%s\n' "stack: the responder's user $user cannot read $dir, and a read-only" \
			"  bind mount of it failed; make it readable to that user (chmod -R a+rX $dir," \
			"  and a+x on each parent directory) or serve a directory it can read" >&2
		return 1
	}
	if ! runuser -u "$user" -- test -r "$at/${3:-profile.json}" 2>/dev/null; then
		umount "$at"
		printf '%s\n' "stack: the responder's user $user cannot read the files of $dir" \
			"  themselves; make them readable: chmod -R a+rX $dir" >&2
		return 1
	fi
	echo "stack: $dir is readable by $user at $at (a read-only bind mount; $user cannot pass its parent directories)" >&2
	printf '%s\n' "$at"
}

# _stack_unbind: unmount what _stack_bind mounted under $STACK_DIR.
_stack_unbind() {
	local m
	[[ -n $STACK_DIR ]] || return 0
	while read -r m; do
		umount "$m" || umount -l "$m"
	done < <(findmnt -rn -o TARGET 2>/dev/null | grep -F "$STACK_DIR/" | sort -r)
}

# _stack_write_nginx_conf: write $STACK_DIR/perfil.conf (the shipped server
# block, or $PERFIL_NGINX_SITE, with port, socket and base URL substituted)
# and $STACK_DIR/nginx.conf.
_stack_write_nginx_conf() {
	local d=$STACK_DIR
	sed -e "s|http://127\.0\.0\.1:8080|$STACK_BASE|g" \
		-e "s|127\.0\.0\.1:8080|127.0.0.1:$STACK_PORT|g" \
		-e "s|/run/perfil/perfil\.sock|$STACK_SOCK|g" \
		-e "s|/var/cache/nginx/perfil|$d/cache|g" \
		"${PERFIL_NGINX_SITE:-$STACK_ROOT/conf/nginx/perfil.conf}" >"$d/perfil.conf" || return 1
	# The cache directory is nginx's alone (mode 0700): as root nginx's
	# workers run as www-data, which owns it.
	mkdir -p "$d/cache" && chmod 700 "$d/cache" || return 1
	if [[ $EUID == 0 ]]; then
		chown www-data:www-data "$d/cache" || return 1
	fi
	# The micro-cache is on in the shipped site, and here; STACK_CACHE=0
	# turns it off.
	if [[ ${STACK_CACHE-1} == 0 ]]; then
		sed -i 's|^\( *\)fastcgi_cache \$perfil_cache_zone;|\1fastcgi_cache off;|' \
			"$d/perfil.conf" || return 1
	fi
	# STACK_KEEPALIVE=N: N kept FastCGI connections per nginx worker
	# instead of the shipped number; 0: one connection per request.
	if [[ ${STACK_KEEPALIVE-} == 0 ]]; then
		sed -i -e "s|fastcgi_pass perfil_fcgi;|fastcgi_pass unix:$STACK_SOCK;|" \
			-e '/fastcgi_keep_conn on;/d' "$d/perfil.conf" || return 1
	elif [[ -n ${STACK_KEEPALIVE-} ]]; then
		sed -i -e "s|^    keepalive [0-9]*;|    keepalive $STACK_KEEPALIVE;|" \
			"$d/perfil.conf" || return 1
	fi
	# "include fastcgi_params;" is relative to the directory of nginx.conf.
	ln -sf /etc/nginx/fastcgi_params "$d/fastcgi_params"
	mkdir -p "$d/tmp"
	# Sized for thousands of client connections: each takes one descriptor,
	# two when it is proxied. worker_rlimit_nofile can exceed the hard limit
	# only as root; below it nginx gets what the hard limit allows.
	local nofile=16384
	if [[ $EUID != 0 ]]; then
		nofile=$(ulimit -Hn)
		[[ $nofile == unlimited || $nofile -gt 16384 ]] && nofile=16384
	fi
	{
		echo '# Generated by tests/lib/stack.sh.'
		if [[ $EUID == 0 ]]; then
			echo 'user www-data;'
		fi
		cat <<-EOF
			worker_processes 2;
			worker_rlimit_nofile $nofile;
			daemon off;
			pid $d/nginx.pid;
			error_log $d/error.log warn;
			events {
			    worker_connections $((nofile / 2));
			}
			http {
			    include /etc/nginx/mime.types;
			    default_type application/octet-stream;
			    access_log $d/access.log;
			    client_body_temp_path $d/tmp/body;
			    fastcgi_temp_path $d/tmp/fastcgi;
			    proxy_temp_path $d/tmp/proxy;
			    scgi_temp_path $d/tmp/scgi;
			    uwsgi_temp_path $d/tmp/uwsgi;
			    ${STACK_NGINX_HTTP-}
			    include $d/perfil.conf;
			}
		EOF
	} >"$d/nginx.conf"
}

# stack_start PORT: start the responder and nginx on 127.0.0.1:PORT. Returns
# 1, after printing the logs and cleaning up, if either does not come up.
stack_start() {
	STACK_PORT=$1
	STACK_BASE=http://127.0.0.1:$STACK_PORT
	STACK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/perfil-stack.XXXXXX") || return 1
	chmod 755 "$STACK_DIR"
	STACK_SOCK=$STACK_DIR/perfil.sock
	if [[ ${STACK_TRAP:-1} != 0 ]]; then
		trap 'stack_stop' EXIT
		trap 'exit 130' INT
		trap 'exit 143' TERM
	fi
	STACK_CONTENT=$(_stack_content) &&
		_stack_write_nginx_conf &&
		stack_start_responder &&
		stack_start_nginx && return 0
	stack_stop
	return 1
}

# stack_stop: stop nginx, then the responder, keep the logs if asked to and
# remove $STACK_DIR. Safe to call twice. Returns 1 if the responder did not
# exit cleanly (see stack_stop_responder).
stack_stop() {
	local status=0
	stack_stop_nginx
	stack_stop_responder || status=1
	if [[ -n $STACK_DIR && -d $STACK_DIR ]]; then
		if [[ -n ${STACK_LOG_DIR-} ]]; then
			mkdir -p "$STACK_LOG_DIR" &&
				cp "$STACK_DIR"/*.log "$STACK_LOG_DIR"/ 2>/dev/null
		fi
		_stack_unbind
		# --one-file-system: never into a bind mount left mounted.
		rm -rf --one-file-system "$STACK_DIR"
	fi
	STACK_DIR=
	return "$status"
}
