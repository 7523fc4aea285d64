package i18n

import (
	"errors"
	"strings"
	"testing"
	"time"

	"bashni/ai"
	"bashni/rules"
)

// The English words are the ones the game wrote before it spoke other
// languages: rules.Outcome.Explain, ai.ScoreText and the engine's errors.
func TestEnglishMatchesTheEngine(t *testing.T) {
	en := New(English)
	for _, o := range allOutcomes() {
		if got, want := en.Outcome(o), o.Explain(); got != want {
			t.Errorf("Outcome(%v) = %q, want %q", o, got, want)
		}
	}
	for _, score := range []int{0, 29, 31, -50, 100, -150, 300, -399, 500, -2000, 1_000_000 - 1, 1_000_000 - 9, -(1_000_000 - 4), 1_000_000} {
		for _, side := range []rules.Color{rules.White, rules.Black} {
			if got, want := en.Verdict(ai.VerdictOf(score, side)), ai.ScoreText(score, side); got != want {
				t.Errorf("Verdict(%d, %v) = %q, want %q", score, side, got, want)
			}
		}
	}
	for _, tc := range moveErrorCases(t) {
		_, err := tc.pos.ParseMove(tc.text)
		if err == nil {
			t.Fatalf("%q parsed", tc.text)
		}
		if got := en.Error(err); got != err.Error() {
			t.Errorf("Error(%q) = %q, want %q", tc.text, got, err.Error())
		}
	}
}

func allOutcomes() []rules.Outcome {
	return []rules.Outcome{
		{},
		{Result: rules.WhiteWins, Reason: rules.NoMoves}, {Result: rules.BlackWins, Reason: rules.NoMoves},
		{Result: rules.WhiteWins, Reason: rules.Resignation}, {Result: rules.BlackWins, Reason: rules.Resignation},
		{Result: rules.Draw, Reason: rules.Repetition}, {Result: rules.Draw, Reason: rules.NoProgress},
		{Result: rules.Draw, Reason: rules.Agreement},
		{Result: rules.WhiteWins, Reason: rules.TimeOut}, {Result: rules.BlackWins, Reason: rules.TimeOut},
		{Result: rules.Draw, Reason: rules.TimeOut},
		{Result: rules.WhiteWins, Reason: rules.Abandonment}, {Result: rules.BlackWins, Reason: rules.Abandonment},
		{Result: rules.Draw, Reason: rules.Abandonment},
	}
}

type moveCase struct {
	pos  *rules.Position
	text string
}

// moveErrorCases make every kind of rules.MoveError.
func moveErrorCases(t *testing.T) []moveCase {
	start := rules.NewPosition(rules.Bashni)
	capture, err := rules.ParseFEN(rules.Bashni, "W:Wc3:Bd4:H0:F1")
	if err != nil {
		t.Fatal(err)
	}
	ring, err := rules.ParseFEN(rules.Bashni, "W:We3:Bd4,f4,d6,f6")
	if err != nil {
		t.Fatal(err)
	}
	stuck, err := rules.ParseFEN(rules.Bashni, "W:Wa1:Bb2,c3:H0:F1")
	if err != nil {
		t.Fatal(err)
	}
	lasca := rules.NewPosition(rules.Lasca)
	return []moveCase{
		{start, ""}, {start, "c3-z9"}, {start, "c3-d3"}, {start, "c3-zz"}, {start, "c3"},
		{start, "c3-d4:e5"}, {start, "c3-d4-e5"}, {start, strings.Repeat("a1:c3:", 20) + "a1"},
		{start, "d4-e5"}, {start, "f6-e5"}, {start, "c3:e5"}, {start, "a3-c5"},
		{capture, "c3-b4"}, {capture, "c3-e5"}, {ring, "e3:e3"}, {stuck, "a1-b2"},
		{lasca, "a1-h8"},
	}
}

