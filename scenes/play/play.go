package play

import (
	"bashni/platform"
	"bashni/scenes"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/follow"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// Timing of the play scene, in ticks (60 a second).
const (
	gameOverPause     = 45  // after the last move, before the game-over card
	explanationTicks  = 300 // how long the compulsory-capture explanation stays
	replayStepTicks   = 50  // pause between moves when replaying a game
	attractPauseTicks = 70
)

// Screen shows a game in progress (a session.Session) on the shared
// board: the players' cards, the status line, the move list and the
// controls. The session decides who moves and answers; the board enters
// the person's moves and animates what the session reports; the scene
// lays them out, draws the panel and lets the player review the game.
type Screen struct {
	sess    *session.Session
	cfg     scenes.GameConfig
	layout  scenes.PlayLayout
	flipped bool
	board   *board.Board
	// follow animates the session's moves on the board, the person's from
	// the hops their entry already shows.
	follow follow.Follower

	// The screen's parts, each with its own job.
	ctl    controls     // Undo, Redo, Flip, Hint, Menu
	review review       // looking back: the move list's review, the replay (playback.go)
	over   ending       // the game-over card's timing
	banner banner       // the compulsory-capture explanation
	toast  scenes.Toast // copied, saved, a refused move: beside the status line, never in it
	note   hintNote     // why the hinted move is good, in the panel (hintnote.go)
	moves  scenes.MoveList
	menu   actionMenu
	cmd    commandLine     // typed moves (play_command.go)
	speech speech          // what was last said (play_speech.go)
	export scenes.Exporter // the game record, copied or saved
	words  playWords       // play_words.go
	online *onlineGame     // an online game's extras (play_online.go); nil otherwise
}

// maxFields is the most fields Screen may have (issue 26): a new concern
// is a part of its own.
const maxFields = 20

// controls are the row of buttons under the move list while the game is
// followed.
type controls struct {
	btnUndo, btnRedo, btnFlip, btnHint, btnMenu ui.Button
	rects                                       []scenes.Rect
	// row are the buttons shown, in order: all five, or a spectator's
	// Flip and Menu (someone else's game offers no undo, redo or hint,
	// on the canvas or in the page's mirror).
	row []*ui.Button
}

// ending is when the game ended and whether its card was shown.
type ending struct {
	at    int64 // tick the game ended (0: not over)
	shown bool
}

// banner is the compulsory-capture explanation, shown once.
type banner struct {
	shown bool
	until int64        // the tick it goes (0: not shown)
	sq    rules.Square // the square touched: the banner keeps clear of it
}

// New starts a game.
func New(c scenes.Context, cfg scenes.GameConfig) *Screen {
	s := &Screen{sess: c.NewSession(cfg), cfg: cfg, review: review{ply: -1}}
	s.board = board.New(c.Renderer(), c)
	s.follow = follow.Follower{Board: s.board, Entry: func(side rules.Color) bool { return s.sess.Kind(side) == session.Person }}
	s.flipped = !cfg.Watch && cfg.Human == rules.Black && c.Settings().FlipForBlack
	s.ctl.btnUndo = ui.Button{Icon: ui.IconUndo, Kind: ui.Flat}
	s.ctl.btnRedo = ui.Button{Icon: ui.IconRedo, Kind: ui.Flat}
	s.ctl.btnFlip = ui.Button{Icon: ui.IconFlip, Kind: ui.Flat}
	s.ctl.btnHint = ui.Button{Icon: ui.IconHint, Kind: ui.Flat}
	s.ctl.btnMenu = ui.Button{Icon: ui.IconMenu, Kind: ui.Flat}
	s.ctl.row = []*ui.Button{&s.ctl.btnUndo, &s.ctl.btnRedo, &s.ctl.btnFlip, &s.ctl.btnHint, &s.ctl.btnMenu}
	if cfg.Online != nil && cfg.Online.Spectator() {
		s.ctl.row = []*ui.Button{&s.ctl.btnFlip, &s.ctl.btnMenu}
	}
	s.review.btnReturn = ui.Button{Icon: ui.IconPlay, Kind: ui.Primary, TextSize: 15}
	s.setWords(c)
	s.review.pb.init(c)
	s.positionChanged(c)
	return s
}

// Name is the scene's name.
func (s *Screen) Name() string { return scenes.ScenePlay }

// Session is the game being played.
func (s *Screen) Session() *session.Session { return s.sess }

// Layout places everything.
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = scenes.ComputePlayLayout(w, h, scale, s.sess.Game().Variant(), s.flipped)
	s.board.ShowDestinations = c.Settings().ShowDestinations
	s.board.AllowTap = c.Settings().Input.AllowsTap()
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{X: 0, Y: 0, W: w, H: h})
	s.ctl.rects = s.layout.ControlButtons(5, s.ctl.rects[:0])
	for i := range s.ctl.rects {
		s.review.pb.buttons()[i].Rect = s.ctl.rects[i]
	}
	// A shorter row keeps to the right, where Flip and Menu end the
	// full one.
	for i, b := range s.ctl.row {
		b.Rect = s.ctl.rects[len(s.ctl.rects)-len(s.ctl.row)+i]
	}
	st := s.layout.Status
	bw := math.Min(st.W*0.45, s.layout.DP(170))
	s.review.btnReturn.Rect = scenes.Rect{X: st.X + st.W - bw, Y: st.Y + (st.H-s.layout.DP(scenes.MinTouchDP))/2, W: bw, H: s.layout.DP(scenes.MinTouchDP)}
	s.moves.Rect = s.layout.MoveList
	s.moves.Scale = scale
	s.moves.Follow = true
	s.menu.relayout(w, h, scale)
	s.setWords(c)
	s.layoutCommand(c)
	s.note.places = notePlace{} // laid out again for the new size
	s.placeNote(c)
}

