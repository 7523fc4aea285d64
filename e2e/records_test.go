package e2e

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/records"
)

// fakeClipboard installs a stand-in for xclip in a directory for PATH: it
// keeps the clipboard in a file, which the test reads and writes.
func fakeClipboard(t *testing.T) (bin, file string) {
	t.Helper()
	bin = t.TempDir()
	file = filepath.Join(t.TempDir(), "clipboard")
	script := "#!/bin/sh\n" +
		"case \"$*\" in\n" +
		"*-out*) cat '" + file + "' 2>/dev/null || { echo 'Error: target STRING not available' >&2; exit 1; } ;;\n" +
		"*) cat > '" + file + ".tmp' && mv '" + file + ".tmp' '" + file + "' ;;\n" +
		"esac\n"
	if err := os.WriteFile(filepath.Join(bin, "xclip"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, file
}

// waitForFile waits until path exists and is not empty (the clipboard
// tool runs in real time), for up to patience.
func (g *game) waitForFile(path string, what string) []byte {
	g.t.Helper()
	var data []byte
	g.until(what+": something in "+path, func() bool {
		var err error
		data, err = os.ReadFile(path)
		return err == nil && len(data) > 0
	})
	return data
}

// TestRecordsThroughClipboardAndFiles copies a replayed record to the
// clipboard (the desktop's clipboard tool: a stand-in for xclip), saves it
// to a file, pastes it back with the Paste button and with Ctrl+V, and
// copies the record of a game in progress from the game's menu.
func TestRecordsThroughClipboardAndFiles(t *testing.T) {
	const w, h = 1280, 800
	bin, clip := fakeClipboard(t)
	homeDir := t.TempDir()
	docs := filepath.Join(homeDir, "Documents")
	if err := os.Mkdir(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	g := startIn(t, w, h, guestEnv{home: homeDir, path: bin}, "-seed", "4", "-mute")
	g.ticks(20)
	il := openImport(g, w, h)
	g.typeText("[Event \"Worked example\"]\n\n" + workedGame)
	g.click(mid(il.Open))
	g.ticks(30)
	final := mustFEN(t, rules.Bashni, "W:Wa7-0/00,b2-00,c3-0/0,c1,d2,e1,e3,f2,g1,g3,h2:Be5-00,b8,c7,e7,f8,g7,h6,h8")
	checkRecord := func(text, what string) {
		t.Helper()
		rec, err := rules.ParseRecord(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", what, err, text)
		}
		if !rec.Game.Position().Equal(final) || rec.Tag("Event") != "Worked example" {
			t.Fatalf("%s: the record ends in %s, Event %q", what, rec.Game.Position().FEN(), rec.Tag("Event"))
		}
	}

	// Copy: More, then "Copy the record".
	more := records.ReplayMoreButton(w, h, 1, rules.Bashni)
	g.click(mid(more))
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 5, 0)))
	checkRecord(string(g.waitForFile(clip, "copy")), "the copied record")

	// Save to a file in Documents.
	g.click(mid(more))
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 5, 1)))
	g.ticks(10)
	files, _ := filepath.Glob(filepath.Join(docs, "bashni-*.pdn"))
	if len(files) != 1 {
		entries, _ := os.ReadDir(docs)
		t.Fatalf("saved files %v (Documents holds %v)", files, entries)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	checkRecord(string(data), "the saved file")

	// Paste it back: the Paste button, then Ctrl+V.
	g.key(ebiten.KeyEscape)
	g.ticks(30)
	b := playBoard(w, h, rules.Bashni, false)
	for _, how := range []string{"button", "ctrl+v"} {
		g.click(mid(il.Clear))
		g.ticks(5)
		empty := g.frame()
		if how == "button" {
			g.click(mid(il.Paste))
		} else {
			g.key(ebiten.KeyV, ebiten.KeyControlLeft)
		}
		// The clipboard tool runs in real time: wait for the record to
		// fill the field (a caret alone changes far less of it).
		g.untilShows("the record pasted with the "+how+" in the field", func(f *image.RGBA) bool { return differing(empty, f, il.Field) > 0.01 })
		g.click(mid(il.Open))
		g.ticks(30)
		g.key(ebiten.KeyEnd)
		g.ticks(20)
		g.expect(b, final, "the record pasted with the "+how)
		g.key(ebiten.KeyEscape)
		g.ticks(30)
	}

	// A game in progress: Menu, "Game record…", "Copy to the clipboard".
	g.key(ebiten.KeyEscape)
	g.ticks(30)
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.NewGame))
	g.ticks(30)
	ng := newgame.Layout(w, h, 1)
	g.click(mid(ng.Start))
	g.ticks(30)
	g.click(b.centre("c3"))
	g.click(b.centre("d4"))
	g.ticks(20)
	_ = os.Remove(clip)
	l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
	g.click(mid(l.ControlButtons(5, nil)[4])) // Menu
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 7, 2))) // Game record…
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 3, 0))) // Copy to the clipboard
	text := string(g.waitForFile(clip, "copy from the game"))
	rec, err := rules.ParseRecord(text)
	if err != nil {
		t.Fatalf("the game's record: %v\n%s", err, text)
	}
	if rec.Tag("White") != "Player" || !strings.HasPrefix(rec.Tag("Black"), "Computer (level") || len(rec.Game.Moves()) < 1 || rec.Game.Moves()[0].String() != "c3-d4" {
		t.Fatalf("the game's record:\n%s", text)
	}
}
