# static.sh: the shipped conf/nginx/static.conf serving a static export
# (perfil-fcgi --export DIR) on a private nginx, no FastCGI behind it, for
# the tests (tests/blackbox/export.test.sh, tests/site/run):
#
#   . tests/lib/static.sh
#   static_start EXPORT PORT WORKDIR || ...   # at http://127.0.0.1:PORT
#   static_stop                               # every nginx it started
#
# The two literal strings static.conf says to edit (its address and the
# export's directory) are replaced with sed, as an owner edits them.
# WORKDIR holds nginx.conf, the edited copy, the logs (error.log, out.log,
# access.log) and nginx's temporary files. As root nginx serves as www-data,
# which must be able to reach EXPORT and WORKDIR (they are made readable,
# their parents are the caller's business).

STATIC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
STATIC_PIDS=()

# static_start EXPORT PORT WORKDIR: start the nginx above; 0 once it answers
# (5 s at most), 1 when it exits or does not answer (a port found free may
# be taken before nginx binds it: the caller tries another).
static_start() {
	local d=$3 i
	mkdir -p "$d/tmp" || return 1
	sed -e "s|127\.0\.0\.1:8080|127.0.0.1:$2|g" -e "s|/srv/perfil/site|$1|g" \
		"$STATIC_ROOT/conf/nginx/static.conf" >"$d/static.conf" || return 1
	{
		[[ $EUID == 0 ]] && echo 'user www-data;'
		cat <<-CONF
			worker_processes 1;
			daemon off;
			pid $d/nginx.pid;
			error_log $d/error.log warn;
			events { worker_connections 64; }
			http {
			    access_log $d/access.log;
			    client_body_temp_path $d/tmp/body;
			    proxy_temp_path $d/tmp/proxy;
			    fastcgi_temp_path $d/tmp/fastcgi;
			    scgi_temp_path $d/tmp/scgi;
			    uwsgi_temp_path $d/tmp/uwsgi;
			    include $d/static.conf;
			}
		CONF
	} >"$d/nginx.conf"
	chmod -R a+rX "$1" "$d"
	nginx -p "$d/" -c "$d/nginx.conf" -e "$d/error.log" </dev/null >"$d/out.log" 2>&1 &
	STATIC_PIDS+=($!)
	for ((i = 0; i < 100; i++)); do
		curl -s -o /dev/null "http://127.0.0.1:$2/" && return 0
		kill -0 "${STATIC_PIDS[-1]}" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

# static_stop: stop every nginx static_start started.
static_stop() {
	local p
	for p in "${STATIC_PIDS[@]}"; do
		kill "$p" 2>/dev/null && wait "$p" 2>/dev/null
	done
	STATIC_PIDS=()
}
