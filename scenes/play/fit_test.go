//go:build !js

package play

import (
	"math"
	"slices"
	"testing"

	"bashni/learn/explain"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// TestPlayFits is the layout test of the play screen and the game-over
// card (scenetest.MeasureFits).
func TestPlayFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "play", Fits: fitPlay}, {Name: "game over", Fits: fitGameOver}},
		"844x390 play: card line", // the players' cards on a phone on its side: 10 dp
		"game over: notice",       // a saved file's long path: 10 dp
		"844x390 play: button",    // Russian toolbar labels under their icons
	)
}

// outcomeIDs and verdictIDs are the results and the computer's opinions.
var (
	outcomeIDs = []string{"outcome.repetition", "outcome.no_progress", "outcome.agreement", "outcome.no_moves", "outcome.resignation"}
	verdictIDs = []string{"verdict.equal", "verdict.slightly_better", "verdict.better", "verdict.much_better", "verdict.winning", "verdict.has_won", "verdict.wins_in"}
)

// fitMenu lists a popup menu's title and items.
func fitMenu(f *scenetest.Fitter, what string, m *scenes.PopupMenu) {
	p := f.P
	f.Line(what+" title", ui.TextFit{Text: m.Title, Size: 22, Weight: sprites.Bold, Room: m.Card.W - p.DP(40)})
	for i := range m.Buttons {
		f.Controls(what, m.Buttons[i].Fits(p))
	}
}

// statusIDs are the messages of the play screen's status line (the
// outcomes and verdicts are added by fitPlay).
var statusIDs = []string{"play.status_compulsory", "play.thinking", "play.thinking_side", "play.looking_for_hint",
	"common.to_move", "play.your_move", "play.your_move_capture", "play.to_move_capture",
	"play.must_land_to_continue", "play.ambiguous_route", "play.blocked", "play.save_failed"}

// fitStatus lists a status line's messages: a line that shrinks from 16 to
// 13 dp, then wraps to two lines at 13 dp.
func fitStatus(f *scenetest.Fitter, what string, texts []string, room float64) {
	for _, s := range texts {
		f.Wrapped(what, ui.TextFit{Text: s, Size: 13, Weight: sprites.Medium, Room: room}, 2)
	}
}

func fitPlay(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	for _, cfg := range []scenes.GameConfig{{Variant: rules.Bashni, Level: 7}, {Variant: rules.Lasca, Friend: true}, {Variant: rules.Bashni, Watch: true, Level: 7}} {
		s := New(a, cfg)
		s.Layout(a, w, h, 1)
		for _, b := range []*ui.Button{&s.ctl.btnUndo, &s.ctl.btnRedo, &s.ctl.btnFlip, &s.ctl.btnHint, &s.ctl.btnMenu, &s.review.btnReturn} {
			f.Controls("button", b.Fits(p))
		}
		st := s.layout.Status
		var texts []string
		for _, id := range statusIDs {
			texts = append(texts, scenetest.Samples(cat, id)...)
		}
		for _, id := range outcomeIDs {
			texts = append(texts, scenetest.Samples(cat, id)...)
		}
		hint := cat.F("play.hint_move", "Move", "a3:c5:e7:g5") + cat.T("common.separator")
		for _, id := range verdictIDs {
			for _, v := range scenetest.Samples(cat, id) {
				texts = append(texts, hint+v)
			}
		}
		fitStatus(f, "status", texts, st.W-p.DP(24))
		fitHintNote(f, s)
		// Looking back: the line shares the box with "Back to game".
		fitStatus(f, "status", append(scenetest.Samples(cat, "play.replaying"), scenetest.Samples(cat, "play.reviewing")...), st.W-p.DP(24)-s.review.btnReturn.Rect.W-p.DP(8))
		f.Wrapped("banner", ui.TextFit{Text: s.words.explain, Size: 16, Weight: sprites.Medium, Room: s.board.Geometry().Inner().W - p.DP(24) - p.DP(32)}, 4)
		// The typed-move line's placeholder.
		s.layoutCommand(a)
		f.Placeholder("command placeholder", s.cmd.field)
		f.Line("no moves", ui.TextFit{Text: s.moves.NoMoves, Size: 15, Weight: sprites.Regular, Room: s.moves.Rect.W - p.DP(16)})
		// The cards, with the longest counts: name and line shrink to 12
		// and 10 dp.
		for _, r := range []scenes.Rect{s.layout.TopCard, s.layout.BottomCard} {
			d := math.Min(r.H*0.62, p.DP(40))
			room := r.W - p.DP(14) - d - p.DP(12) - p.DP(40)
			for _, side := range []rules.Color{rules.White, rules.Black} {
				name := sideName(cat, s.sess, side)
				f.Shrinking("card name", ui.TextFit{Text: name, Size: 18, Weight: sprites.Bold, Room: room}, 12)
				sub := cat.ColorName(side) + cat.T("common.separator") + cat.F("play.level", "Level", 7) + cat.T("common.separator") + scenes.CensusText(cat, 12, 22)
				f.Shrinking("card line", ui.TextFit{Text: sub, Size: 13.5, Weight: sprites.Regular, Room: room}, 10)
			}
		}
		// The menus.
		s.openMenu(a)
		fitMenu(f, "menu", &s.menu.PopupMenu)
		for i, do := range s.menu.actions {
			if do == nil || i == 1 || i >= len(s.menu.Items)-3 {
				continue // resume, a new game, and the screens it pushes
			}
			s.openMenu(a)
			s.menu.actions[i]()
			fitMenu(f, "menu "+s.menu.Title, &s.menu.PopupMenu)
		}
	}
}

