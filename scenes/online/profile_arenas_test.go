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
		f.Shrinking("arena details", ui.TextFit{Text: arenaDetails(a, ar), Size: 13, Weight: sprites.Medium, Room: room}, 12)
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
// ended, "going on" while it runs, and that it has not started while it
// is coming (never "going on"), in every language.
func TestArenaDetailsStatus(t *testing.T) {
	ends := time.Date(2026, 12, 28, 19, 57, 0, 0, time.UTC)
	for _, l := range i18n.Langs() {
		a := scenetest.LangApp(t, l)
		tx := a.Text()
		for _, tc := range []struct {
			status    remote.ArenaStatus
			want, not string
		}{
			{remote.ArenaFinished, tx.Date(ends), tx.T("profile.arena_running")},
			{remote.ArenaRunning, tx.T("profile.arena_running"), tx.T("profile.arena_coming")},
			{remote.ArenaComing, tx.T("profile.arena_coming"), tx.T("profile.arena_running")},
		} {
			got := arenaDetails(a, remote.ProfileArena{Name: "x", Ends: ends, Status: tc.status})
			if !strings.HasSuffix(got, tc.want) || strings.Contains(got, tc.not) {
				t.Errorf("%s: status %v: details %q, want it to end with %q and not say %q", l.Code(), tc.status, got, tc.want, tc.not)
			}
		}
	}
}
