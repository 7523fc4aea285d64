package learn

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/internal/text"
	"bashni/learn/puzzles"
	"bashni/learn/record"
	lt "bashni/learn/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/board"
	"bashni/scenes/follow"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// The puzzle screen's buttons, in the control row.
const (
	PuzzleBack = iota
	PuzzleHint
	PuzzleRetry
	PuzzleNext
	puzzleButtons
)

// puzzleReplyDelay is how long the opponent waits before answering, in
// ticks.
const puzzleReplyDelay = 20

// PuzzleRects is where the puzzle screen puts its choices of game, tier
// and theme in a row above its texts, and the row under them: View the solution
// and Analyse this position (Pair), or in the solution viewer Previous,
// Next move and Analyse (Trio).
type PuzzleRects struct {
	LearnLayout
	Variant, Tier, Theme scenes.Rect
	Pair                 [2]scenes.Rect
	Trio                 [3]scenes.Rect
}

// PuzzleLayout lays out the puzzle screen for a puzzle of v, the board
// turned for Black when flipped; need are the widths the choices of game,
// tier and theme need for their longest names (zero: fixed shares).
func PuzzleLayout(w, h, scale float64, v rules.Variant, flipped bool, need [3]float64) PuzzleRects {
	l := PuzzleRects{LearnLayout: ComputeLearnLayout(w, h, scale, v, puzzleButtons)}
	l.Board.Flipped = flipped
	pad := math.Round(10 * scale)
	bh := math.Round(scenes.MinTouchDP * scale) // a touch target
	x, tw := l.Text.X+pad, l.Text.W-2*pad
	row := func(y float64, n int) []scenes.Rect {
		cw := (tw - float64(n-1)*pad) / float64(n)
		out := make([]scenes.Rect, n)
		for i := range out {
			out[i] = scenes.Rect{X: math.Round(x + float64(i)*(cw+pad)), Y: y, W: math.Floor(cw), H: bh}
		}
		return out
	}
	// The choices share a row, each as wide as its longest name needs
	// (need, in pixels; zero: by fixed shares) and the room left shared
	// in proportion: the game's name is short, a theme's the longest.
	y := l.Text.Y + pad
	gap := pad
	if need[0]+need[1]+need[2] > tw-2*gap {
		gap = math.Round(6 * scale)
	}
	room := tw - 2*gap
	ws := [3]float64{0.2 * room, 0.3 * room, 0.5 * room}
	if sum := need[0] + need[1] + need[2]; sum > 0 && sum <= room {
		for i := range ws {
			ws[i] = need[i] + (room-sum)*need[i]/sum
		}
	}
	l.Variant = scenes.Rect{X: x, Y: y, W: math.Floor(ws[0]), H: bh}
	l.Tier = scenes.Rect{X: l.Variant.X + l.Variant.W + gap, Y: y, W: math.Floor(ws[1]), H: bh}
	l.Theme = scenes.Rect{X: l.Tier.X + l.Tier.W + gap, Y: y, H: bh}
	l.Theme.W = x + tw - l.Theme.X
	y += bh + pad
	bottom := l.Text.Y + l.Text.H - pad - bh
	copy(l.Pair[:], row(bottom, 2))
	copy(l.Trio[:], row(bottom, 3))
	l.Text = scenes.Rect{X: l.Text.X, Y: y, W: l.Text.W, H: bottom - pad - y}
	return l
}