func fitGameOver(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	pos := mustPosition(t, finishedFEN)
	ps := New(a, scenes.GameConfig{Start: pos, Human: rules.White, Level: 7})
	s := NewGameOver(a, ps)
	s.Layout(a, w, h, 1)
	r := s.rects
	room := r.Card.W - p.DP(52)
	for _, b := range []*ui.Button{&s.btnNew, &s.btnReplay, &s.btnExport, &s.btnBoard} {
		f.Controls("button", b.Fits(p))
	}
	// An arena's game goes back to the arena.
	s.btnNew.Label = cat.T("arena.back_to_arena")
	f.Controls("button", s.btnNew.Fits(p))
	for _, id := range []string{"common.draw", "gameover.you_won", "gameover.computer_won", "gameover.wins"} {
		for _, title := range scenetest.Samples(cat, id) {
			_, _, size := gameOverText(p, title, "", room)
			f.Line("title", ui.TextFit{Text: title, Size: size, Weight: sprites.Bold, Room: room})
		}
	}
	// The reason has two lines at 16 dp, or three at 14, above the count
	// of moves.
	for _, id := range outcomeIDs {
		for _, reason := range scenetest.Samples(cat, id) {
			_, size, _ := gameOverText(p, "", reason, room)
			lines := 2
			if size < 16 {
				lines = 3
			}
			f.Wrapped("reason", ui.TextFit{Text: reason, Size: size, Weight: sprites.Regular, Room: room}, lines)
		}
	}
	count := cat.N("common.moves", 188) + cat.T("common.separator") + cat.VariantName(rules.Bashni)
	f.Shrinking("moves", ui.TextFit{Text: count, Size: 14, Weight: sprites.Regular, Room: room}, 10)
	for _, id := range []string{"export.copied", "export.saved_download", "export.copy_failed"} {
		for _, n := range scenetest.Samples(cat, id) {
			f.Shrinking("notice", ui.TextFit{Text: n, Size: 14, Weight: sprites.Regular, Room: room}, 10)
		}
	}
	m := &actionMenu{}
	m.show(a, cat.T("play.menu.game_record_title"), exportItems(a, &scenes.Exporter{}, func() string { return "" }, func(scenes.Context, string) {})...)
	fitMenu(f, "record menu", &m.PopupMenu)
}

// finishedFEN: White to move has just one capture, after which Black has
// nothing left; the test plays nothing, it needs the card's layout.
const finishedFEN = "W:Wc3-000/00,g3-0/000,a1-1,e1:Bd4-0/0:H0:F40"

// fitHintNote lists the hint's note (hintnote.go) with its longest words:
// the longest move, the two longest reasons (one on a phone on its side,
// notePlaces' last resort) and the longest verdict, all shown at a
// readable size in the largest place the note may take, which
// covers no square of the board and neither player's card.
func fitHintNote(f *scenetest.Fitter, s *Screen) {
	cat, p := f.Cat, f.P
	var buf [3]notePlace
	places := notePlaces(&buf, &s.layout)
	largest := places[len(places)-1]
	area := largest.area
	for name, r := range map[string]scenes.Rect{"board": s.board.Geometry().Outer(), "opponent's card": s.layout.TopCard, "own card": largest.card} {
		if scenetest.Overlap(area, r) {
			f.Errorf("hint note", "%s: the hint's note may take %v, over the %s %v", f.Where, area, name, r)
		}
	}
	longest := func(texts []string) string {
		best := ""
		for _, t := range texts {
			if p.Measure(t, noteMaxSize, sprites.Medium) > p.Measure(best, noteMaxSize, sprites.Medium) {
				best = t
			}
		}
		return best
	}
	capture, err := longCapture()
	if err != nil {
		f.Errorf("hint note", "%s: the sample capture: %v", f.Where, err)
	}
	var reasons []string
	for _, code := range explain.ReasonCodes {
		for _, n := range []int{1, 3, 5, 22} {
			for _, gives := range []int{0, 3} {
				r := explain.Reason{Code: code, Count: n, Gives: gives, ByMove: 88, Square: rules.Square(7), Move: capture}
				reasons = append(reasons, r.Say(cat))
			}
		}
	}
	first := longest(reasons)
	reasons = slices.DeleteFunc(reasons, func(r string) bool { return r == first })
	var verdicts []string
	for _, id := range verdictIDs {
		verdicts = append(verdicts, scenetest.Samples(cat, id)...)
	}
	heading := cat.F("play.hint_move", "Move", capture.String())
	body := []string{first, longest(reasons), longest(verdicts)}
	if largest.oneReason { // the last resort drops the second reason
		body = []string{first, longest(verdicts)}
	}
	lines, size, _, cut := fitNote(p, heading, body, area, largest.padY)
	if cut {
		f.Errorf("hint note", "%s: the hint's note shows %d lines of %q in %.0f px", f.Where, len(lines), append([]string{heading}, body...), area.H)
	}
	room := noteRoom(p, area)
	f.Wrapped("hint note", ui.TextFit{Text: heading, Size: size, Weight: sprites.Bold, Room: room}, len(lines))
	for _, b := range body {
		f.Wrapped("hint note", ui.TextFit{Text: b, Size: size, Weight: sprites.Medium, Room: room}, len(lines))
	}
}

// longCapture is a long capture to name in the words of a reason.
func longCapture() (rules.Move, error) {
	pos, err := rules.ParseFEN(rules.Bashni, "W:Wa3:Bb4,d6,f6:H0:F1")
	if err != nil {
		return rules.Move{}, err
	}
	return pos.ParseMove("a3:c5:e7:g5")
}
