package access

import (
	"strings"
	"testing"

	"bashni/i18n"
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

// play plays text in p and returns the announcement's parts.
func announcement(t *testing.T, p *rules.Position, text string) Announcement {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	after := p.Play(m)
	return Announcement{Before: p, Move: m, After: after, Outcome: rules.StatusOf([]*rules.Position{p, after})}
}

func TestAnnounceInEnglish(t *testing.T) {
	en := i18n.New(i18n.English)
	start := rules.NewPosition(rules.Bashni)
	for _, tc := range []struct {
		name string
		a    Announcement
		want string
	}{
		{"a quiet move", announcement(t, start, "c3-d4"), "White c3 to d4. Black to move."},
		{"your turn next", func() Announcement {
			a := announcement(t, start, "c3-d4")
			a.You, a.YouPlay = rules.Black, true
			return a
		}(), "White c3 to d4. Your move."},
		// The example of the rules page "Only the top is taken": the
		// black top of d4 is taken and the two white prisoners under it
		// are White's again.
		{"a capture that frees prisoners", announcement(t, mustFEN(t, rules.Bashni, "W:Wc3,g1:Bd4-0/00,h8:H0:F10"), "c3:e5"),
			"White c3 takes d4, lands on e5. Column of 2. d4: a black man taken, 2 pieces left, White's. Black to move."},
		{"a double capture", announcement(t, mustFEN(t, rules.Bashni, "W:Wa3:Bb4,b6,h8:H0:F1"), "a3:c5:a7"),
			"White a3 takes b4, b6, lands on a7. Column of 3. b4: a black man taken, now empty. b6: a black man taken, now empty. Black to move."},
		{"crowned and winning", announcement(t, mustFEN(t, rules.Bashni, "W:Wc7:Bh8-0/0000000:H0:F1"), "c7-d8"),
			"White c7 to d8. Crowned king. Black to move."},
		{"the last capture", announcement(t, mustFEN(t, rules.Bashni, "W:Wc3:Bd4:H0:F1"), "c3:e5"),
			"White c3 takes d4, lands on e5. Column of 2. d4: a black man taken, now empty. White wins: Black has no legal move (every column is captured or blocked)."},
	} {
		if got := Announce(en, tc.a); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestAnnounceInEveryLanguage(t *testing.T) {
	a := announcement(t, mustFEN(t, rules.Bashni, "W:Wc3,g1:Bd4-0/00,h8:H0:F10"), "c3:e5")
	want := map[i18n.Lang]string{
		i18n.Russian:  "Белые c3 бьют d4, встают на e5. Столбик из 2 шашек. d4: взята чёрная шашка, остались 2 шашки, столбик белых. Ход чёрных.",
		i18n.Korean:   "백 c3에서 d4의 말을 잡고 e5에 내립니다. 말 2개의 기둥. d4: 흑 말 하나를 잡았습니다. 말 2개가 남은 백 기둥입니다. 흑 차례입니다.",
		i18n.Japanese: "白 c3 が d4 を取り、e5 に着地。 駒2個のタワー。 d4：黒のマンを取りました。残りは駒2個で、白のタワーです。 黒の番です。",
	}
	for l, w := range want {
		if got := Announce(i18n.New(l), a); got != w {
			t.Errorf("%s:\n got %q\nwant %q", l, got, w)
		}
	}
}

func TestParseMovesLikeTheEngine(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	en := i18n.New(i18n.English)
	for _, text := range []string{"c3-d4", "C3-D4", " c3-d4 ", "c3-z9", "c3-d3", "f6-e5", "d4-e5", "c3:e5", "c3-d4:e5", "a3-c5", "c3-d4-e5"} {
		cmd, err := Parse(en, start, text)
		m, want := start.ParseMove(text)
		switch {
		case want == nil && (err != nil || cmd.Kind != KindMove || cmd.Move != m):
			t.Errorf("%q: %v %v, want the move %v", text, cmd, err, m)
		case want != nil && (err == nil || err.Error() != want.Error()):
			t.Errorf("%q: error %v, want the engine's %q", text, err, want)
		}
	}
	// In Russian the same error, in Russian.
	_, err := Parse(i18n.New(i18n.Russian), start, "f6-e5")
	if err == nil || err.Error() != "невозможный ход «f6-e5»: столбик на f6 чёрный, а ход белых" {
		t.Errorf("Russian: %v", err)
	}
	// The short form of a capture.
	p := mustFEN(t, rules.Bashni, "W:Wa3:Bb4,b6,h8:H0:F1")
	cmd, err := Parse(en, p, "a3xa7")
	if err != nil || cmd.Move.String() != "a3:c5:a7" {
		t.Errorf("a3xa7: %v %v", cmd.Move, err)
	}
}

func TestParseQuestionsInEveryLanguage(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	d4 := rules.SquareAt(3, 3)
	for _, tc := range []struct {
		l    i18n.Lang
		text string
		want Command
	}{
		{i18n.English, "board", Command{Kind: KindBoard}},
		{i18n.English, "Moves?", Command{Kind: KindMoves}},
		{i18n.English, "column d4", Command{Kind: KindColumn, Square: d4}},
		{i18n.English, "D4", Command{Kind: KindColumn, Square: d4}},
		{i18n.English, "help", Command{Kind: KindHelp}},
		{i18n.Korean, " ? ", Command{Kind: KindHelp}},
		{i18n.English, "turn", Command{Kind: KindTurn}},
		{i18n.English, "", Command{}},
		{i18n.Russian, "доска", Command{Kind: KindBoard}},
		{i18n.Russian, "Столбик d4", Command{Kind: KindColumn, Square: d4}},
		{i18n.Russian, "ходы", Command{Kind: KindMoves}},
		{i18n.Russian, "board", Command{Kind: KindBoard}},
		{i18n.Korean, "보드", Command{Kind: KindBoard}},
		{i18n.Korean, "기둥 d4", Command{Kind: KindColumn, Square: d4}},
		{i18n.Korean, "수", Command{Kind: KindMoves}},
		{i18n.Japanese, "盤面", Command{Kind: KindBoard}},
		{i18n.Japanese, "タワー d4", Command{Kind: KindColumn, Square: d4}},
		{i18n.Japanese, "指し手？", Command{Kind: KindMoves}},
		{i18n.Japanese, "ヘルプ", Command{Kind: KindHelp}},
	} {
		got, err := Parse(i18n.New(tc.l), start, tc.text)
		if err != nil || got != tc.want {
			t.Errorf("%s %q: %+v %v, want %+v", tc.l, tc.text, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		l    i18n.Lang
		text string
		want string
	}{
		{i18n.English, "hello", "Unknown command 'hello'. Type a move like c3-d4, or: board, column d4, moves, help."},
		{i18n.English, "column", "Which column? Type its square, for example: column d4."},
		{i18n.English, "column d5", `bad square "d5": a light square, not playable`},
		{i18n.Russian, "столбик z9", "неверное поле «z9»: его нет на доске 8×8"},
		{i18n.Japanese, "こんにちは", "「こんにちは」というコマンドはありません。c3-d4 のような手か、盤面、タワー d4、指し手、ヘルプのどれかを入力してください。"},
	} {
		_, err := Parse(i18n.New(tc.l), start, tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %q: %v, want %q", tc.l, tc.text, err, tc.want)
		}
	}
}

func TestRespond(t *testing.T) {
	en := i18n.New(i18n.English)
	g := rules.NewGame(rules.Bashni)
	if r := Respond(en, g, true, "c3-d4"); r.Move.String() != "c3-d4" || r.Rejected || r.Text != "" {
		t.Errorf("a move: %+v", r)
	}
	if r := Respond(en, g, false, "c3-d4"); !r.Rejected || r.Text != "Wait: it is not your move." {
		t.Errorf("not your turn: %+v", r)
	}
	if r := Respond(en, g, true, "moves"); r.Text != "7 legal moves: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4." {
		t.Errorf("moves: %q", r.Text)
	}
	if r := Respond(en, g, true, "turn"); r.Text != "White to move." {
		t.Errorf("turn: %q", r.Text)
	}
	if r := Respond(en, g, true, "board"); !strings.HasPrefix(r.Text, "White, 12 columns: a1, c1, e1, g1, b2,") || !strings.HasSuffix(r.Text, "White to move.") {
		t.Errorf("board: %q", r.Text)
	}
	if r := Respond(en, g, true, "column e5"); r.Text != "e5 is empty." {
		t.Errorf("empty column: %q", r.Text)
	}
	p := mustFEN(t, rules.Bashni, "W:Wc3,g1:Bd4-0/00,h8:H0:F10")
	g = rules.NewGameFrom(p)
	if r := Respond(en, g, true, "column d4"); r.Text != "d4: Black column of 3 pieces. From the top: a black man, a white man, a white man. Taking the top frees 2 white pieces: White gets the column." {
		t.Errorf("column: %q", r.Text)
	}
	if r := Respond(en, g, true, "moves"); r.Text != "A capture is compulsory. 1 capture: c3:e5." {
		t.Errorf("captures: %q", r.Text)
	}
	if r := Respond(en, g, true, "board"); r.Text != "White, 2 columns: g1, c3. Black, 2 columns: d4 column of 3, h8. White to move." {
		t.Errorf("board: %q", r.Text)
	}
	if r := Respond(en, g, true, "c3-d4"); !r.Rejected || r.Text != "illegal move 'c3-d4': a capture is compulsory (c3:e5)" {
		t.Errorf("compulsory: %+v", r)
	}
	if err := g.Resign(rules.Black); err != nil {
		t.Fatal(err)
	}
	if r := Respond(en, g, true, "c3:e5"); !r.Rejected || r.Text != "The game is over. White wins: Black resigned." {
		t.Errorf("over: %+v", r)
	}
}

// Every answer in every language is in that language: nothing falls back
// to a message ID.
func TestRespondInEveryLanguage(t *testing.T) {
	g := rules.NewGameFrom(mustFEN(t, rules.Bashni, "W:Wc3,g1-1:Bd4-0/00,h8-11:H0:F10"))
	for _, l := range i18n.Langs() {
		c := i18n.New(l)
		for _, line := range []string{"", "board", "moves", "turn", "help", "column d4", "h8", "column a1", "c3-d4", "nonsense", "z9-a1"} {
			r := Respond(c, g, true, line)
			if strings.Contains(r.Text, "command.") || strings.Contains(r.Text, "announce.") || strings.Contains(r.Text, "<no value>") {
				t.Errorf("%s %q: %q", l, line, r.Text)
			}
			if r.Text == "" && r.Move.IsZero() {
				t.Errorf("%s %q: no answer", l, line)
			}
		}
	}
}
