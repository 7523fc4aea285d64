package learn

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/internal/text"
	"bashni/learn/explain"
	"bashni/learn/lessons"
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
)

// lessonReplyDelay is how long the scripted opponent waits before its
// answer, in ticks, so that the player's move is seen to land first.
const lessonReplyDelay = 24

// The lesson screen's buttons, in the control row.
const (
	LessonBack = iota
	LessonHint
	LessonRestart
	LessonNext
	lessonButtons
)

// LessonScene plays one lesson: a session of the person against a
// scripted opponent (the lesson's replies) on the board, with the lesson
// as the session's judge. Each try is checked; a wrong one is answered
// with why, shown on the board (package learn/explain's route and marks),
// and the player tries again. A finished step stays on the board with its
// explanation until the player asks for the next one (Next step, Enter or
// →). A practice step is a session against the computer (Context.NewBrain,
// at the step's level), which the lesson follows move by move.
type LessonScene struct {
	index  int // in lessons.All()
	lesson *lessons.Lesson
	run    *lessons.Run
	rec    record.Record

	sess      *session.Session
	me        rules.Color
	step      int        // the step the texts show
	reply     rules.Move // the scripted answer to the move being played
	replyLeft bool
	follow    follow.Follower // the session's moves on the board
	done      bool
	// pending: the step shown is done; its board and explanation stay
	// until the player asks for the next step.
	pending bool
	goal    lt.T // the task of the step shown
	// practice: the session is a practice game against brain; reset: it
	// ended without the target and is set up again once the board rests.
	practice, reset bool
	brain           *session.Brain

	layout LearnLayout
	board  *board.Board
	marks  whyMarks
	btns   [lessonButtons]ui.Button
	info   textBlock

	heading, title string
	titleSize      float64 // the title's size, shrunk to fit the heading (Layout)
	say            lt.T    // the latest answer: praise, why, hint
	sayTone        tone
	sayText        string // say rendered, or an error of the store
}

// NewLessonScene opens lesson i of lessons.All().
func NewLessonScene(c scenes.Context, i int) *LessonScene {
	all := lessons.All()
	i = min(max(i, 0), len(all)-1)
	s := &LessonScene{index: i, lesson: all[i], rec: record.Load(c.Store())}
	s.board = board.New(c.Renderer(), c)
	s.board.Interactive = true
	set := c.Settings()
	s.board.AllowTap = set.Input.AllowsTap()
	s.board.ShowDestinations = set.ShowDestinations
	s.follow = follow.Follower{Board: s.board, Entry: func(side rules.Color) bool { return side == s.me }}
	s.btns[LessonBack] = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btns[LessonHint] = ui.Button{Icon: ui.IconHint, Kind: ui.Flat}
	s.btns[LessonRestart] = ui.Button{Icon: ui.IconUndo, Kind: ui.Flat}
	s.btns[LessonNext] = ui.Button{Icon: ui.IconForward, Kind: ui.Flat}
	s.restart(c)
	return s
}

// Name is the scene's name.
func (s *LessonScene) Name() string { return scenes.SceneLesson }

// Lesson is the lesson shown (for tests).
func (s *LessonScene) Lesson() *lessons.Lesson { return s.lesson }

// restart starts the lesson from its first step.
func (s *LessonScene) restart(c scenes.Context) {
	s.run = s.lesson.Start()
	s.step, s.done, s.pending, s.reset = 0, false, false, false
	s.goal = s.run.Goal()
	s.say = lt.T{}
	s.newSession(c)
	s.words(c)
}

// newSession puts the run's position on the board as a new session: the
// person plays the side to move, the lesson's script the other.
func (s *LessonScene) newSession(c scenes.Context) {
	pos := s.run.Position()
	s.me = pos.SideToMove()
	var players [2]session.Player
	players[s.me] = session.NewPerson()
	cfg := session.Config{Variant: s.lesson.Variant, Start: pos, Players: players, Judge: s.judge}
	s.practice = s.run.Practising()
	if s.practice {
		if s.brain == nil {
			s.brain = c.NewBrain()
		}
		cfg.Players[s.me.Opponent()] = session.NewComputer(s.brain, s.run.Level(), lessonReplyDelay)
		cfg.Hints = s.brain
	} else {
		cfg.Players[s.me.Opponent()] = session.NewScripted(s.script, lessonReplyDelay)
	}
	sess, err := session.New(cfg)
	if err != nil { // the lessons' positions are checked by their tests
		s.sayText = err.Error()
		return
	}
	s.sess = sess
	s.reply, s.replyLeft = rules.Move{}, false
	s.marks.clear()
	s.board.Show(pos, rules.Move{})
	s.accept()
}

