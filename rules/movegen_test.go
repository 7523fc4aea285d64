package rules

import (
	"slices"
	"strings"
	"testing"
)

func mustFEN(t *testing.T, v Variant, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// TestCaptureRules checks hand-analysed positions for each capture rule.
func TestCaptureRules(t *testing.T) {
	tests := []struct {
		name    string
		variant Variant
		fen     string
		want    []string // every legal move, sorted
	}{
		{
			// A man captures around a ring of four men and lands on its own
			// origin square; it may not jump any of them twice.
			name: "man circles back to its origin", variant: Bashni,
			fen:  "W:We3:Bd4,f4,d6,f6",
			want: []string{"e3:c5:e7:g5:e3", "e3:g5:e7:c5:e3"},
		},
		{
			// The king must land on e5, the only square after c3 from which it
			// can go on capturing.
			name: "king landing restriction", variant: Bashni,
			fen:  "W:Wa1-1:Bc3,g3",
			want: []string{"a1:e5:h2"},
		},
		{
			// Without the restriction the king may land anywhere beyond.
			name: "king free landing", variant: Bashni,
			fen:  "W:Wa1-1:Bc3",
			want: []string{"a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"},
		},
		{
			// Crowned on d8 in the middle of a capture, the man continues as a
			// flying king over f6.
			name: "promotion mid-capture continues as king", variant: Bashni,
			fen:  "W:Wb6:Bc7,f6",
			want: []string{"b6:d8:g5", "b6:d8:h4"},
		},
		{
			name: "men capture backwards in Bashni", variant: Bashni,
			fen:  "W:We5:Bd4",
			want: []string{"e5:c3"},
		},
		{
			name: "men do not capture backwards in Lasca", variant: Lasca,
			fen:  "W:We5:Bd4",
			want: []string{"e5-d6", "e5-f6"},
		},
		{
			// Lasca: crowned on the far rank, the move ends even though an
			// officer could capture f6 from e7.
			name: "Lasca promotion ends the move", variant: Lasca,
			fen:  "W:Wc5:Bd6,f6",
			want: []string{"c5:e7"},
		},
		{
			// Lasca officers capture one step, they do not fly.
			name: "Lasca officer does not fly", variant: Lasca,
			fen:  "W:Wd4-1:Be5,f2",
			want: []string{"d4:f6"},
		},
		{
			name: "Lasca officer quiet moves", variant: Lasca,
			fen:  "W:Wd4-1:Ba7",
			want: []string{"d4-c3", "d4-c5", "d4-e3", "d4-e5"},
		},
		{
			// Own columns block; a column owned by the mover cannot be jumped
			// even if it holds prisoners.
			name: "own columns are not captured", variant: Bashni,
			fen:  "W:Wc3,d4-0/00:Bh8",
			want: []string{"c3-b4", "d4-c5", "d4-e5"},
		},
		{
			name: "quiet man reaches the far rank", variant: Bashni,
			fen:  "W:Wc7:Bh2",
			want: []string{"c7-b8", "c7-d8"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.variant, tc.fen)
			if got := moveNames(p); !slices.Equal(got, tc.want) {
				t.Errorf("moves = %v\nwant   %v", got, tc.want)
			}
		})
	}
}

// TestTurkishStrikeObstacle: after jumping b4, the king may not pass over it
// again, so from e7 it cannot capture c5 (its only landing squares would be
// b4 and a3, behind the jumped column).
func TestTurkishStrikeObstacle(t *testing.T) {
	p := mustFEN(t, Bashni, "W:Wa5-1:Bb4,f4,f6,c5")
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		t.Fatal("no capture found")
	}
	c5 := mustSquare(t, "c5")
	sawLong := false
	for _, m := range moves {
		caps := m.Captured()
		if slices.Contains(caps, c5) {
			t.Errorf("%v jumps c5 over the already jumped b4", m)
		}
		if len(caps) == 3 {
			sawLong = true
		}
		for _, sq := range m.Path()[1:] {
			if sq == mustSquare(t, "b4") || sq == mustSquare(t, "a3") {
				t.Errorf("%v lands behind or on the jumped column b4", m)
			}
		}
	}
	if !sawLong {
		t.Errorf("want the route over b4, f4 and f6; got %v", moveNames(p))
	}
}

