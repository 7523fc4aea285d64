#!/usr/bin/env bash
# busy.sh runs a command with every core of the machine kept busy, to show
# that tests wait for conditions and not for durations (issue 20: on a
# fresh clone with the load average around 20, ./test.sh failed in tests
# that waited on wall time).
#
#   scripts/busy.sh [command…]
#
# It starts BUSY_LOOPS (default 10) shell busy loops, `while :; do :; done`
# (each its own `bash -c`, so that `pgrep -f 'while :'` finds any left),
# runs the command, and kills the loops when the command ends, fails or is
# interrupted (trap on EXIT). The load average is printed when the loops
# start, every 30 s, and at the end. Example (see docs/FINDINGS.md, "Tests
# on a busy machine"):
#
#   scripts/busy.sh xvfb-run -a -s "-screen 0 1280x1024x24" \
#     go test -count=3 -run 'TestOnlineOwnOfferAfterReload|TestOnlineServerTypedInSettings' ./e2e
set -uo pipefail

loops=${BUSY_LOOPS:-10}
pids=()
stop() {
	for p in "${pids[@]}"; do
		pkill -P "$p" 2>/dev/null # the sampler's sleep
		kill "$p" 2>/dev/null
	done
	wait "${pids[@]}" 2>/dev/null
	echo "busy.sh: stopped $loops busy loops; $(uptime)" >&2
}
trap stop EXIT
trap 'exit 130' INT TERM

for _ in $(seq "$loops"); do
	bash -c 'while :; do :; done' &
	pids+=($!)
done
echo "busy.sh: $loops busy loops on $(nproc) cores; $(uptime)" >&2
(
	while sleep 30; do
		echo "busy.sh: $(uptime)" >&2
	done
) &
pids+=($!)

"$@"