// script answers with the lesson's reply to the move just played.
func (s *LessonScene) script(*session.Turn) (rules.Move, bool) {
	if s.reply.IsZero() {
		return rules.Move{}, false
	}
	mv := s.reply
	s.reply = rules.Move{}
	return mv, true
}

// judge checks the person's move with the lesson before the session plays
// it.
func (s *LessonScene) judge(_ *rules.Game, _ rules.Color, mv rules.Move) *session.Refusal {
	ans := s.run.Try(mv.Path())
	if ans.Why != nil {
		s.showWhy(ans.Why, mv)
		return &session.Refusal{Code: session.RefusalCode(ans.Why.Text.Key()), Args: ans.Why.Text.Pairs(), Squares: ans.Why.Marks}
	}
	s.marks.clear()
	s.board.Highlight()
	if ans.Correct {
		s.say, s.sayTone = ans.Praise, toneGood
		s.reply = ans.Reply
		s.replyLeft = !ans.Reply.IsZero()
	}
	return nil
}

// showWhy shows why a try is wrong: the sentence, and on the board the
// route and the squares that make the point.
func (s *LessonScene) showWhy(why *explain.Why, tried rules.Move) {
	s.say, s.sayTone = why.Text, toneBad
	s.marks.route = why.Route
	s.marks.tried = nil
	if why.Code == explain.Refuted && !tried.IsZero() {
		s.marks.tried = tried.Path()
	}
	s.board.Highlight(why.Marks...)
}

// accept lets the person enter moves when it is their turn.
func (s *LessonScene) accept() {
	if s.sess != nil && s.sess.PersonToMove() && !s.done && !s.pending && !s.reset {
		g := s.sess.Game()
		s.board.Accept(g.Position(), g.LegalMoves())
	} else {
		s.board.Accept(nil, nil)
	}
}

// words looks up the texts of the step shown.
func (s *LessonScene) words(c scenes.Context) {
	total := len(lessons.All())
	s.heading = scenes.LearnWord(c, lt.ScreenLessonN, "N", strconv.Itoa(s.index+1), "Total", strconv.Itoa(total))
	s.title = scenes.LearnWord(c, s.lesson.Title)
	s.btns[LessonBack].Label = c.Text().T("common.back")
	s.btns[LessonHint].Label = scenes.LearnWord(c, lt.ScreenHint)
	s.btns[LessonRestart].Label = scenes.LearnWord(c, lt.ScreenRestart)
	s.btns[LessonNext].Label = scenes.LearnWord(c, lt.ScreenNextLesson)
	s.btns[LessonNext].Disabled = s.index+1 >= total
	s.btns[LessonNext].Kind = ui.Flat
	if s.done && s.index+1 < total {
		s.btns[LessonNext].Kind = ui.Primary
	}
	if s.pending {
		s.btns[LessonNext].Label = scenes.LearnWord(c, lt.ScreenLessonNextStep)
		s.btns[LessonNext].Disabled = false
		s.btns[LessonNext].Kind = ui.Primary
	}
	s.btns[LessonHint].Disabled = false
	if s.done || s.pending {
		// The step's board, or the practice game, on the analysis board.
		s.btns[LessonHint].Label = scenes.LearnWord(c, lt.ScreenAnalyse)
	}
	steps := len(s.lesson.Steps)
	ps := []para{{s: scenes.LearnWord(c, s.lesson.Intro), size: 14, weight: sprites.Regular, tone: toneDim}}
	if s.done {
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenLessonDone), size: 18, weight: sprites.Bold, tone: toneGood})
	} else {
		ps = append(ps,
			para{s: scenes.LearnWord(c, lt.ScreenStepN, "N", strconv.Itoa(s.step+1), "Total", strconv.Itoa(steps)), size: 13, weight: sprites.Medium, tone: toneDim},
			para{s: scenes.LearnSay(c, s.goal), size: 17, weight: sprites.Medium, tone: toneText})
	}
	msg := s.sayText
	if msg == "" {
		msg = scenes.LearnSay(c, s.say)
	}
	ps = append(ps, para{s: msg, size: 16, weight: sprites.Medium, tone: s.sayTone})
	if s.done && s.index+1 >= total {
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenCourseDone), size: 15, weight: sprites.Regular, tone: toneText})
	}
	s.info.set(ps...)
	c.Invalidate()
}

