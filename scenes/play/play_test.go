//go:build !js

package play

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/i18n"
	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// run runs the App until done reports true, for at most max ticks.
func run(t *testing.T, a *scenes.App, done func() bool, max int) {
	t.Helper()
	for i := 0; i < max && !done(); i++ {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayPausesAndCountsMoves: the game-over card's Replay counts moves
// as the move list does (two half-moves a move) and can be paused where it
// is and played on.
func TestReplayPausesAndCountsMoves(t *testing.T) {
	st := storage.Defaults() // animated: the replay steps with its animations
	a, _ := newApp(t, scenes.Options{Settings: st})
	cfg := scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1}
	g := rules.NewGame(rules.Bashni)
	for g.Ply() < 5 {
		mv := g.Position().LegalMoves(nil)[0]
		cfg.Moves = append(cfg.Moves, mv.String())
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Ply = len(cfg.Moves)
	ps := start(t, a, cfg)
	ps.resign(a)
	if ps.sess.Game().Ply() != 5 || !ps.sess.Over() {
		t.Fatalf("the game to replay: %d half-moves, over %v", ps.sess.Game().Ply(), ps.sess.Over())
	}
	ps.StartReplay(a)
	run(t, a, func() bool { return ps.shownPly() == 3 && !ps.board.Animating() }, 2000)
	if got, _ := ps.statusText(); got != "Replaying · move 2 of 3" {
		t.Errorf("replaying the 3rd half-move of 5, the status line says %q, want move 2 of 3", got)
	}
	if !ps.reviewing() {
		t.Fatal("no playback controls while replaying")
	}
	ps.togglePlayback(a) // Pause
	run(t, a, func() bool { return false }, 400)
	if ps.shownPly() != 3 || ps.review.replaying {
		t.Fatalf("paused at half-move 3, the replay went on to %d (replaying %v)", ps.shownPly(), ps.review.replaying)
	}
	if got, _ := ps.statusText(); got != "Move 2 of 3" {
		t.Errorf("paused, the status line says %q", got)
	}
	ps.togglePlayback(a) // Play on
	run(t, a, func() bool { return ps.live() && !ps.review.replaying }, 3000)
	if !ps.live() || ps.review.replaying {
		t.Errorf("the replay did not play on to the end: ply %d, replaying %v", ps.shownPly(), ps.review.replaying)
	}
}

// TestFinishedGameArchivedOnce plays the way the issue found two entries
// for one game: resign, Undo (the key and the button), resign again,
// Redo, agree a draw. Past games holds one entry and the finished game
// stays as it ended.
func TestFinishedGameArchivedOnce(t *testing.T) {
	a, _ := newApp(t, scenes.Options{})
	cfg := scenes.GameConfig{Variant: 0, Human: 0, Level: 1, Moves: []string{"c3-d4", "f6-g5", "d4-c5", "b6:d4"}}
	cfg.Ply = len(cfg.Moves)
	play := start(t, a, cfg)
	play.resign(a)
	if !play.sess.Over() {
		t.Fatal("the player could not resign")
	}
	play.undo(a)
	play.resign(a)
	play.redo(a)
	play.agreeDraw(a)
	if games, _ := a.Archive(); len(games) != 1 {
		t.Fatalf("after resign, undo, resign: %d games in the archive, want 1", len(games))
	}
	if !play.sess.Over() || play.sess.Game().Ply() != len(cfg.Moves) {
		t.Errorf("the finished game changed: over %v at ply %d", play.sess.Over(), play.sess.Game().Ply())
	}
}

// TestFinishedGameIsArchivedOnce finishes a game, shows the game-over
// card, closes it, tries to take the end back, and finds one entry in the
// archive.
func TestFinishedGameIsArchivedOnce(t *testing.T) {
	a, _ := newApp(t, scenes.Options{})
	ps := start(t, a, scenes.GameConfig{Start: mustPosition(t, "W:Wc3,g1:Bd4:H0:F30"), Level: 2, Human: rules.White})
	ps.playMove(a, mustMove(t, ps.sess.Game().Position(), "c3:e5"), 0)
	run(t, a, func() bool { _, ok := a.Shown().(*GameOver); return ok }, 1000)
	_, ok := a.Shown().(*GameOver)
	if !ok {
		t.Fatalf("no game-over card: %s", a.Shown().Name())
	}
	a.Pop()
	run(t, a, func() bool { return a.Shown() == scenes.Scene(ps) }, 200)
	run(t, a, func() bool { return false }, 100) // the card does not come back
	if _, again := a.Shown().(*GameOver); again {
		t.Fatal("the game-over card came back")
	}
	// The game is over for good: undo takes nothing back (so it cannot
	// end twice and be archived twice).
	ps.undo(a)
	if !ps.sess.Over() || ps.sess.Game().Ply() != 1 {
		t.Fatal("undo took back the end of a finished game")
	}
	games, notice := a.Archive()
	if len(games) != 1 || !notice.IsZero() {
		t.Fatalf("%d games archived (notice %q)", len(games), notice)
	}
	if games[0].Result != storage.ResultWhiteWins || games[0].Plies != 1 {
		t.Fatalf("entry %+v", games[0])
	}
}

// TestFinishedGameMenu: once the game is over, the in-game menu opens it in
// replay and on the analysis board (through the router), as the game-over
// card did (issue 21); a game in progress offers neither.
func TestFinishedGameMenu(t *testing.T) {
	var analysed struct {
		moves   int
		learner rules.Color
	}
	board := &stubScene{scenes.SceneAnalysis}
	a, _ := newApp(t, scenes.Options{Pages: scenes.Pages{
		Analysis: func(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) scenes.Scene {
			analysed.moves, analysed.learner = len(moves), learner
			return board
		}}})
	cat := a.Text()
	replay, analyse := cat.T("gameover.replay"), cat.T("ux.analysis")
	ps := start(t, a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1,
		Start: mustPosition(t, "W:Wc3:Bd4:H0:F30")})
	ps.openMenu(a)
	if slices.Contains(ps.menu.Items, replay) || slices.Contains(ps.menu.Items, analyse) {
		t.Fatalf("a game in progress offers %q", ps.menu.Items)
	}
	ps.menu.Open = false
	if err := ps.sess.Play(mustMove(t, ps.sess.Game().Position(), "c3:e5")); err != nil {
		t.Fatal(err)
	}
	if !ps.sess.Over() {
		t.Fatal("the game is not over")
	}
	ps.openMenu(a)
	chooseMenu(t, ps, analyse)
	run(t, a, func() bool { return a.Shown() == scenes.Scene(board) }, 100)
	if a.Shown() != scenes.Scene(board) {
		t.Fatalf("Analysis opened %s", a.Shown().Name())
	}
	if analysed.moves != 1 || analysed.learner != rules.White {
		t.Errorf("the analysis board has %d moves for %v, want the game's 1 for White", analysed.moves, analysed.learner)
	}
	a.Pop()
	ps.openMenu(a)
	chooseMenu(t, ps, replay)
	if !ps.review.replaying || ps.shownPly() != 0 {
		t.Errorf("Replay: replaying %v at ply %d, want a replay from the start", ps.review.replaying, ps.shownPly())
	}
}

// TestMessagesLeaveTheTurnLine: a message (a copied record, a refused
// move) is a toast of its own; the status line keeps saying whose move it
// is and that a capture is due. The toast goes. (A hint's words are a note
// in the panel: TestHintNoteBesideTheBoard.)
func TestMessagesLeaveTheTurnLine(t *testing.T) {
	en := i18n.New(i18n.English)
	tests := []struct {
		name, fen string
		status    string
		warn      bool
	}{
		{"your move", "", "Your move", false},
		{"must capture", "W:Wc3,g1:Bd4,f8:H0:F30", "Your move · you must capture", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := newApp(t, scenes.Options{})
			cfg := scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1}
			if tt.fen != "" {
				cfg.Start = mustPosition(t, tt.fen)
			}
			ps := start(t, a, cfg)
			for _, msg := range []string{"Copied the record to the clipboard.", en.T("play.blocked")} {
				ps.say(a, msg)
				if got, warn := ps.statusText(); got != tt.status || warn != tt.warn {
					t.Errorf("after %q the status line says %q (warn %v), want %q (%v)", msg, got, warn, tt.status, tt.warn)
				}
				if ps.toast.Until == 0 {
					t.Errorf("no toast for %q", msg)
				}
			}
			run(t, a, func() bool { return ps.toast.Until == 0 }, 1000)
			if ps.toast.Until != 0 {
				t.Error("the toast stays up")
			}
			if got, _ := ps.statusText(); got != tt.status {
				t.Errorf("after the toast the status line says %q", got)
			}
		})
	}
}

