package arena

import (
	"fmt"
	"testing"
	"time"

	"bashni/i18n"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// The arenas' page's layout test: its words in every language at
// 1280×800, 390×844 and 844×390, measured against the room its Draw gives
// them, and its touch targets on a phone held either way.

// arenaDebts are the boxes known not to fit yet (the page's layout is
// issue 25's work, scenes/arena): a failure whose place contains one is
// logged, not failed, and a debt that fits now fails the test.
//
// The test measures the room the page's Draw on main gives (the list's
// rows, the table's columns at 55 % and the podium's thirds): a new layout
// changes fitList and fitTable with it.
var arenaDebts = []string{
	// The arena's link under its name is drawn at 11 dp.
	"arena table: link",
	// On an upright phone a name of 20 letters does not fit: the arena's
	// name beside its countdown (a player's arena is named after them), a
	// standing's "30. name (rating)" in 55 % of the row before the scores,
	// and a podium step's name in a third of the card.
	"390x844 arena table: name",
	"390x844 arena table: standing",
	"390x844 arena table: podium's name",
	"ru 390x844 arena list: row's name",
}

// longName is a player's name as long as the server allows (20).
const longName = "Konstantin_Ivanovich"

// sampleList is an arena of each status, named as a player's arena is.
func sampleList(cat *i18n.Catalog) []remote.ArenaInfo {
	now := time.Now()
	name := cat.F("arena.made_by", "Name", longName)
	blitz := remote.Blitz5
	return []remote.ArenaInfo{
		{ID: "AB12CD34", Name: name, Variant: rules.Lasca, Clock: blitz, Minutes: 60, Rated: true, Starts: now.Add(59 * time.Minute), Ends: now.Add(2 * time.Hour), Status: remote.ArenaComing, Players: 1000},
		{ID: "AB12CD35", Name: name, Variant: rules.Bashni, Clock: blitz, Minutes: 60, Rated: true, Starts: now.Add(-time.Minute), Ends: now.Add(3 * time.Hour), Status: remote.ArenaRunning, Players: 22},
		{ID: "AB12CD36", Name: name, Variant: rules.Bashni, Clock: blitz, Minutes: 60, Rated: true, Status: remote.ArenaFinished, Players: 1},
	}
}

// sampleTable is a finished arena with a full table (a podium above it).
func sampleTable(cat *i18n.Catalog, status remote.ArenaStatus) *remote.ArenaTable {
	info := sampleList(cat)[0]
	info.Status = status
	t := &remote.ArenaTable{ArenaInfo: info}
	for i := 0; i < 30; i++ {
		t.Standings = append(t.Standings, remote.ArenaRow{Rank: i + 1, Name: longName, Rating: 2250, Points: 120, Sheet: []int{4, 4, 2, 0, 5, 2, 4, 4, 2, 2, 0, 4}, Streak: i%2 == 0})
	}
	you := t.Standings[1]
	t.You = &you
	return t
}

// screen is the page laid out at w×h with a list or a table, connected to
// nothing (the fields a server's answers fill are set).
func screen(a *scenes.App, w, h float64, table *remote.ArenaTable) *Screen {
	s := New(a, "")
	s.pending = false
	s.arenas = &remote.Arenas{}
	s.me = remote.Me{Name: longName}
	s.list = sampleList(a.Text())
	if table != nil {
		s.id, s.tbl = table.ID, table
	}
	s.Layout(a, w, h, 1)
	return s
}

func TestArenaFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{
		{Name: "arena list", Fits: fitList},
		{Name: "arena table", Fits: fitTable},
	}, arenaDebts...)
}

func fitList(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := screen(a, w, h, nil)
	p, cat := f.P, f.Cat
	pad := p.DP(14)
	room := s.card.W - 2*pad
	onScreen(f, w, h, &s.btnBack, &s.btnJoin, &s.btnCreate)
	f.Buttons(&s.btnBack, &s.btnJoin, &s.btnCreate)
	f.Controls("button", (&ui.Button{Label: cat.T("arena.pause"), Rect: s.btnJoin.Rect}).Fits(p))
	// The spinner stands at the title's right.
	f.Line("title", ui.TextFit{Text: cat.T("arena.title"), Size: 24, Weight: sprites.Bold, Room: room - p.DP(30)})
	f.Line("none", ui.TextFit{Text: cat.T("arena.none"), Size: 15, Weight: sprites.Medium, Room: room})
	s.placeRows()
	if len(s.rowRects) < len(s.list) {
		f.Errorf(f.Where+": rows", "%s: room for %d arenas of %d", f.Where, len(s.rowRects), len(s.list))
	}
	now := time.Now()
	for _, a := range s.list {
		var when string
		switch a.Status {
		case remote.ArenaComing:
			when = cat.F("arena.starts_in", "Time", Countdown(a.Starts.Sub(now)))
		case remote.ArenaRunning:
			when = cat.F("arena.ends_in", "Time", Countdown(a.Ends.Sub(now)))
		default:
			when = cat.T("arena.finished")
		}
		// A row: the name, and the countdown at its right, on the first
		// line; the game under them.
		inner := room - p.DP(16)
		f.Line("row's name", ui.TextFit{Text: a.Name, Size: 15, Weight: sprites.Bold, Room: inner - p.Measure(when, 13, sprites.Medium) - p.DP(8)})
		f.Line("row's countdown", ui.TextFit{Text: when, Size: 13, Weight: sprites.Medium, Room: inner})
		info := fmt.Sprintf("%s · %s · %s", cat.T("online.lasca"), clockWords(a.Clock), cat.N("arena.players", a.Players))
		f.Line("row's game", ui.TextFit{Text: info, Size: 12, Weight: sprites.Medium, Room: inner})
	}
	f.Wrapped("error", ui.TextFit{Text: cat.F("arena.failed", "Error", "dial tcp 192.168.1.5:8080: connection refused"), Size: 13, Weight: sprites.Medium, Room: room}, 2)
}

