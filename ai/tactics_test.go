package ai

import (
	"context"
	"testing"

	"bashni/rules"
)

// tactics are positions made by hand, each with one winning move, checked
// by the reasoning in its comment and by TestTactics: the engine must find
// the move, in the position and in its mirror image (colours swapped, board
// turned), and every other move must score at least gap centipawns less.
var tactics = []struct {
	name string
	fen  string
	best string
	gap  int
}{
	{
		// Shot that wins a tall column. Black's d6 is one black man on three
		// white prisoners. 1. b4-c5! forces d6:b4 (b6 cannot take: d4 is
		// occupied), so the tall column lands on b4 with the sacrificed man
		// under it (0/0000); then a3:c5:a7 takes its top, b4 becomes a White
		// column of four men, and the capture goes on over b6. Every other
		// move loses at once: d4-c5 b6:d4, d4-e5 d6:f4, b4-a5 d6-c5 leave
		// White without men and moves.
		name: "tall column shot", fen: "W:Wa3,b4,d4:Bd6-0/000,b6,c7,e7,g7,h6,f8,h8",
		best: "b4-c5", gap: 1000,
	},
	{
		// Breakthrough: 1. f6-g7! and g7-h8 crowns next; the black men on a5
		// and c7 are too far to stop it, and the new king then wins. 1. f6-e7
		// is met by c7-d6!, which forces e7:c5 back down the board; 1. a3-b4
		// loses a man to a5:c3.
		name: "breakthrough on the h-file", fen: "W:Wa3,f6:Ba5,c7",
		best: "f6-g7", gap: 1000,
	},
	{
		// Breakthrough: 1. h6-g7! crowns on h8 or f8 next; if Black answers
		// e7-f6 White must take it (g5:e7 or g7:e5) and still crowns. 1. g5-f6
		// only trades: e7:g5 h6:f4.
		name: "breakthrough past two men", fen: "W:Wg5,h6:Bd6,e7",
		best: "h6-g7", gap: 1000,
	},
	{
		// Zugzwang breakthrough: after 1. e5-f6! every black move lets the
		// man through: f8-e7 f6:d8 crowns by capture, h8-g7 f6:h8 likewise,
		// f8-g7 f6-e7 and e7-d8 or e7-f8 next.
		name: "breakthrough by zugzwang", fen: "W:Wb4,e5:Bf8,h8",
		best: "e5-f6", gap: 1000,
	},
	{
		// Landing restriction: the king's capture of c3 must land where it
		// can go on capturing (d4, e5 or f6, not g7 or h8). Only the route
		// through e5 takes the top of f4 (one black man on three white
		// ones), which becomes a White column. Beyond f4 the king must land
		// on h2, not g3: on g3 it would be taken by h4:f2, with its two
		// prisoners. The routes over c5 or g7 win nothing.
		name: "king landing restriction", fen: "W:Wa1-1,e1:Bc3,c5,f4-0/000,h4,g7",
		best: "a1:e5:h2", gap: 1000,
	},
}

// mirrorMove names the move of the mirror image of p that corresponds to m.
func mirrorMove(t *testing.T, q *rules.Position, m rules.Move) rules.Move {
	t.Helper()
	v := q.Variant()
	for _, l := range q.LegalMoves(nil) {
		if l.PathLen() != m.PathLen() {
			continue
		}
		same := true
		for i := 0; i < l.PathLen(); i++ {
			if l.PathAt(i) != mirrorSquare(v, m.PathAt(i)) {
				same = false
			}
		}
		if same {
			return l
		}
	}
	t.Fatalf("no mirror of %v in %s", m, q.FEN())
	return rules.Move{}
}

func TestTactics(t *testing.T) {
	for _, tc := range tactics {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, rules.Bashni, tc.fen)
			want, err := p.ParseMove(tc.best)
			if err != nil {
				t.Fatal(err)
			}
			q := mirror(t, p)
			wantQ := mirrorMove(t, q, want)
			e := NewEngine(Options{HashMiB: 8})
			for _, c := range []struct {
				pos  *rules.Position
				want rules.Move
			}{{p, want}, {q, wantQ}} {
				e.NewGame()
				r := e.Search(context.Background(), []*rules.Position{c.pos}, Limits{Depth: 10}, nil)
				if r.Best != c.want {
					t.Fatalf("%s: engine plays %v (score %d, pv %v), want %v", c.pos.FEN(), r.Best, r.Score, r.PV, c.want)
				}
			}
			// The winning move is unique: every other move scores at least
			// gap less.
			ms := p.LegalMoves(nil)
			scores := make([]int, len(ms))
			for i, m := range ms {
				e.NewGame()
				r := e.Search(context.Background(), []*rules.Position{p, p.Play(m)}, Limits{Depth: 11}, nil)
				scores[i] = -r.Score
			}
			for i, m := range ms {
				if m == want {
					for j, o := range ms {
						if j != i && scores[j] > scores[i]-tc.gap {
							t.Fatalf("%v scores %d, not %d below %v's %d", o, scores[j], tc.gap, m, scores[i])
						}
					}
				}
			}
		})
	}
}
