package records

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TestLayouts lays out the import screen, Past games and the replay's
// buttons at many sizes: everything on the screen, nothing overlapping,
// touch targets of at least 44 dp.
func TestLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range scenetest.LayoutSizes {
			w, h := sz[0]*scale, sz[1]*scale
			screen := scenes.Rect{W: w, H: h}
			name := fmt.Sprintf("%vx%v@%v", sz[0], sz[1], scale)
			il := ImportLayout(w, h, scale)
			scenetest.CheckRects(t, "import "+name, scale, screen, map[string]scenes.Rect{"variant": il.Variant, "back": il.Back, "paste": il.Paste, "clear": il.Clear, "open": il.Open},
				map[string]scenes.Rect{"field": il.Field, "status": il.Status})
			al := ArchiveLayout(w, h, scale, 3)
			scenetest.CheckRects(t, "archive "+name, scale, screen, map[string]scenes.Rect{"back": al.Back}, map[string]scenes.Rect{"list": al.List})
			if al.RowH < scenes.MinTouchDP*scale {
				t.Errorf("archive %s: rows of %v", name, al.RowH)
			}
			more, play := ReplayMoreButton(w, h, scale, rules.Bashni), ReplayPlayButton(w, h, scale, rules.Bashni)
			pl := scenes.ComputePlayLayout(w, h, scale, rules.Bashni, false)
			scenetest.CheckRects(t, "replay "+name, scale, screen, map[string]scenes.Rect{"more": more, "play": play}, nil)
			for i, b := range pl.ControlButtons(5, nil) {
				if scenetest.Overlap(b, more) || scenetest.Overlap(b, play) {
					t.Errorf("replay %s: control %d overlaps the status buttons", name, i)
				}
			}
		}
	}
}

// TestFits is the layout test of Past games, the import screen and the
// replay (scenetest.MeasureFits).
func TestFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{
		{Name: "past games", Fits: fitArchive}, {Name: "import", Fits: fitImport}, {Name: "replay", Fits: fitReplay}},
		"844x390 replay: button",     // Russian toolbar labels under their icons
		"390x844 past games: row",    // a row's lines: 10–11 dp
		"390x844 past games: line",   // the line under the title: 11 dp
		"390x844 past games: result", // the result pill: 10–11 dp
	)
}

// archiveSamples are finished games of every kind the list shows.
func archiveSamples() []storage.ArchivedGame {
	when := time.Date(2026, 9, 29, 23, 59, 0, 0, time.Local)
	var games []storage.ArchivedGame
	for _, g := range []struct {
		opp    storage.Opponent
		level  int
		human  storage.Color
		result storage.Result
		reason storage.Reason
	}{
		{storage.OpponentComputer, 7, storage.Black, storage.ResultWhiteWins, storage.ReasonNoMoves},
		{storage.OpponentComputer, 7, storage.White, storage.ResultWhiteWins, storage.ReasonResignation},
		{storage.OpponentComputer, 7, storage.White, storage.ResultDraw, storage.ReasonNoProgress},
		{storage.OpponentFriend, 0, storage.White, storage.ResultBlackWins, storage.ReasonResignation},
		{storage.OpponentFriend, 0, storage.White, storage.ResultWhiteWins, storage.ReasonRepetition},
		{storage.OpponentFriend, 0, storage.White, storage.ResultDraw, storage.ReasonAgreement},
		{storage.OpponentOnline, 0, storage.White, storage.ResultBlackWins, storage.ReasonTime},
		{storage.OpponentOnline, 0, storage.Black, storage.ResultBlackWins, storage.ReasonAbandonment},
	} {
		games = append(games, storage.ArchivedGame{Finished: when, Variant: storage.VariantBashni, Opponent: g.opp, Level: g.level, Human: g.human, Result: g.result, Reason: g.reason, Plies: 375})
	}
	return games
}

func fitArchive(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	s := NewArchiveScene(a)
	s.Layout(a, w, h, 1)
	r := s.rects
	f.Buttons(&s.btnBack)
	f.Line("title", ui.TextFit{Text: s.title, Size: 28, Weight: sprites.Bold, Room: r.Card.W - p.DP(44)})
	for _, sub := range []string{s.sub, cat.T("archive.not_kept"), cat.F("archive.unreadable", "Error", "bad tag")} {
		f.Shrinking("line", ui.TextFit{Text: sub, Size: 14, Weight: sprites.Regular, Room: r.Card.W - p.DP(44)}, 11)
	}
	f.Wrapped("empty", ui.TextFit{Text: cat.T("archive.empty"), Size: 16, Weight: sprites.Regular, Room: r.List.W - p.DP(48)}, int(r.List.H/p.DP(22)))
	s.games = archiveSamples()
	s.Layout(a, w, h, 1)
	in := ui.Inset(scenes.Rect{X: r.List.X, W: r.List.W, H: r.RowH}, p.DP(3))
	pillW := s.pillW
	maxW := in.W - p.DP(10) - pillW - p.DP(14) - s.analysisW - p.DP(12)
	for _, row := range s.rows {
		f.Shrinking("result", ui.TextFit{Text: row.outcome, Size: row.outcomeSize, Weight: sprites.Bold, Room: pillW - p.DP(10)}, 10)
		f.Shrinking("row", ui.TextFit{Text: row.line1, Size: row.size1, Weight: sprites.Medium, Room: maxW}, 10)
		f.Shrinking("row", ui.TextFit{Text: row.line2, Size: row.size2, Weight: sprites.Regular, Room: maxW}, 10)
	}
}

