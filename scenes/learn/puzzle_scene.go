package learn

import (
	"fmt"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/audio"
	"bashni/learn/puzzles"
	"bashni/learn/record"
	lt "bashni/learn/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/board"
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

// PuzzleRects is where the puzzle screen puts its choices of game and
// tier, above its texts.
type PuzzleRects struct {
	LearnLayout
	Variant, Tier scenes.Rect
}

// PuzzleLayout lays out the puzzle screen for a puzzle of v.
func PuzzleLayout(w, h, scale float64, v rules.Variant) PuzzleRects {
	l := PuzzleRects{LearnLayout: ComputeLearnLayout(w, h, scale, v, puzzleButtons)}
	pad := math.Round(10 * scale)
	bh := math.Round(scenes.MinTouchDP * scale) // a touch target (scenes/touch_test.go)
	half := (l.Text.W - 3*pad) / 2
	l.Variant = scenes.Rect{X: l.Text.X + pad, Y: l.Text.Y + pad, W: half, H: bh}
	l.Tier = scenes.Rect{X: l.Text.X + 2*pad + half, Y: l.Text.Y + pad, W: half, H: bh}
	l.Text.Y += bh + pad
	l.Text.H -= bh + pad
	return l
}

// PuzzleScene plays puzzles: the opponent answers along the solution; a
// wrong move is played and answered with the refutation (a search off the
// frame loop), then Retry puts the pieces back. Solves, streaks and the
// player's puzzle rating are saved.
type PuzzleScene struct {
	variant rules.Variant
	set     *puzzles.Set
	tier    puzzles.Tier // 0: every tier
	rec     record.Record
	pz      *puzzles.Puzzle
	att     *puzzles.Attempt
	solved  bool
	failed  bool // counted as not solved already

	sess  *session.Session
	opp   *puzzles.Opponent
	me    rules.Color
	shown int
	wrong rules.Move // the wrong move played, answered by the refutation

	layout    PuzzleRects
	board     *board.Board
	marks     whyMarks
	btns      [puzzleButtons]ui.Button
	btnVar    ui.Button
	btnTier   ui.Button
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
	s.btns[PuzzleBack] = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btns[PuzzleHint] = ui.Button{Icon: ui.IconHint, Kind: ui.Flat}
	s.btns[PuzzleRetry] = ui.Button{Icon: ui.IconUndo, Kind: ui.Flat}
	s.btns[PuzzleNext] = ui.Button{Icon: ui.IconForward, Kind: ui.Flat}
	s.btnVar = ui.Button{Kind: ui.Secondary, TextSize: 14}
	s.btnTier = ui.Button{Kind: ui.Secondary, TextSize: 14}
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
	s.next(c)
}

// stats is the player's record in the variant.
func (s *PuzzleScene) statsOf() *puzzles.Stats { return s.rec.Puzzles.For(s.variant) }

// next opens the next puzzle of the tier.
func (s *PuzzleScene) next(c scenes.Context) {
	s.pz = s.set.Next(s.statsOf(), puzzles.Filter{Tier: s.tier})
	s.say = lt.T{}
	s.sayExtra = ""
	if s.pz == nil {
		s.sess = nil
		s.board.Accept(nil, nil)
		s.words(c)
		return
	}
	s.att = s.pz.Begin()
	s.solved, s.failed = false, false
	s.me = s.pz.Player()
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
	s.wrong = rules.Move{}
	s.marks.clear()
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
		s.opp.Answer(v.Reply)
	case puzzles.Solved:
		s.solved = true
		st := s.statsOf()
		delta := 0.0
		if !s.failed {
			delta = st.Record(s.pz, s.att.Clean())
		}
		s.say, s.sayTone = lt.Of(lt.PuzzleSolved), toneGood
		s.sayExtra = fmt.Sprintf("%+.0f", delta)
		s.save()
	case puzzles.Wrong:
		s.wrong = mv
		s.say, s.sayTone = lt.Of(lt.ScreenRefuting), toneDim
		s.opp.Refute(s.att, mv, puzzles.RefuteLimits)
	}
	return nil
}

