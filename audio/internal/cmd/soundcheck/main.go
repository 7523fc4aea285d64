// Command soundcheck is a tiny Ebitengine game that plays every effect of package audio in
// turn, for the tests of the silent fallback and of exp/vmhost forwarding. It runs for a
// number of ticks (2 s at 60 TPS by default), then prints one summary line to standard output:
//
//	soundcheck: ran 120 ticks; available=true; context=true; played=Move,Capture,…
//
// With -raw it skips package audio and creates an Ebitengine audio context directly, the way
// a naive game would, to show what the fallback protects against.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image/color"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	ebitenaudio "github.com/hajimehoshi/ebiten/v2/audio"

	"bashni/audio"
)

// playEvery is the gap between effects, in ticks: short enough for all of them to play within
// two seconds, long enough that each is heard.
const playEvery = 12

type game struct {
	ticks  int
	limit  int
	player *audio.Player // nil with -raw
	played []string
}

func (g *game) Update() error {
	g.ticks++
	if g.player != nil {
		g.player.Update()
	}
	if g.player != nil && g.ticks%playEvery == 0 {
		effects := audio.Effects()
		if i := g.ticks/playEvery - 1; i < len(effects) {
			g.player.Play(effects[i])
			g.played = append(g.played, effects[i].String())
		}
	}
	if g.ticks >= g.limit {
		return ebiten.Termination
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x3a, 0x2a, 0x1a, 0xff})
}

func (g *game) Layout(int, int) (int, int) {
	return 64, 64
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "soundcheck:", err)
		os.Exit(1)
	}
}

func run() error {
	ticks := flag.Int("ticks", 120, "ticks to run before exiting")
	mute := flag.Bool("mute", false, "start muted: no audio context at all")
	raw := flag.Bool("raw", false, "create an Ebitengine audio context directly, without package audio")
	flag.Parse()

	g := &game{limit: *ticks}
	if *raw {
		ebitenaudio.NewContext(audio.DefaultSampleRate)
	} else {
		g.player = audio.New(audio.Options{Muted: *mute})
	}

	ebiten.SetWindowSize(128, 128)
	ebiten.SetWindowTitle("soundcheck")
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		return fmt.Errorf("RunGame after %d ticks: %w", g.ticks, err)
	}

	available := false
	if g.player != nil {
		available = g.player.Available()
	}
	fmt.Printf("soundcheck: ran %d ticks; available=%t; context=%t; played=%s\n",
		g.ticks, available, ebitenaudio.CurrentContext() != nil, strings.Join(g.played, ","))
	return nil
}