// PuzzleScene plays puzzles from the side to move: the opponent answers
// along the solution; a wrong move is played and answered with the
// computer's refutation, played out far enough to show what it loses
// (learn/puzzles.Opponent), then Retry puts the pieces back. Hints come in
// two grades (the column, then the move); View the solution steps through
// the whole line; Analyse this position opens the analysis board. Solves,
// streaks and the player's puzzle rating are saved; a solve after a hint
// or a mistake says that it counts as not solved.
type PuzzleScene struct {
	variant rules.Variant
	set     *puzzles.Set
	tier    puzzles.Tier  // 0: every tier
	theme   puzzles.Theme // "": every theme
	rec     record.Record
	pz      *puzzles.Puzzle
	att     *puzzles.Attempt
	solved  bool
	failed  bool // counted as not solved already
	hint    puzzles.HintGrade
	hintAt  rules.Square // the column the hint names (hint ≥ HintColumn)

	sess    *session.Session
	opp     *puzzles.Opponent
	me      rules.Color
	follow  follow.Follower // the session's moves on the board
	wrong   rules.Move      // the wrong move played, answered by the refutation
	loss    *puzzles.Loss
	lossSet bool // the loss's square is marked on the board at rest

	viewing bool // the solution viewer
	steps   []puzzles.Step
	step    int // the solution's moves shown

	layout    PuzzleRects
	board     *board.Board
	marks     whyMarks
	btns      [puzzleButtons]ui.Button
	btnVar    ui.Button
	btnTier   ui.Button
	btnTheme  ui.Button
	btnSol    ui.Button // View the solution; Next move in the viewer
	btnPrev   ui.Button // the viewer's Previous
	btnAn     ui.Button // Analyse this position
	info      textBlock
	heading   string
	title     string
	stats     string
	say       lt.T
	sayTone   tone
	sayExtra  string
	loadError string
	store     func() *storage.Store
}

// NewPuzzleScene opens the puzzles of v at the player's next one.
func NewPuzzleScene(c scenes.Context, v rules.Variant) scenes.Scene {
	s := &PuzzleScene{variant: v, rec: record.Load(c.Store())}
	s.board = board.New(c.Renderer(), c)
	s.board.Interactive = true
	set := c.Settings()
	s.board.AllowTap = set.Input.AllowsTap()
	s.board.ShowDestinations = set.ShowDestinations
	s.follow = follow.Follower{Board: s.board, Entry: func(side rules.Color) bool { return side == s.me }}
	s.btns[PuzzleBack] = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btns[PuzzleHint] = ui.Button{Icon: ui.IconHint, Kind: ui.Flat}
	s.btns[PuzzleRetry] = ui.Button{Icon: ui.IconUndo, Kind: ui.Flat}
	s.btns[PuzzleNext] = ui.Button{Icon: ui.IconForward, Kind: ui.Flat}
	for _, b := range []*ui.Button{&s.btnVar, &s.btnTier, &s.btnTheme, &s.btnSol, &s.btnPrev, &s.btnAn} {
		*b = ui.Button{Kind: ui.Secondary, TextSize: 14}
	}
	s.store = c.Store
	s.opp = puzzles.NewOpponent(c.NewBrain(), puzzleReplyDelay)
	s.loadSet(c)
	return s
}

// Name is the scene's name.
func (s *PuzzleScene) Name() string { return scenes.ScenePuzzle }

// Puzzle is the puzzle shown (for tests).
func (s *PuzzleScene) Puzzle() *puzzles.Puzzle { return s.pz }

// loadSet reads the puzzles of the variant and opens the next one.
func (s *PuzzleScene) loadSet(c scenes.Context) {
	set, err := puzzles.Load(s.variant)
	if err != nil {
		s.set, s.pz, s.loadError = nil, nil, err.Error()
		s.words(c)
		return
	}
	s.set, s.loadError = set, ""
	if s.theme != "" && set.Count(puzzles.Filter{Theme: s.theme}) == 0 {
		s.theme = ""
	}
	s.next(c)
}

// statsOf is the player's record in the variant (a new player's rating
// starts at the set's StartRating).
func (s *PuzzleScene) statsOf() *puzzles.Stats { return s.rec.Puzzles.For(s.variant) }

// next opens the next puzzle of the tier and theme, the board turned for
// the side to move.
func (s *PuzzleScene) next(c scenes.Context) {
	s.open(c, s.set.Next(s.statsOf(), puzzles.Filter{Tier: s.tier, Theme: s.theme}))
}

