package online

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// sampleArenas are five arenas as the server lists them, out of order:
// one over, one running, three coming (one a player's, with a name of 20
// letters); now is when they are listed.
func sampleArenas(now time.Time, name string) []remote.ArenaInfo {
	blitz := remote.Clock{Kind: remote.LiveClock, Initial: 3 * time.Minute, Increment: 2 * time.Second}
	return []remote.ArenaInfo{
		{ID: "COMING01", Name: "Hourly Bashni Blitz", Schedule: "hourly-bashni-blitz", Variant: rules.Bashni, Clock: blitz, Rated: true, Starts: now.Add(12*time.Minute + 3*time.Second), Ends: now.Add(70 * time.Minute), Status: remote.ArenaComing, Players: 12},
		{ID: "OVER0001", Name: "Old", Variant: rules.Bashni, Clock: blitz, Starts: now.Add(-2 * time.Hour), Ends: now.Add(-time.Hour), Status: remote.ArenaFinished},
		{ID: "PLAYER01", Name: name + "'s arena", Variant: rules.Lasca, Clock: remote.Rapid10, Starts: now.Add(5*time.Hour + 2*time.Second), Ends: now.Add(6 * time.Hour), Status: remote.ArenaComing, Players: 2000, By: name},
		{ID: "RUNNING1", Name: "Daily Lasca Rapid", Schedule: "daily-lasca-rapid", Variant: rules.Lasca, Clock: remote.Rapid10, Rated: true, Starts: now.Add(-10 * time.Minute), Ends: now.Add(23*time.Minute + 10*time.Second), Status: remote.ArenaRunning, Players: 1999},
		{ID: "COMING02", Name: "Hourly Bashni Blitz", Schedule: "hourly-bashni-blitz", Variant: rules.Bashni, Clock: blitz, Rated: true, Starts: now.Add(72 * time.Minute), Ends: now.Add(130 * time.Minute), Status: remote.ArenaComing},
	}
}

func TestShownArenas(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	got := shownArenas(sampleArenas(now, "anna"), now)
	var ids []string
	for _, a := range got {
		ids = append(ids, a.ID)
	}
	// The running one first, then the coming ones by start; none over.
	if want := "RUNNING1 COMING01 COMING02 PLAYER01"; strings.Join(ids, " ") != want {
		t.Errorf("shown %v, want %s", ids, want)
	}
	if due := dueAt(got); !due.Equal(now.Add(12*time.Minute + 3*time.Second)) {
		t.Errorf("due at %v: want the first start, 12:03 from now", due.Sub(now))
	}
}

// arenaApp is an App with the arenas' page standing in: it records the ids
// it is opened with.
func arenaApp(t *testing.T, lang i18n.Lang, opened *[]string) *scenes.App {
	cat, err := i18n.Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	st := storage.Defaults()
	st.InstantAnimations = true
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}, Pages: scenes.Pages{
		Arena: func(c scenes.Context, id string) scenes.Scene {
			*opened = append(*opened, id)
			return &Live{list: newList(c, nil, "x")}
		}}})
	return a
}

