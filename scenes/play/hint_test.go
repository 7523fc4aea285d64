//go:build !js

package play

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/ai"
	"bashni/i18n"
	"bashni/learn/analysis"
	"bashni/rules"
	"bashni/scenes"
	"bashni/session"
)

// lineEngine is a computer player whose hint is a fixed line (the engine's
// search is package ai's business; here the screen is tested), and whose
// moves are the first legal one.
type lineEngine struct{ pv []string }

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
	return session.Hint{Best: pv[0], PV: pv, Score: 200}
}

func (lineEngine) NewGame() {}

// TestHintShowsTheLineAndWhy: a hint that gives a man and wins two back
// (issue 21, "a hint shows why") draws its line on the board — the hinted
// move and Black's expected reply at least — and says in the toast, in
// every language (none falling back to English), what the move gives and
// gets back by when. Playing a move clears the line.
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
			got := ps.toast.Text()
			t.Logf("%s: %s", lang.Code(), got)
			// Sacrifice: gives a piece, wins 3 back by move 2 (the balance
			// after e3:c5:e7 is +2, what it took is 3).
			why := cat.NF("hint.sacrifice", 3, "Gives", cat.N("hint.pieces", 1), "ByMove", 2)
			if !strings.Contains(got, why) || !strings.Contains(got, "b4-c5") {
				t.Errorf("the toast says %q, want the move and %q", got, why)
			}
			if !strings.Contains(got, "2") {
				t.Errorf("the toast %q does not say by which move", got)
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
