package learn

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/ai"
	"bashni/learn/analysis"
	lt "bashni/learn/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// The analysis board's buttons, in the control row.
const (
	AnalysisBack = iota
	AnalysisPrev
	AnalysisNext
	AnalysisLearn
	analysisButtons
)

// AnalysisRects is where the analysis board puts things.
type AnalysisRects struct {
	LearnLayout
	Bar   scenes.Rect // the evaluation bar: White's share from the left
	Graph scenes.Rect // the evaluation over the game; a tap jumps there
}

// AnalysisLayout lays out the analysis board.
func AnalysisLayout(w, h, scale float64, v rules.Variant) AnalysisRects {
	l := AnalysisRects{LearnLayout: ComputeLearnLayout(w, h, scale, v, analysisButtons)}
	dp := func(x float64) float64 { return math.Round(x * scale) }
	hd := l.Heading
	l.Bar = scenes.Rect{X: hd.X + dp(12), Y: hd.Y + hd.H - dp(10), W: hd.W - dp(24), H: dp(8)}
	gh := dp(130)
	if !l.Landscape {
		gh = dp(84)
	}
	t := l.Text
	l.Graph = scenes.Rect{X: t.X + dp(10), Y: t.Y + dp(8), W: t.W - dp(20), H: gh}
	l.Text = scenes.Rect{X: t.X, Y: t.Y + gh + dp(10), W: t.W, H: t.H - gh - dp(10)}
	return l
}

// AnalysisScene is the analysis board: a finished game (or a position)
// analysed in the background with a progress indicator, then an
// evaluation bar, the graph of the whole game (tap to jump), the best line
// of the position shown and the mistakes of each side marked; "Learn from
// your mistakes" replays the player's worst moments. Reports are kept
// (storage's analyses, by the game's key): a second look is instant.
type AnalysisScene struct {
	variant   rules.Variant
	positions []*rules.Position // after 0, 1, … moves
	moves     []rules.Move
	learner   rules.Color // whose mistakes "learn from your mistakes" replays
	opt       analysis.Options
	key       string

	job      *analysis.Job
	report   *analysis.Report
	lastDone int
	// shownAt is the tick at which the progress was last shown: the
	// graph fills step by step, not at every position, because in a page
	// every frame that draws costs a whole-canvas present (software WebGL:
	// tens of milliseconds) on the thread the analysis shares.
	shownAt int64
	failed  string
	graph   []float64

	ply int

	// Learn from your mistakes.
	moments []analysis.Moment
	moment  int // -1: not learning
	judging chan analysis.Verdict
	stop    context.CancelFunc
	brain   *session.Brain // the verdicts' searches (Context.NewBrain)
	found   bool

	layout AnalysisRects
	board  *board.Board
	marks  whyMarks
	btns   [analysisButtons]ui.Button
	info   textBlock
	title  string
	status string
	say    string
	tone   tone
}

// NewAnalysisScene analyses the game from start through moves; learner is
// the side whose mistakes are replayed.
func NewAnalysisScene(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) *AnalysisScene {
	s := &AnalysisScene{variant: start.Variant(), moves: moves, learner: learner, moment: -1}
	s.positions = []*rules.Position{start}
	for i, m := range moves {
		if !slices.Contains(s.positions[i].LegalMoves(nil), m) {
			s.moves = moves[:i] // the game shown ends before an illegal move
			break
		}
		s.positions = append(s.positions, s.positions[i].Play(m))
	}
	s.board = board.New(c.Renderer(), c)
	s.btns[AnalysisBack] = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btns[AnalysisPrev] = ui.Button{Icon: ui.IconPrev, Kind: ui.Flat}
	s.btns[AnalysisNext] = ui.Button{Icon: ui.IconForward, Kind: ui.Flat}
	s.btns[AnalysisLearn] = ui.Button{Icon: ui.IconHint, Kind: ui.Flat}
	s.key = analysis.Key(start, s.moves, s.opt.Settings())
	if !s.loadKept(c) {
		job, err := analysis.Start(start, s.moves, s.opt)
		if err != nil {
			s.failed = err.Error()
		}
		s.job = job
	}
	s.show(c, len(s.moves))
	return s
}