// open shows puzzle pz (nil: none is left to offer).
func (s *PuzzleScene) open(c scenes.Context, pz *puzzles.Puzzle) {
	s.pz = pz
	s.say = lt.T{}
	s.sayExtra = ""
	s.viewing = false
	if s.pz == nil {
		s.opp.Stop()
		s.sess = nil
		s.board.Accept(nil, nil)
		s.words(c)
		return
	}
	s.att = s.pz.Begin()
	s.solved, s.failed = false, false
	s.me = s.pz.Player()
	if w, h, scale := c.Size(); w > 0 {
		s.Layout(c, w, h, scale) // Black solves from Black's side
	}
	s.newSession(c)
	// The opponent's last move leads into the puzzle.
	s.board.Show(s.pz.Before(), rules.Move{})
	if mv := s.pz.SetupMove(); !mv.IsZero() {
		s.board.Animate(s.pz.Before(), mv, scenes.AnimOptions(c.Settings(), 0.8), 0)
	}
	s.accept()
	s.words(c)
}

// newSession plays on from the attempt's position: the person against the
// puzzle's opponent.
func (s *PuzzleScene) newSession(c scenes.Context) {
	s.opp.Stop()
	var players [2]session.Player
	players[s.me] = session.NewPerson()
	players[s.me.Opponent()] = s.opp
	sess, err := session.New(session.Config{Variant: s.variant, Start: s.att.Position(), Players: players, Judge: s.judge})
	if err != nil {
		s.loadError = err.Error()
		return
	}
	s.sess = sess
	s.wrong, s.loss, s.lossSet = rules.Move{}, nil, false
	s.hint = puzzles.NoHint
	s.marks.clear()
	s.board.SetHint(rules.Move{})
	s.board.Show(s.att.Position(), rules.Move{})
	s.accept()
}

// judge checks the person's move against the solution before the session
// plays it. A wrong move is played too: the opponent then shows the
// refutation.
func (s *PuzzleScene) judge(_ *rules.Game, _ rules.Color, mv rules.Move) *session.Refusal {
	s.marks.clear()
	s.board.Highlight()
	v := s.att.Try(mv)
	switch v.Result {
	case puzzles.Refused:
		if v.Why != nil {
			s.say, s.sayTone = v.Why.Text, toneBad
			s.marks.route = v.Why.Route
			s.board.Highlight(v.Why.Marks...)
			return &session.Refusal{Code: session.RefusalCode(v.Why.Text.Key()), Args: v.Why.Text.Pairs(), Squares: v.Why.Marks}
		}
		return &session.Refusal{Code: session.RefusedNotWanted}
	case puzzles.Right:
		s.say, s.sayTone = lt.Of(lt.PuzzleRight), toneGood
		s.hint = puzzles.NoHint
		s.board.SetHint(rules.Move{})
		s.opp.Answer(v.Reply)
	case puzzles.Solved:
		s.solved = true
		s.hint = puzzles.NoHint
		s.board.SetHint(rules.Move{})
		s.say, s.sayTone, s.sayExtra = s.record()
		s.save()
	case puzzles.Wrong:
		s.wrong = mv
		s.say, s.sayTone = lt.Of(lt.ScreenRefuting), toneDim
		s.board.SetHint(rules.Move{})
		s.opp.Refute(s.att, mv, puzzles.RefuteLimits)
	}
	return nil
}

// record counts the solve and says it honestly: a clean solve is
// "Solved!", one after a hint or a mistake counts as not solved and says
// so, one on a second go was counted already. The rating's change comes
// with the first two.
func (s *PuzzleScene) record() (lt.T, tone, string) {
	if s.failed {
		return lt.Of(lt.PuzzleSolvedAgain), toneDim, ""
	}
	clean := s.att.Clean()
	delta := s.statsOf().Record(s.pz, clean)
	change := fmt.Sprintf("%+.0f", delta)
	switch {
	case clean:
		return lt.Of(lt.PuzzleSolved), toneGood, change
	case s.att.Hinted():
		return lt.Of(lt.PuzzleSolvedHint), toneHint, change
	default:
		return lt.Of(lt.PuzzleSolvedMistake), toneHint, change
	}
}

