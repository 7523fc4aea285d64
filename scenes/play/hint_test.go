//go:build !js

package play

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/ai"
	"bashni/i18n"
	"bashni/learn/analysis"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/session"
	"bashni/sprites"
)

// lineEngine is a computer player whose hint is a fixed line (the engine's
// search is package ai's business; here the screen is tested), and whose
// moves are the first legal one.
// lineEngine hints pv; with verdict it also judges the position as the
// real engine does (a longer note).
type lineEngine struct {
	pv      []string
	verdict bool
}

func (e lineEngine) ChooseMove(_ context.Context, h []*rules.Position, _ int) rules.Move {
	return h[len(h)-1].LegalMoves(nil)[0]
}

func (e lineEngine) Hint(_ context.Context, h []*rules.Position) session.Hint {
	p := h[len(h)-1]
	var pv []rules.Move
	for _, s := range e.pv {
		m, err := p.ParseMove(s)
		if err != nil {
			return session.Hint{}
		}
		pv = append(pv, m)
		p = p.Play(m)
	}
	hint := session.Hint{Best: pv[0], PV: pv, Score: 200}
	if e.verdict {
		hint.Verdict, hint.HasVerdict = ai.VerdictOf(hint.Score, h[len(h)-1].SideToMove()), true
	}
	return hint
}

func (lineEngine) NewGame() {}

// TestHintShowsTheLineAndWhy: a hint that gives a man and wins two back
// (issue 21, "a hint shows why") draws its line on the board — the hinted
// move and Black's expected reply at least — and says in its note, in
// every language (none falling back to English), what the move gives and
// gets back by when. Playing a move clears the line and the note.
func TestHintShowsTheLineAndWhy(t *testing.T) {
	const fen = "W:Wb4,e3,f2:Bb6,d6,h8:H0:F1"
	pv := []string{"b4-c5", "b6:d4", "e3:c5:e7"}
	english := ""
	for _, lang := range i18n.Langs() {
		t.Run(lang.Code(), func(t *testing.T) {
			a, _ := newApp(t, scenes.Options{Engine: func(uint64) session.Engine { return lineEngine{pv: pv} }})
			st := a.Settings()
			st.Language = lang.Code()
			a.SetSettings(st)
			cat := a.Text()
			ps := start(t, a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1, Start: mustPosition(t, fen)})
			ps.askHint(a)
			run(t, a, func() bool { runtime.Gosched(); return len(ps.board.HintLine()) > 0 }, 100_000)
			line := ps.board.HintLine()
			if len(line) < 2 || line[0].String() != pv[0] || line[1].String() != pv[1] {
				t.Fatalf("the board shows the line %v, want %v and at least the reply %v", line, pv[0], pv[1])
			}
			got := ps.noteText()
			t.Logf("%s: %s", lang.Code(), got)
			// Sacrifice: gives a piece, wins 3 back by move 2 (the balance
			// after e3:c5:e7 is +2, what it took is 3).
			why := cat.NF("hint.sacrifice", 3, "Gives", cat.N("hint.pieces", 1), "ByMove", 2)
			if !strings.Contains(got, why) || !strings.Contains(got, "b4-c5") {
				t.Errorf("the note says %q, want the move and %q", got, why)
			}
			if !strings.Contains(got, "2") {
				t.Errorf("the note %q does not say by which move", got)
			}
			if lang == i18n.English {
				english = got
				// The line is drawn every frame of an uncached board:
				// its routes come from caches, never composed again, so
				// each of its moves costs a frame what the hint's own
				// arrow costs (outside Ebitengine's loop a draw call
				// allocates for reasons of its own: compared, not zero).
				dst := ebiten.NewImage(1280, 800)
				defer dst.Deallocate()
				partial := ps.board.Partial
				ps.board.Partial = false // every Draw draws the static layer
				defer func() { ps.board.Partial = partial }()
				allocs := func(line []rules.Move) float64 {
					ps.board.SetHintLine(line)
					ps.board.Draw(dst)
					return testing.AllocsPerRun(20, func() { ps.board.Draw(dst) })
				}
				none, hint, with := allocs(nil), allocs(line[:1]), allocs(line)
				perRoute := hint - none
				if extra := with - hint; extra > float64(len(line)-1)*perRoute {
					t.Errorf("the hint's line adds %v allocations a frame, more than %v for its %d moves (a route composed again?)", extra, float64(len(line)-1)*perRoute, len(line)-1)
				}
			} else if got == english || strings.Contains(got, "Gives") {
				t.Errorf("%s falls back to English: %q", lang.Code(), got)
			}
			if err := ps.sess.Play(mustMove(t, ps.sess.Game().Position(), "b4-c5")); err != nil {
				t.Fatal(err)
			}
			run(t, a, func() bool { return len(ps.board.HintLine()) == 0 }, 100)
			if l := ps.board.HintLine(); len(l) != 0 {
				t.Errorf("after a move the board still shows the hint %v", l)
			}
			if n := ps.noteText(); n != "" {
				t.Errorf("after a move the note still says %q", n)
			}
		})
	}
}