// Name is the scene's name.
func (s *AnalysisScene) Name() string { return scenes.SceneAnalysis }

// Report is the analysis so far (nil before the first position), for
// tests.
func (s *AnalysisScene) Report() *analysis.Report { return s.report }

// Kept reports whether the analysis came from the store, without a search.
func (s *AnalysisScene) Kept() bool { return s.job == nil && s.report != nil && s.report.Complete }

// loadKept reads a kept analysis of this game.
func (s *AnalysisScene) loadKept(c scenes.Context) bool {
	st := c.Store()
	if st == nil {
		return false
	}
	raw, err := st.LoadAnalysis(s.key)
	if err != nil {
		return false
	}
	var r analysis.Report
	if json.Unmarshal(raw, &r) != nil || !r.Matches(s.positions[0], s.moves, s.opt.Settings()) {
		return false
	}
	s.setReport(&r)
	return true
}

func (s *AnalysisScene) setReport(r *analysis.Report) {
	s.report = r
	s.graph = r.Graph()
	if r.Complete {
		s.moments = r.Moments(s.learner, 5)
	}
}

// show puts the position after ply moves on the board.
func (s *AnalysisScene) show(c scenes.Context, ply int) {
	s.ply = min(max(ply, 0), len(s.moves))
	last := rules.Move{}
	if s.ply > 0 {
		last = s.moves[s.ply-1]
	}
	s.board.Interactive = false
	s.board.Accept(nil, nil)
	s.board.Show(s.positions[s.ply], last)
	s.marks.clear()
	s.say = ""
	s.marksFor()
	s.words(c)
}

// marksFor marks the position shown: the best move as the hint, and
// after a marked move the better one.
func (s *AnalysisScene) marksFor() {
	r := s.report
	if r == nil || s.ply >= len(r.Positions) {
		return
	}
	if pos := r.Positions[s.ply]; pos.Done && pos.Best != "" {
		if m, err := s.positions[s.ply].ParseMove(pos.Best); err == nil {
			s.board.SetHint(m)
		}
	}
	if s.ply > 0 && s.ply-1 < len(r.Reviews) {
		rv := r.Reviews[s.ply-1]
		if rv.Done && (rv.Class == analysis.Mistake || rv.Class == analysis.Blunder) && rv.Best != "" {
			if m, err := s.positions[s.ply-1].ParseMove(rv.Best); err == nil {
				s.marks.tried = s.moves[s.ply-1].Path()
				s.marks.route = m.Path()
			}
		}
	}
}