// Layout places the board, the texts and the buttons.
func (s *LessonScene) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = ComputeLearnLayout(w, h, scale, s.lesson.Variant, lessonButtons)
	s.words(c)
	tf := s.TitleFit(c.Painter())
	s.titleSize = scenes.FitSize(c.Painter(), tf.Text, tf.Size, lessonTitleMin, tf.Weight, tf.Room)
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	for i := range s.btns {
		s.btns[i].Rect = s.layout.Buttons[i]
	}
	s.info.layout(c.Painter(), s.layout.Text)
	s.words(c)
}

// Update runs the lesson for a tick.
func (s *LessonScene) Update(c scenes.Context) error {
	if s.sess == nil {
		if c.Used(&s.btns[LessonBack]) || c.Keys().Consume(scenes.ActBack) {
			c.Pop()
		}
		return nil
	}
	s.sess.Tick(c.Tick(), !s.board.Animating())
	s.showEvents(c)
	if s.board.Step() {
		s.accept()
	}
	for i := range s.btns {
		if c.Used(&s.btns[i]) {
			s.press(c, i)
			return nil
		}
	}
	if c.Keys().Consume(scenes.ActBack) {
		if !s.board.Back() {
			c.Pop()
		}
		return nil
	}
	if s.pending && (c.Keys().Consume(scenes.ActConfirm) || c.Keys().Consume(scenes.ActNext)) {
		s.nextStepAsked(c)
		return nil
	}
	if c.Keys().Consume(scenes.ActHint) && !s.done && !s.pending {
		s.press(c, LessonHint)
		return nil
	}
	r := s.board.Update(c.Gestures(), c.Pointer(), c.Scale())
	if r.Refused != input.NoReason && len(r.Tried) > 0 {
		s.explainRefusal(c, r.Tried)
	}
	if !r.Move.IsZero() {
		s.follow.Entered(r.Shown)
		if err := s.sess.Play(r.Move); err != nil {
			s.follow.Forget()
			c.Play(audio.CaptureRequired)
			s.accept()
			s.words(c)
		}
	}
	s.showEvents(c)
	s.board.Tick(c.Tick())
	s.nextStep(c)
	return nil
}

// explainRefusal asks the lesson why the route the board refused is
// wrong.
func (s *LessonScene) explainRefusal(c scenes.Context, route []rules.Square) {
	ans := s.run.Try(route)
	if ans.Why != nil {
		s.showWhy(ans.Why, rules.Move{})
		s.words(c)
	}
}

// press acts on button i.
func (s *LessonScene) press(c scenes.Context, i int) {
	switch i {
	case LessonBack:
		c.Pop()
	case LessonHint:
		if s.done || s.pending {
			s.analyse(c)
			return
		}
		if s.practice {
			s.sess.AskHint() // the computer's own suggestion: HintReady brings it
			return
		}
		if mv := s.run.Hint(); !mv.IsZero() && s.sess.PersonToMove() {
			s.board.SetHint(mv)
			s.say, s.sayTone = lt.Of(lt.ScreenHintMove, "Move", mv.String()), toneHint
			s.words(c)
		}
	case LessonRestart:
		s.restart(c)
	case LessonNext:
		if s.pending {
			s.nextStepAsked(c)
			return
		}
		if s.index+1 < len(lessons.All()) {
			n := NewLessonScene(c, s.index+1)
			c.Pop()
			c.Push(n)
		}
	}
}

// showEvents animates the moves the session played.
func (s *LessonScene) showEvents(c scenes.Context) {
	for _, ev := range s.sess.Events() {
		switch ev.Kind {
		case session.MovePlayed:
			if ev.Side != s.me {
				s.replyLeft = false
				if s.practice {
					s.computerMoved(ev.Move)
				}
			}
			s.follow.Show(ev, scenes.AnimOptions(c.Settings(), 1))
			s.accept()
			s.words(c)
		case session.Refused:
			s.accept()
			s.words(c)
		case session.HintReady:
			if !ev.Hint.Best.IsZero() {
				s.board.SetHint(ev.Hint.Best)
				s.say, s.sayTone = lt.Of(lt.ScreenHintMove, "Move", ev.Hint.Best.String()), toneHint
			}
			s.words(c)
		default:
			c.Invalidate()
		}
	}
}

