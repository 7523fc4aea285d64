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
	"flag"
	"fmt"
	"os"
	"strings"

	"bashni/launch"
	"bashni/platform"
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
	read := launch.Flags(flag.CommandLine)
	size := flag.String("size", "1280x800", "window size in device-independent pixels, WxH")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("bashni", version.Get())
		return nil
	}
	l, err := read()
	if err != nil {
		return err
	}
	// In a page the game starts anyway and the title says what is wrong.
	if err := l.CheckFEN(); err != nil && !platform.InBrowser {
		return err
	}
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(*size), "%dx%d", &w, &h); err != nil || w < 200 || h < 200 {
		return fmt.Errorf("-size %q: want WxH, e.g. 1280x800", *size)
	}
	return startup.Run(startup.Options{Launch: l}, w, h)
}
