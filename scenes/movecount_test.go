package scenes

import (
	"strings"
	"testing"

	"bashni/rules"
)

// TestMoveCountsAgree: MoveCount and MoveNumber count a game in moves, a
// move being White's and Black's, as the move list numbers them (issue
// 21: Past games said 26 moves and the replay 52). A game where Black
// moves first begins with "1... ", a move of its own. scenes/records'
// TestMoveCountsAgree counts the same games in Past games, an imported
// record and the replay, scenes/play's on the game-over card.
func TestMoveCountsAgree(t *testing.T) {
	for _, tt := range []struct {
		name  string
		start string
		moves string
		want  int
	}{
		{"from the start, 5 plies", "", "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3", 3},
		{"from the start, 6 plies", "", "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3 h8-g7", 3},
		{"Black first, 5 plies", "B:Wc3,e3:Bf6,h6:H0:F30", "f6-g5 c3-d4 g5-f4 e3:g5 h6:f4", 3},
		{"Black first, 4 plies", "B:Wc3,e3:Bf6,h6:H0:F30", "f6-g5 c3-d4 g5-f4 e3:g5", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := GameConfig{Variant: rules.Bashni, Friend: true, Human: rules.White}
			if tt.start != "" {
				cfg.Start = mustPosition(t, tt.start)
			}
			g := newSession(t, cfg, strings.Fields(tt.moves)...).Game()
			if n := MoveCount(g, g.Ply()); n != tt.want {
				t.Errorf("MoveCount: %d, want %d", n, tt.want)
			}
			end := g.Start().FullmoveNumber() + tt.want - 1
			if got := MoveNumber(g, g.Ply()); got != end {
				t.Errorf("the play screen's review numbers the last move %d, want %d", got, end)
			}
		})
	}
}