func fitTable(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	p, cat := f.P, f.Cat
	for _, status := range []remote.ArenaStatus{remote.ArenaRunning, remote.ArenaFinished} {
		tbl := sampleTable(cat, status)
		s := screen(a, w, h, tbl)
		pad := p.DP(14)
		x, right := s.card.X+pad, s.card.X+s.card.W-pad
		when := cat.F("arena.ends_in", "Time", Countdown(3*time.Hour))
		if status == remote.ArenaFinished {
			when = cat.T("arena.finished")
		}
		f.Line("name", ui.TextFit{Text: tbl.Name, Size: 22, Weight: sprites.Bold, Room: right - x - p.Measure(when, 14, sprites.Medium) - p.DP(8)})
		f.Line("link", ui.TextFit{Text: remote.ArenaLink("https://bashni.example.org", tbl.ID), Size: 11, Weight: sprites.Medium, Room: right - x})
		// A standing: rank, name and rating with the streak's flame,
		// then the game scores from 55 % of the row, the points at its end.
		line := fmt.Sprintf("%d. %s (%d)", 30, longName, 2250)
		f.Line("standing", ui.TextFit{Text: line, Size: 14, Weight: sprites.Medium, Room: (right-x)*0.55 - p.DP(6) - p.DP(20)})
		sheet := Sheet(tbl.Standings[0].Sheet, int((right-x)/p.DP(60)))
		f.Line("scores", ui.TextFit{Text: sheet, Size: 12, Weight: sprites.Medium, Room: (right-x)*0.45 - p.DP(6) - p.Measure("120", 15, sprites.Bold) - p.DP(8)})
		if status == remote.ArenaFinished {
			// The podium: three steps, a name above each.
			f.Line("podium's name", ui.TextFit{Text: longName, Size: 14, Weight: sprites.Bold, Room: (right-x)/3 - p.DP(8)})
		}
		onScreen(f, w, h, &s.btnBack, &s.btnJoin, &s.btnCreate)
	}
}

// onScreen reports a button off the w×h screen through the fitter.
func onScreen(f *scenetest.Fitter, w, h float64, bs ...*ui.Button) {
	for _, b := range bs {
		if !scenetest.Inside(b.Rect, scenes.Rect{W: w, H: h}) {
			f.Errorf(f.Where+": off the screen", "%s: %q %v is off the screen", f.Where, b.Label, b.Rect)
		}
	}
}

// TestArenaTouchTargets: the list's rows and the buttons, in every
// language, on a phone held either way, are at least scenes.MinTouchDP
// either way, measured on what is hit-tested.
//
// A debt (issue 25's layout): the list's rows are 36 dp high; they are
// logged, and the test fails once they are tall enough.
func TestArenaTouchTargets(t *testing.T) {
	owedMet := false
	for _, l := range i18n.Langs() {
		cat, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		st := storage.Defaults()
		st.InstantAnimations = true
		a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			for _, table := range []*remote.ArenaTable{nil, sampleTable(cat, remote.ArenaRunning)} {
				s := screen(a, sz[0], sz[1], table)
				name := fmt.Sprintf("%s arena %gx%g", l.Code(), sz[0], sz[1])
				if table != nil {
					name += " table"
				}
				row := func(r scenes.Rect) bool {
					for _, q := range s.rowRects {
						if q == r {
							return true
						}
					}
					return false
				}
				n, met := scenetest.TouchTargetsOwing(t, a, &hits, name, s, sz[0], sz[1], nil, row)
				owedMet = owedMet || met
				if n == 0 {
					t.Errorf("%s: no widget hit-tested anything", name)
				}
			}
		}
	}
	if !owedMet {
		t.Error("the arenas' rows are tall enough now: strike the debt off TestArenaTouchTargets")
	}
}
