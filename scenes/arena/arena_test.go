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

// TestArenaFits: every word of the arenas' page fits its box in every
// language at a laptop's and a phone's sizes, each button is on the
// card, and the buttons and the list's rows (the page's touch targets)
// are at least scenes.MinTouchDP high.
func TestArenaFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "list", Fits: fitList}, {Name: "table", Fits: fitTable}})
}

// longest is an arena's info line at its longest: a thousand players.
func longArena(status remote.ArenaStatus) remote.ArenaInfo {
	now := time.Now()
	return remote.ArenaInfo{ID: "K7M2PQ4X", Name: "Hourly Bashni Blitz", Variant: rules.Bashni, Clock: remote.Blitz5,
		Minutes: 120, Rated: true, Starts: now.Add(-time.Hour), Ends: now.Add(2 * time.Hour), Status: status, Players: 1000}
}

func checkTargets(t *testing.T, f *scenetest.Fitter, r Rects, bs ...scenes.Rect) {
	t.Helper()
	for _, b := range bs {
		if !scenetest.Inside(b, r.Card) {
			t.Errorf("%s: a button %v is off the card %v", f.Where, b, r.Card)
		}
		if b.H < scenes.MinTouchDP || b.W < scenes.MinTouchDP {
			t.Errorf("%s: a button %v is under %d dp", f.Where, b, scenes.MinTouchDP)
		}
	}
}

func fitList(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := New(a, "")
	s.Layout(a, w, h, 1)
	r := s.rects
	p := f.P
	if len(r.Rows) < 3 {
		t.Errorf("%s: room for %d arenas only", f.Where, len(r.Rows))
	}
	for _, row := range r.Rows {
		if row.H < scenes.MinTouchDP || !scenetest.Inside(row, r.Card) {
			t.Errorf("%s: a row %v is under %d dp high or off the card", f.Where, row, scenes.MinTouchDP)
		}
	}
	checkTargets(t, f, r, r.Back, r.Create)
	cat := f.Cat
	room := r.Card.W - 2*r.Pad
	f.Line("title", ui.TextFit{Text: cat.T("arena.title"), Size: 24, Weight: sprites.Bold, Room: room - p.DP(30)})
	f.Wrapped("none", ui.TextFit{Text: cat.T("arena.none"), Size: 15, Weight: sprites.Medium, Room: room}, 3)
	s.btnBack.Rect, s.btnThird.Rect = r.Back, r.Create
	for _, label := range []string{"arena.create", "arena.name_first"} {
		s.btnThird.Label = cat.T(label)
		f.Buttons(&s.btnBack, &s.btnThird)
	}
	box := r.Rows[0]
	for _, st := range []remote.ArenaStatus{remote.ArenaComing, remote.ArenaRunning, remote.ArenaFinished} {
		ar := longArena(st)
		when := whenWords(a, ar, time.Now())
		ww := p.Measure(when, 14, sprites.Bold)
		f.Line("when", ui.TextFit{Text: when, Size: 14, Weight: sprites.Bold, Room: box.W / 2})
		f.Shrinking("name", ui.TextFit{Text: ar.Name, Size: 16, Weight: sprites.Bold, Room: box.W - p.DP(30) - ww - p.DP(12)}, 12)
		f.Shrinking("info", ui.TextFit{Text: infoWords(a, ar), Size: 13, Weight: sprites.Medium, Room: box.W - p.DP(30)}, 12)
	}
	// The notes over the buttons: two lines.
	for _, msg := range []string{cat.T("arena.needs_name"), cat.T("arena.copied"), cat.F("lobby.not_understood", "Help", cat.T("arena.help")),
		cat.F("arena.failed", "Error", "connection refused")} {
		f.Wrapped("note", ui.TextFit{Text: msg, Size: 13, Weight: sprites.Medium, Room: room - p.DP(16)}, 2)
	}
}

