//go:build !js

package storage

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowserBackEndUnderNode runs this package's tests again as js/wasm
// under Node.js, so the localStorage back end is covered by the project's
// single `go test ./...`. It fails, rather than skips, when Node.js is
// missing: a silent skip would hide an untested back end in CI.
func TestBrowserBackEndUnderNode(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the browser storage tests need the go command on PATH to build for js/wasm: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("Node.js (the node command) is needed to run the browser storage tests "+
			"(GOOS=js GOARCH=wasm go test runs under it); install it, e.g. apt-get install nodejs: %v", err)
	}
	goroot, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execScript := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execScript); err != nil {
		t.Fatalf("the js/wasm test runner is missing from the Go installation: %v", err)
	}
	readPackageSources(t)

	args := []string{"test", "-exec=" + execScript}
	if testing.Verbose() {
		args = append(args, "-v")
	}
	cmd := exec.Command(goTool, append(args, ".")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go test -exec=%s . failed: %v\n%s", execScript, err, out)
	}
	t.Logf("js/wasm under Node.js:\n%s", out)
}

// readPackageSources reads every Go file of the package. go test caches a
// passing result keyed on the host test binary and the files the test
// opened; js-only files are not in the host binary, so without this an edit
// to them would not rerun the test.
func readPackageSources(t *testing.T) {
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
