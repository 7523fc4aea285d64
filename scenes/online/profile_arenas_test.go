//go:build !js

package online

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

func TestSplitProfileRows(t *testing.T) {
	rows := func(n int) []scenes.Rect {
		out := make([]scenes.Rect, n)
		for i := range out {
			out[i] = scenes.Rect{Y: float64(i * 44), W: 300, H: 40}
		}
		return out
	}
	for _, tc := range []struct {
		name                               string
		rows, games, arenas                int
		wantGames, wantArenas, wantHeading int // wantHeading: 1 for a heading
	}{
		{"no arenas: every row the games'", 6, 10, 0, 6, 0, 0},
		{"no rows", 0, 3, 3, 0, 0, 0},
		{"half each, a heading between", 6, 10, 10, 2, 3, 1},
		{"one arena: one row", 6, 10, 1, 4, 1, 1},
		{"one game: the arenas take the rest", 6, 1, 10, 1, 4, 1},
		{"no games: the arenas take all but the heading", 6, 0, 10, 0, 5, 1},
		{"no games, few arenas", 6, 0, 2, 0, 2, 1},
		{"few of both: rows spare at the end", 12, 1, 4, 1, 4, 1},
		{"one row: the arena has it", 1, 5, 5, 0, 1, 0},
		{"two rows: one each, no heading", 2, 5, 5, 1, 1, 0},
		{"two rows, no games: heading and arena", 2, 0, 5, 0, 1, 1},
		{"three rows: the heading and one each", 3, 5, 5, 1, 1, 1},
		{"twelve rows", 12, 20, 10, 5, 6, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rows(tc.rows)
			got := splitProfileRows(r, tc.games, tc.arenas)
			heading := 0
			if got.heading.W > 0 {
				heading = 1
			}
			if len(got.games) != tc.wantGames || len(got.arenas) != tc.wantArenas || heading != tc.wantHeading {
				t.Fatalf("%d games' rows, %d arenas', heading %d; want %d, %d, %d", len(got.games), len(got.arenas), heading,
					tc.wantGames, tc.wantArenas, tc.wantHeading)
			}
			if len(got.games)+len(got.arenas)+heading > tc.rows {
				t.Fatalf("more rows used than there are")
			}
			// In order and without gaps: the games, the heading, the arenas.
			var order []scenes.Rect
			order = append(order, got.games...)
			if heading == 1 {
				order = append(order, got.heading)
			}
			order = append(order, got.arenas...)
			for i, o := range order {
				if o != r[i] {
					t.Fatalf("row %d is %v, want %v: the games, the heading and the arenas follow each other from the top", i, o, r[i])
				}
			}
		})
	}
}

// TestProfileArenasFit: at 1280×800, 390×844 and 844×390, in every
// language, a profile with arenas shows at least one of them on the
// screen, and each row's title and details fit it at 12 dp or more.
func TestProfileArenasFit(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "profile arenas", Fits: fitProfileArenas}})
}

func fitProfileArenas(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := &Profile{name: longName, wait: make(chan func(*Profile), 1)}
	s.Layout(a, w, h, 1)
	p := profileWithArenas()
	s.show(a, p)
	rows := s.rows()
	if len(rows.arenas) == 0 {
		t.Errorf("%s: no row for the arenas (%d rows)", f.Where, len(s.rects.Games))
		return
	}
	screen := scenes.Rect{W: w, H: h}
	if h := rows.heading; h.W > 0 {
		f.Line("arenas heading", ui.TextFit{Text: f.Cat.T("profile.arenas"), Size: 15, Weight: sprites.Medium, Room: h.W})
	}
	for i, r := range rows.arenas {
		if !scenetest.Inside(r, screen) || !scenetest.Inside(r, s.rects.Card) {
			t.Errorf("%s: arena row %d %v is off the card %v", f.Where, i, r, s.rects.Card)
		}
	}
	room := rows.arenas[0].W - f.P.DP(12)
	for _, ar := range p.Arenas {
		f.Shrinking("arena title", ui.TextFit{Text: arenaTitle(a, ar), Size: 14, Weight: sprites.Bold, Room: room}, 12)
		// The longest countdown a coming arena shows: a day to go.
		now := ar.Starts.Add(-(23*time.Hour + 59*time.Minute + 59*time.Second))
		f.Shrinking("arena details", ui.TextFit{Text: arenaDetails(a, ar, now), Size: 13, Weight: sprites.Medium, Room: room}, 12)
	}
}

