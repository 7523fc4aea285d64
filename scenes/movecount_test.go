package scenes

import (
	"strings"
	"testing"

	"bashni/rules"
)

// TestMoveCountsAgree: Past games, the replay view, the
// play screen's review and an imported record count the same game in the
// same moves (the game-over card: scenes/play), a move being White's and Black's (issue 21: Past games said
// 26 moves and the replay 52). A game where Black moves first begins with
// "1... ", a move of its own.
func TestMoveCountsAgree(t *testing.T) {
	a := NewApp(Options{NoAttract: true})
	cat := a.Text()
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
			m := newSession(t, cfg, strings.Fields(tt.moves)...)
			g := m.Game()
			moves := cat.N("common.moves", tt.want)
			if err := m.Resign(); err != nil {
				t.Fatal(err)
			}
			ag, ok := archivedGameOf(m, rules.White, testDate)
			if !ok {
				t.Fatal("not archived")
			}
			if got := archiveRowWords(cat, a.Painter(), ag, 1000, 100).line2; !strings.Contains(got, moves) {
				t.Errorf("Past games: %q, want %q", got, moves)
			}
			im, err := parseImport(ag.Record, rules.Bashni)
			if err != nil {
				t.Fatal(err)
			}
			if got := im.Summary(cat); !strings.Contains(got, moves) {
				t.Errorf("import: %q, want %q", got, moves)
			}
			rs := NewReplayScene(a, im)
			if got, want := rs.statusText(cat), cat.N("replay.at_start", tt.want); got != want {
				t.Errorf("replay at the start: %q, want %q", got, want)
			}
			first := g.Start().FullmoveNumber()
			rs.ply = rs.last()
			end := first + tt.want - 1
			if got, want := rs.statusText(cat), cat.F("replay.move_of", "Move", end, "Moves", end); !strings.HasPrefix(got, want) {
				t.Errorf("replay at the end: %q, want %q", got, want)
			}
			if got := MoveNumber(g, g.Ply()); got != end {
				t.Errorf("the play screen's review numbers the last move %d, want %d", got, end)
			}
		})
	}
}
