//go:build !js

package storage

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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
	if !notice.IsZero() {
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

// Environment of the "copy" helper, a copy of the game on the saves of
// BASHNI_CONFIG_DIR: it loads (Continue), saves game number gameEnv, tells
// it has by creating savedFileEnv, and when holdFileEnv is set waits for
// that file before saving once more and exiting, as the game does at quit.
// clearEnv makes it clear the game after loading (the game ended).
const (
	gameEnv      = "BASHNI_STORAGE_TEST_GAME"
	savedFileEnv = "BASHNI_STORAGE_TEST_SAVED"
	holdFileEnv  = "BASHNI_STORAGE_TEST_HOLD"
	clearEnv     = "BASHNI_STORAGE_TEST_CLEAR"
)

func copyHelper() int {
	s, err := OpenDefault()
	if err != nil {
		fmt.Println(err)
		return 1
	}
	withTestClock(s)
	g, found, notice := s.LoadGame()
	slot := s.TakeSlotNotice()
	fmt.Printf("continue: %v ply=%d level=%d\nnotice: %s\nslot: %s %d\n", found, g.Ply, g.Level, notice, slot.Code, slot.Count)
	if os.Getenv(clearEnv) != "" {
		if err := s.ClearGame(); err != nil {
			fmt.Println(err)
			return 1
		}
	}
	n, _ := strconv.Atoi(os.Getenv(gameEnv))
	if n == 0 {
		return 0
	}
	if err := s.SaveGame(sampleGame(n)); err != nil {
		fmt.Println(err)
		return 1
	}
	if saved := os.Getenv(savedFileEnv); saved != "" {
		os.WriteFile(saved, nil, 0o600)
	}
	if hold := os.Getenv(holdFileEnv); hold != "" {
		waitForFile(hold)
		if err := s.SaveGame(sampleGame(n)); err != nil {
			fmt.Println(err)
			return 1
		}
	}
	return 0
}

// Two copies of the game on one directory, each playing its own game: the
// second is told another copy is open, and neither game is lost. The
// first copy's game comes back at the next start; the second's comes
// back once the first is over. (Before slots, the second copy's saves
// overwrote the first's game and the first's exit save then overwrote the
// second's: one game was always lost.)
func TestTwoCopiesKeepBothGames(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	run := func(env ...string) (*exec.Cmd, *strings.Builder) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), append(env, helperEnv+"=copy", ConfigDirEnv+"="+dir)...)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &out
	}
	wait := func(cmd *exec.Cmd, out *strings.Builder) string {
		t.Helper()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("copy failed: %v\n%s", err, out)
		}
		return out.String()
	}
	savedA, releaseA := filepath.Join(files, "savedA"), filepath.Join(files, "releaseA")
	a, outA := run(gameEnv+"=1", savedFileEnv+"="+savedA, holdFileEnv+"="+releaseA)
	waitForFile(savedA)
	b, outB := run(gameEnv + "=2")
	second := wait(b, outB)
	if !strings.Contains(second, "slot: shared 0\n") {
		t.Errorf("the second copy was not told another copy is open:\n%s", second)
	}
	os.WriteFile(releaseA, nil, 0o600)
	if first := wait(a, outA); !strings.Contains(first, "notice: \nslot:  0\n") {
		t.Errorf("the first copy had a notice:\n%s", first)
	}

	// The next start continues the first copy's game and says the
	// other one is kept; that game ends (cleared) ...
	c, outC := run(clearEnv + "=1")
	next := wait(c, outC)
	if want := fmt.Sprintf("continue: true ply=%d level=%d", sampleGame(1).Ply, sampleGame(1).Level); !strings.Contains(next, want) {
		t.Errorf("the next start continues\n%s\nwant %s", next, want)
	}
	if !strings.Contains(next, "slot: waiting 1\n") {
		t.Errorf("the next start does not tell of the second copy's game:\n%s", next)
	}
	// ... and the start after that continues the second copy's game.
	d, outD := run()
	last := wait(d, outD)
	if want := fmt.Sprintf("continue: true ply=%d level=%d", sampleGame(2).Ply, sampleGame(2).Level); !strings.Contains(last, want) {
		t.Errorf("after the first game ended, a start continues\n%s\nwant the second copy's game: %s", last, want)
	}
}