// words looks up the texts of what is shown.
func (s *AnalysisScene) words(c scenes.Context) {
	cat := c.Text()
	s.title = scenes.LearnWord(c, lt.ScreenAnalysis)
	learning := s.moment >= 0
	if learning {
		s.title = scenes.LearnWord(c, lt.ScreenLearnMistakes)
	}
	s.btns[AnalysisBack].Label = cat.T("common.back")
	s.btns[AnalysisPrev].Label = scenes.LearnWord(c, lt.ScreenPrevMove)
	s.btns[AnalysisPrev].Icon = ui.IconPrev
	s.btns[AnalysisNext].Label = scenes.LearnWord(c, lt.ScreenNextMove)
	s.btns[AnalysisLearn].Label = scenes.LearnWord(c, lt.ScreenLearn)
	s.btns[AnalysisPrev].Disabled = !learning && s.ply == 0
	s.btns[AnalysisNext].Disabled = !learning && s.ply == len(s.moves)
	s.btns[AnalysisLearn].Disabled = s.report == nil || !s.report.Complete
	if learning {
		s.btns[AnalysisPrev].Label = scenes.LearnWord(c, lt.ScreenShowBetter)
		s.btns[AnalysisPrev].Icon = ui.IconHint
		s.btns[AnalysisNext].Disabled = len(s.moments) < 2
	}
	switch {
	case s.failed != "":
		s.status = scenes.LearnWord(c, lt.ScreenAnalysisFailed, "Error", s.failed)
	case s.job != nil:
		done, total := s.job.Progress()
		s.status = scenes.LearnWord(c, lt.AnalysisProgress, "Done", strconv.Itoa(done), "Total", strconv.Itoa(total))
	default:
		s.status = scenes.LearnWord(c, lt.ScreenAnalysisDone)
	}
	var ps []para
	if learning {
		m := s.moments[s.moment]
		ps = append(ps,
			para{s: scenes.LearnWord(c, lt.ScreenMomentN, "N", strconv.Itoa(s.moment+1), "Total", strconv.Itoa(len(s.moments))), size: 13, weight: sprites.Medium, tone: toneDim},
			para{s: scenes.LearnWord(c, lt.AnalysisLearn, "Move", m.Played), size: 17, weight: sprites.Medium, tone: toneText})
		if s.say != "" {
			ps = append(ps, para{s: s.say, size: 17, weight: sprites.Bold, tone: s.tone})
		}
		s.info.set(ps...)
		c.Invalidate()
		return
	}
	r := s.report
	if s.ply > 0 {
		line := strconv.Itoa((s.ply+1)/2) + ". " + s.moves[s.ply-1].String()
		if s.ply%2 == 0 {
			line = strconv.Itoa(s.ply/2) + "… " + s.moves[s.ply-1].String()
		}
		t := toneText
		if r != nil && s.ply-1 < len(r.Reviews) {
			if rv := r.Reviews[s.ply-1]; rv.Done && rv.Class != analysis.Good {
				line += " · " + scenes.LearnWord(c, rv.Class.TextID())
				t = toneBad
				if rv.Class == analysis.Inaccuracy {
					t = toneHint
				}
				if rv.Best != "" {
					line += " · " + scenes.LearnWord(c, lt.AnalysisBetter, "Move", rv.Best)
				}
			}
		}
		ps = append(ps, para{s: line, size: 16, weight: sprites.Bold, tone: t})
	}
	if r != nil && s.ply < len(r.Positions) && r.Positions[s.ply].Done {
		pos := r.Positions[s.ply]
		ev := scenes.LearnWord(c, lt.ScreenEval, "Score", fmt.Sprintf("%+.1f", float64(pos.Score)/100))
		if n, w, ok := r.Mate(s.ply); ok {
			ev = scenes.LearnWord(c, lt.ScreenWinIn, "Side", sideWord(c, w), "N", strconv.Itoa((n+1)/2))
		}
		ps = append(ps, para{s: ev, size: 15, weight: sprites.Medium, tone: toneText})
		if len(pos.PV) > 0 {
			pv := pos.PV
			if len(pv) > 8 {
				pv = pv[:8]
			}
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenBestLine, "Line", strings.Join(pv, " ")), size: 14, weight: sprites.Regular, tone: toneDim})
		} else if !s.positions[s.ply].HasLegalMove() {
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenGameOver), size: 14, weight: sprites.Regular, tone: toneDim})
		}
	}
	if r != nil {
		for _, side := range []rules.Color{rules.White, rules.Black} {
			n := r.Summary(side)
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenSummary, "Side", sideWord(c, side), "Inaccuracies", strconv.Itoa(n.Inaccuracies),
				"Mistakes", strconv.Itoa(n.Mistakes), "Blunders", strconv.Itoa(n.Blunders)), size: 13, weight: sprites.Regular, tone: toneDim})
		}
		if r.Complete && len(s.moments) == 0 && len(s.moves) > 0 {
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenNoMistakes), size: 13, weight: sprites.Regular, tone: toneGood})
		}
	}
	s.info.set(ps...)
	c.Invalidate()
}

