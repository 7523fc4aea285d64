package e2e

import (
	"context"
	"image"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes"
	"bashni/storage"
)

// TestArenaBerserkShots: the player's card with its Berserk button in a
// real arena game, before the first move, at 1280×800 and 390×844
// (docs/arena-berserk-*.png). The desktop game's player is named on the
// server beforehand in the game's own settings folder; the game opens the
// arena (-arena), joins with Enter, is paired with a simulated player and
// shows the game; the server's table has the player in a game.
//
//	BASHNI_SCREENSHOTS=docs xvfb-run -a go test ./e2e -run TestArenaBerserkShots -v
func TestArenaBerserkShots(t *testing.T) {
	dir := screenshotDir(t)
	base, st := arenaServer(t, http.NotFoundHandler())
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	tools, said := fakeSpeech(t)
	blitz := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	// An arena, a simulated player and a named player of the game for
	// each size: the simulated player is paired with the game's player
	// (the only other one), plays c3-d4 if White and resigns only once
	// the game's player has moved (they never do here).
	players := []struct{ you, bot string }{{"boris", "Olga"}, {"vera", "Sven"}}
	for i, sz := range screenshotSizes {
		w, h := sz[0], sz[1]
		pl := players[i%len(players)]
		now := time.Now()
		id := putArena(t, st, "Evening Blitz", "bashni", blitz, now.Add(-2*time.Minute), now.Add(58*time.Minute))
		startArenaBots(t, ctx, base, id, []string{pl.bot}, 1200*time.Millisecond, pl.you)
		config := t.TempDir()
		ds, err := storage.Open(config)
		if err != nil {
			t.Fatal(err)
		}
		acct, _, err := remote.OpenAccount(ctx, ds, base)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := acct.SetName(ctx, pl.you); err != nil {
			t.Fatal(err)
		}
		acct.Close()

		opened, paired := strings.Count(heard(said), "Evening Blitz. "), strings.Count(heard(said), "Paired")
		g := startIn(t, w, h, guestEnv{path: tools, config: config}, "-server", base, "-mute", "-arena", id)
		g.until("the arena's page", func() bool { return strings.Count(heard(said), "Evening Blitz. ") > opened })
		g.key(ebiten.KeyEnter) // Join
		g.until(pl.you+" paired", func() bool { return strings.Count(heard(said), "Paired") > paired })
		// The own card (at the bottom) shows the Berserk button: a block of
		// the accent colour inside the card's edge.
		l := scenes.ComputePlayLayout(float64(w), float64(h), 1, rules.Bashni, false)
		card := l.BottomCard
		inner := scenes.Rect{X: card.X + 6, Y: card.Y + 6, W: card.W - 12, H: card.H - 12}
		g.untilShows("the Berserk button on "+pl.you+"'s card", func(img *image.RGBA) bool {
			return pixelsNear(img, inner, theme.Accent, 20) > 1500
		})
		g.ticks(30)
		g.shot(dir, "arena-berserk")
		g.close()
		if row, ok := rowOf(arenaTable(t, base, id), pl.you); !ok || !row.Playing {
			t.Errorf("%s in the server's table: %+v (found %v), want in a game", pl.you, row, ok)
		}
	}
}
