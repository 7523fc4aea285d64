//go:build !js

package storage

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Environment of the "archiver" helper: which games it adds and the file
// whose appearance starts it, so that the copies really run at once.
const (
	archiveFirstEnv = "BASHNI_STORAGE_TEST_FIRST"
	archiveCountEnv = "BASHNI_STORAGE_TEST_COUNT"
	startFileEnv    = "BASHNI_STORAGE_TEST_START"
)

// archiverHelper adds games first … first+count-1 to the archive of the
// directory, one AddToArchive each, as a copy of the game finishing many
// games would.
func archiverHelper() int {
	first, _ := strconv.Atoi(os.Getenv(archiveFirstEnv))
	count, _ := strconv.Atoi(os.Getenv(archiveCountEnv))
	s, err := Open(os.Getenv(helperDirEnv))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	waitForFile(os.Getenv(startFileEnv))
	for i := first; i < first+count; i++ {
		if _, err := s.AddToArchive(sampleArchivedGame(i)); err != nil {
			fmt.Println(err)
			return 1
		}
	}
	return 0
}

func waitForFile(name string) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if _, err := os.Stat(name); err == nil {
			return
		}
	}
}

// Two copies of the game finishing games at the same moment on one
// directory, through the real storage code in two processes: every game
// must be in the archive afterwards. Without a lock around the
// read-modify-write, games were lost silently (138 of 200 kept).
func TestTwoProcessesArchiveEveryGame(t *testing.T) {
	const perCopy = ArchiveLimit / 2
	dir := t.TempDir()
	start := filepath.Join(t.TempDir(), "start")
	var cmds []*exec.Cmd
	for c := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), helperEnv+"=archiver", helperDirEnv+"="+dir, startFileEnv+"="+start,
			archiveFirstEnv+"="+strconv.Itoa(1+c*perCopy), archiveCountEnv+"="+strconv.Itoa(perCopy))
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	if err := os.WriteFile(start, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("a copy failed: %v", err)
		}
	}
	games, notice := openTestDir(t, dir).LoadArchive()
	if notice != "" {
		t.Errorf("notice %q", notice)
	}
	kept := map[int]bool{}
	for _, g := range games {
		kept[g.Plies] = true
	}
	if len(kept) != 2*perCopy || len(games) != 2*perCopy {
		t.Fatalf("the archive keeps %d games (%d different) of the %d finished", len(games), len(kept), 2*perCopy)
	}
}
