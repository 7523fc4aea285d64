package e2e

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/learn/lessons"
	"bashni/rules"
	"bashni/scenes"
)

// openLesson opens the lessons from the title and lesson i from the list.
func openLesson(g *game, w, h float64, i int) {
	tl := scenes.TitleLayout(w, h, 1, false)
	g.click(mid(tl.Learn))
	g.ticks(30)
	ll := scenes.LessonsLayout(w, h, 1, len(lessons.All()))
	g.click(mid(ll.Rows[i]))
	g.ticks(30)
}

// squareColour is the average colour around the centre of square s.
func squareColour(g *game, b board, s string) color.NRGBA {
	x, y := b.centre(s)
	_, c := classify(g.frame(), x, y)
	return c
}

// TestLessonOne plays the first lesson from the title: a wrong try (a man
// moved two squares) is answered on the board — the square is marked and
// the position stays — then the right moves, the scripted reply, and the
// lesson is saved as done.
func TestLessonOne(t *testing.T) {
	const w, h = 1280, 800
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-mute")
	g.ticks(20)
	openLesson(g, w, h, 0)

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

	g.click(b.centre("d4"))
	g.click(b.centre("e5"))
	pos = pos.Play(mustMove(t, pos, "d4-e5"))
	g.waitFor(b, pos, 120, "the second step's d4-e5")
	g.ticks(30)

	data, err := os.ReadFile(filepath.Join(config, "learning.json"))
	if err != nil {
		t.Fatalf("the progress was not saved: %v", err)
	}
	if !strings.Contains(string(data), lessons.All()[0].ID) {
		t.Fatalf("learning.json does not have lesson 1 done:\n%s", data)
	}
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
		g.shot(dir, "learn-title")
		tl := scenes.TitleLayout(w, h, 1, false)
		g.click(mid(tl.Learn))
		g.ticks(30)
		g.shot(dir, "lessons")
		ll := scenes.LessonsLayout(w, h, 1, len(lessons.All()))
		// Lesson 2, step 1: a quiet move while a capture is compulsory.
		g.click(mid(ll.Rows[1]))
		g.ticks(30)
		b := playBoard(w, h, rules.Bashni, false)
		g.click(b.centre("g3"))
		g.ticks(20)
		g.shot(dir, "lesson")
		g.close()
	}
}
