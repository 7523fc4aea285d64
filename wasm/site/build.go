package site

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"bashni/version"
	"bashni/version/stamp"
)

// BuildGame compiles the game (the module's main package) for js/wasm and
// returns the binary, stamped with the checkout's version (CheckoutVersion).
// Symbol tables are stripped: they are a quarter of the download and the
// browser has no use for them.
func BuildGame(ctx context.Context) ([]byte, error) {
	root, err := moduleRoot(ctx)
	if err != nil {
		return nil, err
	}
	return BuildGameAt(ctx, root, CheckoutVersion(ctx))
}

// BuildGameAt compiles the game of the module at root for js/wasm with
// release stamped into bashni/version (cmd/release builds from a snapshot of
// the checkout).
func BuildGameAt(ctx context.Context, root string, release version.Info) ([]byte, error) {
	dir, err := os.MkdirTemp("", "bashni-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "main.wasm")
	args := append([]string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w " + stamp.LDFlags(release)}, GCFlags...)
	cmd := exec.CommandContext(ctx, "go", append(args, "-o", out, ".")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building the game for js/wasm: %w\n%s", err, stderr.String())
	}
	return os.ReadFile(out)
}

// GCFlags are the compiler flags of the browser build. Inlining is off
// except in the Go runtime and in the rules and the engine, whose search
// runs in the page: a call inlined is its body copied into every caller,
// and without those copies main.wasm is 0.57 MB smaller gzipped (4.90 →
// 4.33 MB, 20.7 → 20.5 MB raw; issue 23, README "The page's size"), and
// the page keeps its frame rate (wasm/browser's frame-rate tests).
var GCFlags = []string{"-gcflags=all=-l", "-gcflags=runtime=", "-gcflags=bashni/rules=", "-gcflags=bashni/ai="}

// CheckoutVersion is the version of the checkout the game is built from
// (git describe), or version.Unknown outside a git checkout.
func CheckoutVersion(ctx context.Context) version.Info {
	root, err := moduleRoot(ctx)
	if err != nil {
		return version.Info{Version: version.Unknown}
	}
	info, err := stamp.Describe(ctx, root)
	if err != nil {
		return version.Info{Version: version.Unknown}
	}
	return info
}

func moduleRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("finding the module: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run serve inside the bashni module (go run ./wasm/serve)")
	}
	return filepath.Dir(mod), nil
}

// wasmExecJS returns the Go runtime's JavaScript glue matching this toolchain.
func wasmExecJS() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("finding GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(root, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm_exec.js not found under %s", root)
}