// save keeps the record; a failure is said on screen.
func (s *PuzzleScene) save() {
	if err := s.rec.Save(s.store()); err != nil {
		s.sayExtra = err.Error()
	}
}

// accept lets the person move when it is their turn on the solution.
func (s *PuzzleScene) accept() {
	if s.sess != nil && s.sess.PersonToMove() && s.wrong.IsZero() && !s.solved && !s.viewing {
		g := s.sess.Game()
		s.board.Accept(g.Position(), g.LegalMoves())
	} else {
		s.board.Accept(nil, nil)
	}
}

// Layout places the board, the choices, the texts and the buttons.
func (s *PuzzleScene) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = PuzzleLayout(w, h, scale, s.variant, s.me == rules.Black, s.choiceNeeds(c))
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	for i := range s.btns {
		s.btns[i].Rect = s.layout.Buttons[i]
	}
	s.btnVar.Rect = s.layout.Variant
	s.btnTier.Rect = s.layout.Tier
	s.btnTheme.Rect = s.layout.Theme
	s.placeRow()
	s.info.layout(c.Painter(), s.layout.Text)
	s.words(c)
}

// choiceNeeds are the widths the buttons of game, tier and theme need for
// their longest names at the smallest size a label may shrink to.
func (s *PuzzleScene) choiceNeeds(c scenes.Context) [3]float64 {
	p := c.Painter()
	cat := c.Text()
	widest := func(labels ...string) float64 {
		w := 0.0
		for _, l := range labels {
			w = math.Max(w, p.Measure(l, 12, sprites.Medium)) // 12 dp: the smallest a label shrinks to
		}
		return math.Ceil(w + 2*p.DP(8) + p.DP(2)) // the label's sides (ui's labelPad)
	}
	tiers := []string{scenes.LearnWord(c, lt.ScreenAllTiers)}
	for _, t := range puzzles.Tiers {
		tiers = append(tiers, scenes.LearnWord(c, t.TextID()))
	}
	themes := []string{scenes.LearnWord(c, lt.ScreenAllThemes)}
	for _, th := range puzzles.AllThemes {
		themes = append(themes, scenes.LearnWord(c, th.TextID()))
	}
	return [3]float64{widest(cat.T("common.bashni"), cat.T("common.lasca")), widest(tiers...), widest(themes...)}
}

// placeRow puts the row under the texts: two buttons, or three in the
// viewer.
func (s *PuzzleScene) placeRow() {
	if s.viewing {
		s.btnPrev.Rect, s.btnSol.Rect, s.btnAn.Rect = s.layout.Trio[0], s.layout.Trio[1], s.layout.Trio[2]
		return
	}
	s.btnPrev.Rect = scenes.Rect{}
	s.btnSol.Rect, s.btnAn.Rect = s.layout.Pair[0], s.layout.Pair[1]
}