// analyse opens the analysis board: a practice game whole (its "learn
// from your mistakes" replays the player's), any other step's position as
// it stands.
func (s *LessonScene) analyse(c scenes.Context) {
	if s.sess == nil {
		return
	}
	g := s.sess.Game()
	if s.practice {
		c.Push(NewAnalysisScene(c, g.Start(), g.Moves(), s.me))
		return
	}
	c.Push(NewAnalysisScene(c, g.Position(), nil, s.me))
}

// computerMoved follows the computer's move of a practice game in the
// lesson: a lost or drawn game is set up again once the board rests.
func (s *LessonScene) computerMoved(mv rules.Move) {
	ans, err := s.run.Respond(mv)
	switch {
	case err != nil: // the session and the lesson disagree: say so rather than go on
		s.sayText = err.Error()
	case ans.Restarted:
		s.say, s.sayTone = ans.Why.Text, toneBad
		s.reset = true
	case ans.NextStep || ans.Finished:
		s.say, s.sayTone = ans.Praise, toneGood
	}
}

// nextStepAsked shows the next step: its position (unless it goes on from
// the board) and its task.
func (s *LessonScene) nextStepAsked(c scenes.Context) {
	if !s.pending {
		return
	}
	s.pending = false
	s.step = s.run.StepIndex()
	s.goal = s.run.Goal()
	s.say = lt.T{}
	s.marks.clear()
	s.board.Highlight()
	if s.run.Practising() || !s.run.Position().Equal(s.sess.Game().Position()) || s.run.Position().SideToMove() != s.me {
		s.newSession(c)
	} else {
		s.accept()
	}
	s.words(c)
}

// nextStep follows the lesson once the board rests after a step's last
// move (and its reply): the step stays on the board with its explanation
// (pending) until the player asks for the next one; the last step ends the
// lesson.
func (s *LessonScene) nextStep(c scenes.Context) {
	if s.board.Animating() || s.replyLeft {
		return
	}
	if s.reset {
		s.reset = false
		s.newSession(c)
		s.words(c)
		return
	}
	if s.run.Finished() && !s.done {
		s.done = true
		s.rec = record.Load(c.Store())
		s.rec.Lessons.Complete(s.lesson.ID)
		if err := s.rec.Save(c.Store()); err != nil {
			s.sayText = err.Error()
		}
		c.Play(audio.Win)
		s.accept()
		s.words(c)
		return
	}
	if s.run.Finished() || s.run.StepIndex() == s.step || s.pending {
		return
	}
	s.pending = true
	s.accept()
	s.words(c)
}

// Draw draws the lesson.
func (s *LessonScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	dst.Fill(t.Background)
	s.board.Draw(dst)
	s.marks.draw(p, dst, s.board)
	drawLearnPanel(p, dst, &s.layout)
	h := s.layout.Heading
	p.Text(dst, s.heading, 13, sprites.Medium, h.X+p.DP(12), h.Y+h.H*0.3, text.AlignStart, text.AlignCenter, t.TextDim)
	p.Text(dst, s.title, s.titleSize, sprites.Bold, h.X+p.DP(12), h.Y+h.H*0.68, text.AlignStart, text.AlignCenter, t.Text)
	s.info.draw(dst)
	for i := range s.btns {
		s.btns[i].Draw(dst, p)
	}
}

// lessonTitleSize is the size of a lesson's title; lessonTitleMin the
// smallest it shrinks to when the heading is narrow (a phone).
const (
	lessonTitleSize = 20
	lessonTitleMin  = 14
)

// TitleFit is the lesson's title and its room in the heading, as drawn
// (for the layout test).
func (s *LessonScene) TitleFit(p *ui.Painter) ui.TextFit {
	h := s.layout.Heading
	return ui.TextFit{Text: s.title, Size: lessonTitleSize, Weight: sprites.Bold, Room: h.W - p.DP(24)}
}