// TestInspectorAndTheMenu: Esc with an inspector open closes it (the menu
// opens only at the next Esc); an inspector open when the rules are
// opened from the menu is gone when the player comes back; the rules of a
// Lasca game are asked for at Lasca (scenes/home opens them at its pages).
func TestInspectorAndTheMenu(t *testing.T) {
	for _, v := range []rules.Variant{rules.Bashni, rules.Lasca} {
		// The rules are another package's page (scenes/home): the menu
		// opens them through the router, asking for the game's variant.
		asked, shown := rules.Variant(255), &stubScene{"rules"}
		a, _ := newApp(t, scenes.Options{Pages: scenes.Pages{
			Rules: func(c scenes.Context, v rules.Variant) scenes.Scene { asked = v; return shown }}})
		ps := start(t, a, scenes.GameConfig{Variant: v, Human: rules.White, Level: 1})
		sq := ps.sess.Game().Position().LegalMoves(nil)[0].From()

		ps.board.Inspect(sq) // as a resting mouse opens it
		ps.back(a)
		if ps.board.Inspecting() != rules.NoSquare || ps.menu.Open {
			t.Fatalf("%v: Esc with the inspector open: inspector on %v, menu open %v", v, ps.board.Inspecting(), ps.menu.Open)
		}
		ps.back(a)
		if !ps.menu.Open {
			t.Fatalf("%v: the second Esc opens no menu", v)
		}

		ps.board.Inspect(sq)
		chooseMenu(t, ps, "Rules")
		run(t, a, func() bool { return a.Shown() == scenes.Scene(shown) }, 100)
		if a.Shown() != scenes.Scene(shown) || asked != v {
			t.Fatalf("%v: the menu's Rules opened %s at %v", v, a.Shown().Name(), asked)
		}
		a.Pop()
		if ps.board.Inspecting() != rules.NoSquare {
			t.Errorf("%v: back from the rules, the inspector of %v is still open", v, ps.board.Inspecting())
		}
	}
}