// TestHintBudget: hints search a node budget (the same advice on a loaded
// machine or a slow phone), at least the analysis board's.
func TestHintBudget(t *testing.T) {
	if ai.HintNodes < analysis.DefaultLimits.Nodes {
		t.Errorf("a hint searches %d nodes, fewer than the analysis board's %d", ai.HintNodes, analysis.DefaultLimits.Nodes)
	}
	if analysis.DefaultLimits.MoveTime != 0 {
		t.Errorf("the analysis board's budget has a time limit %v", analysis.DefaultLimits.MoveTime)
	}
}

// TestHintNoteBesideTheBoard: the hint's words (issue 21) are beside the
// line they explain, never over it: on a phone held either way and on a
// laptop, in every language, the note covers no square of the board nor
// the status line, either player's card (the own card as drawn, shorter
// on a phone on its side while the note shows) or the controls, shows all its
// words at a readable size inside its width, and stays while the line
// does — past the four seconds a toast lasted — until the player moves.
// Hint again puts it away (the move list gets its place back) and brings
// it back.
func TestHintNoteBesideTheBoard(t *testing.T) {
	const fen = "W:Wb4,e3,f2:Bb6,d6,h8:H0:F1"
	pv := []string{"b4-c5", "b6:d4", "e3:c5:e7"}
	sizes := append([][2]float64{{1280, 800}}, scenetest.PhoneSizes...)
	for _, lang := range i18n.Langs() {
		t.Run(lang.Code(), func(t *testing.T) {
			scenetest.UseFont(t, lang)
			defer sprites.UseLanguage(i18n.English)
			for _, sz := range sizes {
				w, h := sz[0], sz[1]
				where := fmt.Sprintf("%s %gx%g", lang.Code(), w, h)
				a, _ := newApp(t, scenes.Options{Engine: func(uint64) session.Engine { return lineEngine{pv: pv, verdict: true} }})
				st := a.Settings()
				st.Language = lang.Code()
				a.SetSettings(st)
				a.Resize(w, h, 1)
				ps := start(t, a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1, Start: mustPosition(t, fen)})
				status, _ := ps.statusText()
				ps.askHint(a)
				run(t, a, func() bool { runtime.Gosched(); return ps.noteText() != "" }, 100_000)
				n := ps.note.rect
				if n.H == 0 {
					t.Fatalf("%s: no note with the hint", where)
				}
				t.Logf("%s: %d lines at %.1f dp in %v", where, len(ps.note.lines), ps.note.size, n)
				l := ps.layout
				if scenetest.Overlap(n, ps.board.Geometry().Outer()) {
					t.Errorf("%s: the note %v covers the board %v", where, n, ps.board.Geometry().Outer())
				}
				own := ps.ownCard()
				if !scenetest.Inside(own, l.BottomCard) || own.Y+own.H != l.BottomCard.Y+l.BottomCard.H || own.H < l.DP(noteOwnCard) {
					t.Errorf("%s: the own card is drawn at %v, want at least %g dp of %v at its bottom", where, own, noteOwnCard, l.BottomCard)
				}
				if n.Y+n.H <= l.MoveList.Y+l.MoveList.H && own != l.BottomCard {
					t.Errorf("%s: the note %v fits the move list's place %v, yet the own card is %v, not %v", where, n, l.MoveList, own, l.BottomCard)
				}
				for name, r := range map[string]scenes.Rect{"status line": l.Status, "opponent's card": l.TopCard, "own card": own, "controls": l.Controls} {
					if scenetest.Overlap(n, r) {
						t.Errorf("%s: the note %v covers the %s %v", where, n, name, r)
					}
				}
				if !scenetest.Inside(n, scenes.Rect{W: w, H: h}) {
					t.Errorf("%s: the note %v is off the screen", where, n)
				}
				if ps.note.cut || len(ps.note.lines) == 0 {
					t.Errorf("%s: the note shows %d lines of %q, some cut", where, len(ps.note.lines), ps.noteText())
				}
				p := a.Painter()
				room := noteRoom(p, ps.note.area)
				for _, ln := range ps.note.lines {
					weight := sprites.Medium
					if ln.bold {
						weight = sprites.Bold
					}
					if wd := p.Measure(ln.text, ps.note.size, weight); wd > room+0.5 || ps.note.size < scenetest.MinTextDP {
						t.Errorf("%s: the note's line %q is %.0f px at %.1f dp, its room %.0f px", where, ln.text, wd, ps.note.size, room)
					}
				}
				if got, _ := ps.statusText(); got != status {
					t.Errorf("%s: with the note the status line says %q, want %q", where, got, status)
				}
				if scenetest.Overlap(n, ps.moves.Rect) {
					t.Errorf("%s: the move list %v is under the note %v", where, ps.moves.Rect, n)
				}
				// Past a toast's time (240 ticks) the note and the line stay.
				for range 300 {
					_ = a.Update()
				}
				if ps.noteText() == "" || len(ps.board.HintLine()) == 0 {
					t.Errorf("%s: after 5 s the note (%q) or the line (%v) is gone", where, ps.noteText(), ps.board.HintLine())
				}
				dst := ebiten.NewImage(int(w), int(h))
				ps.Draw(a, dst)
				dst.Deallocate()
				// Hint again: the note goes, the list has its place back,
				// the line stays; and again: the note is back.
				ps.askHint(a)
				if ps.noteText() != "" || ps.moves.Rect != l.MoveList || ps.ownCard() != l.BottomCard || len(ps.board.HintLine()) == 0 {
					t.Errorf("%s: Hint again leaves the note %q, the list at %v (want %v), the own card at %v (want %v), the line %v", where, ps.noteText(), ps.moves.Rect, l.MoveList, ps.ownCard(), l.BottomCard, ps.board.HintLine())
				}
				ps.askHint(a)
				if ps.note.rect != n {
					t.Errorf("%s: Hint a third time shows the note at %v, want %v", where, ps.note.rect, n)
				}
				if err := ps.sess.Play(mustMove(t, ps.sess.Game().Position(), pv[0])); err != nil {
					t.Fatal(err)
				}
				run(t, a, func() bool { return ps.noteText() == "" }, 100)
				if ps.noteText() != "" || ps.moves.Rect != l.MoveList || ps.ownCard() != l.BottomCard {
					t.Errorf("%s: after the move the note says %q, the list is at %v (want %v), the own card at %v (want %v)", where, ps.noteText(), ps.moves.Rect, l.MoveList, ps.ownCard(), l.BottomCard)
				}
			}
		})
	}
}

