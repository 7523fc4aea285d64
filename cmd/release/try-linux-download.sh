#!/usr/bin/env bash
# Tries a Linux download the way a player would: unpacks the tarball into a
# fresh folder, with a fresh HOME and an environment without Go or the
# project, checks -version, the .desktop entry and its install script, starts
# the game under Xvfb from the unpacked folder and takes a screenshot.
#
#   cmd/release/try-linux-download.sh release/<v>/bashni-<v>-linux-amd64.tar.gz [shot.png]
#
# Needs xvfb, xauth, libgl1-mesa-dri, imagemagick (import), x11-utils (xprop,
# xwininfo) and desktop-file-utils: apt-get install them.
set -euo pipefail
tarball=$(realpath "$1")
shot=$(realpath -m "${2:-linux-download.png}")
work=$(mktemp -d /tmp/bashni-try.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/home"
tar -xzf "$tarball" -C "$work"
dir=$(echo "$work"/bashni-*-linux-*)
echo "== unpacked into $dir"
ls -l "$dir"

# A player's environment: no Go, no project, a home of its own.
player=(env -i "HOME=$work/home" "PATH=/usr/local/bin:/usr/bin:/bin" "LANG=C.UTF-8")

echo "== bashni -version"
"${player[@]}" "$dir/bashni" -version

echo "== the desktop entry and its install script"
desktop-file-validate "$dir/bashni.desktop"
"${player[@]}" "$dir/install-desktop-entry.sh"
desktop-file-validate "$work/home/.local/share/applications/bashni.desktop"
grep '^Exec=' "$work/home/.local/share/applications/bashni.desktop"
ls "$work/home/.local/share/icons/hicolor"

echo "== the game under Xvfb"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  set -euo pipefail
  "$@" "DISPLAY=$DISPLAY" "XAUTHORITY=$XAUTHORITY" "'"$dir"'/bashni" &
  game=$!
  # Wait for the window, then for the title screen to be drawn.
  for _ in $(seq 1 120); do
    if xwininfo -root -tree | grep -q "\"Bashni\""; then break; fi
    sleep 0.5
  done
  id=$(xwininfo -root -tree | awk "/\"Bashni\"/ {print \$1; exit}")
  [ -n "$id" ] || { echo "no Bashni window" >&2; kill $game; exit 1; }
  xprop -id "$id" WM_CLASS WM_NAME
  sleep 5
  kill -0 $game || { echo "the game stopped" >&2; exit 1; }
  import -window root "'"$shot"'"
  kill $game
  wait $game || true
' _ "${player[@]}"
echo "== what the player's home holds now"
(cd "$work/home" && find . -type f | sort)
echo "== screenshot: $shot"
