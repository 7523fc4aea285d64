// Package smallfs runs a test in a small filesystem of its own, to see what
// a full disk does: a tmpfs of a given size mounted in a private mount
// namespace of a child process (the test binary again, running only that
// test), so that filling it fills no real disk and nothing stays mounted
// when the child ends, however it ends. It needs unshare(1) (util-linux)
// and root or unprivileged user namespaces; without them the test fails
// and says why, it never skips.
package smallfs

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// envDir names, in the child, the mounted filesystem's directory.
const envDir = "BASHNI_SMALLFS_DIR"

// tmpfsMagic is statfs's f_type of a tmpfs.
const tmpfsMagic = 0x01021994

// Child reports whether this process is the child of Run, so that a
// TestMain can leave out what only the other tests need.
func Child() bool { return os.Getenv(envDir) != "" }

// Run runs test in a filesystem of size (a tmpfs size: "2m") mounted at
// dir. Outside the child it starts the child and takes its outcome as the
// test's.
func Run(t *testing.T, size string, test func(dir string)) {
	t.Helper()
	if dir := os.Getenv(envDir); dir != "" {
		// Only ever fill the small filesystem, never the disk it hides.
		var fs syscall.Statfs_t
		if err := syscall.Statfs(dir, &fs); err != nil {
			t.Fatalf("the small filesystem at %s: %v", dir, err)
		}
		if fs.Type != tmpfsMagic || uint64(fs.Blocks)*uint64(fs.Bsize) > 64<<20 {
			t.Fatalf("%s is not a small tmpfs (type %#x, %d bytes)", dir, fs.Type, uint64(fs.Blocks)*uint64(fs.Bsize))
		}
		test(dir)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	args := []string{"--mount", "--propagation", "private"}
	if os.Geteuid() != 0 {
		args = append(args, "--map-root-user") // a user namespace in which we may mount
	}
	args = append(args, "sh", "-c", `mount -t tmpfs -o size="$1" tmpfs "$2" && shift 2 && exec "$@"`, "sh", size, dir,
		exe, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-5*time.Second))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "unshare", args...)
	cmd.Env = append(os.Environ(), envDir+"="+dir)
	out, err := cmd.CombinedOutput()
	t.Logf("in a %s tmpfs of its own:\n%s", size, out)
	if err != nil {
		t.Fatalf("the test in a small filesystem (unshare --mount, then mount -t tmpfs: needs root or user namespaces): %v", err)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatal("the child did not run the test")
	}
}