// Every language says every kind of thing without falling back to English
// or to a message ID.
func TestEveryLanguageSaysEverything(t *testing.T) {
	cols := []rules.Column{
		rules.ColumnOf(rules.WhiteMan),
		rules.ColumnOf(rules.BlackKing, rules.WhiteMan),
		rules.ColumnOf(rules.BlackMan, rules.WhiteKing, rules.WhiteMan),
		rules.ColumnOf(rules.WhiteMan, rules.WhiteKing, rules.BlackMan, rules.BlackMan),
		rules.ColumnOf(rules.WhiteMan, rules.WhiteMan, rules.BlackMan),
		rules.ColumnOf(rules.BlackMan, rules.BlackMan),
	}
	for _, l := range Langs() {
		c := New(l)
		var said []string
		for _, o := range allOutcomes() {
			said = append(said, c.Outcome(o), c.ShortReason(o.Reason))
		}
		for k := ai.VerdictEqual; k <= ai.VerdictHasWon; k++ {
			said = append(said, c.Verdict(ai.Verdict{Kind: k, Leader: rules.Black, Moves: 3}))
		}
		for _, tc := range moveErrorCases(t) {
			_, err := tc.pos.ParseMove(tc.text)
			said = append(said, c.Error(err))
		}
		for _, col := range cols {
			said = append(said, c.InspectorTitle(col, rules.SquareAt(3, 3)), c.CaptureOutcome(col))
			for i := 0; i < col.Height(); i++ {
				said = append(said, c.PieceName(col.Piece(i)), c.InspectorTag(col, i))
			}
		}
		said = append(said, c.InspectorTitle(0, rules.NoSquare), c.Date(time.Date(2026, 5, 2, 15, 4, 0, 0, time.UTC)),
			c.ToMove(rules.Black), c.VariantName(rules.Lasca), c.ColorName(rules.White), c.Percent(50))
		for _, s := range said {
			if strings.Contains(s, "<no value>") || strings.HasPrefix(s, "outcome.") || strings.HasPrefix(s, "verdict.") || strings.Contains(s, "_error.") || strings.HasPrefix(s, "inspector.") {
				t.Errorf("%s: %q", l, s)
			}
		}
		if l != English {
			en := New(English)
			for _, o := range allOutcomes()[1:] {
				if c.Outcome(o) == en.Outcome(o) {
					t.Errorf("%s: %v is said in English", l, o)
				}
			}
		}
	}
}

func TestLanguageSpecificWords(t *testing.T) {
	date := time.Date(2026, 1, 2, 15, 4, 0, 0, time.UTC)
	for _, tc := range []struct {
		l         Lang
		got, want string
	}{
		{English, New(English).Date(date), "2 Jan 2026, 15:04"},
		{Russian, New(Russian).Date(date), "2 янв. 2026, 15:04"},
		{Korean, New(Korean).Date(date), "2026년 1월 2일 15:04"},
		{Japanese, New(Japanese).Date(date), "2026年1月2日 15:04"},
		{Russian, New(Russian).CaptureOutcome(rules.ColumnOf(rules.BlackMan, rules.WhiteMan, rules.WhiteMan)),
			"Если взять верхнюю, освободятся пленники (2 белые шашки): столбик перейдёт к белым"},
		{Russian, New(Russian).Outcome(rules.Outcome{Result: rules.BlackWins, Reason: rules.Resignation}), "Чёрные выиграли: белые сдались."},
		{Japanese, New(Japanese).ToMove(rules.White), "白の番"},
		{Korean, New(Korean).N("common.moves", 23), "23수"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.l, tc.got, tc.want)
		}
	}
}

func TestErrorPassesOtherErrorsThrough(t *testing.T) {
	if got := New(Russian).Error(errors.New("disk full")); got != "disk full" {
		t.Errorf("got %q", got)
	}
	if New(Korean).Error(nil) != "" {
		t.Error("nil error says something")
	}
}

// The cases above make every kind of move error, so every message is tried.
func TestMoveErrorCasesCoverEveryProblem(t *testing.T) {
	seen := map[rules.MoveProblem]bool{}
	for _, tc := range moveErrorCases(t) {
		_, err := tc.pos.ParseMove(tc.text)
		var me *rules.MoveError
		if errors.As(err, &me) {
			seen[me.Problem] = true
		}
	}
	for p := rules.MoveEmpty; p <= rules.MoveNoCapture; p++ {
		if !seen[p] {
			t.Errorf("no case makes problem %d", p)
		}
	}
}
