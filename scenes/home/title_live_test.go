//go:build !js

package home

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/online/arena"
	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// arenaServer is a real online server without the server's own schedules,
// with the arenas the test puts in its store.
func arenaServer(t *testing.T) (url string, st store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, MessagesPerSec: -1, NoPlayerLimits: true,
		Arenas: server.ArenaConfig{NoSchedule: true, CreatePerHour: -1, RequestsPerMinute: -1}})
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); h.Close(); st.Close() })
	return h.URL, st
}

// putArena stores an arena from starts to ends.
func putArena(t *testing.T, st store.Store, name string, starts, ends time.Time) string {
	t.Helper()
	set := arena.Settings{Name: name, Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2},
		Minutes: max(arena.MinMinutes, int(ends.Sub(starts)/time.Minute)), Rated: true}
	data, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	a := store.Arena{ID: protocol.NewSeekID(), Data: data, Starts: time.UnixMilli(starts.UnixMilli()), Ends: time.UnixMilli(ends.UnixMilli()),
		Creator: "test", Created: time.UnixMilli(time.Now().UnixMilli())}
	if err := st.CreateArena(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// opened records the pages the title opens through the router.
type opened struct {
	arenas []string // the arenas' page: "" for the list, else an arena's id
	live   []bool   // the games being played: whether following the top game
}

// livePages are titlePages with the arenas' page and the top game's view
// standing in for scenes/arena's and scenes/online's.
func (o *opened) pages() scenes.Pages {
	p := titlePages()
	p.Arena = func(c scenes.Context, id string) scenes.Scene {
		o.arenas = append(o.arenas, id)
		return &scenetest.Stub{Named: "arena"}
	}
	p.Live = func(c scenes.Context, top bool) scenes.Scene {
		o.live = append(o.live, top)
		return &scenetest.Stub{Named: "live"}
	}
	return p
}

// liveApp is an App in language l at w×h dp on server url, its title's
// pages recorded in o, with the title's arenas read: rows of them (any
// number but none when rows < 0).
func liveApp(t *testing.T, url string, l i18n.Lang, w, h float64, o *opened, rows int) (*scenes.App, scenetest.Keys, *TitleScene) {
	t.Helper()
	cat, err := i18n.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	st := storage.Defaults()
	st.InstantAnimations = true
	a, kb := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, SiteServer: url, Pages: o.pages()})
	a.Resize(w, h, 1)
	title := a.Title().(*TitleScene)
	testwait.Wait{Step: func() { _ = a.Update() }, Failed: func() string {
		return fmt.Sprintf("%d rows, busy %v", len(title.live.rows), title.live.busy)
	}}.For(t, "the title's arenas", func() bool {
		return !title.live.busy && (len(title.live.rows) == rows || rows < 0 && len(title.live.rows) > 0)
	})
	return a, kb, title
}

// TestTitleArenasFromServer: the title lists a real server's running
// arena, then the coming one that starts first, with their countdowns
// (not the finished one, nor a third); a tap on a row, or Enter on it
// reached by Tab, opens that arena's page; Top game opens the top game's
// view following it.
func TestTitleArenasFromServer(t *testing.T) {
	url, st := arenaServer(t)
	now := time.Now()
	running := putArena(t, st, "Hourly Bashni Blitz", now.Add(-10*time.Minute), now.Add(50*time.Minute))
	coming := putArena(t, st, "Daily Lasca Rapid", now.Add(12*time.Minute), now.Add(72*time.Minute))
	putArena(t, st, "Later Arena", now.Add(3*time.Hour), now.Add(4*time.Hour))
	putArena(t, st, "Finished Arena", now.Add(-50*time.Minute), now.Add(-20*time.Minute))

	var o opened
	a, kb, title := liveApp(t, url, i18n.English, 390, 844, &o, 2)
	rows := title.live.rows
	if rows[0].info.ID != running || rows[1].info.ID != coming {
		t.Fatalf("the rows are %q and %q, want the running %s then the coming %s", rows[0].info.Name, rows[1].info.Name, running, coming)
	}
	if !strings.HasSuffix(rows[0].when, " left") || !strings.HasPrefix(rows[0].when, "49:") && !strings.HasPrefix(rows[0].when, "50:") {
		t.Errorf("the running arena's countdown is %q, want about 50:00 left", rows[0].when)
	}
	if !strings.HasPrefix(rows[1].when, "Starts in 1") {
		t.Errorf("the coming arena's countdown is %q, want Starts in about 12:00", rows[1].when)
	}
	if title.note != "" {
		t.Errorf("a note on the title: %q", title.note)
	}

	// A tap on the first row.
	r := title.rects.ArenaRows[0]
	x, y := r.X+r.W/2, r.Y+r.H/2
	scenetest.PointerTick(a, title, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Pressed: true})
	scenetest.PointerTick(a, title, ui.Pointer{X: x, Y: y, Touch: true, Released: true})
	if len(o.arenas) != 1 || o.arenas[0] != running {
		t.Fatalf("the tap on the running arena opened %q", o.arenas)
	}
	// Back on the title: the second row by the keyboard.
	a.Home()
	for i := 0; i < 60 && a.Shown() != scenes.Scene(title); i++ {
		_ = a.Update()
	}
	scenetest.FocusOn(t, a, kb, title.rects.ArenaRows[1], "the coming arena's row")
	scenetest.Press(a, kb, ebiten.KeyEnter)
	if len(o.arenas) != 2 || o.arenas[1] != coming {
		t.Fatalf("Enter on the coming arena opened %q", o.arenas)
	}
	// Top game.
	a.Home()
	for i := 0; i < 60 && a.Shown() != scenes.Scene(title); i++ {
		_ = a.Update()
	}
	scenetest.FocusOn(t, a, kb, title.rects.Watch, "Top game")
	scenetest.Press(a, kb, ebiten.KeyEnter)
	if len(o.live) != 1 || !o.live[0] {
		t.Fatalf("Top game opened the live view %v times, following the top game: %v", len(o.live), o.live)
	}
}

