#!/usr/bin/env bash
# Runs every check and test of the project: formatting, go vet (native and
# js/wasm), staticcheck, and all Go tests — the end-to-end tests of the game
# under Xvfb and of the browser build in headless Chromium included.
# It installs what the tests need (Xvfb, Mesa, Chromium, Node.js, PostgreSQL,
# desktop-file-utils, x11-utils) when missing.
set -euo pipefail
cd "$(dirname "$0")"

# --- what the tests need -----------------------------------------------------
missing=()
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
ls /usr/lib/*/dri/swrast_dri.so /usr/lib/*/dri/kms_swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs) # storage's localStorage tests run the js/wasm build under Node
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql) # online/store and online/server start a private PostgreSQL
command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils) # the Linux download's .desktop entry is validated
command -v libdeflate-gzip >/dev/null 2>&1 || missing+=(libdeflate-tools) # the site's main.wasm.gz (wasm/site GzipBest)
command -v xprop >/dev/null 2>&1 && command -v xwininfo >/dev/null 2>&1 || missing+=(x11-utils) # cmd/release reads the game window's class and icon
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "test.sh: need ${missing[*]}; run as root or install them" >&2; exit 1; }
    sudo=sudo
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- static checks -------------------------------------------------------------
echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "== go vet"
go vet ./...
# The js/wasm vet covers what runs in the page. Commands and what serves or
# tests the page from the host (e2e, wasm/serve, wasm/site, wasm/browser, the
# online server, its stores and the players' identities, which need SQLite)
# run natively only.
GOOS=js GOARCH=wasm go vet $(GOOS=js GOARCH=wasm go list -e ./... | grep -v -e /cmd/ -e /e2e -e /wasm/serve -e /wasm/site -e /wasm/browser -e /online/server -e /online/store -e /online/identity -e /online/internal)

echo "== staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# --- tests ---------------------------------------------------------------------
# The browser tests measure the page's frame rate while the computer thinks,
# so they run on their own, after the rest, rather than beside other packages.
echo "== go test"
xvfb-run -a -s "-screen 0 1280x1024x24" go test -count=1 -timeout 60m $(go list ./... | grep -v '/wasm/browser$')
echo "== go test (browser)"
go test -count=1 -timeout 30m ./wasm/browser
echo "== all tests passed"