// TestIdleTickAllocatesNothing: a tick of the play screen in which nothing
// happens allocates nothing, with and without the hint's note, on the
// desktop and on phones held either way (the note's places are worked out
// every tick; a slice made for them each time failed e2e's idle frame).
func TestIdleTickAllocatesNothing(t *testing.T) {
	const fen = "W:Wb4,e3,f2:Bb6,d6,h8:H0:F1"
	pv := []string{"b4-c5", "b6:d4", "e3:c5:e7"}
	for _, sz := range append([][2]float64{{1280, 800}}, scenetest.PhoneSizes...) {
		for _, hint := range []bool{false, true} {
			where := fmt.Sprintf("%gx%g, hint shown %v", sz[0], sz[1], hint)
			t.Run(where, func(t *testing.T) {
				a, _ := newApp(t, scenes.Options{Engine: func(uint64) session.Engine { return lineEngine{pv: pv, verdict: true} }})
				a.Resize(sz[0], sz[1], 1)
				ps := start(t, a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1, Start: mustPosition(t, fen)})
				if hint {
					ps.askHint(a)
					run(t, a, func() bool { runtime.Gosched(); return ps.noteText() != "" }, 100_000)
				}
				for i := 0; i < 5; i++ {
					_ = a.Update()
				}
				if n := testing.AllocsPerRun(50, func() { _ = a.Update() }); n != 0 {
					t.Errorf("an idle tick allocates %v times", n)
				}
			})
		}
	}
}