// live reports whether the board shows the game (not a past position).
func (s *Screen) live() bool { return s.review.ply < 0 }

// shownPly is the ply on the board.
func (s *Screen) shownPly() int {
	if s.review.ply >= 0 {
		return s.review.ply
	}
	return s.sess.Game().Ply()
}

// acceptMoves gives the board the moves a person at the device may enter
// now: the legal moves of the game's position when a person is to move and
// the board follows the game; none otherwise. During an animation towards
// that position the board keeps them for when it arrives.
func (s *Screen) acceptMoves() {
	g := s.sess.Game()
	s.board.Interactive = s.live() && !s.review.replaying
	if s.board.Interactive && s.sess.PersonToMove() {
		s.board.Accept(g.Position(), g.LegalMoves())
	} else {
		s.board.Accept(nil, nil)
	}
}

// positionChanged shows the position at the ply shown, at rest, with the
// moves a person may enter and the hint.
func (s *Screen) positionChanged(c scenes.Context) {
	g := s.sess.Game()
	ply := s.shownPly()
	last := rules.Move{}
	if ply > 0 {
		last = g.AllMoves()[ply-1]
	}
	s.acceptMoves()
	s.board.Show(g.PositionAt(ply), last)
	s.boardRested(c)
}

// boardRested follows the board coming to rest: the move list shows the
// ply on the board, the hint its route.
func (s *Screen) boardRested(c scenes.Context) {
	if h, ok := s.sess.Hint(); ok && s.live() {
		s.showHint(h)
	}
	s.moves.Current = s.shownPly()
	s.moves.Follow = true
	c.Invalidate()
}

// Update runs the scene for one tick.
func (s *Screen) Update(c scenes.Context) error {
	s.layerBoard(c)
	s.sess.Tick(c.Tick(), s.boardReady())
	s.showEvents(c)
	if s.online != nil {
		s.online.update(c, s)
	}
	s.export.Poll(c, s.say)
	if s.board.Step() {
		s.boardRested(c)
	}
	s.stepReplay(c)
	if s.menu.Open {
		s.menu.update(c)
		s.showEvents(c)
		return nil
	}
	if s.cmd.open {
		s.updateCommand(c)
		s.handleBoard(c)
		s.showEvents(c)
		s.checkOver(c)
		s.tickEffects(c)
		return nil
	}
	s.handleKeys(c)
	s.handlePanel(c)
	if s.online == nil || !s.online.blocksBoard() {
		s.handleBoard(c)
	}
	s.showEvents(c)
	s.refreshReview(c)
	s.checkOver(c)
	s.tickEffects(c)
	return nil
}

