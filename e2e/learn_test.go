package e2e

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/learn/lessons"
	"bashni/learn/puzzles"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/learn"
	"bashni/scenes/records"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// openLesson opens the lessons from the title and lesson i from the list.
func openLesson(g *game, w, h float64, i int) {
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.Learn))
	g.ticks(30)
	ll := learn.LessonsLayout(w, h, 1, len(lessons.All()))
	g.click(mid(ll.Rows[i]))
	g.ticks(30)
}

// squareColour is the average colour around the centre of square s.
func squareColour(g *game, b board, s string) color.NRGBA {
	x, y := b.centre(s)
	_, c := classify(g.frame(), x, y)
	return c
}

// TestLessonOne plays the lesson on men's moves from the title: a wrong
// try (a man moved two squares) is answered on the board — the square is
// marked and the position stays — then the right moves and the scripted
// reply; a finished step stays on the board until Next step, and the
// progress of a finished lesson is saved (a whole lesson, practice game
// included, is scenes/learn's TestLessonPractice).
func TestLessonOne(t *testing.T) {
	const w, h = 1280, 800
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-mute")
	g.ticks(20)
	openLesson(g, w, h, 1)
	nx, ny := mid(learn.ComputeLearnLayout(w, h, 1, rules.Bashni, 4).Buttons[learn.LessonNext])

	b := playBoard(w, h, rules.Bashni, false)
	pos := mustFEN(t, rules.Bashni, "W:Wc3:Bf8")
	g.expect(b, pos, "lesson 1 opens")

	before := squareColour(g, b, "e5")
	g.click(b.centre("c3"))
	g.click(b.centre("e5"))
	g.ticks(10)
	g.expect(b, pos, "after the wrong try")
	if after := squareColour(g, b, "e5"); near(after, before, 12) {
		g.snap(g.frame(), "why")
		t.Fatalf("e5 is not marked after the wrong try c3-e5: %v before, %v after", before, after)
	}

	g.click(b.centre("c3"))
	g.click(b.centre("d4"))
	pos = pos.Play(mustMove(t, pos, "c3-d4"))
	pos = pos.Play(mustMove(t, pos, "f8-g7"))
	g.waitFor(b, pos, 240, "c3-d4 and the scripted reply f8-g7")
	g.ticks(60)
	g.expect(b, pos, "the first step stays on the board")
	g.click(nx, ny)
	g.ticks(10)

	g.click(b.centre("d4"))
	g.click(b.centre("e5"))
	pos = pos.Play(mustMove(t, pos, "d4-e5"))
	g.waitFor(b, pos, 120, "the second step's d4-e5")
	g.ticks(60)
	g.expect(b, pos, "the second step stays on the board")
	g.click(nx, ny)
	g.ticks(30)
	g.expect(b, mustFEN(t, rules.Bashni, "W:Wa1,b2,a3,c3:Bh8"), "the third step after Next step")
}

// TestLessonsLandscapeScreenshot renders the lessons list on a phone on
// its side (844×390: three columns, the heading beside Back) into
// BASHNI_SCREENSHOTS as lessons-844x390.png.
func TestLessonsLandscapeScreenshot(t *testing.T) {
	dir := screenshotDir(t)
	g := start(t, 844, 390, "-mute", "-seed", "5")
	g.ticks(60)
	g.click(mid(home.TitleLayout(844, 390, 1, false).Learn))
	g.ticks(30)
	g.shot(dir, "lessons")
	g.close()
}

