// Command bashni is the game: Bashni (column draughts) and Lasca.
//
//	bashni                      the title screen
//	bashni -fen '<FEN>'         a game from a position, you to move, against the computer
//	bashni -watch -level 4      the computer against itself
//	bashni -mute                no sound
//	bashni -server URL          play friends online on that server (New game → Play a friend online)
//	bashni -version             print the version and exit
//
// The same program is the browser game (GOOS=js), whose page turns its URL
// parameters into these flags; package startup assembles the game for both
// and for phones (mobile/).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/ai"
	"bashni/i18n"
	"bashni/online/client"
	"bashni/platform"
	"bashni/rules"
	"bashni/startup"
	"bashni/version"
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
	level := flag.Int("level", ai.MinLevel, "the computer's level, 1 (newcomer) to 7 (master), for -fen and -watch")
	friend := flag.Bool("friend", false, "with -fen: two players on this device instead of the computer")
	mute := flag.Bool("mute", false, "no sound")
	seed := flag.Uint64("seed", 0, "seed of the computer's random choices (0: a new game each time)")
	size := flag.String("size", "1280x800", "window size in device-independent pixels, WxH")
	lang := flag.String("lang", "", "the game's language: en, ru, ko or ja (default: the one chosen in Settings, else the system's)")
	server := flag.String("server", "", "the server of online games, e.g. http://127.0.0.1:8080 (play a friend online; see docs/SERVER.md)")
	game := flag.String("game", "", "with a server: open this online game (its code) at once")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("bashni", version.Get())
		return nil
	}

	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	if *level < ai.MinLevel || *level > ai.MaxLevel {
		return fmt.Errorf("-level %d: want %d to %d", *level, ai.MinLevel, ai.MaxLevel)
	}
	if *fen != "" {
		// In a page the game starts anyway and the title says what is wrong.
		if _, err := rules.ParseFEN(v, *fen); err != nil && !platform.InBrowser {
			return fmt.Errorf("-fen: %v", err)
		}
	}
	if *lang != "" {
		if _, ok := i18n.Parse(*lang); !ok {
			return fmt.Errorf("-lang %q: want en, ru, ko or ja", *lang)
		}
	}
	if *server != "" {
		if _, err := client.SocketURL(*server); err != nil {
			return fmt.Errorf("-server: %v", err)
		}
	}
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(*size), "%dx%d", &w, &h); err != nil || w < 200 || h < 200 {
		return fmt.Errorf("-size %q: want WxH, e.g. 1280x800", *size)
	}

	ebiten.SetWindowTitle("Bashni")
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(320, 400, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowIcon(windowIcons())

	g := startup.New(startup.Options{Mute: *mute, FEN: *fen, Variant: v, Watch: *watch, Level: *level, Friend: *friend, Seed: *seed, Lang: *lang, Server: *server, Game: *game})
	err = ebiten.RunGameWithOptions(quitOnSignal(g), runOptions())
	if ferr := g.Close(); ferr != nil {
		fmt.Fprintln(os.Stderr, "bashni: saving:", ferr)
	}
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return nil
}