// sideWord is White or Black in the player's language.
func sideWord(c scenes.Context, side rules.Color) string {
	if side == rules.White {
		return c.Text().T("common.white")
	}
	return c.Text().T("common.black")
}

// Layout places everything.
func (s *AnalysisScene) Layout(c scenes.Context, w, h, scale float64) {
	s.layout = AnalysisLayout(w, h, scale, s.variant)
	s.board.Layout(s.layout.Board, c.Settings().ShowCoordinates, scenes.Rect{W: w, H: h})
	for i := range s.btns {
		s.btns[i].Rect = s.layout.Buttons[i]
	}
	s.info.layout(c.Painter(), s.layout.Text)
	s.words(c)
}

// Update follows the analysis and the player's choices.
func (s *AnalysisScene) Update(c scenes.Context) error {
	s.poll(c)
	if s.board.Step() {
		c.Invalidate()
	}
	for i := range s.btns {
		if c.Used(&s.btns[i]) {
			s.press(c, i)
			return nil
		}
	}
	k := c.Keys()
	switch {
	case k.Consume(scenes.ActBack):
		s.press(c, AnalysisBack)
		return nil
	case k.Consume(scenes.ActPrev):
		if s.moment < 0 {
			s.show(c, s.ply-1)
		}
	case k.Consume(scenes.ActNext):
		if s.moment < 0 {
			s.show(c, s.ply+1)
		}
	case k.Consume(scenes.ActFirst):
		if s.moment < 0 {
			s.show(c, 0)
		}
	case k.Consume(scenes.ActLast):
		if s.moment < 0 {
			s.show(c, len(s.moves))
		}
	}
	p := c.Pointer()
	if s.moment < 0 && p.Pressed && !p.Consumed && p.In(s.layout.Graph) && len(s.moves) > 0 {
		g := s.layout.Graph
		p.Consumed = true
		in := c.Scale() * 7
		s.show(c, int(math.Round((p.X-g.X-in)/(g.W-2*in)*float64(len(s.moves)))))
	}
	r := s.board.Update(c.Gestures(), c.Pointer(), c.Scale())
	if !r.Move.IsZero() && s.moment >= 0 {
		s.judge(c, r.Move)
	}
	return nil
}

// progressTicks is the least time between two showings of the analysis's
// progress: half a second, or two seconds where WebGL runs in software
// (a page without a GPU), where every frame that draws is dear.
func progressTicks() int64 {
	if platform.SoftwareGL() {
		return 120
	}
	return 30
}

// poll takes the analysis's progress and a verdict of learn mode.
func (s *AnalysisScene) poll(c scenes.Context) {
	if s.job != nil {
		c.Spin()
		done, _ := s.job.Progress()
		if done != s.lastDone && c.Tick()-s.shownAt >= progressTicks() {
			s.lastDone, s.shownAt = done, c.Tick()
			s.setReport(s.job.Snapshot())
			s.marksFor()
			s.words(c)
		}
		if s.job.Done() {
			r, err := s.job.Wait()
			s.job = nil
			if err != nil {
				s.failed = err.Error()
			} else {
				s.setReport(r)
				s.keep(c, r)
			}
			s.show(c, s.ply)
		}
	}
	if s.judging != nil {
		select {
		case v := <-s.judging:
			s.judging, s.stop = nil, nil
			s.verdict(c, v)
		default:
			c.Spin()
		}
	}
}

// keep stores the finished report with the game's key.
func (s *AnalysisScene) keep(c scenes.Context, r *analysis.Report) {
	st := c.Store()
	if st == nil {
		return
	}
	data, err := json.Marshal(r)
	if err == nil {
		err = st.SaveAnalysis(r.Key, data)
	}
	if err != nil {
		s.failed = err.Error()
	}
}