// TestTabReachesTheBoardAndTheControls: Tab goes to the board first, then
// the play screen's buttons in order; Shift+Tab goes back; a click puts
// the ring away.
func TestTabReachesTheBoardAndTheControls(t *testing.T) {
	a, kb, ps := keyApp(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	if a.KeyboardFocus() {
		t.Fatal("a ring shows before any Tab")
	}
	ring := func() scenes.Rect { r, _ := a.FocusRing(); return r }
	press(a, kb, ebiten.KeyTab)
	if ring() != ps.layout.Board.Outer() || ps.board.Cursor() == rules.NoSquare {
		t.Fatalf("first Tab: ring on %v, cursor %v; want the board with its cursor", ring(), ps.board.Cursor())
	}
	// Undo and Redo are disabled (nothing played): Flip comes next.
	press(a, kb, ebiten.KeyTab)
	if ring() != ps.ctl.btnFlip.Rect {
		t.Fatalf("second Tab: ring on %v, want Flip %v", ring(), ps.ctl.btnFlip.Rect)
	}
	if ps.board.Cursor() != rules.NoSquare {
		t.Fatal("the cursor stays when the board lost the focus")
	}
	press(a, kb, ebiten.KeyEnter)
	if !ps.flipped {
		t.Fatal("Enter on Flip did not flip the board")
	}
	kb[ebiten.KeyShift] = 1
	press(a, kb, ebiten.KeyTab)
	delete(kb, ebiten.KeyShift)
	if ring() != ps.layout.Board.Outer() {
		t.Fatalf("Shift+Tab: ring on %v, want the board", ring())
	}
	// The flipped board: Right goes towards a (c3 → b3).
	ps.board.SetCursor(rules.SquareAt(2, 2))
	press(a, kb, ebiten.KeyArrowRight)
	if got := ps.board.Cursor(); got != rules.SquareAt(1, 2) {
		t.Fatalf("Right on the flipped board: cursor on %v, want b3", got)
	}
	a.StepScene(ps, ui.Pointer{X: 5, Y: 5, Pressed: true}) // a click
	if a.KeyboardFocus() {
		t.Fatal("a click did not put the ring away")
	}
}

// press runs one tick of the app with keys down, then one with them up.
func press(a *scenes.App, kb map[ebiten.Key]int, keys ...ebiten.Key) {
	for _, k := range keys {
		kb[k] = 1
	}
	_ = a.Update()
	for _, k := range keys {
		delete(kb, k)
	}
	_ = a.Update()
}

// TestTypedCommands: the play screen's command line plays typed moves
// (the short form of a capture too), refuses illegal ones with the
// engine's words, answers the questions, and announces each move.
func TestTypedCommands(t *testing.T) {
	const fen = "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12"
	a, kb, ps := keyApp(t, fen)
	// One tick with / down (the field's text input needs a running game
	// from the next tick on: the test calls the line's command directly).
	kb[ebiten.KeySlash] = 1
	_ = a.Update()
	delete(kb, ebiten.KeySlash)
	if !ps.cmd.open || !ps.cmd.field.Focused() {
		t.Fatal("/ did not open the command line")
	}
	var answers []string
	answer := func(_ scenes.Context, s string) { answers = append(answers, s) }
	p := mustPosition(t, fen)

	ps.command(a, "e1-f2", answer)
	if ps.sess.Game().Ply() != 0 || len(answers) != 1 {
		t.Fatalf("an illegal move was played, or no answer: %v", answers)
	}
	_, err := p.ParseMove("e1-f2")
	if err == nil || answers[0] != a.Text().Error(err) {
		t.Errorf("answer %q, want the engine's error %v", answers[0], err)
	}
	ps.command(a, "board", answer)
	if want := access.Board(a.Text(), p, rules.Outcome{}); answers[1] != want {
		t.Errorf("board: %q, want %q", answers[1], want)
	}
	ps.command(a, "column d4", answer)
	if !strings.Contains(answers[2], "d4") {
		t.Errorf("column d4: %q", answers[2])
	}
	ps.command(a, "c3:g7", answer) // the short form of c3:e5:g7
	want := mustMove(t, p, "c3:e5:g7")
	g := ps.sess.Game()
	if g.Ply() != 1 || g.AllMoves()[0] != want {
		t.Fatalf("c3:g7 did not play %v: ply %d", want, g.Ply())
	}
	if !strings.HasPrefix(ps.cmd.reply, "White c3 takes d4, f6, lands on g7.") || !strings.Contains(ps.cmd.reply, "Column of 3.") {
		t.Errorf("the move's announcement: %q", ps.cmd.reply)
	}
	ps.command(a, g.LegalMoves()[0].String(), answer) // Black's move, the computer's
	if got := answers[len(answers)-1]; got != a.Text().T("command.not_now") {
		t.Errorf("a move on the computer's turn: %q", got)
	}
	kb[ebiten.KeyEscape] = 1
	_ = a.Update() // Esc is read before the field
	if ps.cmd.open {
		t.Fatal("Esc did not close the command line")
	}
}

// TestTypedGameCommands: the game's typed commands act as their buttons
// and menu items do: flip, resign, and a new game with its choices
// (through the router's StartTyped).
func TestTypedGameCommands(t *testing.T) {
	var typed access.Command
	a, _ := newApp(t, scenes.Options{Launch: launch.Launch{FEN: "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12", Variant: rules.Bashni}, Pages: scenes.Pages{
		StartTyped: func(c scenes.Context, cmd access.Command) { typed = cmd }}})
	_ = a.Update()
	ps := a.Shown().(*Screen)
	ps.PageCommand(a, "flip")
	if !ps.flipped {
		t.Errorf("flip did not turn the board")
	}
	ps.PageCommand(a, "resign")
	if o := ps.sess.Outcome(); !o.Over() || o.Reason != rules.Resignation {
		t.Errorf("resign: the game is %+v", o)
	}
	ps.PageCommand(a, "new lasca black 2")
	if typed.Kind != access.KindNew || typed.Variant != rules.Lasca || typed.Side != rules.Black || typed.Level != 2 {
		t.Errorf("new lasca black 2 asked for %+v", typed)
	}
}

// "join CODE" typed in a game opens the online card joining that code.
func TestTypedJoin(t *testing.T) {
	joined := ""
	a, _ := newApp(t, scenes.Options{Launch: launch.Launch{FEN: "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12", Variant: rules.Bashni}, Pages: scenes.Pages{
		Online: func(c scenes.Context, code string) scenes.Scene {
			joined = code
			return &scenetest.Stub{Named: "online"}
		}}})
	_ = a.Update()
	ps := a.Shown().(*Screen)
	ps.PageCommand(a, "join K7M-2PQ")
	if joined != "k7m-2pq" {
		t.Errorf("join K7M-2PQ opened the online card with %q", joined)
	}
}

// TestLanguageChangesAtOnce: choosing a language switches the words of
// the game in progress at once.
func TestLanguageChangesAtOnce(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	a, _ := newApp(t, scenes.Options{})
	play := New(a, scenes.GameConfig{Friend: true})
	a.SetGame(play)
	if play.ctl.btnUndo.Label != "Undo" {
		t.Fatalf("English Undo %q", play.ctl.btnUndo.Label)
	}
	st := a.Settings()
	st.Language = "ru"
	a.SetSettings(st)
	if a.Text().Lang() != i18n.Russian || play.ctl.btnUndo.Label != a.Text().T("play.undo") || play.ctl.btnUndo.Label == "Undo" {
		t.Errorf("the game in progress says %q in %v", play.ctl.btnUndo.Label, a.Text().Lang())
	}
}

// TestGameOverCountsMoves: the game-over card counts moves as the move
// list does (issue 21: a move is White's and Black's; a game where Black
// moves first begins with "1... ", a move of its own).
func TestGameOverCountsMoves(t *testing.T) {
	a, _ := newApp(t, scenes.Options{})
	cat := a.Text()
	for _, tt := range []struct {
		name, start, moves string
		want               int
	}{
		{"from the start, 5 plies", "", "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3", 3},
		{"from the start, 6 plies", "", "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3 h8-g7", 3},
		{"Black first, 5 plies", "B:Wc3,e3:Bf6,h6:H0:F30", "f6-g5 c3-d4 g5-f4 e3:g5 h6:f4", 3},
		{"Black first, 4 plies", "B:Wc3,e3:Bf6,h6:H0:F30", "f6-g5 c3-d4 g5-f4 e3:g5", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := scenes.GameConfig{Variant: rules.Bashni, Friend: true, Human: rules.White, Moves: strings.Fields(tt.moves)}
			cfg.Ply = len(cfg.Moves)
			if tt.start != "" {
				cfg.Start = mustPosition(t, tt.start)
			}
			ps := New(a, cfg)
			if err := ps.sess.Resign(); err != nil {
				t.Fatal(err)
			}
			over := NewGameOver(a, ps)
			if moves := cat.N("common.moves", tt.want); !strings.HasPrefix(over.countLine, moves) {
				t.Errorf("game over: %q, want %q", over.countLine, moves)
			}
		})
	}
}

