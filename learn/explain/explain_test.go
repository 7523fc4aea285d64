package explain

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bashni/learn/text"
	"bashni/rules"
)

func mustFEN(t *testing.T, v rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func squares(t *testing.T, v rules.Variant, names ...string) []rules.Square {
	t.Helper()
	var out []rules.Square
	for _, n := range names {
		// Light squares too, built by hand as a board would.
		out = append(out, rules.SquareAt(int(n[0]-'a'), int(n[1]-'1')))
	}
	return out
}

// TestWhy: each kind of wrong try, on a position made for it, gets its code,
// the squares that make the point and a sentence from the catalogue.
func TestWhy(t *testing.T) {
	tests := []struct {
		name    string
		variant rules.Variant
		fen     string
		try     []string
		code    Code
		marks   []string
		route   []string
	}{
		{"empty square", rules.Bashni, "W:Wc3:Bf8", []string{"d4", "e5"}, NoColumn, []string{"d4"}, nil},
		{"opponent's column", rules.Bashni, "W:Wc3:Bf8", []string{"f8", "e7"}, NotYours, []string{"f8"}, nil},
		{"backwards", rules.Bashni, "W:Wc3:Bf8", []string{"c3", "b2"}, ManForward, []string{"b2"}, nil},
		{"too far", rules.Bashni, "W:Wc3:Bf8", []string{"c3", "e5"}, ManOneStep, []string{"e5"}, nil},
		{"not diagonal", rules.Bashni, "W:Wc3:Bf8", []string{"c3", "c5"}, NotDiagonal, []string{"c5"}, nil},
		{"light square", rules.Bashni, "W:Wc3:Bf8", []string{"c3", "c4"}, NotDiagonal, []string{"c4"}, nil},
		{"occupied", rules.Bashni, "W:Wc3,d4:Bf8", []string{"c3", "d4"}, Occupied, []string{"d4"}, nil},
		{"blocked column", rules.Bashni, "W:Wa1,b2,a3,d2:Bf8", []string{"a1"}, CannotMove, []string{"b2"}, nil},
		{"compulsory capture", rules.Bashni, "W:Wc3,g3:Bd4,h8", []string{"g3", "h4"}, CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"compulsory, picked", rules.Bashni, "W:Wc3,g3:Bd4,h8", []string{"g3"}, CaptureCompulsory, []string{"c3"}, []string{"c3", "e5"}},
		{"own column", rules.Bashni, "W:Wc3,d4:Bh8", []string{"c3", "e5"}, JumpOwn, []string{"d4"}, nil},
		{"two columns", rules.Bashni, "W:Wa1-1:Bc3,d4,h8", []string{"a1", "e5"}, TwoColumns, []string{"c3", "d4"}, nil},
		{"man jumps far", rules.Bashni, "W:Wa1:Bc3,h8", []string{"a1", "d4"}, ManShortJump, []string{"c3"}, nil},
		{"stopped chain", rules.Bashni, "W:Wa3:Bb4,d6,f6,h8", []string{"a3", "c5", "e7"}, MustContinue, []string{"g5"}, []string{"a3", "c5", "e7", "g5"}},
		{"quiet hop after a jump", rules.Bashni, "W:Wa3:Bb4,d6,f6,h8", []string{"a3", "c5", "b6"}, OnlyByCapturing, []string{"e7"}, nil},
		{"crowned, goes on", rules.Bashni, "W:Wb6:Ba3,c7,f6", []string{"b6", "d8"}, MustContinueKing, []string{"g5", "h4"}, []string{"b6", "d8", "g5"}},
		{"king lands short", rules.Bashni, "W:Wa1-1:Bc3,f4,b8", []string{"a1", "d4"}, KingLanding, []string{"e5"}, []string{"a1", "e5", "g3"}},
		{"turkish strike, pass", rules.Bashni, "W:Wa1-1:Bc3,f4,d6,h8", []string{"a1", "e5", "g3", "c7"}, TurkishStrike, []string{"f4"}, nil},
		{"turkish strike, crowned", rules.Bashni, "W:Wh4:Bb2,e5,g5,g7", []string{"h4", "f6", "h8", "d4"}, TurkishStrike, []string{"g7"}, nil},
		{"turkish strike, land", rules.Bashni, "W:Wa3:Bb4,h8", []string{"a3", "c5", "a3", "c5"}, TurkishStrike, []string{"b4"}, nil},
		{"choose the route", rules.Bashni, "W:Wa1-1:Bc3,f4,d6,h8", []string{"a1", "e5"}, MustContinue, []string{"c7", "b8", "g3", "h2"}, nil},
		{"lasca: forward capture", rules.Lasca, "W:Wc3:Bb2,d4,g7", []string{"c3", "a1"}, ForwardCapture, []string{"b2"}, nil},
		{"lasca: officer flies", rules.Lasca, "W:Wd4-1:Bg7", []string{"d4", "f6"}, KingOneStep, []string{"f6"}, nil},
		{"lasca: officer jumps far", rules.Lasca, "W:Wa1-1:Bc3,g7", []string{"a1", "d4"}, KingOneStep, []string{"d4"}, nil},
		{"lasca: crowning ends", rules.Lasca, "W:Wc5:Ba1,d6,f6", []string{"c5", "e7", "g5"}, PromotionEnds, []string{"e7"}, nil},
		{"quiet move goes on", rules.Bashni, "W:Wc3:Bf8", []string{"c3", "d4", "e5"}, QuietEnds, []string{"d4"}, nil},
		{"game over", rules.Bashni, "B:Wb6,c5,f6,g7:Ba7,h8", []string{"a7", "b6"}, GameOver, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.variant
			p := mustFEN(t, v, tc.fen)
			path := squares(t, v, tc.try...)
			m, w := Try(p, path)
			if w == nil {
				t.Fatalf("%v accepted as %v", tc.try, m)
			}
			if w.Code != tc.code {
				t.Fatalf("code %s (%s), want %s", w.Code, w.Text.English(), tc.code)
			}
			if !m.IsZero() {
				t.Errorf("a refused try returned the move %v", m)
			}
			if got, want := w.Marks, squares(t, v, tc.marks...); !slices.Equal(got, want) {
				t.Errorf("marks %v, want %v", got, want)
			}
			if tc.route != nil {
				if got, want := w.Route, squares(t, v, tc.route...); !slices.Equal(got, want) {
					t.Errorf("route %v, want %v", got, want)
				}
			}
			if _, ok := text.Lookup(w.Text.ID); !ok {
				t.Errorf("text %q is not in the catalogue", w.Text.ID)
			}
			if s := w.Text.English(); s == "" || s[0] == '[' {
				t.Errorf("text %q renders as %q", w.Text.ID, s)
			}
		})
	}
}