// Update runs the puzzle for a tick.
func (s *PuzzleScene) Update(c scenes.Context) error {
	if s.sess != nil && !s.viewing {
		s.sess.Tick(c.Tick(), !s.board.Animating())
		s.showEvents(c)
	}
	if s.board.Step() {
		s.accept()
	}
	s.showLoss(c)
	for i := range s.btns {
		if c.Used(&s.btns[i]) {
			s.press(c, i)
			return nil
		}
	}
	if s.viewing && c.Used(&s.btnPrev) {
		s.stepTo(c, s.step-1)
		return nil
	}
	if s.pz != nil && c.Used(&s.btnSol) {
		if s.viewing {
			s.stepTo(c, s.step+1)
		} else {
			s.viewSolution(c)
		}
		return nil
	}
	if s.pz != nil && c.Used(&s.btnAn) {
		s.analyse(c)
		return nil
	}
	if c.Used(&s.btnVar) {
		s.giveUp()
		if s.variant == rules.Bashni {
			s.variant = rules.Lasca
		} else {
			s.variant = rules.Bashni
		}
		w, h, scale := c.Size()
		s.loadSet(c)
		s.Layout(c, w, h, scale)
		return nil
	}
	if c.Used(&s.btnTier) {
		s.giveUp()
		s.tier = (s.tier + 1) % puzzles.Tier(len(puzzles.Tiers)+1)
		if s.set != nil {
			s.next(c)
		}
		return nil
	}
	if c.Used(&s.btnTheme) {
		s.giveUp()
		s.theme = s.nextTheme()
		if s.set != nil {
			s.next(c)
		}
		return nil
	}
	k := c.Keys()
	if k.Consume(scenes.ActBack) {
		if !s.board.Back() {
			if s.viewing {
				s.retry(c)
			} else {
				s.leave(c)
			}
		}
		return nil
	}
	if s.viewing {
		switch {
		case k.Consume(scenes.ActPrev):
			s.stepTo(c, s.step-1)
		case k.Consume(scenes.ActNext):
			s.stepTo(c, s.step+1)
		case k.Consume(scenes.ActFirst):
			s.stepTo(c, 0)
		case k.Consume(scenes.ActLast):
			s.stepTo(c, len(s.steps))
		}
		s.board.Update(c.Gestures(), c.Pointer(), c.Scale())
		s.board.Tick(c.Tick())
		return nil
	}
	if s.sess == nil {
		return nil
	}
	if s.opp.Busy() {
		c.Spin()
	}
	r := s.board.Update(c.Gestures(), c.Pointer(), c.Scale())
	if r.Refused != input.NoReason && len(r.Tried) > 0 {
		if v := s.att.TryPath(r.Tried); v.Result == puzzles.Refused && v.Why != nil {
			s.say, s.sayTone = v.Why.Text, toneBad
			s.marks.route = v.Why.Route
			s.board.Highlight(v.Why.Marks...)
			s.words(c)
		}
	}
	if !r.Move.IsZero() {
		s.follow.Entered(r.Shown)
		if err := s.sess.Play(r.Move); err != nil {
			s.follow.Forget()
			s.accept()
		}
		s.words(c)
	}
	s.showEvents(c)
	s.board.Tick(c.Tick())
	return nil
}

// nextTheme is the theme after the one chosen, among those the set has;
// after the last, every theme.
func (s *PuzzleScene) nextTheme() puzzles.Theme {
	if s.set == nil {
		return ""
	}
	i := 0
	for j, th := range puzzles.AllThemes {
		if th == s.theme {
			i = j + 1
		}
	}
	for ; i < len(puzzles.AllThemes); i++ {
		if th := puzzles.AllThemes[i]; s.set.Count(puzzles.Filter{Theme: th}) > 0 {
			return th
		}
	}
	return ""
}

// press acts on button i of the control row.
func (s *PuzzleScene) press(c scenes.Context, i int) {
	switch i {
	case PuzzleBack:
		if s.viewing {
			s.retry(c)
			return
		}
		s.leave(c)
	case PuzzleHint:
		s.giveHint(c)
	case PuzzleRetry:
		s.retry(c)
	case PuzzleNext:
		s.giveUp()
		s.skip()
		s.next(c)
	}
}

// giveHint shows the next grade of hint for the move to find: first the
// column that moves, then the move.
func (s *PuzzleScene) giveHint(c scenes.Context) {
	if s.att == nil || !s.wrong.IsZero() || s.solved || s.viewing || s.hint >= puzzles.HintMove {
		return
	}
	s.hint++
	h := s.att.HintAt(s.hint)
	switch h.Grade {
	case puzzles.HintColumn:
		s.hintAt = h.From
		s.board.Highlight(h.From)
		s.say, s.sayTone = lt.Of(lt.ScreenHintColumn, "Square", h.From.String()), toneHint
	case puzzles.HintMove:
		s.board.SetHint(h.Move)
		s.say, s.sayTone = lt.Of(lt.ScreenHintMove, "Move", h.Move.String()), toneHint
	}
	s.words(c)
}