// boardReady reports whether the board shows the game as it stands, still:
// only then does the session play an answer and ask the next player, so
// that moves are shown one after another and nothing moves behind a menu.
func (s *Screen) boardReady() bool {
	return s.live() && !s.review.replaying && !s.board.Animating() && !s.menu.Open
}

// showEvents shows what happened in the session: moves are animated
// (after the hops the person's entry already shows), undos settle the
// board, hints appear.
func (s *Screen) showEvents(c scenes.Context) {
	for _, ev := range s.sess.Events() {
		s.announce(c, ev)
		if s.online != nil {
			s.online.event(c, s, ev)
		}
		switch ev.Kind {
		case session.MovePlayed, session.Redone:
			s.follow.Show(ev, scenes.AnimOptions(c.Settings(), 1))
			s.acceptMoves()
		case session.Undone:
			s.over.shown = false
			c.Play(audio.UITap)
			s.positionChanged(c)
		case session.GameOver:
			s.over.shown = false
			if !s.board.Animating() {
				s.positionChanged(c)
			}
		case session.HintReady:
			if s.live() {
				s.showHint(ev.Hint)
				s.note.hidden = false
				s.placeNote(c)
			}
			c.Invalidate()
		case session.Refused:
			if ev.Refusal != nil && s.sess.Kind(ev.Side) == session.Person {
				s.say(c, scenes.RefusalWords(c.Text(), ev.Refusal))
				s.acceptMoves()
				s.board.Highlight(ev.Refusal.Squares...)
			}
		default:
			c.Invalidate()
		}
	}
}

// tickEffects keeps the time-driven drawing going: the must-capture pulse,
// the thinking spinner, timed messages.
func (s *Screen) tickEffects(c scenes.Context) {
	s.board.Tick(c.Tick())
	if s.sess.Busy() {
		c.Spin()
	}
	if s.banner.until != 0 && c.Tick() >= s.banner.until {
		s.banner.until = 0
		c.Invalidate()
	}
	s.toast.Tick(c)
	s.placeNote(c)
}

// --- moves and animation --------------------------------------------------

// playMove plays the person's move. shownHops is how many hops of it the
// board already shows (entered hop by hop, or dropped at the end by a
// drag): the animation starts from there.
func (s *Screen) playMove(c scenes.Context, mv rules.Move, shownHops int) {
	s.follow.Entered(shownHops)
	if err := s.sess.Play(mv); err != nil {
		s.follow.Forget()
		s.acceptMoves()
	}
	s.showEvents(c)
}

// finishAnimation jumps to the end of the running animation and of any
// queued ones (a new input never waits for an animation).
func (s *Screen) finishAnimation(c scenes.Context) {
	if !s.board.Animating() {
		return
	}
	s.board.Finish()
	s.positionChanged(c)
}

// --- game over and replay -------------------------------------------------

func (s *Screen) checkOver(c scenes.Context) {
	if !s.sess.Over() || !s.live() || s.board.Animating() || s.review.replaying {
		s.over.at = 0
		return
	}
	if s.over.shown {
		return
	}
	if s.over.at == 0 {
		s.over.at = c.Tick()
		switch s.resultForPerson() {
		case 1:
			c.Play(audio.Win)
		case -1:
			c.Play(audio.Loss)
		default:
			c.Play(audio.Win)
		}
		c.Invalidate()
		return
	}
	if c.Tick()-s.over.at >= gameOverPause {
		s.over.shown = true
		c.Push(NewGameOver(c, s))
	}
}

// resultForPerson is the result for the one person playing against the
// computer or another player elsewhere: +1 won, -1 lost, 0 drawn or no
// such person.
func (s *Screen) resultForPerson() int {
	if c, ok := s.sess.Local(); ok {
		return s.sess.ResultFor(c)
	}
	return 0
}

// StartReplay replays the game from its start, a move every second or so.
func (s *Screen) StartReplay(c scenes.Context) {
	s.sess.Pause()
	s.finishAnimation(c)
	s.review.replaying = true
	s.review.ply = 0
	s.review.next = c.Tick() + replayStepTicks
	s.positionChanged(c)
}

func (s *Screen) stepReplay(c scenes.Context) {
	if !s.review.replaying || s.board.Animating() || c.Tick() < s.review.next {
		return
	}
	g := s.sess.Game()
	if s.review.ply >= g.Ply() {
		s.review.replaying = false
		s.review.ply = -1
		s.positionChanged(c)
		return
	}
	s.stepView(c, s.review.ply+1)
	s.review.next = c.Tick() + replayStepTicks
}