// save keeps the record; a failure is said on screen.
func (s *PuzzleScene) save() {
	if err := s.rec.Save(s.store()); err != nil {
		s.sayExtra = err.Error()
	}
}

// accept lets the person move when it is their turn on the solution.
func (s *PuzzleScene) accept() {
	if s.sess != nil && s.sess.PersonToMove() && s.wrong.IsZero() && !s.solved {
		g := s.sess.Game()
		s.board.Accept(g.Position(), g.LegalMoves())
	} else {
		s.board.Accept(nil, nil)
	}
}

// words looks up the texts.
func (s *PuzzleScene) words(c scenes.Context) {
	s.title = scenes.LearnWord(c, lt.ScreenPuzzles)
	s.btns[PuzzleBack].Label = c.Text().T("common.back")
	s.btns[PuzzleHint].Label = scenes.LearnWord(c, lt.ScreenHint)
	s.btns[PuzzleRetry].Label = scenes.LearnWord(c, lt.ScreenRetry)
	s.btns[PuzzleNext].Label = scenes.LearnWord(c, lt.ScreenNextPuzzle)
	s.btns[PuzzleNext].Kind = ui.Flat
	if s.solved {
		s.btns[PuzzleNext].Kind = ui.Primary
	}
	s.btns[PuzzleHint].Disabled = s.pz == nil || s.solved || !s.wrong.IsZero()
	s.btns[PuzzleRetry].Disabled = s.pz == nil
	s.btnVar.Label = c.Text().T("common.bashni")
	if s.variant == rules.Lasca {
		s.btnVar.Label = c.Text().T("common.lasca")
	}
	s.btnTier.Label = scenes.LearnWord(c, lt.ScreenAllTiers)
	if s.tier != 0 {
		s.btnTier.Label = scenes.LearnWord(c, s.tier.TextID())
	}
	st := s.statsOf()
	s.stats = scenes.LearnWord(c, lt.ScreenPuzzleStats, "Solved", strconv.Itoa(st.Solved), "Streak", strconv.Itoa(st.Streak),
		"Rating", strconv.Itoa(int(math.Round(st.Rating.R))))
	var ps []para
	switch {
	case s.loadError != "":
		s.heading = ""
		ps = append(ps, para{s: s.loadError, size: 15, weight: sprites.Medium, tone: toneBad})
	case s.pz == nil:
		s.heading = scenes.LearnWord(c, lt.ScreenPuzzles)
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenNoPuzzles), size: 16, weight: sprites.Medium, tone: toneText})
	default:
		s.heading = scenes.LearnWord(c, lt.ScreenPuzzleInfo, "Tier", scenes.LearnWord(c, s.pz.Tier().TextID()), "Rating", strconv.Itoa(s.pz.Rating))
		var themes string
		for _, th := range s.pz.Themes {
			if themes != "" {
				themes += c.Text().T("common.list_separator")
			}
			themes += scenes.LearnWord(c, th.TextID())
		}
		ps = append(ps, para{s: themes, size: 13, weight: sprites.Regular, tone: toneDim})
		if !s.solved && s.wrong.IsZero() {
			ps = append(ps, para{s: scenes.LearnWord(c, puzzles.PromptID(s.me)), size: 17, weight: sprites.Medium, tone: toneText})
		}
		msg := scenes.LearnSay(c, s.say)
		if s.say.ID == lt.PuzzleSolved {
			msg += "  " + scenes.LearnWord(c, lt.PuzzleRating, "Rating", strconv.Itoa(int(math.Round(st.Rating.R))), "Change", s.sayExtra)
		} else if s.sayExtra != "" {
			msg += " " + s.sayExtra
		}
		ps = append(ps, para{s: msg, size: 17, weight: sprites.Bold, tone: s.sayTone})
	}
	ps = append(ps, para{s: s.stats, size: 14, weight: sprites.Regular, tone: toneDim})
	s.info.set(ps...)
	c.Invalidate()
}

