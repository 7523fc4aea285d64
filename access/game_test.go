package access

import (
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/rules"
)

// The game's commands are understood in every language and in English.
func TestParseGameCommandsInEveryLanguage(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	for _, tc := range []struct {
		l    i18n.Lang
		text string
		want Command
	}{
		{i18n.English, "undo", Command{Kind: KindUndo}},
		{i18n.English, "Redo", Command{Kind: KindRedo}},
		{i18n.English, "resign", Command{Kind: KindResign}},
		{i18n.English, "offer draw", Command{Kind: KindDraw}},
		{i18n.English, "accept", Command{Kind: KindAccept}},
		{i18n.English, "decline", Command{Kind: KindDecline}},
		{i18n.English, "hint", Command{Kind: KindHint}},
		{i18n.English, "flip", Command{Kind: KindFlip}},
		{i18n.English, "last move", Command{Kind: KindLast}},
		{i18n.English, "clock", Command{Kind: KindClock}},
		{i18n.English, "squares", Command{Kind: KindSquares}},
		{i18n.English, "p", Command{Kind: KindPieces}},
		{i18n.English, "p b", Command{Kind: KindPieces, Side: rules.Black, HasSide: true}},
		{i18n.English, "new", Command{Kind: KindNew}},
		{i18n.English, "new game lasca black 2", Command{Kind: KindNew, Variant: rules.Lasca, HasVariant: true, Side: rules.Black, HasSide: true, Level: 2}},
		{i18n.English, "rematch random", Command{Kind: KindNew, RandomSide: true}},
		{i18n.Russian, "новая ласка чёрные 3", Command{Kind: KindNew, Variant: rules.Lasca, HasVariant: true, Side: rules.Black, HasSide: true, Level: 3}},
		{i18n.Russian, "сдаться", Command{Kind: KindResign}},
		{i18n.Russian, "undo", Command{Kind: KindUndo}},
		{i18n.Russian, "шашки белые", Command{Kind: KindPieces, Side: rules.White, HasSide: true}},
		{i18n.Korean, "새 게임 라스카 흑 2", Command{Kind: KindNew, Variant: rules.Lasca, HasVariant: true, Side: rules.Black, HasSide: true, Level: 2}},
		{i18n.Korean, "무르기", Command{Kind: KindUndo}},
		{i18n.Korean, "말 흑", Command{Kind: KindPieces, Side: rules.Black, HasSide: true}},
		{i18n.Japanese, "新規 ラスカ 黒 2", Command{Kind: KindNew, Variant: rules.Lasca, HasVariant: true, Side: rules.Black, HasSide: true, Level: 2}},
		{i18n.Japanese, "投了", Command{Kind: KindResign}},
		{i18n.Japanese, "駒 白", Command{Kind: KindPieces, Side: rules.White, HasSide: true}},
		{i18n.English, "join K7M2PQ", Command{Kind: KindJoin, Code: "k7m2pq"}},
		{i18n.English, "arena", Command{Kind: KindArena}},
		{i18n.English, "arenas", Command{Kind: KindArena}},
		{i18n.English, "join arena AB12CD34", Command{Kind: KindArena, Code: "ab12cd34"}},
		{i18n.English, "arena AB12CD34", Command{Kind: KindArena, Code: "ab12cd34"}},
		{i18n.English, "berserk", Command{Kind: KindBerserk}},
		{i18n.Russian, "арена", Command{Kind: KindArena}},
		{i18n.Russian, "войти арена AB12CD34", Command{Kind: KindArena, Code: "ab12cd34"}},
		{i18n.Russian, "берсерк", Command{Kind: KindBerserk}},
		{i18n.Korean, "아레나", Command{Kind: KindArena}},
		{i18n.Korean, "버서크", Command{Kind: KindBerserk}},
		{i18n.Japanese, "アリーナ", Command{Kind: KindArena}},
		{i18n.Japanese, "バーサーク", Command{Kind: KindBerserk}},
		{i18n.English, "watch", Command{Kind: KindWatch}},
		{i18n.English, "TV", Command{Kind: KindWatch}},
		{i18n.English, "top game", Command{Kind: KindWatch}},
		{i18n.Russian, "смотреть", Command{Kind: KindWatch}},
		{i18n.Russian, "тв", Command{Kind: KindWatch}},
		{i18n.Russian, "watch", Command{Kind: KindWatch}},
		{i18n.Korean, "관전", Command{Kind: KindWatch}},
		{i18n.Korean, "tv", Command{Kind: KindWatch}},
		{i18n.Japanese, "観戦", Command{Kind: KindWatch}},
		{i18n.Japanese, "テレビ", Command{Kind: KindWatch}},
		{i18n.Japanese, "watch", Command{Kind: KindWatch}},
		{i18n.English, "join k7m-2pq", Command{Kind: KindJoin, Code: "k7m-2pq"}},
		{i18n.Russian, "подключиться K7M2PQ", Command{Kind: KindJoin, Code: "k7m2pq"}},
		{i18n.Russian, "join K7M2PQ", Command{Kind: KindJoin, Code: "k7m2pq"}},
		{i18n.Korean, "참가 K7M2PQ", Command{Kind: KindJoin, Code: "k7m2pq"}},
		{i18n.Japanese, "参加 K7M2PQ", Command{Kind: KindJoin, Code: "k7m2pq"}},
	} {
		got, err := Parse(i18n.New(tc.l), start, tc.text)
		if err != nil || got != tc.want {
			t.Errorf("%s %q: %+v %v, want %+v", tc.l, tc.text, got, err, tc.want)
		}
	}
}

