package records

import (
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/storage"
)

// en is the English catalogue the tests compare words with.
var en = i18n.New(i18n.English)

// newApp is an App whose finished games are archived in a memory store,
// with instant transitions (the scene shown is the top of the stack) and
// pages as opts give them.
func newApp(t *testing.T, pages ...scenes.Pages) (*scenes.App, *storage.Store) {
	t.Helper()
	store := storage.OpenMemory()
	st := storage.Defaults()
	st.InstantAnimations = true
	opts := scenes.Options{Settings: st, Clipboard: &platform.Memory{}}
	if len(pages) > 0 {
		opts.Pages = pages[0]
	}
	a, _ := scenetest.NewApp(t, store, opts)
	return a, store
}

// finish plays cfg's game through the App, as any game is played (saved,
// and archived when it ends): every move but the last replayed from the
// configuration, the last played by whoever is to move; a game not over
// then ends by the side to move resigning. It returns the game's entry in
// Past games.
func finish(t *testing.T, a *scenes.App, cfg scenes.GameConfig, moves ...string) storage.ArchivedGame {
	t.Helper()
	if len(moves) > 0 {
		cfg.Moves, cfg.Ply = moves[:len(moves)-1], len(moves)-1
	}
	s := a.NewSession(cfg)
	if s.Game().Ply() != cfg.Ply {
		t.Fatalf("the game did not replay its %d moves", cfg.Ply)
	}
	if len(moves) > 0 {
		mv, err := s.Game().Position().ParseMove(moves[len(moves)-1])
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Over() {
		if err := s.Resign(); err != nil {
			t.Fatal(err)
		}
	}
	games, notice := a.Archive()
	if len(games) == 0 || !notice.IsZero() {
		t.Fatalf("Past games: %d games, notice %+v", len(games), notice)
	}
	return games[0] // newest first
}

func mustPosition(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMoveCountsAgree: Past games, an imported record and the replay view
// count the same game in the same moves, a move being White's and
// Black's, as the move list and the play screen do (scenes.MoveCount;
// issue 21: Past games said 26 moves and the replay 52). A game where
// Black moves first begins with "1... ", a move of its own.
func TestMoveCountsAgree(t *testing.T) {
	a, _ := newApp(t)
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
			cfg := scenes.GameConfig{Variant: rules.Bashni, Friend: true, Human: rules.White}
			if tt.start != "" {
				cfg.Start = mustPosition(t, tt.start)
			}
			ag := finish(t, a, cfg, strings.Fields(tt.moves)...)
			moves := cat.N("common.moves", tt.want)
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
			if n := scenes.MoveCount(im.Game, len(im.Game.AllMoves())); n != tt.want {
				t.Errorf("the shell counts %d moves, want %d", n, tt.want)
			}
			rs := NewReplayScene(a, im)
			if got, want := rs.statusText(cat), cat.N("replay.at_start", tt.want); got != want {
				t.Errorf("replay at the start: %q, want %q", got, want)
			}
			end := im.Game.Start().FullmoveNumber() + tt.want - 1
			rs.ply = rs.last()
			if got, want := rs.statusText(cat), cat.F("replay.move_of", "Move", end, "Moves", end); !strings.HasPrefix(got, want) {
				t.Errorf("replay at the end: %q, want %q", got, want)
			}
		})
	}
}

