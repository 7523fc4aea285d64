//go:build !js

package storage

import "testing"

// BenchmarkSaveGame measures a save as the game does it after each move
// (backup copy plus new file, each synced to disk), to judge whether it can
// run inside a frame.
func BenchmarkSaveGame(b *testing.B) {
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if err := s.SaveGame(sampleGame(i)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadGame(b *testing.B) {
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	if err := s.SaveGame(sampleGame(1)); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, ok, _ := s.LoadGame(); !ok {
			b.Fatal("no game")
		}
	}
}