// TestLobbyArenaRows: the lobby lists the running arena first with the
// time it has left, then the coming ones with the time to their start;
// the countdowns are worded again when the second changes, not every
// frame; a row tapped or activated opens its arena's page, the last row
// (more than fit) the arenas' list, and "arena 2" typed (in each
// language's word too) the second.
func TestLobbyArenaRows(t *testing.T) {
	var opened []string
	a := arenaApp(t, i18n.English, &opened)
	const w, h = 390, 844
	a.Resize(w, h, 1)
	l := NewLobby(a)
	defer l.leave()
	l.Layout(a, w, h, 1)
	now := time.Now()
	l.setArenas(a, shownArenas(sampleArenas(now, "anna"), now), now)
	r := l.rects
	if len(r.Arenas) != 2 || !r.ArenaMore {
		t.Fatalf("a phone shows %d arena rows (more %v), want 2 with the last opening the list", len(r.Arenas), r.ArenaMore)
	}
	if len(r.Seeks) < 2 || r.Seeks[0].Y < r.Arenas[1].Y+r.Arenas[1].H {
		t.Fatalf("the seeks %v under the arenas %v: want two rows at least, below", r.Seeks, r.Arenas)
	}
	row := l.arenas.rows[0]
	if !strings.HasPrefix(row.words, "1. "+a.Text().T("arena.schedule.daily_lasca_rapid")+" · ") || !strings.Contains(row.when, " left") || !row.running {
		t.Errorf("the first row %+v: want the running arena with the time it has left", row)
	}
	if got := l.arenas.more; got != a.Text().F("lobby.all_arenas", "Count", 4) {
		t.Errorf("the last row says %q", got)
	}
	// Worded once a second: the same second, the same strings.
	sec, when := l.arenas.sec, l.arenas.rows[0].when
	a.StepScene(l, ui.Pointer{})
	if l.arenas.sec == sec && unsafeString(l.arenas.rows[0].when) != unsafeString(when) {
		t.Error("the countdown was worded again within the same second")
	}
	testwait.For(t, "the next second's countdown", func() bool {
		a.StepScene(l, ui.Pointer{})
		return l.arenas.sec != sec && l.arenas.rows[0].when != when
	})
	tap := func(rc scenes.Rect) {
		x, y := rc.X+rc.W/2, rc.Y+rc.H/2
		a.StepScene(l, ui.Pointer{X: x, Y: y, Valid: true, Touch: true, Down: true, Pressed: true})
		a.StepScene(l, ui.Pointer{X: x, Y: y, Valid: true, Touch: true, Released: true})
	}
	tap(r.Arenas[0])
	tap(r.Arenas[1])
	if strings.Join(opened, ",") != "RUNNING1," {
		t.Fatalf("tapping the rows opened %q, want RUNNING1 then the list (\"\")", opened)
	}
	// On its side the phone shows one row, the running arena, and the
	// title's row's All arenas opens the list; with one arena known there
	// is no such button (the row is all there is).
	opened = opened[:0]
	a.Resize(h, w, 1)
	l.Layout(a, h, w, 1)
	r = l.rects
	if len(r.Arenas) != 1 || r.ArenaMore || r.AllArenas.W == 0 {
		t.Fatalf("a phone on its side shows %d arena rows (more %v) and All arenas %v: want one row and the button", len(r.Arenas), r.ArenaMore, r.AllArenas)
	}
	tap(r.Arenas[0])
	tap(r.AllArenas)
	if strings.Join(opened, ",") != "RUNNING1," {
		t.Fatalf("on its side, the row and All arenas opened %q, want RUNNING1 then the list (\"\")", opened)
	}
	l.setArenas(a, shownArenas(sampleArenas(now, "anna"), now)[:1], now)
	if l.rects.AllArenas.W != 0 || len(l.rects.Arenas) != 1 {
		t.Errorf("one arena known: All arenas %v, %d rows; want the row alone", l.rects.AllArenas, len(l.rects.Arenas))
	}
	for _, lang := range i18n.Langs() {
		cat, err := i18n.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		words := []string{"arena"}
		for _, w := range strings.Split(cat.T("command.words_arena"), ",") {
			words = append(words, strings.TrimSpace(w))
		}
		for _, w := range words {
			opened = opened[:0]
			la := arenaApp(t, lang, &opened)
			la.Resize(w0, h0, 1)
			ll := NewLobby(la)
			ll.Layout(la, w0, h0, 1)
			ll.setArenas(la, shownArenas(sampleArenas(now, "anna"), now), now)
			ll.PageCommand(la, w+" 2")
			ll.PageCommand(la, w+" 9")
			ll.leave()
			if len(opened) != 1 || opened[0] != "COMING01" {
				t.Errorf("%s %q: opened %q, want COMING01", lang.Code(), w+" 2", opened)
			}
			if !ll.isErr || ll.status != la.Text().F("lobby.no_such_arena", "Number", 9) {
				t.Errorf("%s %q: status %q", lang.Code(), w+" 9", ll.status)
			}
		}
	}
}

const w0, h0 = 1280, 800

// unsafeString is a string's bytes' address, to tell a string worded again
// from the same one kept.
func unsafeString(s string) *byte { return unsafe.StringData(s) }