// TestArchivedGamesReadBack: a finished game's entry in Past games says
// who won and why, and its record replays to the final position.
func TestArchivedGamesReadBack(t *testing.T) {
	a, _ := newApp(t)
	start := mustPosition(t, "W:Wc3,g1:Bd4:H0:F30")
	ag := finish(t, a, scenes.GameConfig{Start: start, Human: rules.White, Level: 2}, "c3:e5")
	if ag.Result != storage.ResultWhiteWins || ag.Plies != 1 || ag.Opponent != storage.OpponentComputer || ag.Level != 2 || ag.Reason != storage.ReasonNoMoves || ag.Human != storage.White {
		t.Fatalf("entry %+v", ag)
	}
	if got, _ := archiveOutcome(en, ag); got != "Won" {
		t.Errorf("outcome %q, want Won", got)
	}
	im, err := parseImport(ag.Record, rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	if o := im.Game.Outcome(); o.Result != rules.WhiteWins || o.Reason != rules.NoMoves || len(im.Game.AllMoves()) != 1 || !im.Game.Start().Equal(start) {
		t.Fatalf("the archived record reads back as %v after %d moves from %s", o, len(im.Game.AllMoves()), im.Game.Start().FEN())
	}

	// Resignation between friends, in Lasca.
	ag = finish(t, a, scenes.GameConfig{Variant: rules.Lasca, Friend: true, Human: rules.White}, "c3-d4")
	if ag.Variant != storage.VariantLasca || ag.Opponent != storage.OpponentFriend || ag.Reason != storage.ReasonResignation {
		t.Fatalf("friends' entry %+v", ag)
	}
	if got, _ := archiveOutcome(en, ag); got != "White won" {
		t.Errorf("outcome %q, want White won", got)
	}
	im, err = parseImport(ag.Record, rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	if o := im.Game.Outcome(); o.Reason != rules.Resignation || im.Variant != rules.Lasca {
		t.Fatalf("resignation read back as %v in %v", o, im.Variant)
	}
	if archiveLength(en, 1) != "1 move" || archiveLength(en, 2) != "1 move" || archiveLength(en, 3) != "2 moves" {
		t.Fatal("archiveLength")
	}
}

// TestPastGamesOpenInReplayAndAnalysis: a row of Past games opens its game
// in the replay view; its Analysis button, a full touch target, opens the
// analysis board (a page of its own, through the router) on the whole
// game for the side played here (issue 21).
func TestPastGamesOpenInReplayAndAnalysis(t *testing.T) {
	type analysis struct {
		start   *rules.Position
		moves   []rules.Move
		learner rules.Color
	}
	var opened []analysis
	a, _ := newApp(t, scenes.Pages{Analysis: func(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) scenes.Scene {
		opened = append(opened, analysis{start, moves, learner})
		return NewArchiveScene(c) // any screen: the test looks at what was asked
	}})
	finish(t, a, scenes.GameConfig{Start: mustPosition(t, "B:Wc3,e3:Bf6,h6:H0:F30"), Human: rules.Black, Level: 2},
		"f6-g5", "c3-d4", "g5-f4", "e3:g5", "h6:f4")
	a.Resize(390, 844, 1)
	s := NewArchiveScene(a)
	scenetest.Show(t, a, s)
	tap := func(x, y float64) {
		scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Pressed: true})
		scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Released: true})
	}
	b := s.AnalysisButtonOf(0, 1)
	if b.W < scenes.MinTouchDP || b.H < scenes.MinTouchDP || !s.rects.List.Contains(b.X, b.Y) || !s.rects.List.Contains(b.X+b.W-1, b.Y+b.H-1) {
		t.Fatalf("the Analysis button %+v is not a touch target inside the list %+v", b, s.rects.List)
	}
	tap(b.X+b.W/2, b.Y+b.H/2)
	if len(opened) != 1 {
		t.Fatalf("the Analysis button asked for %d analysis boards", len(opened))
	}
	if o := opened[0]; len(o.moves) != 5 || o.learner != rules.Black || o.start.Variant() != rules.Bashni || o.start.SideToMove() != rules.Black {
		t.Errorf("the analysis board has %d moves for %v, want the game's 5 for Black", len(o.moves), o.learner)
	}
	scenetest.Show(t, a, s) // back on top
	row := s.rects.List
	tap(row.X+row.W/3, row.Y+s.rects.RowH/2)
	var rs *ReplayScene
	for i := 0; i < 60 && rs == nil; i++ {
		_ = a.Update()
		rs, _ = a.Shown().(*ReplayScene)
	}
	if rs == nil {
		t.Fatalf("a tap on the row opened %s", a.Shown().Name())
	}
	if rs.last() != 5 {
		t.Errorf("the replay has %d plies, want 5", rs.last())
	}
	// The replay's menu opens the same game on the analysis board.
	rs.analyse(a)
	if len(opened) != 2 || len(opened[1].moves) != 5 {
		t.Errorf("the replay's Analyse asked for %d boards", len(opened))
	}
}

// TestNames: the names the page publishes in window.bashni.scene are
// today's.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		s    scenes.Scene
		want string
	}{
		{&ArchiveScene{}, "archive"},
		{&ImportScene{}, "import"},
		{&ReplayScene{}, "replay"},
	} {
		if got := tc.s.Name(); got != tc.want {
			t.Errorf("%T is named %q, want %q", tc.s, got, tc.want)
		}
	}
}