// TestLearnScreenshots renders the lessons list, a lesson with a wrong try
// answered on the board, a puzzle and the analysis board at 1280×800 and
// 390×844 into BASHNI_SCREENSHOTS (docs/ holds them).
func TestLearnScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		g := start(t, sz[0], sz[1], "-mute", "-seed", "5")
		g.ticks(60)
		tl := home.TitleLayout(w, h, 1, false)
		g.click(mid(tl.Learn))
		g.ticks(30)
		g.shot(dir, "lessons")
		ll := learn.LessonsLayout(w, h, 1, len(lessons.All()))
		// The capture lesson, step 1: a quiet move while a capture is compulsory.
		g.click(mid(ll.Rows[2]))
		g.ticks(30)
		b := playBoard(w, h, rules.Bashni, false)
		g.click(b.centre("g3"))
		g.ticks(20)
		g.shot(dir, "lesson")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		// A puzzle after a wrong move, with the refutation shown.
		g.click(mid(ll.BashniPuzzles))
		g.ticks(120)
		set, err := puzzles.Load(rules.Bashni)
		if err != nil {
			t.Fatal(err)
		}
		var progress puzzles.Progress
		pz := set.Next(progress.For(rules.Bashni), puzzles.Filter{})
		pb := playBoard(w, h, rules.Bashni, pz.Player() == rules.Black) // Black solves from Black's side
		for _, m := range pz.Start().LegalMoves(nil) {
			if m != pz.Solution()[0] {
				g.enter(pb, pz.Start(), m)
				break
			}
		}
		// The refutation is searched in real time: wait for what the try
		// loses, said in the bad tone once the opponent has answered, then
		// let the play-out animate (in ticks).
		said := learn.PuzzleLayout(w, h, 1, rules.Bashni, pz.Player() == rules.Black, [3]float64{}).Text
		bad := ui.Mix(theme.MustCapture, theme.Text, 0.25) // the learn screens' bad tone
		g.untilShows("what the wrong try loses", func(img *image.RGBA) bool { return pixelsNear(img, said, bad, 12) > 40 })
		g.ticks(300)
		g.shot(dir, "puzzle")
		g.close()

		g = start(t, sz[0], sz[1], "-mute")
		g.ticks(20)
		openAnalysisOfWorkedGame(g, w, h)
		g.wait("a blunder marked on the graph", analysisPatience, 8, func() bool { return blunderDots(g, w, h) > 10 })
		g.wait("the end of the analysis", analysisPatience, 8, func() bool { return !analysing(g, w, h) })
		al := learn.AnalysisLayout(w, h, 1, rules.Bashni)
		g.click(al.Graph.X+al.Graph.W-3, al.Graph.Y+al.Graph.H/2) // Black's blunder, the last move
		g.ticks(30)
		g.shot(dir, "analysis-board")
		g.close()
	}
}

// enter enters move m by clicks: its column, then its last square, or every
// landing when several routes join the two.
func (g *game) enter(b board, p *rules.Position, m rules.Move) {
	path := m.Path()
	routes := 0
	for _, l := range p.LegalMoves(nil) {
		if l.From() == m.From() && l.To() == m.To() {
			routes++
		}
	}
	g.click(b.g.SquareCenter(path[0]))
	if routes == 1 {
		g.click(b.g.SquareCenter(path[len(path)-1]))
		return
	}
	for _, sq := range path[1:] {
		g.click(b.g.SquareCenter(sq))
	}
}

// TestPuzzleSolved opens the Bashni puzzles from the title and solves the
// first one offered to a new player by its solution's moves: the
// opponent answers along the line, and the solve is saved with a rating.
func TestPuzzleSolved(t *testing.T) {
	const w, h = 1280, 800
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-mute")
	g.ticks(20)
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.Learn))
	g.ticks(30)
	ll := learn.LessonsLayout(w, h, 1, len(lessons.All()))
	g.click(mid(ll.BashniPuzzles))
	g.ticks(90)

	set, err := puzzles.Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	var progress puzzles.Progress
	pz := set.Next(progress.For(rules.Bashni), puzzles.Filter{})
	b := playBoard(w, h, rules.Bashni, pz.Player() == rules.Black) // Black solves from Black's side
	pos := pz.Start()
	g.waitFor(b, pos, 120, "the puzzle "+pz.ID)
	line := pz.Solution()
	for i := 0; i < len(line); i += 2 {
		g.enter(b, pos, line[i])
		pos = pos.Play(line[i])
		if i+1 < len(line) {
			pos = pos.Play(line[i+1])
		}
		g.waitFor(b, pos, 300, fmt.Sprintf("move %d of the solution, %v, and the answer", i+1, line[i]))
		g.ticks(10)
	}
	g.ticks(30)
	// The record is saved off the game loop, in real time.
	g.until("puzzle "+pz.ID+" solved in learning.json", func() bool {
		data, err := os.ReadFile(filepath.Join(config, "learning.json"))
		return err == nil && strings.Contains(string(data), `"solved": 1`) && strings.Contains(string(data), pz.ID)
	})
}

// openAnalysisOfWorkedGame imports RULES.md's worked game, and opens the
// analysis board from the replay's menu.
func openAnalysisOfWorkedGame(g *game, w, h float64) {
	il := openImport(g, w, h)
	g.typeText("[Event \"Worked example\"]\n\n" + workedGame)
	g.click(mid(il.Open))
	g.ticks(30)
	g.click(mid(records.ReplayMoreButton(w, h, 1, rules.Bashni)))
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 5, 4)))
	g.ticks(10)
}