// TestProfileArenaOpensPage: against a real server, a player who entered
// an arena finds it on their profile (its name, first of one, running)
// and, with the keyboard alone, opens its page; the screen reader hears
// the row.
func TestProfileArenaOpensPage(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st := storage.OpenMemory()
	acct, _, err := remote.OpenAccount(ctx, st, url)
	if err != nil {
		t.Fatal(err)
	}
	defer acct.Close()
	if _, err := acct.SetName(ctx, "anna"); err != nil {
		t.Fatal(err)
	}
	ar, _, err := remote.OpenArenas(ctx, st, url)
	if err != nil {
		t.Fatal(err)
	}
	defer ar.Close()
	made, err := ar.Create(ctx, remote.ArenaRequest{Name: "Anna's evening", Clock: remote.LobbyClocks[2], Minutes: 30})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ar.Join(ctx, made.ID); err != nil {
		t.Fatal(err)
	}

	var opened []string
	a, kb := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Pages: scenes.Pages{Arena: func(c scenes.Context, id string) scenes.Scene {
		opened = append(opened, id)
		return &scenetest.Stub{Named: "arena"}
	}}})
	a.Resize(390, 844, 1)
	s := NewProfile(a, acct, "anna")
	scenetest.Show(t, a, s)
	testwait.Wait{Every: 5 * time.Millisecond, Step: func() { _ = a.Update() }, Failed: func() string {
		return fmt.Sprintf("error %q, profile %+v", s.err, s.prof)
	}}.For(t, "the profile with the arena", func() bool { return s.prof != nil && len(s.prof.Arenas) == 1 })
	got := s.prof.Arenas[0]
	if got.ID != made.ID || got.Name != "Anna's evening" || got.Schedule != "" || got.Rank != 1 || got.Players != 1 || got.Status != remote.ArenaRunning {
		t.Fatalf("the profile's arena %+v, want %s \"Anna's evening\", first of 1, running", got, made.ID)
	}
	row := s.rows().arenas
	if len(row) != 1 {
		t.Fatalf("%d arena rows shown", len(row))
	}
	if words := arenaWords(a, got); words != "Anna's evening · place 1 of 1 · 0 points · going on" {
		t.Errorf("the row is said %q", words)
	}
	scenetest.FocusOn(t, a, kb, row[0], "the arena's row")
	scenetest.Press(a, kb, ebiten.KeyEnter)
	if len(opened) != 1 || opened[0] != made.ID {
		t.Fatalf("Enter on the row opened %v, want the arena %s", opened, made.ID)
	}
}