// retry puts the pieces back: before the wrong move, or at the puzzle's
// start (a second go, which counts no more).
func (s *PuzzleScene) retry(c scenes.Context) {
	if s.pz == nil {
		return
	}
	wasViewing := s.viewing
	s.viewing = false
	s.placeRow()
	if !s.wrong.IsZero() && !wasViewing {
		s.newSession(c)
	} else {
		s.att = s.pz.Begin()
		s.solved = false
		s.failed = true // a second go counts no more
		s.newSession(c)
	}
	s.say, s.sayExtra = lt.T{}, ""
	s.words(c)
}

// giveUp counts a puzzle left unsolved after a mistake or a hint as not
// solved, once.
func (s *PuzzleScene) giveUp() {
	if s.att == nil || s.solved || s.failed || (s.att.Mistakes() == 0 && !s.att.Hinted()) {
		return
	}
	s.failed = true
	s.statsOf().Record(s.pz, false)
	s.save()
}

// skip marks a puzzle left untouched as seen, without a rating change, so
// that Next offers another one.
func (s *PuzzleScene) skip() {
	if s.pz == nil {
		return
	}
	if st := s.statsOf(); !st.HasSeen(s.pz.ID) {
		st.Seen = append(st.Seen, s.pz.ID)
		s.save()
	}
}

// leave goes back, counting an abandoned puzzle.
func (s *PuzzleScene) leave(c scenes.Context) {
	s.giveUp()
	s.opp.Stop()
	c.Pop()
}

// showEvents animates the moves the session played.
func (s *PuzzleScene) showEvents(c scenes.Context) {
	for _, ev := range s.sess.Events() {
		switch ev.Kind {
		case session.MovePlayed:
			s.follow.Show(ev, scenes.AnimOptions(c.Settings(), 1))
			if ev.Side != s.me && !s.wrong.IsZero() {
				s.playOut(c, ev.Move)
			}
			s.accept()
			s.words(c)
		case session.GameOver:
			if s.solved {
				c.Play(audio.Win)
			}
		default:
			c.Invalidate()
		}
	}
}

// playOut shows what the wrong try loses once the opponent has answered
// it: the rest of the line on the board, and the loss in words.
func (s *PuzzleScene) playOut(c scenes.Context, reply rules.Move) {
	loss, ok := s.opp.Loss()
	if !ok {
		return
	}
	s.loss = &loss
	s.marks.tried = s.wrong.Path()
	s.marks.route = reply.Path()
	if len(loss.Line) > 0 && loss.Line[0] == reply {
		opts := scenes.AnimOptions(c.Settings(), 1.2)
		for _, mv := range loss.Line[1:] {
			s.board.Queue(mv, opts)
		}
	}
	s.say, s.sayTone = lossWords(loss), toneBad
	c.Play(audio.CaptureRequired)
}

// showLoss says a wrong try's loss when the opponent had nothing to
// answer, and marks the lost column once the play-out rests.
func (s *PuzzleScene) showLoss(c scenes.Context) {
	if s.wrong.IsZero() || s.viewing {
		return
	}
	if s.loss == nil {
		if loss, ok := s.opp.Loss(); ok && len(loss.Line) == 0 {
			s.loss = &loss
			s.say, s.sayTone = lt.Of(lt.PuzzleWrongTry), toneBad
			s.words(c)
		}
		return
	}
	if !s.lossSet && !s.board.Animating() {
		s.lossSet = true
		if s.loss.Code == puzzles.LosesColumn {
			s.board.Highlight(s.loss.Square)
		}
	}
}

// lossWords says what a wrong try loses, after the opponent's answer.
func lossWords(l puzzles.Loss) lt.T {
	if len(l.Line) == 0 {
		return lt.Of(lt.PuzzleWrongTry)
	}
	reply := l.Line[0].String()
	switch l.Code {
	case puzzles.LosesColumn:
		return lt.Of(lt.PuzzleLossColumn, "Move", reply, "Square", l.Square.String())
	case puzzles.LosesMaterial:
		return lt.Of(lt.PuzzleLossMaterial, "Move", reply, "Count", fmt.Sprint(l.Material))
	case puzzles.LosesGame:
		return lt.Of(lt.PuzzleLossGame, "Move", reply)
	case puzzles.MissesWin:
		return lt.Of(lt.PuzzleLossMissed, "Move", reply)
	}
	return lt.Of(lt.PuzzleWrong, "Move", reply)
}