// analysisPatience guards the waits for an analysis, a minute's work on
// an idle machine.
const analysisPatience = 10 * time.Minute

// pixelsNear counts the pixels of r in img within tol of colour c.
func pixelsNear(img *image.RGBA, r scenes.Rect, c color.NRGBA, tol int) int {
	n := 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			p := img.RGBAAt(x, y)
			if near(color.NRGBA{p.R, p.G, p.B, 255}, c, tol) {
				n++
			}
		}
	}
	return n
}

// analysing reports whether the analysis board shows its progress line
// (under the heading, drawn only while the analysis runs). The line is
// 2 dp at a fractional position: its pixels are the accent blended with
// the panel a little.
func analysing(g *game, w, h float64) bool {
	r := learn.AnalysisLayout(w, h, 1, rules.Bashni).Progress
	return pixelsNear(g.frame(), r, theme.Accent, 32) > 0
}

// blunderDots counts the pixels of the graph in the colour of a blunder's
// mark.
func blunderDots(g *game, w, h float64) int {
	r := learn.AnalysisLayout(w, h, 1, rules.Bashni).Graph
	return pixelsNear(g.frame(), r, theme.MustCapture, 16)
}

// barLabelled reports whether the evaluation bar shows its label: the
// score written at the leading side's end in the other side's colour
// (black on White's end at the bottom, white on Black's at the top). An
// unknown evaluation is drawn as the bar at the half with no label.
func barLabelled(g *game, w, h float64) bool {
	b := learn.AnalysisLayout(w, h, 1, rules.Bashni).Bar
	img := g.frame()
	end := b.W // the label's room at either end, about 20 dp high
	bottom := scenes.Rect{X: b.X + 3, Y: b.Y + b.H - end, W: b.W - 6, H: end - 3}
	top := scenes.Rect{X: b.X + 3, Y: b.Y + 3, W: b.W - 6, H: end - 3}
	return pixelsNear(img, bottom, theme.Black.Face, 24) > 3 || pixelsNear(img, top, theme.White.Face, 24) > 3
}

// TestAnalysisOfWorkedGame analyses RULES.md's worked game from the
// replay: the analysis runs in the background (the frames go on), the
// graph marks Black's last move a blunder, and a second look is instant
// (the report was kept).
func TestAnalysisOfWorkedGame(t *testing.T) {
	const w, h = 1280, 800
	g := startIn(t, w, h, guestEnv{}, "-mute")
	g.ticks(20)
	openAnalysisOfWorkedGame(g, w, h)
	// The analysis searches in real time, slower the busier the machine:
	// wait for the blunder's mark, then for the progress line to go (the
	// analysis has ended and its report is kept).
	g.wait("a blunder marked on the graph", analysisPatience, 8, func() bool { return blunderDots(g, w, h) > 10 })
	g.wait("the end of the analysis", analysisPatience, 8, func() bool { return !analysing(g, w, h) })
	g.key(ebiten.KeyEscape)
	g.ticks(30)
	g.click(mid(records.ReplayMoreButton(w, h, 1, rules.Bashni)))
	g.ticks(10)
	g.click(mid(scenes.PopupMenuItem(w, h, 1, 5, 4)))
	g.ticks(30) // the screen slides in; no time for a search
	if n := blunderDots(g, w, h); n <= 10 {
		g.snap(g.frame(), "second-look")
		t.Fatalf("the second look is not instant: %d blunder pixels on the graph at once", n)
	}
}

// TestLessonScreenshotsInOtherLanguages renders a lesson with a wrong try
// answered in Japanese and Korean at phone size (for looking at the
// wrapping), into BASHNI_SCREENSHOTS.
func TestLessonScreenshotsInOtherLanguages(t *testing.T) {
	dir := screenshotDir(t)
	for _, lang := range []string{"ja", "ru"} {
		const w, h = 390, 844
		g := start(t, w, h, "-mute", "-lang", lang)
		g.ticks(60)
		openLesson(g, w, h, 1)
		b := playBoard(w, h, rules.Bashni, false)
		g.click(b.centre("g3"))
		g.ticks(30)
		g.shot(dir, "lesson-"+lang)
		g.close()
	}
}