// TestRandomTries: over positions of random games of both variants, every
// legal move's route is accepted as that move, every unfinished prefix of a
// capture is told to go on, and no random try is refused without a named
// reason (code Illegal).
func TestRandomTries(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	counts := map[Code]int{}
	for _, v := range rules.Variants {
		sqs := v.Squares()
		for g := 0; g < 60; g++ {
			p := rules.NewPosition(v)
			for ply := 0; ply < 120; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				for _, m := range legal {
					got, w := Try(p, m.Path())
					if w != nil || got != m {
						t.Fatalf("%s: legal %v refused: %+v", p.FEN(), m, w)
					}
					for k := 2; k < m.PathLen(); k++ {
						got, w := Try(p, m.Path()[:k])
						if w == nil {
							// from:to naming a unique capture is a shorthand.
							if k == 2 && got.IsCapture() && got.From() == m.From() && got.To() == m.PathAt(1) {
								continue
							}
							t.Fatalf("%s: prefix %v of %v accepted as %v", p.FEN(), m.Path()[:k], m, got)
						}
						if w.Code != MustContinue && w.Code != MustContinueKing && w.Code != ChooseRoute {
							t.Fatalf("%s: prefix %v of %v: %s", p.FEN(), m.Path()[:k], m, w.Code)
						}
					}
				}
				// Random tries from the side to move's columns.
				own := p.Owned(p.SideToMove())
				for i := 0; i < 12; i++ {
					from := sqs[rng.IntN(len(sqs))]
					if own&(1<<uint(from)) == 0 && rng.IntN(4) != 0 {
						continue
					}
					path := []rules.Square{from}
					for n := 1 + rng.IntN(3); n > 0; n-- {
						if rng.IntN(2) == 0 {
							path = append(path, sqs[rng.IntN(len(sqs))])
							continue
						}
						// A hop along a diagonal, the kind of try a person makes.
						s := path[len(path)-1]
						d := rules.Direction(rng.IntN(4))
						for k := 1 + rng.IntN(3); k > 0; k-- {
							if t := v.Neighbour(s, d); t != rules.NoSquare {
								s = t
							}
						}
						path = append(path, s)
					}
					m, w := Try(p, path)
					if w == nil {
						if slices.Equal(m.Path(), path) || (len(path) == 2 && m.From() == path[0] && m.To() == path[1]) {
							continue
						}
						t.Fatalf("%s: try %v accepted as %v", p.FEN(), path, m)
					}
					counts[w.Code]++
					if w.Code == Illegal {
						t.Fatalf("%s: try %v refused without a reason", p.FEN(), path)
					}
				}
				p = p.Play(legal[rng.IntN(len(legal))])
			}
		}
	}
	t.Logf("reasons given: %v", counts)
}
