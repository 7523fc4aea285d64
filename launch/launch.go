// Package launch is what the player asked for when starting the game: the
// command line's flags (main; a page's address is turned into the same
// flags), a phone's defaults (mobile). startup and the App (scenes.Options)
// take it as it is, so that it is written once.
package launch

import (
	"flag"
	"fmt"

	"bashni/ai"
	"bashni/i18n"
	"bashni/online/remote"
	"bashni/rules"
)

// Launch is a start of the game. The zero value is the title screen, with
// sound, in the language of Settings.
type Launch struct {
	// FEN starts a game from this position (in Variant) at once, skipping
	// the title: the person plays the side to move against the computer,
	// or the computer plays both sides with Watch.
	FEN     string
	Variant rules.Variant
	// Watch starts a game of the computer against itself.
	Watch bool
	// Level is the computer's level (1–7) for FEN and Watch; 0 means the
	// level new players are offered (storage.DefaultLevel).
	Level int
	// Friend makes a FEN game one between two people.
	Friend bool
	// Seed makes the computer's choices repeatable (0: a new game each
	// time).
	Seed uint64
	// Mute: no sound this run (in a page, no audio context at all), the
	// settings unchanged.
	Mute bool
	// Lang is the language asked for (-lang, ?lang=), over the one chosen
	// in Settings; "" leaves the choice to Settings, then to the system.
	Lang string
	// Server is the online games' server (-server, ?server=): it wins over
	// the one in Settings. Game is a game's code to open at once (a
	// link's ?game=).
	Server string
	Game   string
	// Arena is an arena's id to open at once (-arena, a link's ?arena=):
	// its table, where the player joins.
	Arena string
}

// Flags declares the launch's flags on fs; the function it returns reads
// them once fs is parsed, into a Launch that Check accepts or an error
// naming the flag that is wrong.
func Flags(fs *flag.FlagSet) func() (Launch, error) {
	fen := fs.String("fen", "", "start a game from this position (FEN of PROTOCOL.md); you play the side to move")
	variant := fs.String("variant", "bashni", "the game for -fen and -watch: bashni or lasca")
	watch := fs.Bool("watch", false, "watch the computer play itself")
	level := fs.Int("level", ai.MinLevel, "the computer's level, 1 (newcomer) to 7 (master), for -fen and -watch")
	friend := fs.Bool("friend", false, "with -fen: two players on this device instead of the computer")
	mute := fs.Bool("mute", false, "no sound")
	seed := fs.Uint64("seed", 0, "seed of the computer's random choices (0: a new game each time)")
	lang := fs.String("lang", "", "the game's language: en, ru, ko or ja (default: the one chosen in Settings, else the system's)")
	server := fs.String("server", "", "the server of online games, e.g. http://127.0.0.1:8080 (play a friend online; see docs/SERVER.md)")
	game := fs.String("game", "", "with a server: open this online game (its code) at once")
	arena := fs.String("arena", "", "with a server: open this arena (its id, as in its link) at once")
	return func() (Launch, error) {
		v, err := rules.ParseVariant(*variant)
		if err != nil {
			return Launch{}, fmt.Errorf("-variant: %w", err)
		}
		if *level == 0 { // 0 is the default of a Launch, not a level to ask for
			return Launch{}, fmt.Errorf("-level 0: want %d to %d", ai.MinLevel, ai.MaxLevel)
		}
		l := Launch{FEN: *fen, Variant: v, Watch: *watch, Level: *level, Friend: *friend, Seed: *seed,
			Mute: *mute, Lang: *lang, Server: *server, Game: *game, Arena: *arena}
		return l, l.Check()
	}
}

// Check reports what is wrong with l, naming the flag: a level out of
// range, a language the game does not speak, a server address that is
// not one. A FEN is checked where the game starts (a page starts anyway
// and the title says what is wrong): CheckFEN.
func (l Launch) Check() error {
	if l.Level != 0 && (l.Level < ai.MinLevel || l.Level > ai.MaxLevel) {
		return fmt.Errorf("-level %d: want %d to %d", l.Level, ai.MinLevel, ai.MaxLevel)
	}
	if l.Lang != "" {
		if _, ok := i18n.Parse(l.Lang); !ok {
			return fmt.Errorf("-lang %q: want en, ru, ko or ja", l.Lang)
		}
	}
	if l.Server != "" {
		if err := remote.CheckServer(l.Server); err != nil {
			return fmt.Errorf("-server: %w", err)
		}
	}
	if l.Arena != "" {
		if _, err := remote.NormalizeArenaID(l.Arena); err != nil {
			return fmt.Errorf("-arena: %w", err)
		}
	}
	return nil
}

// CheckFEN reports whether l's FEN, if any, is a position of its variant.
func (l Launch) CheckFEN() error {
	if l.FEN == "" {
		return nil
	}
	if _, err := rules.ParseFEN(l.Variant, l.FEN); err != nil {
		return fmt.Errorf("-fen: %w", err)
	}
	return nil
}
