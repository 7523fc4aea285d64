package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRecordWorkedExample pastes RULES.md's worked game as a record; it
// replays to the final position given there.
func TestRecordWorkedExample(t *testing.T) {
	rec, err := ParseRecord("1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6\n5. a5:c7:e5 f6:d4:b2 6. a1:c3 d8-c7")
	if err != nil {
		t.Fatal(err)
	}
	want := mustFEN(t, Bashni, "White: a7 – 0/00, b2 – 00, c3 – 0/0, c1, d2, e1, e3, f2, g1, g3, h2. Black: e5 – 00, b8, c7, e7, f8, g7, h6, h8. White to move.")
	if got := rec.Game.Position(); !got.Equal(want) {
		t.Errorf("final position %s, want %s", got.FEN(), want.FEN())
	}
	if rec.Game.Ply() != 12 {
		t.Errorf("ply %d, want 12", rec.Game.Ply())
	}
}

func TestRecordFormat(t *testing.T) {
	g := NewGame(Bashni)
	playAll(t, g, "c3-b4 b6-c5 b4-a5 a7-b6 b2-c3 c5-b4 a3:c5:a7")
	got := FormatRecord(g, []Tag{{"Event", "Casual game"}, {"Date", "2026.11.29"}, {"White", `Player "One"`}, {"Black", "Computer (level 4)"}, {"Result", "1-0"}})
	want := `[Event "Casual game"]
[Date "2026.11.29"]
[White "Player \"One\""]
[Black "Computer (level 4)"]
[Result "*"]
[Variant "Bashni"]

1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 *
`
	if got != want {
		t.Errorf("record:\n%s\nwant:\n%s", got, want)
	}
	rec, err := ParseRecord(got)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Tag("white") != `Player "One"` || rec.Game.Ply() != 7 || !rec.Game.Position().Equal(g.Position()) {
		t.Errorf("round trip: tags %v, ply %d", rec.Tags, rec.Game.Ply())
	}
}

func TestRecordFromFEN(t *testing.T) {
	g := NewGameFrom(mustFEN(t, Bashni, "B:Wc3,e3:Bd4-0/0,h8:F7"))
	playAll(t, g, "d4:b2 e3-f4")
	text := FormatRecord(g, nil)
	if !strings.Contains(text, `[FEN "B:Wc3-0,e3-0:Bd4-0/0,h8-0:H0:F7"]`) || !strings.Contains(text, "7... d4:b2 8. e3-f4 *") {
		t.Errorf("record from FEN:\n%s", text)
	}
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Game.Position().Equal(g.Position()) {
		t.Error("round trip from FEN lost the position")
	}
}

// TestRecordRoundTripRandom writes and reads back random games of both
// variants, finished ones included.
func TestRecordRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 300; i++ {
		v := Variants[i%2]
		g := NewGame(v)
		for n := rng.IntN(200); n > 0 && !g.Outcome().Over(); n-- {
			moves := g.LegalMoves()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if rng.IntN(5) == 0 && !g.Outcome().Over() {
			g.Resign(g.Position().SideToMove())
		}
		text := FormatRecord(g, []Tag{{"Event", "random"}})
		rec, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, text)
		}
		if rec.Game.Ply() != g.Ply() || !rec.Game.Position().Equal(g.Position()) || rec.Game.Outcome() != g.Outcome() {
			t.Fatalf("game %d round trip: ply %d/%d, outcome %v/%v\n%s", i, rec.Game.Ply(), g.Ply(), rec.Game.Outcome(), g.Outcome(), text)
		}
		if again := FormatRecord(rec.Game, rec.Tags); again != text {
			t.Fatalf("game %d: second write differs:\n%s\n%s", i, text, again)
		}
	}
}

func TestRecordErrors(t *testing.T) {
	tests := []struct {
		in, wantErr string
	}{
		{"[Event \"x\"\n1. c3-d4", `line 1: bad tag "[Event \"x\""`},
		{"[Event x]\n", "bad tag"},
		{"[Variant \"Chess\"]\n", `tag [Variant "Chess"]: unknown variant`},
		{"[FEN \"W:Wz9:B\"]\n", `tag [FEN "W:Wz9:B"]: bad FEN: column "z9"`},
		{"[Result \"2-0\"]\n", `tag [Result "2-0"]: bad result`},
		{"1. c3-d4 b6-a5 2. a3-b5", "move 2. a3-b5: bad move 'a3-b5': bad square \"b5\""},
		{"1. c3-d4 f6-e5 2. d4-c5", "move 2. d4-c5: illegal move 'd4-c5': a capture is compulsory (d4:f6)"},
		{"1. c3-d4 b6-b7", "move 1... b6-b7"},
		{"1. c3-d4 { never closed", "comment '{' never closed"},
		{"1. c3-d4 (b6-a5", "variation '(' never closed"},
		{"1. c3-d4 1-0 d6-c5", `"d6-c5" after the result`},
		{"[Result \"1-0\"]\n1. c3-d4 0-1", "differs from tag"},
		{"[FEN \"B:Wc3:Bd4\"]\n1... d4:b2 1-0", "result 1-0 contradicts the final position: Black wins"},
	}
	for _, tc := range tests {
		_, err := ParseRecord(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseRecord(%q) error = %v\nwant one containing %q", tc.in, err, tc.wantErr)
		}
	}
}

func TestRecordLenient(t *testing.T) {
	in := "\ufeff[Event \"Club\"]\r\n[Variant \"lasca\"]\r\n\r\n1.a3-b4 {a comment} c5:a3 ; to the end\n2. (2. b2-c3) c3-d4 *"
	rec, err := ParseRecord(in)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game.Variant() != Lasca || rec.Game.Ply() != 3 || rec.Tag("Event") != "Club" {
		t.Errorf("variant %v ply %d tags %v", rec.Game.Variant(), rec.Game.Ply(), rec.Tags)
	}
}
