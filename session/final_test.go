package session

import (
	"testing"

	"bashni/rules"
)

// TestFinishedGameIsFinal: once a game that goes to the archive has ended
// (by resignation, agreement or on the board), there is no undo or redo
// into it, and whatever the player tries it is archived once. A session
// without an archive (a lesson, a puzzle, an analysis board) still takes
// moves back after its end.
func TestFinishedGameIsFinal(t *testing.T) {
	won := mustFEN(t, "W:Wc3,g1:Bd4:H0:F30") // c3:e5 takes Black's last piece
	tests := []struct {
		name string
		cfg  Config
		end  func(*Session) error
	}{
		{"resigned", Config{Variant: rules.Bashni, Moves: []string{"c3-d4", "f6-g5", "d4-c5"}, Ply: 3,
			Players: [2]Player{NewPerson(), NewPerson()}}, (*Session).Resign},
		{"agreed", Config{Variant: rules.Bashni, Moves: []string{"c3-d4", "f6-g5"}, Ply: 2}, (*Session).OfferDraw},
		{"won on the board", Config{Start: won, Players: [2]Player{NewPerson(), NewComputer(NewBrain(firstMove{}), 1, 0)}},
			func(s *Session) error { return s.Play(s.Game().Position().LegalMoves(nil)[0]) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archived := 0
			cfg := tt.cfg
			cfg.Archive = func(*Session) { archived++ }
			s := mustNew(t, cfg)
			ply := s.Game().Ply()
			if err := tt.end(s); err != nil || !s.Over() {
				t.Fatalf("ending the game: %v (over: %v)", err, s.Over())
			}
			canUndo, canRedo := s.CanUndo(), s.CanRedo()
			// Whatever is tried next (take back, end again, redo), the game
			// stays as it ended.
			undone := s.Undo()
			_ = s.Resign()
			_ = s.OfferDraw()
			redone := s.Redo()
			if canUndo || canRedo || undone || redone {
				t.Errorf("the finished game can be taken back (%v, done %v) or redone (%v, done %v)", canUndo, undone, canRedo, redone)
			}
			if !s.Over() || s.Game().Ply() < ply || archived != 1 {
				t.Errorf("after trying to go on: over %v, ply %d, archived %d times, want once", s.Over(), s.Game().Ply(), archived)
			}
		})
	}

	// Without an archive the end can be taken back (a puzzle's retry).
	s := mustNew(t, Config{Start: won})
	if err := s.Play(s.Game().Position().LegalMoves(nil)[0]); err != nil || !s.Over() {
		t.Fatalf("the winning capture: %v", err)
	}
	if !s.CanUndo() || !s.Undo() || s.Over() {
		t.Error("a session without an archive cannot take back its last move")
	}
}
