//go:build !js

package storage

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Some tests need a process that dies or runs under limits. They re-run this
// test binary with helperEnv naming the role; TestMain then plays the role
// instead of running the tests.
const (
	helperEnv     = "BASHNI_STORAGE_TEST_HELPER"
	helperDirEnv  = "BASHNI_STORAGE_TEST_DIR"
	crashAtEnv    = "BASHNI_STORAGE_TEST_CRASH_AT"
	crashExitCode = 3
)

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "crash":
		os.Exit(crashHelper())
	case "fsize":
		os.Exit(fileSizeHelper())
	case "archiver":
		os.Exit(archiverHelper())
	case "copy":
		os.Exit(copyHelper())
	default:
		fmt.Fprintln(os.Stderr, "unknown helper role")
		os.Exit(2)
	}
}

// runHelper runs this test binary in the given role on dir.
func runHelper(t *testing.T, role, dir string, env ...string) (output string, exitCode int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env, helperEnv+"="+role, helperDirEnv+"="+dir)...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return string(out), 0
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	}
	t.Fatalf("running the %s helper: %v", role, err)
	return "", 0
}

// crashHelper saves sampleGame(2) and kills the process, as a crash or
// power cut would, right after the temporary file for crashAtEnv is written
// and synced but before it is renamed into place.
func crashHelper() int {
	s, err := Open(os.Getenv(helperDirEnv))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	withTestClock(s)
	crashAt := os.Getenv(crashAtEnv)
	s.backend.(*fileBackend).afterTempWrite = func(target, tmp string) error {
		if filepath.Base(target) == crashAt {
			os.Exit(crashExitCode)
		}
		return nil
	}
	err = s.SaveGame(sampleGame(2))
	fmt.Printf("did not crash before renaming %s (save error: %v)\n", crashAt, err)
	return 1
}

func TestCrashBeforeRenameKeepsPreviousSave(t *testing.T) {
	for _, crashAt := range []string{"game.json.bak", "game.json"} {
		t.Run("while writing "+crashAt, func(t *testing.T) {
			dir := t.TempDir()
			if err := openTestDir(t, dir).SaveGame(sampleGame(1)); err != nil {
				t.Fatal(err)
			}
			out, code := runHelper(t, "crash", dir, crashAtEnv+"="+crashAt)
			if code != crashExitCode {
				t.Fatalf("helper exited with %d, want the simulated crash (%d):\n%s", code, crashExitCode, out)
			}
			leftovers := tempFiles(t, dir)
			if len(leftovers) != 1 {
				t.Fatalf("want the crashed write's temporary file left behind, got %q", leftovers)
			}

			// The next start: the previous save loads untouched, and the
			// leftover is ignored.
			s := openTestDir(t, dir)
			if got, found, notice := s.LoadGame(); !found || !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(1)) {
				t.Fatalf("LoadGame = %#v, %v, %q; want the previous save", got, found, notice)
			}

			// Once stale, Open deletes it.
			old := time.Now().Add(-2 * staleTempAge)
			if err := os.Chtimes(filepath.Join(dir, leftovers[0]), old, old); err != nil {
				t.Fatal(err)
			}
			s = openTestDir(t, dir)
			if left := tempFiles(t, dir); len(left) != 0 {
				t.Errorf("Open left %q behind", left)
			}
			if err := s.SaveGame(sampleGame(2)); err != nil {
				t.Fatal(err)
			}
			if got, _, notice := s.LoadGame(); !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(2)) {
				t.Errorf("after the crash, saving again gives %#v, %q", got, notice)
			}
		})
	}
}

func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var temps []string
	for _, name := range dirNames(t, dir) {
		if isTempName(name) {
			temps = append(temps, name)
		}
	}
	return temps
}

// fileSizeHelper runs with a file size limit of zero (set by
// limitFileSize), under which no write to a file can succeed, even as root.
// It reports what happened, one line per step, for the parent to check.
func fileSizeHelper() int {
	dir := os.Getenv(helperDirEnv)
	if err := limitFileSize(); err != nil {
		fmt.Println("limit:", err)
		return 1
	}
	probeErr := os.WriteFile(filepath.Join(dir, "probe"), []byte("x"), 0o600)
	os.Remove(filepath.Join(dir, "probe"))
	fmt.Println("probe:", probeErr)
	s, err := Open(dir)
	if err != nil {
		fmt.Println("open:", err)
		return 1
	}
	withTestClock(s)
	fmt.Println("save:", s.SaveGame(sampleGame(2)))
	_, err = s.AddToArchive(sampleArchivedGame(1))
	fmt.Println("archive:", err)
	if g, found, notice := s.LoadGame(); found && notice.IsZero() && reflect.DeepEqual(g, sampleGame(1)) {
		fmt.Println("load: previous game")
	} else {
		fmt.Printf("load: %v %q\n", found, notice)
	}
	return 0
}

// A disk that refuses writes: saves fail with an error, the previous save
// survives and still loads, nothing panics, no temporary file is left.
func TestUnwritableDiskKeepsPreviousSave(t *testing.T) {
	dir := t.TempDir()
	if err := openTestDir(t, dir).SaveGame(sampleGame(1)); err != nil {
		t.Fatal(err)
	}
	out, code := runHelper(t, "fsize", dir)
	if code != 0 {
		t.Fatalf("helper exited with %d:\n%s", code, out)
	}
	lines := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		key, value, _ := strings.Cut(line, ": ")
		lines[key] = value
	}
	if probe := lines["probe"]; probe == "<nil>" || probe == "" {
		t.Fatalf("writing a file under the size limit worked; the test cannot simulate a full disk:\n%s", out)
	}
	if save := lines["save"]; !strings.Contains(save, "couldn't save game.json") {
		t.Errorf("save under the limit gave %q, want an error for the player", save)
	}
	if archive := lines["archive"]; !strings.Contains(archive, "couldn't save archive.json") {
		t.Errorf("archiving under the limit gave %q, want an error for the player", archive)
	}
	if lines["load"] != "previous game" {
		t.Errorf("after the failed save, load gave %q", lines["load"])
	}
	t.Logf("helper output:\n%s", out)
	if got := dirNames(t, dir); !reflect.DeepEqual(got, []string{"game.json"}) {
		t.Errorf("directory holds %q, want only the previous game.json", got)
	}
	if got, found, notice := openTestDir(t, dir).LoadGame(); !found || !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(1)) {
		t.Errorf("LoadGame = %#v, %v, %q; want the previous save", got, found, notice)
	}
}