// TestArenaDetailsStatus: a profile's arena row ends with the date it
// ended, "going on" while it runs, and while it is coming the countdown to
// its start (the screen reader hears the date and time it starts, which
// does not change every second), or that it has not started when the
// server did not say when; in every language.
func TestArenaDetailsStatus(t *testing.T) {
	starts := time.Date(2026, 12, 28, 18, 57, 0, 0, time.UTC)
	ends := starts.Add(time.Hour)
	now := starts.Add(-(12*time.Minute + 3*time.Second))
	for _, l := range i18n.Langs() {
		a := scenetest.LangApp(t, l)
		tx := a.Text()
		for _, tc := range []struct {
			name       string
			arena      remote.ProfileArena
			now        time.Time
			drawn, not string // the drawn line ends with drawn and lacks not
			said       string // the row's words end with it
		}{
			{"finished", remote.ProfileArena{Starts: starts, Ends: ends, Status: remote.ArenaFinished}, now,
				tx.Date(ends), tx.T("profile.arena_running"), tx.Date(ends)},
			{"running", remote.ProfileArena{Starts: starts, Ends: ends, Status: remote.ArenaRunning}, now,
				tx.T("profile.arena_running"), tx.T("profile.arena_coming"), tx.T("profile.arena_running")},
			{"coming", remote.ProfileArena{Starts: starts, Ends: ends, Status: remote.ArenaComing}, now,
				tx.F("profile.arena_starts_in", "Time", "12:03"), tx.T("profile.arena_running"), tx.F("profile.arena_starts_at", "Date", tx.Date(starts))},
			{"coming in a day", remote.ProfileArena{Starts: starts, Ends: ends, Status: remote.ArenaComing}, starts.Add(-25 * time.Hour),
				tx.F("profile.arena_starts_in", "Time", "25:00:00"), tx.T("profile.arena_coming"), tx.F("profile.arena_starts_at", "Date", tx.Date(starts))},
			{"coming, started since the profile came", remote.ProfileArena{Starts: starts, Ends: ends, Status: remote.ArenaComing}, starts.Add(time.Second),
				tx.T("profile.arena_running"), "0:00", tx.F("profile.arena_starts_at", "Date", tx.Date(starts))},
			{"coming, no start from an older server", remote.ProfileArena{Ends: ends, Status: remote.ArenaComing}, now,
				tx.T("profile.arena_coming"), tx.T("profile.arena_running"), tx.T("profile.arena_coming")},
		} {
			tc.arena.Name = "x"
			got := arenaDetails(a, tc.arena, tc.now)
			if !strings.HasSuffix(got, tc.drawn) || strings.Contains(got, tc.not) {
				t.Errorf("%s: %s: details %q, want it to end with %q and not say %q", l.Code(), tc.name, got, tc.drawn, tc.not)
			}
			if said := arenaWords(a, tc.arena); !strings.HasPrefix(said, "x"+tx.T("common.separator")) || !strings.HasSuffix(said, tc.said) {
				t.Errorf("%s: %s: said %q, want the title first and %q last", l.Code(), tc.name, said, tc.said)
			}
		}
	}
}

// TestProfileComingArenaCountdown: on the profile, a coming arena's row
// counts down to its start, worded again when the second changes (not
// every frame), while the row's name for a screen reader stays the start's
// date and time.
func TestProfileComingArenaCountdown(t *testing.T) {
	a, _ := scenetest.NewApp(t, nil, scenes.Options{})
	a.Resize(390, 844, 1)
	s := &Profile{name: "anna", wait: make(chan func(*Profile), 1)}
	s.Layout(a, 390, 844, 1)
	p := sampleProfile()
	starts := time.Now().Add(12*time.Minute + 30*time.Second)
	coming := remote.ProfileArena{ID: "K7MP2QAE", Name: "Anna's evening", Starts: starts, Ends: starts.Add(time.Hour), Status: remote.ArenaComing}
	p.Arenas = []remote.ProfileArena{coming}
	s.show(a, p)
	if len(s.rows().arenas) != 1 {
		t.Fatalf("%d arena rows", len(s.rows().arenas))
	}
	a.StepScene(s, ui.Pointer{})
	tx := a.Text()
	prefix := tx.N("arena.points", 0) + tx.T("common.separator") + tx.F("profile.arena_starts_in", "Time", "12:")
	if len(s.lines.details) != 1 || !strings.HasPrefix(s.lines.details[0], prefix) {
		t.Fatalf("the row's line %q, want it to start %q", s.lines.details, prefix)
	}
	// The same second: the same string, not worded again.
	sec, first := s.lines.sec, s.lines.details[0]
	a.StepScene(s, ui.Pointer{})
	if s.lines.sec == sec && unsafeString(s.lines.details[0]) != unsafeString(first) {
		t.Error("the countdown was worded again within the same second")
	}
	testwait.For(t, "the next second's countdown", func() bool {
		a.StepScene(s, ui.Pointer{})
		return s.lines.sec != sec && s.lines.details[0] != first
	})
	if !strings.HasPrefix(s.lines.details[0], prefix) {
		t.Errorf("the next second's line %q", s.lines.details[0])
	}
	want := "Anna's evening" + tx.T("common.separator") + tx.N("arena.points", 0) + tx.T("common.separator") + tx.F("profile.arena_starts_at", "Date", tx.Date(starts))
	if got := arenaWords(a, coming); got != want {
		t.Errorf("the row is said %q, want %q", got, want)
	}
}