// TestLobbyArenasFit: with more arenas than fit, at every size and in
// every language, the arenas' rows are on the card over the seeks, which
// keep two rows at least; the countdown fits beside a title of at least 10
// letters, and the header and the last row's words fit.
func TestLobbyArenasFit(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "lobby arenas", Fits: fitLobbyArenas}})
}

func fitLobbyArenas(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	p := f.P
	for _, name := range longNames {
		l := NewLobby(a)
		l.Layout(a, w, h, 1)
		now := time.Now()
		list := shownArenas(sampleArenas(now, name), now)
		l.setArenas(a, list, now)
		l.leave()
		r := l.rects
		if want := min(len(list), maxArenaRows(&r)); len(r.Arenas) != want {
			t.Errorf("%s: %d arena rows, want %d", f.Where, len(r.Arenas), want)
			continue
		}
		if len(r.Seeks) < 2 {
			t.Errorf("%s: room for %d seeks under the arenas", f.Where, len(r.Seeks))
		}
		for _, row := range r.Arenas {
			if !scenetest.Inside(row, r.Card) || row.Y+row.H > r.Seeks[0].Y {
				t.Errorf("%s: an arena's row %v is off the card or over the seeks %v", f.Where, row, r.Seeks[0])
			}
		}
		// More arenas than rows: the way to all of them, a row on a wide
		// screen and an upright phone, a button in the title's row on a
		// phone on its side (whose one row leaves no room for another),
		// on the card beside the other buttons, its label and the
		// title before it fitting.
		if r.Short {
			if r.ArenaMore || r.AllArenas.W == 0 {
				t.Errorf("%s: on its side, the last row opens the list (%v) or no button does (%v)", f.Where, r.ArenaMore, r.AllArenas)
			}
			if !scenetest.Inside(r.AllArenas, r.Card) || r.AllArenas.H < p.DP(44) {
				t.Errorf("%s: All arenas %v is off the card %v or under 44 dp high", f.Where, r.AllArenas, r.Card)
			}
			for _, o := range []scenes.Rect{r.Profile, r.Leaders, r.Live, r.Name, r.Variant, r.CreateSeek} {
				if scenetest.Overlap(r.AllArenas, o) {
					t.Errorf("%s: All arenas %v overlaps %v", f.Where, r.AllArenas, o)
				}
			}
			f.Buttons(&l.btnArenas)
			f.Line("title", ui.TextFit{Text: f.Cat.T("lobby.title"), Size: l.titleSize, Weight: sprites.Bold, Room: r.titleEnd() - r.Card.X - r.pad - p.DP(8)})
		} else if !r.ArenaMore || r.AllArenas.W != 0 {
			t.Errorf("%s: the last row does not open the list (%v), or a button does too (%v)", f.Where, r.ArenaMore, r.AllArenas)
		}
		room := r.Arenas[0].W - p.DP(16)
		f.Line("header", ui.TextFit{Text: f.Cat.T("lobby.arenas"), Size: 15, Weight: sprites.Medium, Room: room})
		if r.ArenaMore {
			f.Line("all arenas", ui.TextFit{Text: f.Cat.F("lobby.all_arenas", "Count", 50), Size: 14, Weight: sprites.Medium, Room: room})
		}
		for i, row := range l.arenas.rows {
			ar := list[i]
			whenW := p.Measure(row.when, 14, sprites.Bold)
			f.Line("title", ui.TextFit{Text: row.title, Size: 14, Weight: sprites.Bold, Room: room - whenW - p.DP(10)})
			f.Line("info", ui.TextFit{Text: row.info, Size: 12, Weight: sprites.Medium, Room: room - whenW - p.DP(10)})
			if full := listedTitle(a, ar); row.title != full && utf8.RuneCountInString(row.title) < 11 {
				f.Errorf(f.Where+": title", "%s: %q is cut to %q beside %q", f.Where, full, row.title, row.when)
			}
			if !strings.Contains(row.words, listedTitle(a, ar)) {
				f.Errorf(f.Where+": words", "%s: the row's words %q lack the arena's title", f.Where, row.words)
			}
		}
	}
}
