package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/scenes"
	arenapage "bashni/scenes/arena"
	"bashni/scenes/home"
)

// TestOnlineLanguageScreenshots shows the lobby and the arenas in Russian
// and Japanese on an upright phone, with open seeks and an arena of four
// players, into BASHNI_SCREENSHOTS (docs/lobby-ru-390x844.png,
// docs/arena-ja-390x844.png, …):
//
//	BASHNI_SCREENSHOTS=$PWD/docs xvfb-run -a -s "-screen 0 1280x1024x24" go test ./e2e -run TestOnlineLanguageScreenshots
func TestOnlineLanguageScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	base := onlineServerWith(t, nil, server.Config{Lobby: server.LobbyConfig{SeeksPerMinute: -1}})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	// Konstantin_Ivanovich (20 letters) seeks the live game the phone
	// lists first, so that the shot shows how a long name is cut.
	players := []*player{namedPlayer(t, base, "anna"), namedPlayer(t, base, "Konstantin_Ivanovich"), namedPlayer(t, base, "boris"), namedPlayer(t, base, "dmitri")}
	seeks := []client.SeekRequest{
		{Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 300, Increment: 3}, Rated: true},
		{Variant: "lasca", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 600, Increment: 5}, Rated: false, Color: "black"},
		{Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 3}, Rated: true},
	}
	for i, s := range seeks {
		if _, err := players[i].c.Seek(ctx, s); err != nil {
			t.Fatalf("%s's seek: %v", players[i].name, err)
		}
	}
	const w, h = 390, 844
	for _, lang := range []i18n.Lang{i18n.Russian, i18n.Japanese} {
		cat := i18n.New(lang)
		// An arena named in the language, its players in.
		arena, err := players[0].c.CreateArena(ctx, client.ArenaRequest{Name: cat.F("arena.made_by", "Name", "anna"), Variant: "bashni",
			Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Minutes: 60, Rated: true, StartsIn: 3600})
		if err != nil {
			t.Fatalf("the arena: %v", err)
		}
		for _, p := range players {
			if _, err := p.c.JoinArena(ctx, arena.ID); err != nil {
				t.Fatalf("%s joining the arena: %v", p.name, err)
			}
		}

		tools, said := fakeSpeech(t)
		g := startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3", "-lang", lang.Code())
		g.ticks(20)
		g.toOnline(w, h)
		counts := strings.SplitN(cat.F("lobby.counts", "Players", "\x00", "Games", "\x00"), "\x00", 2)[0]
		g.until("the lobby with its seeks", func() bool { return strings.Contains(heard(said), counts) })
		g.ticks(60)
		g.shot(dir, "lobby-"+lang.Code())
		g.close()

		// The arenas from the title: the list, then the arena's table.
		g = startIn(t, w, h, guestEnv{path: tools}, "-server", base, "-mute", "-seed", "3", "-lang", lang.Code())
		g.ticks(20)
		g.click(mid(arenasButton(w, h)))
		// The page says the list once it has it.
		g.until("the arenas' list", func() bool { return strings.Contains(heard(said), cat.F("arena.made_by", "Name", "anna")) })
		g.ticks(30)
		g.shot(dir, "arena-"+lang.Code())
		// The row of the players' arena (the list is in the server's
		// order): its table.
		list, err := players[0].c.Arenas(ctx)
		if err != nil {
			t.Fatal(err)
		}
		row := slices.IndexFunc(list, func(a protocol.ArenaInfo) bool { return a.ID == arena.ID })
		if row < 0 {
			t.Fatalf("arena %s is not listed: %+v", arena.ID, list)
		}
		rows := arenapage.ListLayout(w, h, 1).Rows
		if row >= len(rows) {
			t.Fatalf("the players' arena is row %d of %d shown", row, len(rows))
		}
		g.click(mid(rows[row]))
		g.until("the arena's table", func() bool { return strings.Count(heard(said), cat.F("arena.made_by", "Name", "anna")) >= 2 })
		g.ticks(60)
		g.shot(dir, "arena-table-"+lang.Code())
		g.close()
	}
}

// arenasButton is where the title puts the way to the arenas with a
// server known (TitleLayoutOnline).
func arenasButton(w, h float64) scenes.Rect {
	return home.TitleLayoutOnline(w, h, 1, false, true).Arenas
}