func TestScans(t *testing.T) {
	en := i18n.New(i18n.English)
	g := rules.NewGameFrom(mustFEN(t, rules.Bashni, "W:Wc3,g1-1:Bd4-0/00,h8-11:H0:F10"))
	for _, tc := range []struct{ line, want string }{
		{"s 1", "a1 empty, c1 empty, e1 empty, g1 king white."},
		{"s d", "d2 empty, d4 column of 3 black, d6 empty, d8 empty."},
		{"s a1-h8", "a1 empty, b2 empty, c3 white, d4 column of 3 black, e5 empty, f6 empty, g7 empty, h8 column of 2, king on top black."},
		{"s h8 a1", "h8 column of 2, king on top black, g7 empty, f6 empty, e5 empty, d4 column of 3 black, c3 white, b2 empty, a1 empty."},
		{"p white", "White, 2 columns: g1 king, c3."},
		{"last", "No move has been played yet."},
		{"turn", "Your move."},
	} {
		r := RespondTo(en, g, Listener{YourTurn: true, You: rules.White, YouPlay: true}, tc.line)
		if r.Text != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.line, r.Text, tc.want)
		}
	}
	for _, bad := range []string{"s", "s 9", "s a1-b3", "s z", "join"} {
		if r := Respond(en, g, true, bad); !r.Rejected {
			t.Errorf("%q: %+v, want a refusal", bad, r)
		}
	}
	if r := Respond(en, g, true, "squares"); !strings.HasPrefix(r.Text, "a1 empty, c1 empty, e1 empty, g1 king white, b2 empty") {
		t.Errorf("squares: %q", r.Text)
	}
	if r := Respond(en, g, true, "undo"); r.Action != KindUndo || r.Text != "" {
		t.Errorf("undo: %+v", r)
	}
	// After a move, a compulsory capture is said with the turn.
	p := mustFEN(t, rules.Bashni, "W:Wc3:Be5:H0:F1")
	m, err := p.ParseMove("c3-d4")
	if err != nil {
		t.Fatal(err)
	}
	a := Announcement{Before: p, Move: m, After: p.Play(m)}
	if got := Announce(en, a); !strings.HasSuffix(got, "Black to move. A capture is compulsory.") {
		t.Errorf("announced %q", got)
	}
	if got := SquareText(en, g.Position(), rules.SquareAt(1, 0)); got != "b1, a light square." {
		t.Errorf("b1: %q", got)
	}
}