// TestColumns checks top-only capture, freed prisoners and prisoner order.
func TestColumns(t *testing.T) {
	tests := []struct {
		name, fen, move string
		check           map[string]string // square → "owner stack" after the move; "" = empty
	}{
		{
			name: "jumped column changes hands", fen: "W:Wc3:Bd4-0/00", move: "c3:e5",
			check: map[string]string{"c3": "", "d4": "W 00", "e5": "W 0/0"},
		},
		{
			name: "prisoners go under in capture order", fen: "W:Wc3-0/1:Bd4-1,f6", move: "c3:e5:g7",
			check: map[string]string{"g7": "W 0/110", "d4": "", "f6": ""},
		},
		{
			name: "a buried king is a king again", fen: "W:Wc3:Bd4-0/1", move: "c3:e5",
			check: map[string]string{"d4": "W 1", "e5": "W 0/0"},
		},
		{
			name: "tall column keeps its rest", fen: "B:Wd4-0000/00:Be5-1", move: "e5:c3",
			check: map[string]string{"d4": "W 000/00", "c3": "B 1/0", "e5": ""},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, Bashni, tc.fen)
			m, err := p.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			after := p.Play(m)
			for sqName, want := range tc.check {
				c := after.Column(mustSquare(t, sqName))
				got := ""
				if !c.IsEmpty() {
					got = c.Owner().Letter() + " " + c.Stack()
				}
				if got != want {
					t.Errorf("%s = %q, want %q", sqName, got, want)
				}
			}
			if err := after.Validate(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	start := NewPosition(Bashni)
	ring := mustFEN(t, Bashni, "W:We3:Bd4,f4,d6,f6")
	worked := NewGame(Bashni)
	playAll(t, worked, "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4")
	tests := []struct {
		name    string
		pos     *Position
		text    string
		want    string // the move, or "" for an error
		wantErr string // part of the error
	}{
		{"quiet", start, "c3-d4", "c3-d4", ""},
		{"upper case", start, "C3-D4", "c3-d4", ""},
		{"full capture", worked.Position(), "a3:c5:a7", "a3:c5:a7", ""},
		{"x separator", worked.Position(), "a3xc5xa7", "a3:c5:a7", ""},
		{"short form", worked.Position(), "a3:a7", "a3:c5:a7", ""},
		{"capture written with dash", worked.Position(), "a3-c5", "", "illegal move 'a3-c5'"},
		{"quiet when capture is compulsory", worked.Position(), "g3-h4", "", "a capture is compulsory"},
		{"ambiguous short form", ring, "e3:e3", "", "ambiguous move 'e3:e3': "},
		{"light square", start, "c4-d5", "", "light square"},
		{"off the board", start, "c3-i4", "", "not on the 8×8 board"},
		{"garbage", start, "hello", "", "bad square"},
		{"empty", start, "", "", "empty"},
		{"one square", start, "c3", "", "at least two squares"},
		{"mixed separators", start, "c3-d4:e5", "", "mixes"},
		{"not your column", start, "b6-a5", "", "Black's, White is to move"},
		{"empty origin", start, "d4-e5", "", "no column on d4"},
		{"too far", start, "c3-e5", "", "illegal move 'c3-e5'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.pos.ParseMove(tc.text)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseMove(%q) = %v, %v; want error containing %q", tc.text, m, err, tc.wantErr)
				}
				return
			}
			if err != nil || m.String() != tc.want {
				t.Fatalf("ParseMove(%q) = %v, %v; want %s", tc.text, m, err, tc.want)
			}
		})
	}
	// The ambiguity error lists both candidates.
	_, err := ring.ParseMove("e3:e3")
	for _, c := range []string{"e3:c5:e7:g5:e3", "e3:g5:e7:c5:e3"} {
		if err == nil || !strings.Contains(err.Error(), c) {
			t.Errorf("ambiguity error %v does not list %s", err, c)
		}
	}
}
