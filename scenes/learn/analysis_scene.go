package learn

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/ai"
	"bashni/internal/text"
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
	// Bar is the vertical evaluation bar beside the board: White's share
	// from White's side of the board, the evaluation written on it.
	Bar   scenes.Rect
	Graph scenes.Rect // the evaluation over the game; a tap jumps there
	// Moves is the move list: the game with its branches, a chip a move,
	// MoveLines lines of them.
	Moves     scenes.Rect
	MoveLines int
	// Progress is the analysis's progress line under the heading.
	Progress scenes.Rect
}

// The evaluation bar's width and its gap from the board, and a move
// chip's height (a touch target), in dp.
const (
	evalBarDP  = 38
	evalGapDP  = 6
	moveChipDP = 44
)

// AnalysisLayout lays out the analysis board.
func AnalysisLayout(w, h, scale float64, v rules.Variant) AnalysisRects {
	l := AnalysisRects{LearnLayout: ComputeLearnLayout(w, h, scale, v, analysisButtons)}
	dp := func(x float64) float64 { return math.Round(x * scale) }
	// The bar takes a strip on the left of the board's room; the board
	// shrinks to the rest.
	o := l.Board.Outer()
	room := scenes.Rect{X: o.X + dp(evalBarDP+evalGapDP), Y: o.Y, W: o.W - dp(evalBarDP+evalGapDP), H: o.H}
	l.Board = sprites.FitGeometry(v, room.X, room.Y, room.W, room.H, false)
	no := l.Board.Outer()
	l.Bar = scenes.Rect{X: no.X - dp(evalBarDP+evalGapDP), Y: no.Y + l.Board.Frame(), W: dp(evalBarDP), H: l.Board.Side()}
	hd := l.Heading
	l.Progress = scenes.Rect{X: hd.X + dp(12), Y: hd.Y + hd.H - dp(6), W: hd.W - dp(24), H: dp(3)}
	t := l.Text
	// The graph, the move list and the texts share the panel; a short
	// panel gives the graph less.
	gh := dp(130)
	if !l.Landscape {
		gh = dp(72)
	}
	l.MoveLines = 1
	if t.H >= dp(380) {
		l.MoveLines = 3
	} else if t.H < dp(200) {
		gh = dp(56)
	}
	chips := float64(l.MoveLines) * dp(moveChipDP)
	l.Graph = scenes.Rect{X: t.X + dp(10), Y: t.Y + dp(8), W: t.W - dp(20), H: gh}
	l.Moves = scenes.Rect{X: t.X + dp(6), Y: l.Graph.Y + gh + dp(6), W: t.W - dp(12), H: chips}
	top := l.Moves.Y + chips + dp(4)
	l.Text = scenes.Rect{X: t.X, Y: top, W: t.W, H: t.Y + t.H - top}
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
	// tree is what the board explores: the game and the branches tried;
	// its current node is the position shown while browsing.
	tree  *analysis.Tree
	rows  []analysis.Row // the move list
	chips []ui.Button    // the move list's chips shown, for rows[chipFrom:]
	// chipFrom is the first row shown; chipRows the rows the chips stand for.
	chipFrom int
	chipRows []analysis.Row
	// A search of a branch position, off the frame loop.
	evaluating *analysis.Node
	evals      chan branchEval
	stopEval   context.CancelFunc
	evalEngine *ai.Engine
	// evalMu is held by the goroutine searching with evalEngine: a
	// search told to stop (stopEvaluating) may go on for a moment, and
	// the next must not use the engine meanwhile.
	evalMu *sync.Mutex

	// Learn from your mistakes.
	moments []analysis.Moment
	moment  int // -1: not learning
	judging chan analysis.Verdict
	stop    context.CancelFunc
	brain   *session.Brain // the verdicts' searches (Context.NewBrain)
	found   bool

	layout AnalysisRects
	bar    analysis.Bar
	// barName is the evaluation in words, the bar's name in the page's
	// mirror (a screen reader cannot read the canvas).
	barName string
	board   *board.Board
	marks   whyMarks
	btns    [analysisButtons]ui.Button
	info    textBlock
	title   string
	status  string
	say     string
	tone    tone
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
	s.tree, _ = analysis.NewTree(start, s.moves) // the moves were checked above
	s.board = board.New(c.Renderer(), c)
	set := c.Settings()
	s.board.AllowTap = set.Input.AllowsTap()
	s.board.ShowDestinations = set.ShowDestinations
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
	if s.tree != nil {
		_ = s.tree.Fill(r) // the report is of this game: its key says so
	}
	if r.Complete {
		s.moments = r.Moments(s.learner, 5)
	}
}

