//go:build !js

package storage

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func platformStoreMakers() []storeMaker {
	return []storeMaker{{"files", func(t *testing.T) *Store { return openTestDir(t, t.TempDir()) }}}
}

func openTestDir(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return withTestClock(s)
}

func fileBackendOf(s *Store) *fileBackend { return s.backend.(*fileBackend) }

// dirNames lists the directory without its lock files, which stay once
// made (removing a lock file another copy may be opening would break the
// lock).
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !isLockName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}

func TestSavesAreReadableFilesWithoutLeftovers(t *testing.T) {
	dir := t.TempDir()
	s := openTestDir(t, filepath.Join(dir, "nested", "bashni"))
	for i := 1; i <= 2; i++ {
		if err := s.SaveGame(sampleGame(i)); err != nil {
			t.Fatal(err)
		}
	}
	gameDir := filepath.Join(dir, "nested", "bashni")
	if got, want := dirNames(t, gameDir), []string{"game.json", "game.json.bak"}; !reflect.DeepEqual(got, want) {
		t.Errorf("directory holds %q, want %q", got, want)
	}
	info, err := os.Stat(filepath.Join(gameDir, "game.json"))
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("game.json has mode %v; saves are private to the player", perm)
	}
	data, err := os.ReadFile(filepath.Join(gameDir, "game.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{schemaField(GameSchema), `"kind": "game"`, `"moves": [`} {
		if !strings.Contains(string(data), part) {
			t.Errorf("game.json lacks %s:\n%s", part, data)
		}
	}
}

// A write that fails between the temporary file and the rename changes
// nothing and leaves no temporary file.
func TestFailedWriteKeepsPreviousSave(t *testing.T) {
	s := openTestDir(t, t.TempDir())
	if err := s.SaveGame(sampleGame(1)); err != nil {
		t.Fatal(err)
	}
	fileBackendOf(s).afterTempWrite = func(target, tmp string) error {
		if filepath.Base(target) != "game.json" {
			return nil // let the backup through, fail the main file
		}
		return errors.New("simulated failure")
	}
	err := s.SaveGame(sampleGame(2))
	if err == nil || !strings.Contains(err.Error(), "simulated failure") {
		t.Fatalf("SaveGame = %v, want the simulated failure", err)
	}
	if got := dirNames(t, fileBackendOf(s).dir); !reflect.DeepEqual(got, []string{"game.json", "game.json.bak"}) {
		t.Errorf("directory holds %q after a failed write", got)
	}
	if got, found, notice := s.LoadGame(); !found || !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(1)) {
		t.Errorf("LoadGame = %#v, %v, %q; want the previous save", got, found, notice)
	}
}

func TestOpenRemovesStaleTempFilesOnly(t *testing.T) {
	dir := t.TempDir()
	s := openTestDir(t, dir)
	if err := s.SaveSettings(sampleSettings(1)); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, ".game.json.123.tmp")
	fresh := filepath.Join(dir, ".settings.json.456.tmp")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, []byte("half a save"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * staleTempAge)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	openTestDir(t, dir)
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary file survived Open: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh temporary file (maybe another instance's) was removed: %v", err)
	}
}

func TestOpenDefaultHonoursEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(ConfigDirEnv, dir)
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	if s.Location() != dir {
		t.Errorf("Location() = %q, want %q", s.Location(), dir)
	}
	if err := s.SaveSettings(Defaults()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "settings.json")); err != nil {
		t.Errorf("settings not saved in %s: %v", ConfigDirEnv, err)
	}
}

func TestDefaultDirIsUnderUserConfigDir(t *testing.T) {
	t.Setenv(ConfigDirEnv, "")
	config, err := os.UserConfigDir()
	if err != nil {
		t.Skipf("no user configuration directory here: %v", err)
	}
	dir, err := DefaultDir()
	if err != nil || dir != filepath.Join(config, "bashni") {
		t.Errorf("DefaultDir() = %q, %v; want %q", dir, err, filepath.Join(config, "bashni"))
	}
}

func TestOpenRejectsEmptyDir(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
}

// Root ignores permission bits, so an unusable directory is made here with a
// regular file where the directory should be: no user can create files in
// it. The test checks first that the trick really does stop writes.
func TestDirectoryThatIsAFile(t *testing.T) {
	parent := t.TempDir()
	blocker := filepath.Join(parent, "config")
	if err := os.WriteFile(blocker, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(blocker, "bashni")
	if err := os.MkdirAll(dir, 0o700); err == nil {
		t.Fatal("creating a directory below a regular file worked; the test cannot simulate an unwritable directory")
	}
	s := openTestDir(t, dir)

	settings, notice := s.LoadSettings()
	checkOneLine(t, notice)
	if settings != Defaults() {
		t.Errorf("LoadSettings = %#v, want defaults", settings)
	}
	if !strings.Contains(notice.String(), "couldn't read settings file") && !notice.IsZero() {
		t.Errorf("unexpected notice %q", notice)
	}
	if err := s.SaveSettings(sampleSettings(1)); err == nil {
		t.Error("SaveSettings into an unusable directory reported success")
	} else {
		t.Logf("save error shown to the player: %v", err)
	}
	if _, err := s.AddToArchive(sampleArchivedGame(1)); err == nil {
		t.Error("AddToArchive into an unusable directory reported success")
	}
	if err := s.ClearGame(); err == nil {
		t.Log("ClearGame had nothing to clear")
	}
}

// When the backup cannot be written (here a directory sits where the backup
// file goes, which stops root too), the save fails before touching the
// current file.
func TestBackupThatCannotBeWrittenStopsTheSave(t *testing.T) {
	dir := t.TempDir()
	s := openTestDir(t, dir)
	if err := s.SaveGame(sampleGame(1)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "game.json.bak", "occupied"), 0o700); err != nil {
		t.Fatal(err)
	}
	err := s.SaveGame(sampleGame(2))
	if err == nil || !strings.Contains(err.Error(), "keeping the backup failed") {
		t.Fatalf("SaveGame = %v, want a backup failure", err)
	}
	if got, found, notice := s.LoadGame(); !found || !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(1)) {
		t.Errorf("LoadGame = %#v, %v, %q; want the previous save intact", got, found, notice)
	}
	if got := dirNames(t, dir); !reflect.DeepEqual(got, []string{"game.json", "game.json.bak"}) {
		t.Errorf("directory holds %q; a temporary file was left behind", got)
	}
}