// press acts on button i.
func (s *AnalysisScene) press(c scenes.Context, i int) {
	learning := s.moment >= 0
	switch {
	case i == AnalysisBack && learning:
		s.stopJudging()
		s.moment = -1
		s.show(c, s.ply)
	case i == AnalysisBack:
		s.leave(c)
	case i == AnalysisPrev && learning:
		m := s.moments[s.moment]
		if mv, err := s.positions[m.Ply].ParseMove(m.Best); err == nil {
			s.marks.route = mv.Path()
			s.say, s.tone = scenes.LearnWord(c, lt.AnalysisBetter, "Move", m.Best), toneHint
			s.words(c)
		}
	case i == AnalysisPrev:
		s.show(c, s.ply-1)
	case i == AnalysisNext && learning:
		s.openMoment(c, (s.moment+1)%len(s.moments))
	case i == AnalysisNext:
		s.show(c, s.ply+1)
	case i == AnalysisLearn:
		if len(s.moments) == 0 {
			s.show(c, s.ply)
			s.info.set(append(s.info.paras, para{s: scenes.LearnWord(c, lt.ScreenNoMistakes), size: 16, weight: sprites.Bold, tone: toneGood})...)
			return
		}
		s.openMoment(c, 0)
	}
}

// openMoment shows moment i of the player's worst: the position before
// the mistake, for the player to find a better move.
func (s *AnalysisScene) openMoment(c scenes.Context, i int) {
	s.stopJudging()
	s.moment, s.found = i, false
	m := s.moments[i]
	s.ply = m.Ply
	pos := s.positions[m.Ply]
	last := rules.Move{}
	if m.Ply > 0 {
		last = s.moves[m.Ply-1]
	}
	s.board.Show(pos, last)
	s.board.Interactive = true
	s.board.Accept(pos, pos.LegalMoves(nil))
	s.marks.clear()
	s.say = ""
	s.words(c)
}

// judge asks the engine, off the frame loop, whether the move tried is
// good.
func (s *AnalysisScene) judge(c scenes.Context, mv rules.Move) {
	m := s.moments[s.moment]
	pos := s.positions[m.Ply]
	s.board.Show(pos.Play(mv), mv)
	if mv.String() == m.Best {
		s.verdict(c, analysis.Verdict{Good: true, Best: mv})
		return
	}
	if s.brain == nil {
		s.brain = c.NewBrain()
	}
	s.stopJudging()
	ctx, stop := context.WithCancel(context.Background())
	ch := make(chan analysis.Verdict, 1)
	s.judging, s.stop = ch, stop
	history := append([]*rules.Position(nil), s.positions[:m.Ply+1]...)
	brain := s.brain
	go func() {
		v := analysis.Verdict{} // a brain that cannot search (a test's) judges nothing good
		brain.Run(func(e *ai.Engine) { v = analysis.Judge(ctx, e, history, mv, analysis.DefaultLimits) })
		ch <- v
	}()
	s.say, s.tone = scenes.LearnWord(c, lt.ScreenRefuting), toneDim
	s.words(c)
}

// verdict shows what the engine said of the move tried.
func (s *AnalysisScene) verdict(c scenes.Context, v analysis.Verdict) {
	m := s.moments[s.moment]
	pos := s.positions[m.Ply]
	if v.Good {
		s.say, s.tone, s.found = scenes.LearnWord(c, lt.AnalysisLearnFound), toneGood, true
		c.Play(scenes.UITap)
	} else {
		s.say, s.tone = scenes.LearnWord(c, lt.AnalysisLearnAgain), toneBad
		s.board.Show(pos, rules.Move{})
		s.board.Accept(pos, pos.LegalMoves(nil))
	}
	s.words(c)
}

func (s *AnalysisScene) stopJudging() {
	if s.stop != nil {
		s.stop()
	}
	s.judging, s.stop = nil, nil
}

// leave stops the searches and goes back; an unfinished analysis is
// dropped (a second look starts it again).
func (s *AnalysisScene) leave(c scenes.Context) {
	s.stopJudging()
	if s.job != nil {
		s.job.Cancel()
		s.job = nil
	}
	c.Pop()
}