// show puts the game's position after ply moves on the board.
func (s *AnalysisScene) show(c scenes.Context, ply int) {
	main := s.tree.MainLine()
	_ = s.tree.GoTo(main[min(max(ply, 0), len(main)-1)])
	s.showNode(c)
}

// showNode puts the tree's current position on the board, ready for a
// free move, with its best move as the hint (searched now if it is a
// branch's).
func (s *AnalysisScene) showNode(c scenes.Context) {
	n := s.tree.Current()
	s.ply = n.Ply
	s.board.Show(n.Position, n.Move)
	s.board.Interactive = true
	s.board.Accept(n.Position, n.Position.LegalMoves(nil))
	s.marks.clear()
	s.say = ""
	s.marksFor()
	if n.Eval == nil && !n.Main {
		s.evaluate(n)
	}
	s.words(c)
}

// marksFor marks the position shown: the best move as the hint, and
// after a marked move the better one.
func (s *AnalysisScene) marksFor() {
	n := s.tree.Current()
	s.bar = analysis.BarOf(n)
	if best, ok := n.Best(); ok {
		s.board.SetHint(best)
	}
	if n.Parent == nil {
		return
	}
	var rv analysis.Review
	ok := false
	if r := s.report; n.Main && r != nil && n.Ply-1 < len(r.Reviews) {
		rv, ok = r.Reviews[n.Ply-1], r.Reviews[n.Ply-1].Done
	} else {
		rv, ok = n.Review()
	}
	if ok && (rv.Class == analysis.Mistake || rv.Class == analysis.Blunder) && rv.Best != "" {
		if m, err := n.Parent.Position.ParseMove(rv.Best); err == nil {
			s.marks.tried = n.Move.Path()
			s.marks.route = m.Path()
		}
	}
}

// branchEval is a search of a branch's position.
type branchEval struct {
	node *analysis.Node
	eval analysis.Eval
}

// evaluate searches n's position off the frame loop (one at a time: a new
// one stops the last), with the analysis's own budget.
func (s *AnalysisScene) evaluate(n *analysis.Node) {
	if s.evaluating == n {
		return
	}
	s.stopEvaluating()
	if s.evalEngine == nil {
		s.evalEngine, s.evalMu = ai.NewEngine(ai.Options{HashMiB: 8}), &sync.Mutex{}
	}
	ctx, stop := context.WithCancel(context.Background())
	ch := make(chan branchEval, 1)
	s.evaluating, s.evals, s.stopEval = n, ch, stop
	e, mu, history := s.evalEngine, s.evalMu, n.History()
	side := n.Position.SideToMove()
	go func() {
		mu.Lock() // the last search, stopped, lets go of the engine
		defer mu.Unlock()
		if ctx.Err() != nil {
			return // stopped before it began: a later search is wanted
		}
		res := e.Search(ctx, history, analysis.DefaultLimits, nil)
		score := res.Score
		if side == rules.Black {
			score = -score
		}
		ch <- branchEval{node: n, eval: analysis.Eval{Score: score, Best: res.Best, PV: res.PV, Depth: res.Depth}}
	}()
}

