package editor

import (
	"fmt"
	"testing"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// verdictIDs are the computer's opinions the status line may show.
var verdictIDs = []string{"verdict.equal", "verdict.slightly_better", "verdict.better", "verdict.much_better", "verdict.winning", "verdict.has_won", "verdict.wins_in"}

// TestLayouts lays the editor out at many sizes, in both variants:
// everything on the screen, nothing overlapping, touch targets of at least
// 44 dp, squares large enough to place columns on.
func TestLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range scenetest.LayoutSizes {
			w, h := sz[0]*scale, sz[1]*scale
			screen := scenes.Rect{W: w, H: h}
			name := fmt.Sprintf("%vx%v@%v", sz[0], sz[1], scale)
			for _, v := range rules.Variants {
				el := EditorLayout(w, h, scale, v)
				targets := map[string]scenes.Rect{"undo": el.Undo, "clear column": el.ClearCol, "tool": el.Tool, "variant": el.Variant,
					"side": el.Side, "empty": el.Empty, "start": el.Start, "copy": el.CopyFEN, "back": el.Back, "analyse": el.Analyse, "play": el.Play}
				for i, r := range el.Pieces {
					targets[fmt.Sprint("piece ", i)] = r
				}
				scenetest.CheckRects(t, "editor "+v.String()+" "+name, scale, screen, targets, map[string]scenes.Rect{"board": el.Board.Outer(), "brush": el.Brush, "status": el.Status})
				if el.Tool.W/2 < scenes.MinTouchDP*scale || el.Side.W/2 < scenes.MinTouchDP*scale {
					t.Errorf("editor %s: segments too narrow", name)
				}
				if el.Board.Square < 24*scale || (sz[1] >= 800 && el.Board.Square < 40*scale) {
					t.Errorf("editor %s: squares of %v px", name, el.Board.Square)
				}
			}
		}
	}
}

// TestFits is the editor's layout test (scenetest.MeasureFits).
func TestFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "editor", Fits: fitEditor}},
		"editor: brush", // the brush's notes beside it: 10–11 dp
	)
}

func fitEditor(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	s := NewEditorScene(a, nil)
	s.Layout(a, w, h, 1)
	r := &s.rects
	for _, b := range []*ui.Button{&s.btnEmpty, &s.btnStart, &s.btnCopy, &s.btnBack, &s.btnAnalyse, &s.btnPlay} {
		f.Controls("button", b.Fits(p))
	}
	for _, sg := range []*ui.Segmented{&s.tool, &s.variant, &s.side} {
		f.Controls("choice", sg.Fits(p))
	}
	if r.Landscape {
		f.Line("title", ui.TextFit{Text: s.title, Size: 24, Weight: sprites.Bold, Room: r.Panel.W - p.DP(32)})
	}
	st := r.Status
	maxLines := max(1, int((st.H-p.DP(12))/p.DP(20)))
	var texts []string
	for _, id := range []string{"editor.build_first", "editor.too_many", "editor.invalid", "editor.board_empty", "editor.no_legal_move",
		"editor.summary_moves", "editor.summary_capture", "editor.looking", "editor.fen_copied", "export.copy_failed"} {
		texts = append(texts, scenetest.Samples(cat, id)...)
	}
	for _, id := range verdictIDs {
		for _, v := range scenetest.Samples(cat, id) {
			texts = append(texts, cat.F("editor.best", "Move", "a3:c5:e7:g5")+cat.T("common.separator")+v)
		}
	}
	for _, m := range texts {
		f.Wrapped("status", ui.TextFit{Text: m, Size: 14, Weight: sprites.Medium, Room: st.W - p.DP(44)}, maxLines)
	}
	// The brush: what it is (shrinks to 11 dp) and what a tap does.
	box := r.Brush.H - p.DP(8)
	room := r.Brush.W - p.DP(6) - box - p.DP(10) - p.DP(6)
	var titles []string
	for _, pc := range EditorPieces {
		titles = append(titles, cat.PieceName(pc))
	}
	for _, side := range []rules.Color{rules.White, rules.Black} {
		// Columns as tall as games make them: five pieces.
		titles = append(titles, cat.SideNF("editor.column_own", side, 5, "Stack", "11111"),
			cat.SideNF("editor.column_prisoners", side, 4, "Stack", "1/0000"))
	}
	for _, title := range titles {
		f.Shrinking("brush", ui.TextFit{Text: title, Size: 16, Weight: sprites.Bold, Room: room}, 11)
	}
	for _, id := range []string{"editor.choose", "editor.choose_sub", "editor.tap_to_place", "editor.new_column", "editor.pieces_go_under"} {
		f.Shrinking("brush", ui.TextFit{Text: cat.T(id), Size: 13, Weight: sprites.Regular, Room: room}, 10)
	}
}

// TestTouchTargetsOnAPhone: every control of the editor, in every
// language, on a phone held both ways, is at least scenes.MinTouchDP
// either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	scenetest.TouchTargetsOnPhones(t, func(a *scenes.App) []scenes.Scene {
		return []scenes.Scene{NewEditorScene(a, rules.NewPosition(rules.Bashni))}
	})
}

// TestNameAndVariant: the editor is named as tools read it, and opens on
// the variant last played.
func TestNameAndVariant(t *testing.T) {
	if got := (&EditorScene{}).Name(); got != "editor" {
		t.Errorf("the editor is named %q", got)
	}
	st := storage.Defaults()
	st.NewGame.Variant = storage.VariantLasca
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Settings: st})
	if e := NewEditorScene(a, nil); e.model.variant != rules.Lasca {
		t.Errorf("the editor opens on %v, the variant last played is Lasca", e.model.variant)
	}
}
