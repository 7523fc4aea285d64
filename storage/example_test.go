package storage_test

import (
	"fmt"

	"bashni/storage"
)

// Opening the store at start-up. (Not run as a test: it would open the
// player's real configuration directory.)
func ExampleOpenDefault() {
	store, err := storage.OpenDefault()
	if err != nil {
		// No usable storage (no home directory, browser storage blocked):
		// the game still runs, it just forgets everything on exit.
		fmt.Println("Settings and games will not be kept:", err)
		store = storage.OpenMemory()
	}
	settings, notice := store.LoadSettings()
	if !notice.IsZero() {
		fmt.Println(notice) // show it on the title screen
	}
	_ = settings
}

// How the game uses the store: load at start, save as the player goes, show
// any notice.
func Example() {
	store := storage.OpenMemory() // the game: storage.OpenDefault()

	settings, notice := store.LoadSettings()
	if !notice.IsZero() {
		fmt.Println("tell the player:", notice)
	}
	settings.Volume = 0.5
	if err := store.SaveSettings(settings); err != nil {
		fmt.Println("tell the player:", err)
	}

	game := storage.SavedGame{
		Variant:  storage.VariantBashni,
		Opponent: storage.OpponentComputer,
		Level:    3,
		Human:    storage.White,
		Moves:    []string{"c3-d4", "f6-e5", "d4:f6"},
		Ply:      2, // the capture was taken back; Redo can replay it
	}
	if err := store.SaveGame(game); err != nil {
		fmt.Println("tell the player:", err)
	}

	saved, ok, notice := store.LoadGame()
	fmt.Println(ok, notice.IsZero(), saved.Moves[:saved.Ply], saved.Moves[saved.Ply:])
	// Output: true true [c3-d4 f6-e5] [d4:f6]
}

// A new kind of document needs only a description.
func ExampleDocument() {
	type Stats struct {
		Wins, Losses int
	}
	stats := storage.Document[Stats]{Name: "stats", Label: "statistics file", Schema: 1}
	store := storage.OpenMemory()

	s, found, notice := stats.Load(store)
	fmt.Println(s, found, notice.IsZero())
	s.Wins++
	if err := stats.Save(store, s); err != nil {
		fmt.Println(err)
	}
	s, found, _ = stats.Load(store)
	fmt.Println(s, found)
	// Output:
	// {0 0} false true
	// {1 0} true
}