// TestTitleCountdownTicks: a countdown's words are made again only when
// its second changes, and then without the screen asking twice; the
// ticks in between allocate nothing.
func TestTitleCountdownTicks(t *testing.T) {
	url, st := arenaServer(t)
	now := time.Now()
	putArena(t, st, "Hourly Bashni Blitz", now.Add(-10*time.Minute), now.Add(50*time.Minute))
	var o opened
	a, _, title := liveApp(t, url, i18n.English, 1280, 800, &o, 1)
	l := &title.live
	clock := now.Add(time.Minute).Truncate(time.Second).Add(100 * time.Millisecond)
	l.now = func() time.Time { return clock }
	l.tick(a)
	before := l.rows[0].when
	if allocs := testing.AllocsPerRun(100, func() { l.tick(a) }); allocs != 0 {
		t.Errorf("a tick within the second allocates %v times", allocs)
	}
	clock = clock.Add(time.Second)
	l.tick(a)
	if after := l.rows[0].when; after == before {
		t.Errorf("the countdown stayed %q a second later", after)
	}
}

// TestTitleOfflineShowsNothing: with no server, or one that cannot be
// reached, the title has no arenas and no note.
func TestTitleOfflineShowsNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there
	var o opened
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: dead, Pages: o.pages()})
	title := a.Title().(*TitleScene)
	testwait.Wait{Step: func() { _ = a.Update() }}.For(t, "the list tried", func() bool { return !title.live.next.IsZero() && !title.live.busy })
	if len(title.live.rows) != 0 || title.note != "" {
		t.Errorf("an unreachable server: %d arenas, note %q", len(title.live.rows), title.note)
	}
	b, _ := scenetest.NewApp(t, nil, scenes.Options{Pages: o.pages()})
	if bt := b.Title().(*TitleScene); bt.live.on || bt.rects.Arenas != (scenes.Rect{}) {
		t.Errorf("no server: the online part is shown at %v", bt.rects.Arenas)
	}
}

// TestTitleOnlineLayouts lays the title out with a server known at many
// sizes: everything on the screen, nothing overlapping, touch targets of
// at least 44 dp.
func TestTitleOnlineLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range append(scenetest.LayoutSizes, scenetest.PhoneSizes...) {
			for _, cont := range []bool{false, true} {
				w, h := sz[0]*scale, sz[1]*scale
				tl := TitleLayoutOnline(w, h, scale, cont, true)
				targets := map[string]scenes.Rect{"new": tl.NewGame, "learn": tl.Learn, "games": tl.Games, "import": tl.Import,
					"editor": tl.Editor, "rules": tl.Rules, "settings": tl.Settings, "about": tl.About, "arenas": tl.Arenas, "watch": tl.Watch}
				if cont {
					targets["continue"] = tl.Continue
				}
				for i, r := range tl.ArenaRows {
					targets[fmt.Sprintf("arena %d", i+1)] = r
				}
				if len(tl.ArenaRows) != TitleArenaRows {
					t.Errorf("%gx%g@%g: room for %d arenas", sz[0], sz[1], scale, len(tl.ArenaRows))
				}
				scenetest.CheckRects(t, fmt.Sprintf("title online %vx%v@%v continue %v", sz[0], sz[1], scale, cont), scale, scenes.Rect{W: w, H: h}, targets, nil)
			}
		}
	}
}