func (s *AnalysisScene) stopEvaluating() {
	if s.stopEval != nil {
		s.stopEval()
	}
	s.evaluating, s.evals, s.stopEval = nil, nil, nil
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
	s.btns[AnalysisLearn].Icon = ui.IconHint
	s.btns[AnalysisLearn].Kind = ui.Flat
	cur := s.tree.Current()
	s.btns[AnalysisPrev].Disabled = !learning && cur.Parent == nil
	s.btns[AnalysisNext].Disabled = !learning && len(cur.Children) == 0
	s.btns[AnalysisLearn].Disabled = s.report == nil || !s.report.Complete
	if !learning && s.tree.InBranch() {
		// One tap back to the game.
		s.btns[AnalysisLearn].Label = scenes.LearnWord(c, lt.ScreenMainLine)
		s.btns[AnalysisLearn].Icon = ui.IconUndo
		s.btns[AnalysisLearn].Kind = ui.Primary
		s.btns[AnalysisLearn].Disabled = false
	}
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
	s.moveList(c)
	if cur.Parent != nil {
		num := strconv.Itoa(cur.Parent.Position.FullmoveNumber())
		line := num + ". " + cur.Move.String()
		if cur.Parent.Position.SideToMove() == rules.Black {
			line = num + "… " + cur.Move.String()
		}
		t := toneText
		var rv analysis.Review
		ok := false
		if cur.Main && r != nil && cur.Ply-1 < len(r.Reviews) {
			rv, ok = r.Reviews[cur.Ply-1], r.Reviews[cur.Ply-1].Done
		} else {
			rv, ok = cur.Review()
		}
		if ok && rv.Class != analysis.Good {
			line += " " + rv.Class.Mark() + " · " + scenes.LearnWord(c, rv.Class.TextID())
			t = toneBad
			if rv.Class == analysis.Inaccuracy {
				t = toneHint
			}
			if rv.Best != "" {
				line += " · " + scenes.LearnWord(c, lt.AnalysisBetter, "Move", rv.Best)
			}
		}
		ps = append(ps, para{s: line, size: 16, weight: sprites.Bold, tone: t})
	}
	s.barName = scenes.LearnWord(c, lt.ScreenEval, "Score", "…")
	if v, ok := cur.Verdict(); ok {
		// Words, never "wins in 0": a finished game says who has won.
		ev := c.Text().Verdict(v)
		if s.bar.Known && s.bar.Label != "" {
			ev += " (" + s.bar.Label + ")"
		}
		s.barName = ev
		ps = append(ps, para{s: ev, size: 15, weight: sprites.Medium, tone: toneText})
		if cur.Eval != nil && len(cur.Eval.PV) > 0 {
			pv := cur.Eval.PV
			if len(pv) > 8 {
				pv = pv[:8]
			}
			words := make([]string, len(pv))
			for i, m := range pv {
				words[i] = m.String()
			}
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenBestLine, "Line", strings.Join(words, " ")), size: 14, weight: sprites.Regular, tone: toneDim})
		} else if !cur.Position.HasLegalMove() {
			ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenGameOver), size: 14, weight: sprites.Regular, tone: toneDim})
		}
	} else if s.evaluating == cur {
		ps = append(ps, para{s: scenes.LearnWord(c, lt.ScreenRefuting), size: 14, weight: sprites.Regular, tone: toneDim})
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

// moveChipSize is the move chips' text size (dp).
const moveChipSize = 14

// moveList lays out the move list's chips: the rows, a chip each, in
// MoveLines lines of the list's width, the page of lines that holds the
// move shown.
func (s *AnalysisScene) moveList(c scenes.Context) {
	s.rows = s.tree.Rows(s.report)
	ml := s.layout.Moves
	if ml.W <= 0 || s.layout.MoveLines == 0 {
		return
	}
	p := c.Painter()
	pad, gap := p.DP(10), p.DP(4)
	chipH := math.Min(p.DP(moveChipDP), ml.H/float64(s.layout.MoveLines))
	type placed struct {
		line int
		x, w float64
	}
	pos := make([]placed, len(s.rows))
	line, x := 0, 0.0
	current := -1
	for i, r := range s.rows {
		w := math.Max(p.DP(48), p.Measure(chipLabel(r), moveChipSize, sprites.Medium)+2*pad)
		w = math.Min(w, ml.W)
		if x > 0 && x+w > ml.W {
			line, x = line+1, 0
		}
		pos[i] = placed{line: line, x: x, w: w}
		x += w + gap
		if r.Current {
			current = i
		}
	}
	page := 0
	if current >= 0 {
		page = pos[current].line / s.layout.MoveLines
	} else if len(pos) > 0 && s.tree.Current().Parent == nil {
		page = 0
	}
	s.chipRows = s.chipRows[:0]
	s.chipFrom = -1
	n := 0
	for i, r := range s.rows {
		if pos[i].line/s.layout.MoveLines != page {
			continue
		}
		if s.chipFrom < 0 {
			s.chipFrom = i
		}
		if n == len(s.chips) {
			s.chips = append(s.chips, ui.Button{})
		}
		b := &s.chips[n]
		b.Label, b.TextSize = chipLabel(r), moveChipSize
		b.Kind = ui.Flat
		if r.Depth > 0 {
			b.Kind = ui.Secondary // a branch's moves stand out from the game's
		}
		b.Toggled = r.Current
		b.Disabled = s.moment >= 0
		l := pos[i].line % s.layout.MoveLines
		b.Rect = scenes.Rect{X: ml.X + pos[i].x, Y: ml.Y + float64(l)*chipH, W: pos[i].w, H: chipH}
		s.chipRows = append(s.chipRows, r)
		n++
	}
	s.chips = s.chips[:n]
}

// chipLabel is a move as the list writes it: its number where needed, the
// move and its mark.
func chipLabel(r analysis.Row) string { return r.Num + r.Text + r.Mark }

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
	// The bar is a Tab stop named by the evaluation in words, so that the
	// page's mirror reads it out.
	// Its touch target takes the gap to the board too (44 dp).
	fr := s.layout.Bar
	fr.W += s.layout.DP(evalGapDP)
	c.FocusItem(fr, s.barName)
	for i := range s.chips {
		if c.Used(&s.chips[i]) && i < len(s.chipRows) && s.moment < 0 {
			_ = s.tree.GoTo(s.chipRows[i].Node)
			s.showNode(c)
			return nil
		}
	}
	// The board is a Tab stop: while it has the focus the arrows move its
	// cursor and Enter or Space enters a move square by square, as taps.
	if st := c.FocusArrows(s.layout.Board.Outer()); st.Focused {
		s.board.ShowCursor(true)
		kb := c.Keyboard()
		dc, dr := 0, 0
		if ui.RepeatKey(kb, ebiten.KeyArrowLeft) {
			dc--
		}
		if ui.RepeatKey(kb, ebiten.KeyArrowRight) {
			dc++
		}
		if ui.RepeatKey(kb, ebiten.KeyArrowUp) {
			dr--
		}
		if ui.RepeatKey(kb, ebiten.KeyArrowDown) {
			dr++
		}
		s.board.MoveCursor(dc, dr)
		if st.Activated {
			s.boardMove(c, s.board.PressCursor().Move)
		}
		if c.Keys().Consume(scenes.ActBack) && !s.board.Back() {
			s.press(c, AnalysisBack)
		}
		return nil
	}
	s.board.ShowCursor(false)
	k := c.Keys()
	switch {
	case k.Consume(scenes.ActBack):
		s.press(c, AnalysisBack)
		return nil
	case k.Consume(scenes.ActPrev):
		if s.moment < 0 && s.tree.Back() {
			s.showNode(c)
		}
	case k.Consume(scenes.ActNext):
		if s.moment < 0 && s.tree.Forward() {
			s.showNode(c)
		}
	case k.Consume(scenes.ActFirst):
		if s.moment < 0 {
			s.show(c, 0)
		}
	case k.Consume(scenes.ActLast):
		// Back to the game from a branch; on the game, its last move.
		if s.moment < 0 && s.tree.InBranch() {
			s.tree.BackToMain()
			s.showNode(c)
		} else if s.moment < 0 {
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
	s.boardMove(c, s.board.Update(c.Gestures(), c.Pointer(), c.Scale()).Move)
	return nil
}

// boardMove takes a move entered on the board: in learn mode the try to
// judge; else a free move, which follows the game's own move or makes a
// branch.
func (s *AnalysisScene) boardMove(c scenes.Context, mv rules.Move) {
	switch {
	case mv.IsZero():
	case s.moment >= 0:
		s.judge(c, mv)
	default:
		if _, err := s.tree.Play(mv); err == nil {
			s.showNode(c)
		}
	}
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
			if s.moment < 0 {
				s.showNode(c)
			}
		}
	}
	if s.evals != nil {
		select {
		case e := <-s.evals:
			s.tree.SetEval(e.node, e.eval)
			s.evaluating, s.evals, s.stopEval = nil, nil, nil
			if e.node == s.tree.Current() {
				s.marksFor()
			}
			s.words(c)
		default:
			c.Spin()
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
		if s.tree.Back() {
			s.showNode(c)
		}
	case i == AnalysisNext && learning:
		s.openMoment(c, (s.moment+1)%len(s.moments))
	case i == AnalysisNext:
		if s.tree.Forward() {
			s.showNode(c)
		}
	case i == AnalysisLearn && s.tree.InBranch():
		s.tree.BackToMain()
		s.showNode(c)
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
	s.stopEvaluating()
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
	for i := range s.chips {
		s.chips[i].Draw(dst, p)
	}
	s.info.draw(dst)
	for i := range s.btns {
		s.btns[i].Draw(dst, p)
	}
	s.board.DrawOverlay(dst)
}

// drawBar draws the vertical evaluation bar beside the board: White's
// share from White's side of the board (the bottom unless the board is
// turned), the evaluation written at the leading side's end; during the
// analysis a progress line under the heading.
func (s *AnalysisScene) drawBar(p *ui.Painter, dst *ebiten.Image) {
	b := s.layout.Bar
	t := p.Theme
	white := s.bar.White
	if !s.bar.Known {
		white = 0.5
	}
	p.RoundRect(dst, b, p.DP(6), t.Black.Face, p.DP(1), t.PanelEdge)
	wh := math.Max(p.DP(2), b.H*white)
	p.RoundRect(dst, scenes.Rect{X: b.X, Y: b.Y + b.H - wh, W: b.W, H: wh}, p.DP(6), t.White.Face, 0, t.PanelEdge)
	p.Line(dst, b.X, b.Y+b.H/2, b.X+b.W, b.Y+b.H/2, p.DP(1), ui.Alpha(t.Accent, 0.7))
	if s.bar.Known && s.bar.Label != "" {
		size := scenes.FitSize(p, s.bar.Label, 13, 12, sprites.Bold, b.W-p.DP(4))
		if white >= 0.5 {
			p.Text(dst, s.bar.Label, size, sprites.Bold, b.X+b.W/2, b.Y+b.H-p.DP(10), text.AlignCenter, text.AlignCenter, t.Black.Face)
		} else {
			p.Text(dst, s.bar.Label, size, sprites.Bold, b.X+b.W/2, b.Y+p.DP(10), text.AlignCenter, text.AlignCenter, t.White.Face)
		}
	}
	if s.job != nil {
		done, total := s.job.Progress()
		if total > 0 {
			g := s.layout.Progress
			p.Fill(dst, scenes.Rect{X: g.X, Y: g.Y, W: g.W * float64(done) / float64(total), H: g.H}, t.Accent)
		}
	}
}

// BarLabelFit is the evaluation bar's label and its room (for the layout
// test): the widest labels are a result such as "1-0" or "-9.9".
func (s *AnalysisScene) BarLabelFit(label string) ui.TextFit {
	return ui.TextFit{Text: label, Size: 12, Weight: sprites.Bold, Room: s.layout.Bar.W - s.layout.DP(4)}
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

// PageCommand takes a line typed into the page's command line (how a
// screen reader moves): a legal move of the position shown is played on
// the analysis board as a free move — a branch of the move list, as a
// move entered on the board is (in "learn from your mistakes", a try) —
// and said; a question about the position is answered as in a game;
// anything else, or a move the position does not allow, is answered with
// what is wrong, shown under the board as well.
func (s *AnalysisScene) PageCommand(c scenes.Context, line string) {
	g := rules.NewGameFrom(s.tree.Current().Position)
	r := access.Respond(c.Text(), g, true, line)
	switch {
	case !r.Move.IsZero():
		s.boardMove(c, r.Move)
		platform.Speak(r.Move.String())
		return
	case r.Action != 0:
		r.Text = c.Text().T("command.cannot")
	}
	if r.Text == "" {
		return
	}
	if r.Rejected {
		s.say, s.tone = r.Text, toneDim
		c.Invalidate()
	}
	platform.Speak(r.Text)
}
