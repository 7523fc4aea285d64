package scenes

import (
	"testing"

	"bashni/rules"
)

func play(t *testing.T, m *Match, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := m.Game.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestUndoRedoByPairsAgainstComputer(t *testing.T) {
	m, err := NewMatch(GameConfig{Variant: rules.Bashni, Opponent: OpponentComputer, Human: rules.White, Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	if m.CanUndo() {
		t.Fatal("nothing to undo at the start")
	}
	play(t, m, "c3-d4", "f6-g5", "b2-c3", "g5-h4")
	if got := len(m.Undo()); got != 2 || m.Game.Ply() != 2 {
		t.Fatalf("undo took back %d moves to ply %d, want a pair to ply 2", got, m.Game.Ply())
	}
	if !m.HumanToMove() {
		t.Fatal("after undo the human is to move")
	}
	// The computer is thinking after the human's move: undo takes back the
	// human's move only.
	play(t, m, "b2-c3")
	if got := len(m.Undo()); got != 1 || m.Game.Ply() != 2 {
		t.Fatalf("undo during the computer's turn took %d moves to ply %d", got, m.Game.Ply())
	}
	// Replaying b2-c3 kept the computer's old answer for redo: redo plays
	// the pair again.
	if got := len(m.Redo()); got != 2 || m.Game.Ply() != 4 {
		t.Fatalf("redo replayed %d moves to ply %d, want 2 to ply 4", got, m.Game.Ply())
	}
	m.Undo()
	m.Undo()
	if m.Game.Ply() != 0 || m.CanUndo() {
		t.Fatalf("ply %d after undoing everything", m.Game.Ply())
	}
}

func TestUndoWhenHumanPlaysBlack(t *testing.T) {
	m, _ := NewMatch(GameConfig{Variant: rules.Bashni, Opponent: OpponentComputer, Human: rules.Black, Level: 2})
	play(t, m, "c3-d4")
	if m.CanUndo() {
		t.Fatal("only the computer's first move was played: nothing of the human's to take back")
	}
	play(t, m, "f6-g5", "d4-c5")
	if got := len(m.Undo()); got != 2 || m.Game.Ply() != 1 {
		t.Fatalf("undo took %d moves to ply %d, want 2 to ply 1", got, m.Game.Ply())
	}
	if got := len(m.Redo()); got != 2 || m.Game.Ply() != 3 {
		t.Fatalf("redo replayed %d moves to ply %d, want 2 to ply 3", got, m.Game.Ply())
	}
}

func TestUndoOneMoveBetweenFriends(t *testing.T) {
	m, _ := NewMatch(GameConfig{Variant: rules.Lasca, Opponent: OpponentFriend})
	for i := 0; i < 2; i++ {
		if err := m.Play(m.Game.Position().LegalMoves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(m.Undo()); got != 1 || m.Game.Ply() != 1 {
		t.Fatalf("undo took %d moves to ply %d", got, m.Game.Ply())
	}
	if m.IsComputer(rules.White) || m.IsComputer(rules.Black) {
		t.Fatal("no computer between friends")
	}
}

func TestSavedGameRoundTrip(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := NewMatch(GameConfig{Start: p, Opponent: OpponentComputer, Human: rules.White, Level: 4})
	play(t, m, "c3:e5:g7", "h8:f6")
	m.Undo()
	sg := savedGameOf(m)
	if err := sg.Normalize(); err != nil {
		t.Fatalf("the saved game does not pass storage's checks: %v", err)
	}
	cfg, err := configOfSaved(sg)
	if err != nil {
		t.Fatal(err)
	}
	back, err := NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Game.Position().Equal(m.Game.Position()) || back.Game.Ply() != m.Game.Ply() || len(back.Game.AllMoves()) != 2 {
		t.Fatalf("restored ply %d of %d moves, want ply %d of 2", back.Game.Ply(), len(back.Game.AllMoves()), m.Game.Ply())
	}
	if back.Cfg.Level != 4 || back.Cfg.Human != rules.White {
		t.Fatalf("restored config %+v", back.Cfg)
	}
}