// TestSceneNames: the names the page publishes in window.bashni.scene,
// which the browser tests and tools read, are today's.
func TestSceneNames(t *testing.T) {
	if got := (&Screen{}).Name(); got != "play" {
		t.Errorf("the play screen is named %q", got)
	}
	if got := (&GameOver{}).Name(); got != "gameover" {
		t.Errorf("the game-over card is named %q", got)
	}
}

// TestSnapshot: a -fen game is in the page's state at once, and a
// snapshot allocates nothing.
func TestSnapshot(t *testing.T) {
	const fen = "W:Wc3,e3-00:Bd6,f6-1"
	p := mustPosition(t, fen)
	a, _ := newApp(t, scenes.Options{Launch: launch.Launch{FEN: p.FEN(), Variant: rules.Bashni, Level: 1}})
	var s platform.State
	a.Snapshot(&s)
	if s.Scene != "play" || s.Game == nil || s.Game.Position().FEN() != p.FEN() {
		t.Fatalf("snapshot of a -fen game: scene %q, game %v", s.Scene, s.Game)
	}
	if s.Outcome.Status() != "ongoing" || s.Inspect != rules.NoSquare {
		t.Errorf("status %q, inspect %v", s.Outcome.Status(), s.Inspect)
	}
	if allocs := testing.AllocsPerRun(100, func() { a.Snapshot(&s) }); allocs != 0 {
		t.Errorf("Snapshot allocates %v times a call, want 0", allocs)
	}
}

