//go:build unix

package storage

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO (or a folder) named like a save must not hang the start: loading
// reports it in the notice and goes on with defaults, and saving replaces
// it with a real file.
func TestNonRegularSavesDoNotHang(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"settings.json", "game.json", "archive.json.bak"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "archive.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	done := make(chan []Notice, 1)
	go func() {
		s := openTestDir(t, dir)
		_, settingsNotice := s.LoadSettings()
		_, _, gameNotice := s.LoadGame()
		_, archiveNotice := s.LoadArchive()
		done <- []Notice{settingsNotice, gameNotice, archiveNotice}
	}()
	var notices []Notice
	select {
	case notices = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("loading hangs on a FIFO named like a save")
	}
	for i, want := range []string{"a named pipe", "a named pipe", "a folder"} {
		if n := notices[i].String(); !strings.Contains(n, "couldn't read") || !strings.Contains(n, want) {
			t.Errorf("notice %q, want it to say the save is %s", n, want)
		}
		checkOneLine(t, notices[i])
	}
	s := openTestDir(t, dir)
	if err := s.SaveSettings(sampleSettings(1)); err != nil {
		t.Fatal(err)
	}
	if got, notice := s.LoadSettings(); !notice.IsZero() || got != sampleSettings(1) {
		t.Errorf("after saving over the FIFO: %#v, %q", got, notice)
	}
}