// stepView shows ply, animating a single step forward.
func (s *Screen) stepView(c scenes.Context, ply int) {
	g := s.sess.Game()
	ply = max(0, min(ply, g.Ply()))
	from := s.shownPly()
	if ply == g.Ply() && !s.review.replaying {
		s.review.ply = -1
	} else {
		s.review.ply = ply
	}
	s.positionChanged(c)
	if ply == from+1 {
		s.board.Animate(g.PositionAt(from), g.AllMoves()[from], scenes.AnimOptions(c.Settings(), 1), 0)
	}
}

// --- actions --------------------------------------------------------------

func (s *Screen) handleKeys(c scenes.Context) {
	s.handleBoardKeys(c)
	k := c.Keys()
	if k.ShowAllChanged() {
		s.board.SetShowAll(k.ShowAll)
	}
	switch {
	case k.Consume(scenes.ActUndo):
		s.undo(c)
	case k.Consume(scenes.ActRedo):
		s.redo(c)
	case k.Consume(scenes.ActFlip):
		s.flip(c)
	case k.Consume(scenes.ActNewGame):
		s.sess.Pause()
		scenes.Open(c, c.Pages().NewGame)
	case k.Consume(scenes.ActHint):
		s.askHint(c)
	case k.Consume(scenes.ActBack):
		s.back(c)
	case k.Consume(scenes.ActPrev):
		s.stopReplay()
		s.stepView(c, s.shownPly()-1)
	case k.Consume(scenes.ActNext):
		s.stopReplay()
		s.stepView(c, s.shownPly()+1)
	case k.Consume(scenes.ActFirst):
		s.stopReplay()
		s.stepView(c, 0)
	case k.Consume(scenes.ActLast):
		s.stopReplay()
		s.returnToGame(c)
	}
}

func (s *Screen) stopReplay() { s.review.replaying = false }

// back is Esc: put a dragged column back, close a pinned inspector, cancel
// a capture being entered, leave the review, or open the menu.
func (s *Screen) back(c scenes.Context) {
	switch {
	case s.board.Back():
	case !s.live() || s.review.replaying:
		s.stopReplay()
		s.returnToGame(c)
	default:
		s.openMenu(c)
	}
}

func (s *Screen) returnToGame(c scenes.Context) {
	s.review.ply = -1
	s.positionChanged(c)
}

func (s *Screen) undo(c scenes.Context) {
	s.settle(c)
	s.sess.Undo()
	s.showEvents(c)
}

func (s *Screen) redo(c scenes.Context) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(c)
	}
	if !s.sess.CanRedo() {
		return
	}
	s.settle(c)
	s.sess.Redo()
	s.showEvents(c)
}

func (s *Screen) flip(c scenes.Context) {
	s.flipped = !s.flipped
	s.board.CancelDrag()
	w, h, scale := c.Size()
	s.Layout(c, w, h, scale)
	c.Invalidate()
}

// askHint asks for a hint, or, while the hint shows, puts its note away or
// brings it back.
func (s *Screen) askHint(c scenes.Context) {
	if !s.live() {
		return
	}
	if _, ok := s.sess.Hint(); ok {
		s.toggleNote(c)
		return
	}
	if s.sess.AskHint() {
		c.Invalidate()
	}
}

// --- the panel ------------------------------------------------------------

func (s *Screen) handlePanel(c scenes.Context) {
	p := c.Pointer()
	if s.reviewing() {
		s.updatePlayback(c)
	} else {
		s.ctl.btnUndo.Disabled = !s.sess.CanUndo() || s.review.replaying
		s.ctl.btnRedo.Disabled = !s.sess.CanRedo() || s.review.replaying
		s.ctl.btnHint.Disabled = !s.live() || !s.sess.CanAskHint()
		_, hinted := s.sess.Hint()
		s.ctl.btnHint.Toggled = hinted && s.live()
		for _, b := range s.ctl.row {
			if !c.Used(b) {
				continue
			}
			switch b {
			case &s.ctl.btnUndo:
				s.undo(c)
			case &s.ctl.btnRedo:
				s.redo(c)
			case &s.ctl.btnFlip:
				s.flip(c)
			case &s.ctl.btnHint:
				s.askHint(c)
			case &s.ctl.btnMenu:
				s.openMenu(c)
			}
		}
	}
	if !s.live() || s.review.replaying {
		if c.Used(&s.review.btnReturn) {
			s.stopReplay()
			s.returnToGame(c)
		}
	}
	if ply, ok, ch := s.moves.Update(p, s.sess.Game()); ch || ok {
		c.Invalidate()
		if ok {
			s.stopReplay()
			s.stepView(c, ply)
		}
	}
}