// viewSolution opens the solution viewer at the puzzle's position; seeing
// the solution counts the puzzle as not solved (unless it is solved).
func (s *PuzzleScene) viewSolution(c scenes.Context) {
	s.opp.Stop()
	if !s.solved {
		s.att.HintAt(puzzles.HintMove)
		s.giveUp()
	}
	s.viewing = true
	s.steps = s.pz.Steps()
	s.wrong, s.loss = rules.Move{}, nil
	s.say, s.sayExtra = lt.T{}, ""
	s.placeRow()
	s.stepTo(c, 0)
}

// stepTo shows the solution after n of its moves: the next one animated,
// any other at rest.
func (s *PuzzleScene) stepTo(c scenes.Context, n int) {
	if !s.viewing {
		return
	}
	n = min(max(n, 0), len(s.steps))
	at := func(k int) *rules.Position {
		if k == 0 {
			return s.pz.Start()
		}
		return s.steps[k-1].After
	}
	s.marks.clear()
	s.board.SetHint(rules.Move{})
	s.board.Highlight()
	if n == s.step+1 {
		s.board.Animate(at(s.step), s.steps[n-1].Move, scenes.AnimOptions(c.Settings(), 1), 0)
	} else {
		last := s.pz.SetupMove()
		if n > 0 {
			last = s.steps[n-1].Move
		}
		s.board.Show(at(n), last)
	}
	s.step = n
	s.accept()
	s.words(c)
}

// shownPosition is the position on the board at rest: the viewer's, or
// the game's.
func (s *PuzzleScene) shownPosition() *rules.Position {
	switch {
	case s.viewing && s.step > 0:
		return s.steps[s.step-1].After
	case s.viewing:
		return s.pz.Start()
	case s.sess != nil:
		return s.sess.Game().Position()
	}
	return s.pz.Start()
}

// analyse opens the position shown on the analysis board (through the
// router). It shows the best move: before the puzzle is solved, that is a
// hint.
func (s *PuzzleScene) analyse(c scenes.Context) {
	open := c.Pages().Analysis
	if open == nil {
		return
	}
	if !s.solved && !s.viewing && s.att != nil {
		s.att.HintAt(puzzles.HintMove)
	}
	pos := s.shownPosition() // a play-out under way goes on: it is there on the way back
	c.Push(open(c, pos, nil, pos.SideToMove()))
}

// Draw draws the puzzle.
func (s *PuzzleScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	dst.Fill(t.Background)
	s.board.Draw(dst)
	s.marks.draw(p, dst, s.board)
	if s.hint >= puzzles.HintColumn && s.wrong.IsZero() && !s.solved && !s.viewing && !s.board.Animating() {
		// The column the hint names, ringed over the board: a tall
		// column hides a mark on its square.
		g := s.board.Geometry()
		x, y := g.SquareCenter(s.hintAt)
		p.Ring(dst, x, y, g.Square*0.47, g.Square*0.07, ui.Alpha(t.Hint, 0.95))
	}
	drawLearnPanel(p, dst, &s.layout.LearnLayout)
	h := s.layout.Heading
	p.Text(dst, s.title, 13, sprites.Medium, h.X+p.DP(12), h.Y+h.H*0.3, text.AlignStart, text.AlignCenter, t.TextDim)
	p.Text(dst, s.heading, 20, sprites.Bold, h.X+p.DP(12), h.Y+h.H*0.68, text.AlignStart, text.AlignCenter, t.Text)
	s.btnVar.Draw(dst, p)
	s.btnTier.Draw(dst, p)
	s.btnTheme.Draw(dst, p)
	s.info.draw(dst)
	if s.pz != nil {
		if s.viewing {
			s.btnPrev.Draw(dst, p)
		}
		s.btnSol.Draw(dst, p)
		s.btnAn.Draw(dst, p)
	}
	for i := range s.btns {
		s.btns[i].Draw(dst, p)
	}
	s.board.DrawOverlay(dst)
}