// Draw draws the board, the bar, the graph and the texts.
func (s *AnalysisScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	dst.Fill(t.Background)
	s.board.Draw(dst)
	s.marks.draw(p, dst, s.board)
	l := &s.layout
	if l.Landscape {
		drawLearnPanel(p, dst, &l.LearnLayout)
	} else {
		r := scenes.Rect{X: l.Text.X, Y: l.Graph.Y - p.DP(8), W: l.Text.W, H: l.Controls.Y + l.Controls.H - l.Graph.Y + p.DP(8)}
		p.RoundRect(dst, ui.Inset(r, -p.DP(2)), p.DP(12), t.Panel, p.DP(1), t.PanelEdge)
	}
	h := l.Heading
	p.Text(dst, s.title, 20, sprites.Bold, h.X+p.DP(12), h.Y+h.H*0.28, text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, s.status, 13, sprites.Medium, h.X+h.W-p.DP(12), h.Y+h.H*0.28, text.AlignEnd, text.AlignCenter, t.TextDim)
	s.drawBar(p, dst)
	s.drawGraph(p, dst)
	s.info.draw(dst)
	for i := range s.btns {
		s.btns[i].Draw(dst, p)
	}
}

// drawBar draws the evaluation bar of the position shown: White's
// expected score from the left; during the analysis a progress line
// under it.
func (s *AnalysisScene) drawBar(p *ui.Painter, dst *ebiten.Image) {
	b := s.layout.Bar
	ev := 0.5
	if s.report != nil {
		ev = s.report.Eval(s.ply)
	}
	p.RoundRect(dst, b, b.H/2, p.Theme.Black.Face, p.DP(1), p.Theme.PanelEdge)
	p.RoundRect(dst, scenes.Rect{X: b.X, Y: b.Y, W: math.Max(b.H, b.W*ev), H: b.H}, b.H/2, p.Theme.White.Face, 0, p.Theme.PanelEdge)
	if s.job != nil {
		done, total := s.job.Progress()
		if total > 0 {
			p.Fill(dst, scenes.Rect{X: b.X, Y: b.Y + b.H + p.DP(2), W: b.W * float64(done) / float64(total), H: p.DP(2)}, p.Theme.Accent)
		}
	}
}

// drawGraph draws White's expected score over the game, the ply shown as
// a line, and the marked moves as dots.
func (s *AnalysisScene) drawGraph(p *ui.Painter, dst *ebiten.Image) {
	g := s.layout.Graph
	t := p.Theme
	p.RoundRect(dst, g, p.DP(6), ui.Mix(t.Panel, t.Black.Face, 0.5), p.DP(1), t.PanelEdge)
	p.Line(dst, g.X, g.Y+g.H/2, g.X+g.W, g.Y+g.H/2, p.DP(1), ui.Alpha(t.TextDim, 0.5))
	n := len(s.graph)
	if n < 2 {
		return
	}
	in := p.DP(7) // room for the dots at the edges
	x := func(i int) float64 { return g.X + in + float64(i)/float64(n-1)*(g.W-2*in) }
	y := func(v float64) float64 { return g.Y + in + (1-v)*(g.H-2*in) }
	cx := x(s.ply)
	p.Line(dst, cx, g.Y, cx, g.Y+g.H, p.DP(2), ui.Alpha(t.Accent, 0.8))
	for i := 1; i < n; i++ {
		p.Line(dst, x(i-1), y(s.graph[i-1]), x(i), y(s.graph[i]), p.DP(2), t.White.Face)
	}
	if s.report != nil {
		for i, rv := range s.report.Reviews {
			if !rv.Done || rv.Class == analysis.Good || i+1 >= n {
				continue
			}
			col := t.Hint
			rad := p.DP(3)
			switch rv.Class {
			case analysis.Mistake:
				col, rad = ui.Mix(t.MustCapture, t.Accent, 0.5), p.DP(4)
			case analysis.Blunder:
				col, rad = t.MustCapture, p.DP(5)
			}
			p.Circle(dst, x(i+1), y(s.graph[i+1]), rad, col)
		}
	}
}