// openMenu opens the in-game menu with what can be done now.
func (s *Screen) openMenu(c scenes.Context) {
	m := s.sess
	cat := c.Text()
	items := []menuItem{
		{cat.T("play.menu.resume"), nil},
	}
	if m.Over() {
		// The game-over card is gone once dismissed: its ways into the
		// finished game stay here (issue 21).
		items = append(items,
			menuItem{cat.T("gameover.replay"), func() { s.StartReplay(c) }},
			menuItem{cat.T("ux.analysis"), func() { s.analyse(c) }})
	}
	items = append(items, []menuItem{
		{cat.T("common.new_game"), func() {
			m.Pause()
			scenes.Open(c, c.Pages().NewGame)
		}},
		{cat.T("play.menu.game_record"), func() {
			s.menu.show(c, cat.T("play.menu.game_record_title"), exportItems(c, &s.export, func() string { return scenes.SessionRecord(m) }, s.say)...)
		}},
	}...)
	if m.CanResign() {
		who, whoEllipsis := cat.T("play.menu.resign"), cat.T("play.menu.resign_ellipsis")
		if _, one := m.Local(); !one {
			who = cat.Side("play.menu.side_resigns", m.ToMove())
			whoEllipsis = cat.Side("play.menu.side_resigns_ellipsis", m.ToMove())
		}
		items = append(items, menuItem{whoEllipsis, func() {
			s.menu.show(c, cat.T("play.menu.resign_title"),
				menuItem{cat.T("play.menu.keep_playing"), nil},
				menuItem{who, func() { s.resign(c) }})
		}})
	}
	if s.online != nil {
		items = append(items, s.online.menuItems(c, s)...)
	}
	if scenes.Friends(m) && m.CanOfferDraw() {
		items = append(items, menuItem{cat.T("play.menu.draw"), func() {
			s.menu.show(c, cat.T("play.menu.draw_title"),
				menuItem{cat.T("play.menu.keep_playing"), nil},
				menuItem{cat.T("play.menu.both_agree"), func() { s.agreeDraw(c) }})
		}})
	}
	items = append(items,
		menuItem{cat.T("common.settings"), func() { scenes.Open(c, c.Pages().Settings) }},
		menuItem{cat.T("common.rules"), func() {
			if open := c.Pages().Rules; open != nil {
				c.Push(open(c, m.Game().Variant()))
			}
		}},
		menuItem{cat.T("play.menu.main_menu"), func() { c.Home() }},
	)
	s.menu.show(c, cat.T("play.menu_button"), items...)
}

// settle stops whatever is going on (a replay, an animation) and shows the
// game as it stands; the session withdraws the computer's turn itself when
// the game changes.
func (s *Screen) settle(c scenes.Context) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(c)
	}
	s.finishAnimation(c)
}

// resign ends the game as a loss for the player (for friends, for the
// side to move).
func (s *Screen) resign(c scenes.Context) {
	s.settle(c)
	_ = s.sess.Resign() // the menu offers it only when it can
	s.showEvents(c)
}

// agreeDraw ends a game between friends as a draw.
func (s *Screen) agreeDraw(c scenes.Context) {
	s.settle(c)
	_ = s.sess.OfferDraw() // between friends: agreed at once
	s.showEvents(c)
}

// --- the board ------------------------------------------------------------

// handleBoard hands this tick's gestures to the board and acts on what it
// reports: a move entered, a refusal to explain, a tap that leaves the
// review.
func (s *Screen) handleBoard(c scenes.Context) {
	s.boardResult(c, s.board.Update(c.Gestures(), c.Pointer(), c.Scale()))
}

