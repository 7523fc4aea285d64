package records

import (
	"strings"
	"testing"

	"bashni/rules"
	"bashni/scenes"
)

// workedGame is the worked example of shared/RULES.md.
const workedGame = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6 5. a5:c7:e5 f6:d4:b2 6. a1:c3 d8-c7"

// workedFinal is its final position as RULES.md describes it.
const workedFinal = "W:Wa7-0/00,b2-00,c3-0/0,c1,d2,e1,e3,f2,g1,g3,h2:Be5-00,b8,c7,e7,f8,g7,h6,h8"

func TestImportWorkedExampleAsMovetext(t *testing.T) {
	im, err := parseImport(workedGame, rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	if im.Kind != importMovetext || len(im.Game.AllMoves()) != 12 || im.Game.Ply() != 12 {
		t.Fatalf("kind %v, %d moves at ply %d", im.Kind, len(im.Game.AllMoves()), im.Game.Ply())
	}
	want, _ := rules.ParseFEN(rules.Bashni, workedFinal)
	if !im.Game.Position().Equal(want) {
		t.Fatalf("final position %s, want %s", im.Game.Position().FEN(), want.FEN())
	}
	if got := im.Summary(en); got != "Bashni game · 6 moves" { // 12 plies
		t.Errorf("summary %q", got)
	}
}

func TestImportDispatch(t *testing.T) {
	a, _ := newApp(t)
	lascaRecord := finish(t, a, scenes.GameConfig{Variant: rules.Lasca, Friend: true}, "c3-d4", "e5:c3", "b2:d4").Record
	start := rules.StartFEN(rules.Bashni)
	cases := []struct {
		name, text string
		v          rules.Variant
		kind       importKind
		variant    rules.Variant
		moves      int
	}{
		{"record", "[Event \"x\"]\n[Result \"*\"]\n\n" + workedGame + " *", rules.Bashni, importRecord, rules.Bashni, 12},
		{"record with its variant tag, Bashni chosen", lascaRecord, rules.Bashni, importRecord, rules.Lasca, 3},
		{"Lasca moves with Lasca chosen", "1. c3-d4 e5:c3 2. b2:d4", rules.Lasca, importMovetext, rules.Lasca, 3},
		{"one-line FEN", start, rules.Bashni, importFEN, rules.Bashni, 0},
		{"readable FEN", "White: c1 – 1/0000, d6 – 000000. Black: a1 – 00, h8. Black to move.", rules.Bashni, importFEN, rules.Bashni, 0},
		{"lower-case FEN with spaces around", "  w:wc3:bd4  \n", rules.Bashni, importFEN, rules.Bashni, 0},
		{"Lasca FEN", rules.StartFEN(rules.Lasca), rules.Lasca, importFEN, rules.Lasca, 0},
		{"record with a byte-order mark and CRLF", "\ufeff[Event \"x\"]\r\n\r\n1. c3-d4 *\r\n", rules.Bashni, importRecord, rules.Bashni, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im, err := parseImport(c.text, c.v)
			if err != nil {
				t.Fatal(err)
			}
			if im.Kind != c.kind || im.Variant != c.variant || len(im.Game.AllMoves()) != c.moves {
				t.Fatalf("kind %v variant %v moves %d; want %v %v %d", im.Kind, im.Variant, len(im.Game.AllMoves()), c.kind, c.variant, c.moves)
			}
		})
	}
}

func TestImportErrorsNameTheFault(t *testing.T) {
	cases := []struct {
		name, text string
		v          rules.Variant
		want       []string
	}{
		{"empty", "  \n ", rules.Bashni, []string{"paste or type"}},
		{"illegal move", "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3-b4", rules.Bashni, []string{"move 4. a3-b4", "capture is compulsory"}},
		{"black's move", "1. c3-d4 f6-e4", rules.Bashni, []string{"move 1... f6-e4"}},
		{"not a move", "1. c3-d4 hello", rules.Bashni, []string{"hello"}},
		{"bad tag", "[Event \"x\"]\n[Date 2026]\n\n1. c3-d4", rules.Bashni, []string{"line 2", "Date"}},
		{"bad variant tag", "[Variant \"Chess\"]\n\n1. e2-e4", rules.Bashni, []string{"Variant", "Chess"}},
		{"bad FEN tag", "[FEN \"W:Wz9:B\"]\n\n*", rules.Bashni, []string{"FEN", "z9"}},
		{"bad result", "1. c3-d4 f6-e5 2-0", rules.Bashni, []string{"2-0"}},
		{"bad FEN square", "W:Wc3,a2:Bd4", rules.Bashni, []string{"a2"}},
		{"too many pieces", "W:Wa1-0000000000000:B", rules.Bashni, []string{"more than 12"}},
		{"Lasca moves as Bashni", "1. c3-d4 e5:c3 2. b2:d4", rules.Bashni, []string{"move 1...", "as Lasca"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseImport(c.text, c.v)
			if err == nil {
				t.Fatalf("%q was accepted", c.text)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestWithTagKeepsTagLineNumbers(t *testing.T) {
	got := withTag("[A \"1\"]\n[B \"2\"]\n\n1. c3-d4", "Variant", "Lasca")
	want := "[A \"1\"]\n[B \"2\"]\n[Variant \"Lasca\"]\n\n1. c3-d4"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if got := withTag("1. c3-d4", "Variant", "Lasca"); got != "[Variant \"Lasca\"]\n\n1. c3-d4" {
		t.Fatalf("got %q", got)
	}
}
