package scenes

import (
	"strings"
	"testing"
	"time"

	"bashni/rules"
	"bashni/storage"
)

var testDate = time.Date(2026, 11, 29, 15, 30, 12, 0, time.UTC)

func TestRecordOfAGameReadsBack(t *testing.T) {
	m := newSession(t, GameConfig{Variant: rules.Bashni, Human: rules.Black, Level: 4}, strings.Fields("c3-b4 b6-c5 b4-a5 a7-b6")...)
	rec := recordOf(m, testDate)
	for _, want := range []string{`[Date "2026.11.29"]`, `[White "Computer (level 4)"]`, `[Black "Player"]`, `[Variant "Bashni"]`, `[Result "*"]`, "1. c3-b4 b6-c5 2. b4-a5 a7-b6 *"} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %s:\n%s", want, rec)
		}
	}
	r, err := rules.ParseRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Game.Position().Equal(m.Game().Position()) || r.Tag("Black") != "Player" {
		t.Fatalf("read back %s", r.Game.Position().FEN())
	}
}

func TestArchivedGameOf(t *testing.T) {
	p, _ := rules.ParseFEN(rules.Bashni, "W:Wc3,g1:Bd4:H0:F30")
	if _, ok := archivedGameOf(newSession(t, GameConfig{Start: p, Human: rules.White, Level: 2}), rules.White, testDate); ok {
		t.Fatal("a game in progress is not archived")
	}
	m := newSession(t, GameConfig{Start: p, Human: rules.White, Level: 2}, "c3:e5")
	ag, ok := archivedGameOf(m, rules.White, testDate)
	if !ok {
		t.Fatal("a finished game is archived")
	}
	if err := ag.Normalize(); err != nil {
		t.Fatalf("the entry does not pass storage's checks: %v", err)
	}
	if ag.Result != storage.ResultWhiteWins || ag.Plies != 1 || ag.Opponent != storage.OpponentComputer || ag.Level != 2 || ag.Reason != storage.ReasonNoMoves || ag.Human != storage.White {
		t.Fatalf("entry %+v", ag)
	}
	if !strings.Contains(ag.Record, `[FEN "W:Wg1-0,c3-0:Bd4-0:H0:F30"]`) || !strings.Contains(ag.Record, "30. c3:e5 1-0") {
		t.Errorf("record:\n%s", ag.Record)
	}
	// The entry survives the store and reads back as the same game.
	s := storage.OpenMemory()
	if _, err := s.AddToArchive(ag); err != nil {
		t.Fatal(err)
	}
	games, notice := s.LoadArchive()
	if len(games) != 1 || !notice.IsZero() {
		t.Fatalf("archive %v, notice %q", games, notice)
	}
	r, err := rules.ParseRecord(games[0].Record)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Game.Position().Equal(m.Game().Position()) || !r.Game.Outcome().Over() {
		t.Fatal("the archived record does not replay to the final position")
	}

	// Resignation between friends.
	f := newSession(t, GameConfig{Variant: rules.Lasca, Friend: true, Human: rules.White}, "c3-d4")
	if err := f.Resign(); err != nil { // Black, to move, resigns
		t.Fatal(err)
	}
	ag, ok = archivedGameOf(f, rules.White, testDate)
	if !ok || ag.Variant != storage.VariantLasca || ag.Opponent != storage.OpponentFriend || ag.Reason != storage.ReasonResignation || ag.Result != storage.ResultWhiteWins {
		t.Fatalf("friends' entry %+v", ag)
	}
	r, err = rules.ParseRecord(ag.Record)
	if err != nil {
		t.Fatal(err)
	}
	if o := r.Game.Outcome(); o.Reason != rules.Resignation {
		t.Fatalf("resignation read back as %v", o)
	}
	w := newSession(t, GameConfig{Variant: rules.Bashni, Watch: true}, "c3-d4", "f6-e5", "d4:f6", "g7:e5")
	if err := w.End(rules.White, rules.Outcome{Result: rules.BlackWins, Reason: rules.Resignation}); err != nil {
		t.Fatal(err)
	}
	if _, ok := archivedGameOf(w, rules.White, testDate); ok {
		t.Fatal("the computer's games against itself are not archived")
	}
}

func TestRecordFileName(t *testing.T) {
	if got := RecordFileName(testDate); got != "bashni-20261129-153012.pdn" {
		t.Fatal(got)
	}
}