// boardResult acts on what the board reports (gestures, or Enter on the
// keyboard's cursor).
func (s *Screen) boardResult(c scenes.Context, r board.Result) {
	if r.Rested {
		s.boardRested(c)
	}
	if r.Tapped {
		s.stopReplay()
		s.returnToGame(c)
		return
	}
	switch r.Refused {
	case input.CaptureCompulsory:
		s.banner.sq = r.Square
		s.explainCapture(c)
	case input.MustContinue:
		s.say(c, c.Text().T("play.must_land_to_continue"))
	case input.Ambiguous:
		s.say(c, c.Text().T("play.ambiguous_route"))
	case input.CannotMove:
		s.say(c, c.Text().T("play.blocked"))
	}
	if !r.Move.IsZero() {
		s.playMove(c, r.Move, r.Shown)
	}
}

// showNotice shows a notice from the App in the status line.
func (s *Screen) ShowNotice(c scenes.Context, msg string) { s.say(c, msg) }

// backdrop is what a card over the game shows behind it: the board and
// the panel.
func (s *Screen) Backdrop(c scenes.Context, dst *ebiten.Image) {
	s.board.Draw(dst)
	s.drawPanel(c, dst)
}

// say shows a short message as a toast over the board for a few seconds;
// the status line keeps saying whose move it is.
func (s *Screen) say(c scenes.Context, msg string) { s.toast.Show(c, msg) }

// explainCapture tells the player, once, that capturing is compulsory; the
// columns that must capture pulse (the board restarted their pulse).
func (s *Screen) explainCapture(c scenes.Context) {
	if !s.banner.shown {
		s.banner.shown = true
		s.banner.until = c.Tick() + explanationTicks
	}
	c.Invalidate()
}

// --- drawing --------------------------------------------------------------

// Draw draws the scene.
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	s.board.Draw(dst)
	if s.banner.until != 0 {
		s.drawExplanation(c, dst)
	}
	s.drawPanel(c, dst)
	s.drawCommand(c, dst)
	if s.online != nil {
		s.online.drawShare(c, dst, s)
	}
	s.toast.Draw(c, dst, s.board.Geometry().Inner())
	s.board.DrawOverlay(dst)
	s.menu.draw(c, dst)
}

// drawExplanation draws the compulsory-capture explanation as a banner over
// the lower part of the board.
func (s *Screen) drawExplanation(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	g := s.board.Geometry()
	in := g.Inner()
	w := in.W - p.DP(24)
	// Shown once, the first time a player touches a column that may not
	// move because a capture is due.
	lines := p.Wrap(s.words.explain, 16, sprites.Medium, w-p.DP(32))
	lh := p.DP(22)
	h := float64(len(lines))*lh + p.DP(24)
	r := scenes.Rect{X: in.X + p.DP(12), Y: in.Y + in.H - h - p.DP(12), W: w, H: h}
	if s.banner.sq >= 0 && s.banner.sq < 64 {
		if sr := g.SquareRect(s.banner.sq); sr.Y+sr.H > r.Y {
			r.Y = in.Y + p.DP(12) // the touched column is low: the banner goes up
		}
	}
	p.RoundRect(dst, r, p.DP(12), ui.Alpha(t.Panel, 0.94), p.DP(2), t.MustCapture)
	y := r.Y + p.DP(12) + lh/2
	for _, l := range lines {
		p.Text(dst, l, 16, sprites.Medium, r.X+p.DP(16), y, text.AlignStart, text.AlignCenter, t.Text)
		y += lh
	}
}

// snapshot adds the game on screen: whether the computer thinks, whether a
// move is animated, where the board is, which column is inspected.
func (s *Screen) Snapshot(snap *platform.State) {
	snap.Thinking = s.sess.Busy()
	snap.Animating = snap.Animating || s.board.Animating()
	snap.Board = s.board.Geometry()
	snap.Inspect = s.board.Inspecting()
}

// analyse opens the analysis board (scenes/learn, through the router) on
// the game played (the game-over card, the in-game menu of a finished
// game), for the mistakes of the person at this device (White when both
// sides were).
func (s *Screen) analyse(c scenes.Context) {
	open := c.Pages().Analysis
	if open == nil {
		return
	}
	learner, one := s.sess.Local()
	if !one {
		learner = rules.White
	}
	g := s.sess.Game()
	c.Push(open(c, g.Start(), append([]rules.Move(nil), g.AllMoves()[:g.Ply()]...), learner))
}