// Layout places the board, the choices, the texts and the buttons.
func (s *PuzzleScene) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = PuzzleLayout(w, h, scale, s.variant)
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	for i := range s.btns {
		s.btns[i].Rect = s.layout.Buttons[i]
	}
	s.btnVar.Rect = s.layout.Variant
	s.btnTier.Rect = s.layout.Tier
	s.info.layout(c.Painter(), s.layout.Text)
	s.words(c)
}

// Update runs the puzzle for a tick.
func (s *PuzzleScene) Update(c scenes.Context) error {
	if s.sess != nil {
		s.sess.Tick(c.Tick(), !s.board.Animating())
		s.showEvents(c)
	}
	if s.board.Step() {
		s.accept()
	}
	for i := range s.btns {
		if c.Used(&s.btns[i]) {
			s.press(c, i)
			return nil
		}
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
	if c.Keys().Consume(scenes.ActBack) {
		if !s.board.Back() {
			s.leave(c)
		}
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
		s.shown = r.Shown
		if err := s.sess.Play(r.Move); err != nil {
			s.accept()
		}
		s.words(c)
	}
	s.showEvents(c)
	s.board.Tick(c.Tick())
	return nil
}

// press acts on button i.
func (s *PuzzleScene) press(c scenes.Context, i int) {
	switch i {
	case PuzzleBack:
		s.leave(c)
	case PuzzleHint:
		if s.att == nil || !s.wrong.IsZero() || s.solved {
			return
		}
		if mv := s.att.Hint(); !mv.IsZero() {
			s.board.SetHint(mv)
			s.say, s.sayTone = lt.Of(lt.ScreenHintMove, "Move", mv.String()), toneHint
			s.words(c)
		}
	case PuzzleRetry:
		if s.pz == nil {
			return
		}
		if !s.wrong.IsZero() {
			// Back to the position before the wrong move.
			s.newSession(c)
			s.say = lt.T{}
		} else {
			s.att = s.pz.Begin()
			s.solved = false
			s.failed = true // a second go counts no more
			s.newSession(c)
			s.say = lt.T{}
		}
		s.words(c)
	case PuzzleNext:
		s.giveUp()
		s.next(c)
	}
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
			shown := 0
			if ev.Side == s.me {
				shown, s.shown = s.shown, 0
			} else if !s.wrong.IsZero() {
				s.say, s.sayTone = lt.Of(lt.PuzzleWrong, "Move", ev.Move.String()), toneBad
				s.marks.route = ev.Move.Path()
				c.Play(audio.CaptureRequired)
			}
			s.board.Animate(ev.Before, ev.Move, scenes.AnimOptions(c.Settings(), 1), shown)
			s.accept()
			s.words(c)
		case session.GameOver:
			if !s.wrong.IsZero() && s.say.ID == lt.ScreenRefuting {
				s.opp.Stop()
				s.say, s.sayTone = lt.Of(lt.PuzzleWrong, "Move", "—"), toneBad
				s.words(c)
			}
			if s.solved {
				c.Play(audio.Win)
			}
		default:
			c.Invalidate()
		}
	}
}

// Draw draws the puzzle.
func (s *PuzzleScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	dst.Fill(t.Background)
	s.board.Draw(dst)
	s.marks.draw(p, dst, s.board)
	drawLearnPanel(p, dst, &s.layout.LearnLayout)
	h := s.layout.Heading
	p.Text(dst, s.title, 13, sprites.Medium, h.X+p.DP(12), h.Y+h.H*0.3, text.AlignStart, text.AlignCenter, t.TextDim)
	p.Text(dst, s.heading, 20, sprites.Bold, h.X+p.DP(12), h.Y+h.H*0.68, text.AlignStart, text.AlignCenter, t.Text)
	s.btnVar.Draw(dst, p)
	s.btnTier.Draw(dst, p)
	s.info.draw(dst)
	for i := range s.btns {
		s.btns[i].Draw(dst, p)
	}
}
