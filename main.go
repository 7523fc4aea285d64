// Command bashni is the game: Bashni (column draughts) and Lasca.
//
//	bashni                      the title screen
//	bashni -fen '<FEN>'         a game from a position, you to move, against the computer
//	bashni -watch -level 4      the computer against itself
//	bashni -mute                no sound
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/ai"
	"bashni/audio"
	"bashni/rules"
	"bashni/scenes"
	"bashni/storage"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bashni:", err)
		os.Exit(1)
	}
}

func run() error {
	fen := flag.String("fen", "", "start a game from this position (FEN of PROTOCOL.md); you play the side to move")
	variant := flag.String("variant", "bashni", "the game for -fen and -watch: bashni or lasca")
	watch := flag.Bool("watch", false, "watch the computer play itself")
	level := flag.Int("level", 4, "the computer's level, 1 (newcomer) to 7 (master), for -fen and -watch")
	friend := flag.Bool("friend", false, "with -fen: two players on this device instead of the computer")
	mute := flag.Bool("mute", false, "no sound")
	seed := flag.Uint64("seed", 0, "seed of the computer's random choices (0: a new game each time)")
	size := flag.String("size", "1280x800", "window size in device-independent pixels, WxH")
	flag.Parse()

	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	if *level < ai.MinLevel || *level > ai.MaxLevel {
		return fmt.Errorf("-level %d: want %d to %d", *level, ai.MinLevel, ai.MaxLevel)
	}
	if *fen != "" {
		// In a page the game starts anyway and the title says what is wrong.
		if _, err := rules.ParseFEN(v, *fen); err != nil && !inBrowser {
			return fmt.Errorf("-fen: %v", err)
		}
	}
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(*size), "%dx%d", &w, &h); err != nil || w < 200 || h < 200 {
		return fmt.Errorf("-size %q: want WxH, e.g. 1280x800", *size)
	}

	// Settings and saves; without a usable directory, keep them in memory.
	var notices []string
	store, err := storage.OpenDefault()
	if err != nil {
		store = storage.OpenMemory()
		notices = append(notices, "Settings will not be kept: "+err.Error())
	}
	settings, notice := store.LoadSettings()
	if notice != "" {
		notices = append(notices, string(notice))
	}

	// Sound; without a device the game plays silently and says so once.
	// A page started with -mute (?mute=1) makes no audio context at all.
	var sound *audio.Player
	if !*mute || !inBrowser {
		sound = audio.New(audio.Options{Muted: *mute || settings.Muted})
		if sound.Notice() != "" {
			notices = append(notices, "No sound device: the game plays silently.")
		}
	}

	ebiten.SetWindowTitle("Bashni")
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(320, 400, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)

	app := scenes.NewApp(scenes.Options{
		Settings: settings,
		Store:    store,
		Sound:    sound,
		Mute:     *mute,
		Notice:   strings.Join(notices, " "),
		FEN:      *fen,
		Variant:  v,
		Watch:    *watch,
		Level:    *level,
		Friend:   *friend,
		Seed:     *seed,
	})
	err = ebiten.RunGame(platformGame(app))
	if ferr := app.Close(); ferr != nil {
		fmt.Fprintln(os.Stderr, "bashni: saving:", ferr)
	}
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return nil
}