func fitImport(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	s := NewImportScene(a)
	s.Layout(a, w, h, 1)
	r := s.rects
	f.Buttons(&s.btnBack, &s.btnPaste, &s.btnClear, &s.btnOpen)
	f.Controls("choice", s.variant.Fits(p))
	room := r.Card.W - p.DP(44)
	f.Line("title", ui.TextFit{Text: s.title, Size: 28, Weight: sprites.Bold, Room: room})
	f.Line("subtitle", ui.TextFit{Text: s.sub, Size: 14, Weight: sprites.Regular, Room: room})
	f.Wrapped("label", ui.TextFit{Text: s.label, Size: s.labelSize, Weight: sprites.Medium, Room: s.labelRoom(p)}, 2)
	f.Wrapped("label", ui.TextFit{Text: s.labelTagged, Size: s.labelTaggedSize, Weight: sprites.Medium, Room: s.labelRoom(p)}, 2)
	f.Placeholder("placeholder", s.field)
	var texts []string
	for _, id := range []string{"import.nothing_yet", "import.no_clipboard", "import.nothing_to_import", "import.no_moves_found",
		"import.position_summary", "import.game_summary", "clipboard.paste_failed", "clipboard.empty"} {
		texts = append(texts, scenetest.Samples(cat, id)...)
	}
	texts = append(texts, cat.F("import.other_variant", "Error", cat.F("move_error.illegal", "Text", "e5:c3"), "Other", cat.VariantName(rules.Lasca)),
		cat.F("import.bad_position", "Error", "more than 12 white pieces"),
		cat.NF("import.game_summary", 188, "Variant", cat.VariantName(rules.Bashni))+cat.T("common.separator")+"1-0"+cat.T("common.separator")+cat.T("import.from_set_position"))
	// Two lines at 14 dp, or three at 12 (not under 11).
	for _, m := range texts {
		room := r.Status.W - p.DP(24)
		if len(p.Wrap(m, 14, sprites.Medium, room)) <= 2 {
			continue
		}
		_, size := scenes.FitLines(p, m, 12, 11, sprites.Medium, room, 3)
		f.Wrapped("status", ui.TextFit{Text: m, Size: size, Weight: sprites.Medium, Room: room}, 3)
	}
}

func fitReplay(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat, p := f.Cat, f.P
	im, err := parseImport(workedGame, rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	s := NewReplayScene(a, im)
	s.Layout(a, w, h, 1)
	f.Buttons(&s.btnBack, &s.btnFirst, &s.btnPrev, &s.btnNext, &s.btnLast, &s.btnPlay)
	f.Menu("menu", &s.menu)
	// The position's line beside the buttons (notices are toasts over the
	// board).
	var texts []string
	for _, id := range []string{"replay.at_start", "replay.move_of", "common.to_move"} {
		texts = append(texts, scenetest.Samples(cat, id)...)
	}
	texts = append(texts, cat.F("replay.move_of", "Move", 188, "Moves", 188)+cat.T("common.separator")+"1/2-1/2")
	room := s.statusRoom(p)
	for _, m := range texts {
		_, size := scenes.StatusFit(p, m, room)
		f.Wrapped("status", ui.TextFit{Text: m, Size: size, Weight: sprites.Medium, Room: room}, 2)
	}
}

// TestTouchTargetsOnAPhone: every control of Past games, the import
// screen and the replay, in every language, on a phone held both ways, is
// at least scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	im, err := parseImport("1. c3-d4 f6-e5 2. d4:f6 g7:e5 *", rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	scenetest.TouchTargetsOnPhones(t, func(a *scenes.App) []scenes.Scene {
		return []scenes.Scene{NewArchiveScene(a), NewImportScene(a), NewReplayScene(a, im)}
	})
	for _, sz := range scenetest.PhoneSizes {
		if rh := ArchiveLayout(sz[0], sz[1], 1, 20).RowH; rh < scenes.MinTouchDP {
			t.Errorf("%gx%g: the archive's rows are %.1f dp tall, under %d", sz[0], sz[1], rh, scenes.MinTouchDP)
		}
	}
}

// noClipboard is a desktop without a clipboard tool.
type noClipboard struct{ platform.Memory }

func (*noClipboard) Tool() string { return "" }
func (*noClipboard) Paste() *platform.Job {
	return platform.FailedJob(fmt.Errorf("%w (install xclip, xsel or wl-clipboard)", platform.ErrNoClipboard))
}

// TestImportNoticeSaysItOnce: without a clipboard tool the import screen
// says so once, with the clipboard's own reason, not a notice nested in
// another ("No clipboard tool here (no clipboard tool is available here
// (…))").
func TestImportNoticeSaysItOnce(t *testing.T) {
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Clipboard: &noClipboard{}})
	s := NewImportScene(a)
	if n := strings.Count(strings.ToLower(s.notice), "no clipboard"); n != 1 || strings.Count(s.notice, "(") != 1 || !strings.Contains(s.notice, "install xclip") {
		t.Errorf("the notice says %q", s.notice)
	}
}