func fitTable(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	cat := f.Cat
	p := f.P
	for _, podium := range []bool{false, true} {
		s := New(a, "K7M2PQ4X")
		r := TableLayout(w, h, 1, podium)
		rows := 3
		if podium {
			rows = 2
		}
		if len(r.Rows) < rows {
			t.Errorf("%s: room for %d rows of the table only (podium %v)", f.Where, len(r.Rows), podium)
		}
		checkTargets(t, f, r, r.Back, r.Join, r.Third)
		s.btnBack.Rect, s.btnJoin.Rect, s.btnThird.Rect = r.Back, r.Join, r.Third
		for _, labels := range [][2]string{{"arena.join", "arena.your_game"}, {"arena.pause", "arena.copy_link"}, {"arena.join", "arena.name_first"}} {
			s.btnJoin.Label, s.btnThird.Label = cat.T(labels[0]), cat.T(labels[1])
			f.Buttons(&s.btnBack, &s.btnJoin, &s.btnThird)
		}
		room := r.Card.W - 2*r.Pad
		ar := longArena(remote.ArenaRunning)
		when := whenWords(a, ar, time.Now())
		f.Line("when", ui.TextFit{Text: when, Size: 15, Weight: sprites.Bold, Room: room / 2})
		f.Shrinking("name", ui.TextFit{Text: ar.Name, Size: 22, Weight: sprites.Bold, Room: room - p.Measure(when, 15, sprites.Bold) - p.DP(12)}, 14)
		f.Shrinking("info", ui.TextFit{Text: infoWords(a, ar), Size: 13, Weight: sprites.Medium, Room: room}, 12)
		// Every status, for a player in 1000th place with 188 points.
		you := &remote.ArenaRow{Rank: 1000, Name: "Ivan_Petrovich", Points: 188}
		tables := []remote.ArenaTable{{ArenaInfo: ar}}
		for _, st := range []remote.ArenaStatus{remote.ArenaComing, remote.ArenaRunning, remote.ArenaFinished} {
			for _, state := range []struct{ paused, playing bool }{{false, false}, {true, false}, {false, true}} {
				y := *you
				y.Paused, y.Playing = state.paused, state.playing
				info := ar
				info.Status = st
				tables = append(tables, remote.ArenaTable{ArenaInfo: info, You: &y})
			}
		}
		for i := range tables {
			status := s.statusWords(a, &tables[i])
			f.Wrapped("status", ui.TextFit{Text: status, Size: 13, Weight: sprites.Medium, Room: room}, 2)
		}
		if podium {
			w3 := min(r.Podium.W/3, p.DP(180)) - p.DP(8)
			f.Shrinking("podium name", ui.TextFit{Text: "Ivan_Petrovich", Size: 15, Weight: sprites.Bold, Room: w3}, 12)
			f.Line("podium points", ui.TextFit{Text: cat.N("arena.points", 188), Size: 13, Weight: sprites.Medium, Room: w3})
		}
		if len(r.Rows) > 0 {
			box := r.Rows[0]
			nameRoom := (box.W - p.DP(10) - p.DP(40) - p.DP(36)) * 0.55
			f.Shrinking("row name", ui.TextFit{Text: "Ivan_Petrovich", Size: 15, Weight: sprites.Medium, Room: nameRoom - p.DP(12) - p.DP(18)}, 12)
		}
	}
	// The play page's words for arena games.
	f.Line("berserk", ui.TextFit{Text: cat.T("arena.berserk"), Size: 15, Weight: sprites.Medium, Room: 180})
}