// TestTitleOnlineTouchTargets: with a server's arenas listed, every
// control of the title, in every language, on a phone held both ways, is
// at least scenes.MinTouchDP either way, and the words of the online part
// fit: the buttons' labels, the arenas' names (15 dp down to 12, cut
// beyond) beside their countdowns.
func TestTitleOnlineTouchTargets(t *testing.T) {
	url, st := arenaServer(t)
	now := time.Now()
	putArena(t, st, "Hourly Bashni Blitz", now.Add(-10*time.Minute), now.Add(170*time.Minute))
	putArena(t, st, "Konstantin_Ivanovich's arena of the week", now.Add(23*time.Hour), now.Add(24*time.Hour))
	for _, l := range i18n.Langs() {
		for _, sz := range scenetest.PhoneSizes {
			var o opened
			a, _, title := liveApp(t, url, l, sz[0], sz[1], &o, 2)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			name := fmt.Sprintf("%s %gx%g title", l.Code(), sz[0], sz[1])
			if n := scenetest.TouchTargets(t, a, &hits, name, title, sz[0], sz[1], nil); n == 0 {
				t.Errorf("%s: no widget hit-tested anything", name)
			}
			if len(title.live.rows) != 2 {
				t.Fatalf("%s: %d arenas after the layout", name, len(title.live.rows))
			}
			checkLiveFits(t, a, title, name)
		}
	}
}

// checkLiveFits fails when a word of the title's online part does not fit
// its room.
func checkLiveFits(t *testing.T, a *scenes.App, title *TitleScene, name string) {
	t.Helper()
	p := a.Painter()
	l := &title.live
	for _, b := range []*ui.Button{&l.btnArenas, &l.btnWatch} {
		for _, f := range b.Fits(p) {
			if f.Size < scenetest.MinTextDP || p.Measure(f.Text, f.Size, f.Weight) > f.Room+0.5 {
				t.Errorf("%s: %q does not fit its button (%.0f dp in %.0f px)", name, f.Text, f.Size, f.Room)
			}
		}
	}
	for i, row := range l.rows {
		r := l.rects[i]
		nameW := p.Measure(row.name, row.nameSize, sprites.Bold)
		whenW := p.Measure(row.when, 14, sprites.Medium)
		if row.nameSize < scenetest.MinTextDP || nameW+whenW+p.DP(36) > r.W {
			t.Errorf("%s: %q (%.0f dp) and %q take %.0f px of a row of %.0f", name, row.name, row.nameSize, row.when, nameW+whenW+p.DP(36), r.W)
		}
	}
}

// TestTitleScheduledArenasInLanguage: the server's own arenas (an hourly
// Bashni blitz, a daily Lasca rapid) are titled in the player's language
// from their schedule, on the title as on the arenas' page.
func TestTitleScheduledArenasInLanguage(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, MessagesPerSec: -1, NoPlayerLimits: true, Arenas: server.ArenaConfig{RequestsPerMinute: -1}})
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); h.Close(); st.Close() })
	// The server makes its arenas once started.
	testwait.Wait{Every: 20 * time.Millisecond}.For(t, "the server's arenas", func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), remote.DialTimeout)
		defer cancel()
		list, err := remote.ListArenas(ctx, h.URL)
		return err == nil && len(list) > 0
	})
	var o opened
	_, _, title := liveApp(t, h.URL, i18n.Russian, 390, 844, &o, -1)
	cat := i18n.New(i18n.Russian)
	want := map[string]string{"hourly-bashni-blitz": cat.T("arena.schedule.hourly_bashni_blitz"), "daily-lasca-rapid": cat.T("arena.schedule.daily_lasca_rapid")}
	for _, r := range title.live.rows {
		if w, ok := want[r.info.Schedule]; !ok || r.title != w || !strings.HasPrefix(r.said, w) {
			t.Errorf("the arena of schedule %q (%q) is titled %q, said %q; want %q", r.info.Schedule, r.info.Name, r.title, r.said, w)
		}
	}
}
