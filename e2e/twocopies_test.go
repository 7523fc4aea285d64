package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/rules"
)

// TestSecondCopyKeepsItsOwnGame runs two copies of the game on one config
// directory, each playing a friends' game from a position: the second
// keeps its game in game-2.json, the first's game.json is not touched by
// it. (BASHNI_E2E_FRAMES=<dir> keeps the second copy's title, which tells
// the player another copy is open.)
func TestSecondCopyKeepsItsOwnGame(t *testing.T) {
	const w, h = 1280, 800
	const start = "W:Wc3,e3,g1:Bf6,h8:H0:F5"
	config := t.TempDir()
	b := playBoard(w, h, rules.Bashni, false)
	cur, err := rules.ParseFEN(rules.Bashni, start)
	if err != nil {
		t.Fatal(err)
	}
	first := startIn(t, w, h, guestEnv{config: config}, "-fen", start, "-friend", "-mute")
	first.ticks(30)
	first.waitFor(b, cur, 100, "the first copy's start")
	m := quietOrFirst(cur)
	first.clickMove(b, m)
	first.waitFor(b, cur.Play(m), 200, "the first copy's move")
	first.ticks(30)
	// The first copy saves its move off the game loop, in real time.
	var before []byte
	first.until("the first copy's move in game.json", func() bool {
		before, err = os.ReadFile(filepath.Join(config, "game.json"))
		return err == nil && strings.Contains(string(before), `"`+m.String()+`"`)
	})

	second := startIn(t, w, h, guestEnv{config: config}, "-mute")
	second.ticks(40)
	second.snap(second.frame(), "title")
	for _, size := range [][2]int{{1280, 800}, {390, 844}} {
		if size[0] == w {
			continue
		}
		phone := startIn(t, size[0], size[1], guestEnv{config: config}, "-mute")
		phone.ticks(40)
		phone.snap(phone.frame(), "title-phone")
		phone.close()
	}
	second.close()

	third := startIn(t, w, h, guestEnv{config: config}, "-fen", start, "-friend", "-mute")
	third.ticks(30)
	third.waitFor(b, cur, 100, "the third copy's start")
	m2 := cur.LegalMoves(nil)[len(cur.LegalMoves(nil))-1]
	third.clickMove(b, m2)
	third.waitFor(b, cur.Play(m2), 200, "the third copy's move")
	third.ticks(30)
	third.close()
	first.close()

	after, err := os.ReadFile(filepath.Join(config, "game.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(after), `"`+m.String()+`"`) || strings.Contains(string(after), `"`+m2.String()+`"`) && m2 != m {
		t.Errorf("the first copy's game.json holds:\n%s\n(before the other copies:\n%s)", after, before)
	}
	other, err := os.ReadFile(filepath.Join(config, "game-2.json"))
	if err != nil {
		t.Fatalf("the copy opened beside the first kept no game of its own: %v", err)
	}
	if !strings.Contains(string(other), `"`+m2.String()+`"`) {
		t.Errorf("game-2.json holds:\n%s\nwant the move %v", other, m2)
	}
}