// TestPuzzleScreenshots writes the puzzle screen from Black's side with
// the first, graded hint (the column to move), and the solution viewer
// part-way through the line: docs/puzzle-black-hints-*.png and
// docs/puzzle-solution-*.png.
func TestPuzzleScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	set, err := puzzles.Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		g := start(t, sz[0], sz[1], "-mute", "-seed", "5")
		g.ticks(30)
		g.click(mid(home.TitleLayout(w, h, 1, false).Learn))
		g.ticks(30)
		g.click(mid(learn.LessonsLayout(w, h, 1, len(lessons.All())).BashniPuzzles))
		g.ticks(60)
		// Next skips an untouched puzzle: skip to the first with Black to
		// move, as the screen does.
		var progress puzzles.Progress
		st := progress.For(rules.Bashni)
		pz := set.Next(st, puzzles.Filter{})
		buttons := learn.ComputeLearnLayout(w, h, 1, rules.Bashni, 4).Buttons
		for pz.Player() != rules.Black {
			st.Seen = append(st.Seen, pz.ID)
			g.click(mid(buttons[learn.PuzzleNext]))
			g.ticks(30)
			pz = set.Next(st, puzzles.Filter{})
		}
		b := playBoard(w, h, rules.Bashni, true)
		g.waitFor(b, pz.Start(), 120, "the puzzle "+pz.ID+" from Black's side")
		g.click(mid(buttons[learn.PuzzleHint]))
		g.ticks(20)
		g.shot(dir, "puzzle-black-hints")
		// The solution, two moves in (or to its end).
		g.click(mid(learn.PuzzleLayout(w, h, 1, rules.Bashni, true, [3]float64{}).Pair[0]))
		g.ticks(20)
		steps := pz.Steps()
		n := min(2, len(steps))
		for i := 0; i < n; i++ {
			g.key(ebiten.KeyArrowRight)
			g.ticks(40)
		}
		g.waitFor(b, steps[n-1].After, 120, "the solution's move "+steps[n-1].Move.String())
		g.shot(dir, "puzzle-solution")
		g.close()
	}
}

// TestLessonStepAndBranchScreenshots renders a finished lesson step, its
// explanation beside the board it explains (kings inside columns: the
// freed king), and the analysis board with a branch tried from the worked
// game and the evaluation bar, at 1280×800 and 390×844 into
// BASHNI_SCREENSHOTS (docs/lesson-step-*.png, docs/analysis-branch-*.png).
func TestLessonStepAndBranchScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		g := start(t, sz[0], sz[1], "-mute")
		g.ticks(20)
		idx := -1
		for i, l := range lessons.All() {
			if l.ID == "buried-king" {
				idx = i
			}
		}
		openLesson(g, w, h, idx)
		b := playBoard(w, h, rules.Bashni, false)
		pos := mustFEN(t, rules.Bashni, "W:Wc3:Bd4-0/1,b6,h8")
		g.expect(b, pos, "the lesson on kings inside columns")
		g.click(b.centre("c3"))
		g.click(b.centre("e5"))
		pos = pos.Play(mustMove(t, pos, "c3:e5"))
		pos = pos.Play(mustMove(t, pos, "h8-g7"))
		g.waitFor(b, pos, 240, "c3:e5 and the reply h8-g7")
		g.ticks(60)
		g.expect(b, pos, "the step stays on the board")
		g.shot(dir, "lesson-step")
		g.close()

		g = start(t, sz[0], sz[1], "-mute")
		g.ticks(20)
		openAnalysisOfWorkedGame(g, w, h)
		g.wait("the end of the analysis", analysisPatience, 8, func() bool { return !analysing(g, w, h) })
		// After 1. c3-b4 b6-c5, White tries g3-h4 instead of the game's b4-a5.
		g.key(ebiten.KeyHome)
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowRight)
		g.ticks(10)
		al := learn.AnalysisLayout(w, h, 1, rules.Bashni)
		ab := board{g: al.Board, m: sprites.MetricsFor(al.Board.Square), v: rules.Bashni, sc: 1}
		p := rules.NewPosition(rules.Bashni)
		p = p.Play(mustMove(t, p, "c3-b4"))
		p = p.Play(mustMove(t, p, "b6-c5"))
		g.expect(ab, p, "the position after 1. c3-b4 b6-c5")
		g.enter(ab, p, mustMove(t, p, "g3-h4"))
		p = p.Play(mustMove(t, p, "g3-h4"))
		g.waitFor(ab, p, 120, "the branch's g3-h4")
		// The branch's position is searched in real time: its evaluation
		// comes as the bar's label.
		g.wait("the branch's evaluation on the bar", analysisPatience, 8, func() bool { return barLabelled(g, w, h) })
		g.shot(dir, "analysis-branch")
		g.close()
	}
}
