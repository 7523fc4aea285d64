// Package wasmtest runs a package's tests again as js/wasm under Node.js,
// from a native test, so that code whose behaviour differs in the browser
// (a search that must yield to the page, localStorage) is covered by the
// project's single `go test ./...`.
package wasmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Run runs `GOOS=js GOARCH=wasm go test -exec=go_js_wasm_exec -run run .`
// in the current directory (the package under test) and fails the test if
// it fails. It fails, rather than skips, when Node.js or the go command is
// missing: a silent skip would hide an untested platform in CI (test.sh
// installs Node.js).
func Run(t *testing.T, run string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the js/wasm tests need the go command on PATH: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("Node.js (the node command) is needed to run the js/wasm tests; install it, e.g. apt-get install nodejs: %v", err)
	}
	goroot, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execScript := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execScript); err != nil {
		t.Fatalf("the js/wasm test runner is missing from the Go installation: %v", err)
	}
	readSources(t)
	args := []string{"test", "-count=1", "-exec=" + execScript, "-run", run}
	if testing.Verbose() {
		args = append(args, "-v")
	}
	cmd := exec.Command(goTool, append(args, ".")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go test -run %s . failed: %v\n%s", run, err, out)
	}
	t.Logf("js/wasm under Node.js:\n%s", out)
}

// readSources reads every Go file of the package: go test caches a passing
// result keyed on the files the test opened, and js-only files are not in
// the host binary, so without this an edit to them would not rerun the test.
func readSources(t *testing.T) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
}