// TestParseCommand: the page's typed commands in every language.
func TestParseCommand(t *testing.T) {
	for _, tt := range []struct {
		lang i18n.Lang
		line string
		want command
		ok   bool
	}{
		{i18n.English, "join", command{verb: verbJoin}, true},
		{i18n.English, "/Pause", command{verb: verbPause}, true},
		{i18n.English, "leave", command{verb: verbPause}, true},
		{i18n.English, "table", command{verb: verbTable}, true},
		{i18n.English, "back", command{verb: verbBack}, true},
		{i18n.English, "2", command{verb: verbOpen, number: 2}, true},
		{i18n.English, "arena", command{verb: verbList}, true},
		{i18n.English, "arena k7m2pq4x", command{verb: verbOpen, id: "k7m2pq4x"}, true},
		{i18n.English, "0", command{}, false},
		{i18n.English, "dance", command{}, false},
		{i18n.Russian, "участвовать", command{verb: verbJoin}, true},
		{i18n.Russian, "пауза", command{verb: verbPause}, true},
		{i18n.Russian, "таблица", command{verb: verbTable}, true},
		{i18n.Russian, "join", command{verb: verbJoin}, true},
		{i18n.Korean, "참가", command{verb: verbJoin}, true},
		{i18n.Korean, "순위표", command{verb: verbTable}, true},
		{i18n.Japanese, "参加", command{verb: verbJoin}, true},
		{i18n.Japanese, "休止", command{verb: verbPause}, true},
		{i18n.Japanese, "戻る", command{verb: verbBack}, true},
	} {
		cat, err := i18n.Load(tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := parseCommand(cat, tt.line)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%s %q: %+v %v, want %+v %v", tt.lang.Code(), tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestCountdownAndSheet: the list's countdowns and the table's sheets.
func TestCountdownAndSheet(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{{-time.Second, "0:00"}, {59 * time.Second, "0:59"}, {61*time.Minute + 5*time.Second, "1:01:05"}, {25 * time.Minute, "25:00"}} {
		if got := Countdown(tt.d); got != tt.want {
			t.Errorf("Countdown(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
	for _, tt := range []struct {
		points []int
		max    int
		want   string
	}{{[]int{2, 4, 0}, 5, "2 4 0"}, {[]int{2, 4, 0, 1}, 2, "0 1"}, {nil, 3, ""}, {[]int{2}, -1, ""}} {
		if got := Sheet(tt.points, tt.max); got != tt.want {
			t.Errorf("Sheet(%v, %d) = %q, want %q", tt.points, tt.max, got, tt.want)
		}
	}
}

// TestArenaTouchTargets: the buttons, the list's rows and the table's
// rows (focus stops), in every language, on a phone held either way, are
// at least scenes.MinTouchDP either way, measured on what is hit-tested.
func TestArenaTouchTargets(t *testing.T) {
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
			for _, table := range []*remote.ArenaTable{nil, sampleTable(remote.ArenaRunning), sampleTable(remote.ArenaFinished)} {
				s := connected(a, table)
				name := fmt.Sprintf("%s arena %gx%g", l.Code(), sz[0], sz[1])
				if table != nil {
					name += " table"
				}
				if n := scenetest.TouchTargets(t, a, &hits, name, s, sz[0], sz[1], nil); n == 0 {
					t.Errorf("%s: no widget hit-tested anything", name)
				}
			}
		}
	}
}

// sampleTable is an arena of 30 players with long names.
func sampleTable(status remote.ArenaStatus) *remote.ArenaTable {
	t := &remote.ArenaTable{ArenaInfo: longArena(status)}
	for i := 0; i < 30; i++ {
		t.Standings = append(t.Standings, remote.ArenaRow{Rank: i + 1, Name: "Konstantin_Ivanovich", Rating: 2250, Points: 120,
			Sheet: []int{4, 4, 2, 0, 5, 2, 4, 4, 2, 2, 0, 4}, Streak: i%2 == 0, Playing: i%3 == 0})
	}
	you := t.Standings[1]
	t.You = &you
	return t
}

// connected is the page as a server's answers leave it: the list, or
// table's page, for a named player (connected to nothing).
func connected(a *scenes.App, table *remote.ArenaTable) *Screen {
	s := New(a, "")
	s.pending = false
	s.arenas = &remote.Arenas{}
	s.me = remote.Me{Name: "Konstantin_Ivanovich"}
	s.list = []remote.ArenaInfo{longArena(remote.ArenaComing), longArena(remote.ArenaRunning), longArena(remote.ArenaFinished)}
	if table != nil {
		s.id, s.tbl = table.ID, table
	}
	return s
}

// TestListWordsByTheMinute: the list's rows are named in the page's mirror
// with their countdowns to the minute: the same words (not made again)
// within a minute, new ones when the minute changes or a new list comes.
func TestListWordsByTheMinute(t *testing.T) {
	a, _ := scenetest.NewApp(t, nil, scenes.Options{})
	s := connected(a, nil)
	now := time.Now()
	coming := longArena(remote.ArenaComing)
	coming.Starts = now.Add(5*time.Minute + 30*time.Second)
	s.list = []remote.ArenaInfo{coming}
	first := s.listSaid(a, 0, now)
	if want := s.listWords(a, coming, now); first != want {
		t.Fatalf("the row is said %q, want %q", first, want)
	}
	for _, tc := range []struct {
		name  string
		after time.Duration
		same  bool
	}{
		{"a second on", time.Second, true},
		{"29 s on, the same minute", 29 * time.Second, true},
		{"31 s on, the next minute", 31 * time.Second, false},
	} {
		got := s.listSaid(a, 0, now.Add(tc.after))
		if same := got == first; same != tc.same {
			t.Errorf("%s: said %q after %q: same %v, want %v", tc.name, got, first, same, tc.same)
		}
	}
	// A new list (one more player): said anew at once.
	coming.Players++
	s.take(a, result{list: []remote.ArenaInfo{coming}})
	if got := s.listSaid(a, 0, now.Add(time.Minute)); got != s.listWords(a, coming, now.Add(time.Minute)) {
		t.Errorf("after a new list the row is said %q", got)
	}
}
