package rules

import (
	"strings"
	"testing"
)

func TestGameUndoRedo(t *testing.T) {
	g := NewGame(Bashni)
	playAll(t, g, "c3-d4 f6-e5 d4:f6")
	afterCapture := *g.Position()
	for i := 0; i < 2; i++ {
		if !g.Undo() {
			t.Fatalf("undo %d failed", i+1)
		}
	}
	if g.Ply() != 1 || !g.CanRedo() {
		t.Fatalf("ply %d, can redo %v", g.Ply(), g.CanRedo())
	}
	for i, want := range []bool{true, true, false} {
		if got := g.Redo(); got != want {
			t.Fatalf("redo %d = %v, want %v", i+1, got, want)
		}
	}
	if *g.Position() != afterCapture {
		t.Fatal("redo did not restore the position")
	}
	// Undo, then play a different move: the redo list is dropped.
	g.Undo()
	g.Undo()
	playAll(t, g, "b6-a5")
	if g.CanRedo() || len(g.AllMoves()) != 2 {
		t.Fatalf("redo list not dropped: %v", g.AllMoves())
	}
	// Playing the next redo move keeps the rest.
	g.Undo()
	g.Undo()
	playAll(t, g, "c3-d4")
	if !g.CanRedo() {
		t.Fatal("replaying the next move dropped the redo list")
	}
	for g.Undo() {
	}
	if !g.Position().Equal(NewPosition(Bashni)) || g.Undo() {
		t.Fatal("undo to the start failed")
	}
}

func TestGameOutcomes(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		moves   string
		want    string // Status()
		explain string
	}{
		{"no moves after capture", "B:Wc3:Bd4", "d4:b2", "win B no-moves", "Black wins: White has no legal move"},
		{"blocked", "W:Wa1:Bb2,c3", "", "win B no-moves", "White has no legal move"},
		{"repetition", "W:Wa1-1:Bh6-1", "a1-b2 h6-g5 b2-a1 g5-h6 a1-b2 h6-g5 b2-a1 g5-h6", "draw repetition", "three times"},
		{"two repetitions are not enough", "W:Wa1-1:Bh6-1", "a1-b2 h6-g5 b2-a1 g5-h6", "ongoing", "in progress"},
		{"no progress", "W:Wa1-1:Bh6-1:H28", "a1-b2 h6-g5", "draw no-progress", "15 moves"},
		{"no progress rule is Bashni only", "W:Wa1-1:Bg7-1:H28", "", "ongoing", ""},
		{"capture resets the clock", "W:Wc3:Bd4,h8:H29", "c3:e5", "ongoing", ""},
		{"promotion resets the clock", "W:Wc7:Bh2:H29", "c7-d8", "ongoing", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Bashni
			if strings.Contains(tc.name, "Bashni only") {
				v = Lasca
			}
			g := NewGameFrom(mustFEN(t, v, tc.fen))
			playAll(t, g, tc.moves)
			o := g.Outcome()
			if o.Status() != tc.want || !strings.Contains(o.Explain(), tc.explain) {
				t.Errorf("outcome %q (%s), want %q (%s)", o.Status(), o.Explain(), tc.want, tc.explain)
			}
			if o.Over() {
				if _, err := g.PlayText("a1-b2"); err == nil || !strings.Contains(err.Error(), "game is over") {
					t.Errorf("a move after the end: %v", err)
				}
				if len(g.LegalMoves()) != 0 {
					t.Error("legal moves after the end")
				}
			}
		})
	}
}

func TestResignAndAgree(t *testing.T) {
	g := NewGame(Lasca)
	playAll(t, g, "c3-d4")
	if err := g.Resign(Black); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != WhiteWins || o.Reason != Resignation || o.Explain() != "White wins: Black resigned." {
		t.Errorf("after resignation: %+v %s", o, o.Explain())
	}
	if g.Resign(White) == nil || g.AgreeDraw() == nil {
		t.Error("a finished game accepted another result")
	}
	// Undo takes back the resignation with the move.
	g.Undo()
	if g.Outcome().Over() {
		t.Error("undo kept the resignation")
	}
	if err := g.AgreeDraw(); err != nil || g.Outcome().Status() != "draw agreement" {
		t.Errorf("agree draw: %v %s", err, g.Outcome().Status())
	}
}

// TestEndOffTheBoard: a result decided off the board (an online game's
// clock or server) ends the game like a resignation, with its own reason.
func TestEndOffTheBoard(t *testing.T) {
	for _, tc := range []struct {
		o              Outcome
		status, reason string
	}{
		{Outcome{BlackWins, TimeOut}, "win B time", "Black wins: White ran out of time."},
		{Outcome{WhiteWins, Abandonment}, "win W abandonment", "White wins: Black left the game."},
		{Outcome{Draw, TimeOut}, "draw time", "Draw: time ran out."},
	} {
		g := NewGame(Bashni)
		playAll(t, g, "c3-d4 f6-e5")
		g.Undo()
		if err := g.End(tc.o); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); o != tc.o || o.Status() != tc.status || o.Explain() != tc.reason {
			t.Errorf("ended with %+v: outcome %+v, status %q, %q", tc.o, o, o.Status(), o.Explain())
		}
		if g.CanRedo() || g.Ply() != 1 {
			t.Errorf("the end kept the undone move: ply %d, redo %v", g.Ply(), g.CanRedo())
		}
		if g.End(Outcome{Draw, Agreement}) == nil {
			t.Error("a finished game accepted another result")
		}
	}
	if NewGame(Lasca).End(Outcome{}) == nil {
		t.Error("an ongoing outcome ended the game")
	}
}