// TestBoardTurnedForBlack: a game as Black shows Black at the bottom (the
// FlipForBlack setting, on by default); as White, watching or between
// friends, White.
func TestBoardTurnedForBlack(t *testing.T) {
	a, _ := newApp(t, scenes.Options{})
	for _, tc := range []struct {
		cfg  scenes.GameConfig
		want bool
	}{
		{scenes.GameConfig{Human: rules.Black, Level: 2}, true},
		{scenes.GameConfig{Human: rules.White, Level: 2}, false},
		{scenes.GameConfig{Human: rules.Black, Watch: true, Level: 2}, false},
		{scenes.GameConfig{Friend: true}, false},
	} {
		if got := New(a, tc.cfg).flipped; got != tc.want {
			t.Errorf("%+v: flipped %v, want %v", tc.cfg, got, tc.want)
		}
	}
}

// TestGameOverLayout: the card and its buttons stay on screen.
func TestGameOverLayout(t *testing.T) {
	for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {800, 600}, {360, 640}, {1920, 1080}} {
		w, h := sz[0], sz[1]
		gl := GameOverLayout(w, h, 1, rules.Bashni)
		for _, r := range []scenes.Rect{gl.Card, gl.NewGame, gl.Replay, gl.Board} {
			if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > w+0.5 || r.Y+r.H > h+0.5 {
				t.Errorf("game over %vx%v: %v off screen", w, h, r)
			}
		}
	}
}

// TestScreenHasAtMostMaxFields: the play screen keeps the game and the
// board and owns its other concerns as parts (issue 26): a new concern
// gets a part of its own, not more fields here.
func TestScreenHasAtMostMaxFields(t *testing.T) {
	if n := reflect.TypeFor[Screen]().NumField(); n > maxFields {
		t.Errorf("the play screen has %d fields, want at most %d: put the new one in a part", n, maxFields)
	}
}
