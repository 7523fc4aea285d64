package storage

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The tests in this file run against every back end of the platform: files
// and memory on the host, a localStorage stand-in and memory under js/wasm.

func TestRoundTrips(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for _, dc := range docCases() {
			t.Run(dc.file, func(t *testing.T) {
				for version := 1; version <= 3; version++ {
					if err := dc.save(s, version); err != nil {
						t.Fatalf("save %d: %v", version, err)
					}
					got, found, notice := dc.load(s)
					if !found || !notice.IsZero() {
						t.Fatalf("load after save %d: found=%v notice=%q", version, found, notice)
					}
					if want := dc.value(version); !reflect.DeepEqual(got, want) {
						t.Fatalf("load after save %d:\n got %#v\nwant %#v", version, got, want)
					}
				}
			})
		}
	})
}

func TestNothingSavedGivesDefaultsQuietly(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for _, dc := range docCases() {
			got, found, notice := dc.load(s)
			if found || !notice.IsZero() || !reflect.DeepEqual(got, dc.fresh) {
				t.Errorf("%s: got %#v found=%v notice=%q, want defaults, not found, no notice", dc.file, got, found, notice)
			}
		}
	})
}

func TestSaveKeepsPreviousAsBackup(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for _, dc := range docCases() {
			for version := 1; version <= 2; version++ {
				if err := dc.save(s, version); err != nil {
					t.Fatal(err)
				}
			}
			// Loading the backup directly must give the first version.
			mustWrite(t, s, dc.file, mustRead(t, s, dc.file+".bak"))
			if got, _, _ := dc.load(s); !reflect.DeepEqual(got, dc.value(1)) {
				t.Errorf("%s: backup holds %#v, want version 1", dc.file, got)
			}
		}
	})
}

// A damaged main file is set aside, the backup restored and put back.
func TestDamagedSaveFallsBackToBackup(t *testing.T) {
	for _, dc := range docCases() {
		for _, dmg := range damages() {
			t.Run(dc.file+"/"+dmg.name, func(t *testing.T) {
				forEachStore(t, func(t *testing.T, s *Store) {
					for version := 1; version <= 2; version++ {
						if err := dc.save(s, version); err != nil {
							t.Fatal(err)
						}
					}
					mustWrite(t, s, dc.file, dmg.apply(dc, mustRead(t, s, dc.file)))
					// As stored: browser storage keeps text, so invalid
					// UTF-8 comes back with replacement characters.
					bad := mustRead(t, s, dc.file)

					got, found, notice := dc.load(s)
					checkOneLine(t, notice)
					if !found || !reflect.DeepEqual(got, dc.value(1)) {
						t.Fatalf("got %#v found=%v, want the backup (version 1)", got, found)
					}
					aside := dc.file + "." + dmg.aside + "-" + testStamp
					for _, part := range []string{"kept as " + aside, "restored the previous save"} {
						if !strings.Contains(notice.String(), part) {
							t.Errorf("notice %q lacks %q", notice, part)
						}
					}
					if kept := mustRead(t, s, aside); string(kept) != string(bad) {
						t.Errorf("set-aside copy holds %q, want the damaged bytes", kept)
					}
					// The restored version is back in place for the next start...
					if got, found, notice := dc.load(s); !found || !notice.IsZero() || !reflect.DeepEqual(got, dc.value(1)) {
						t.Errorf("second load: %#v found=%v notice=%q, want version 1 quietly", got, found, notice)
					}
					// ...and saving goes on normally.
					if err := dc.save(s, 3); err != nil {
						t.Fatal(err)
					}
					if got, _, notice := dc.load(s); !notice.IsZero() || !reflect.DeepEqual(got, dc.value(3)) {
						t.Errorf("after saving again: %#v notice=%q, want version 3", got, notice)
					}
				})
			})
		}
	}
}

func TestDamagedSaveWithoutBackupStartsFresh(t *testing.T) {
	for _, dc := range docCases() {
		for _, dmg := range damages() {
			t.Run(dc.file+"/"+dmg.name, func(t *testing.T) {
				forEachStore(t, func(t *testing.T, s *Store) {
					if err := dc.save(s, 1); err != nil {
						t.Fatal(err)
					}
					mustWrite(t, s, dc.file, dmg.apply(dc, mustRead(t, s, dc.file)))

					got, found, notice := dc.load(s)
					checkOneLine(t, notice)
					if found || !reflect.DeepEqual(got, dc.fresh) {
						t.Fatalf("got %#v found=%v, want defaults", got, found)
					}
					want := "kept as " + dc.file + "." + dmg.aside + "-" + testStamp + ", starting fresh"
					if !strings.Contains(notice.String(), want) {
						t.Errorf("notice %q lacks %q", notice, want)
					}
					if exists(t, s, dc.file) {
						t.Errorf("damaged %s still in place", dc.file)
					}
				})
			})
		}
	}
}

func TestDamagedSaveAndBackupStartFresh(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for _, dc := range docCases() {
			for version := 1; version <= 2; version++ {
				if err := dc.save(s, version); err != nil {
					t.Fatal(err)
				}
			}
			mustWrite(t, s, dc.file, []byte(`{"schema": 1, "kind`))
			mustWrite(t, s, dc.file+".bak", []byte(`{"schema": 99}`))

			got, found, notice := dc.load(s)
			checkOneLine(t, notice)
			if found || !reflect.DeepEqual(got, dc.fresh) {
				t.Fatalf("%s: got %#v found=%v, want defaults", dc.file, got, found)
			}
			for _, part := range []string{
				"was damaged (unexpected end of JSON input); kept as " + dc.file + ".broken-" + testStamp,
				fmt.Sprintf("its backup is from a newer version of the game (schema 99, this version reads up to %d); kept as ", dc.schema) + dc.file + ".bak.newer-" + testStamp,
				"starting fresh",
			} {
				if !strings.Contains(notice.String(), part) {
					t.Errorf("%s: notice %q lacks %q", dc.file, notice, part)
				}
			}
			// A fresh save must not be backed up from nothing, and loads.
			if err := dc.save(s, 3); err != nil {
				t.Fatal(err)
			}
			if got, found, notice := dc.load(s); !found || !notice.IsZero() || !reflect.DeepEqual(got, dc.value(3)) {
				t.Errorf("%s: after saving again: %#v found=%v notice=%q", dc.file, got, found, notice)
			}
		}
	})
}

// A damaged current file must not overwrite a good backup when saving
// without loading first.
func TestSaveOverDamagedFileKeepsGoodBackup(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for _, dc := range docCases() {
			for version := 1; version <= 2; version++ {
				if err := dc.save(s, version); err != nil {
					t.Fatal(err)
				}
			}
			goodBackup := mustRead(t, s, dc.file+".bak")
			mustWrite(t, s, dc.file, []byte("garbage"))
			if err := dc.save(s, 3); err != nil {
				t.Fatal(err)
			}
			if got := mustRead(t, s, dc.file+".bak"); string(got) != string(goodBackup) {
				t.Errorf("%s: backup replaced by %q", dc.file, got)
			}
		}
	})
}

func TestSetAsideCopiesAreTrimmed(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		if _, err := s.backend.list(); errors.Is(err, errCannotList) {
			t.Skip("this storage cannot list, so it keeps every copy")
		}
		for range 5 {
			mustWrite(t, s, "settings.json", []byte("{"))
			if _, notice := s.LoadSettings(); notice.IsZero() {
				t.Fatal("no notice for damaged settings")
			}
		}
		names, err := namesWithPrefix(s.backend, "settings.json.broken-")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			"settings.json.broken-" + testStamp + "-3",
			"settings.json.broken-" + testStamp + "-4",
			"settings.json.broken-" + testStamp + "-5",
		}
		if !reflect.DeepEqual(names, want) {
			t.Errorf("kept %q, want the newest three %q", names, want)
		}
	})
}

func TestClearGame(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		for i := 1; i <= 2; i++ {
			if err := s.SaveGame(sampleGame(i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.ClearGame(); err != nil {
			t.Fatal(err)
		}
		if _, found, notice := s.LoadGame(); found || !notice.IsZero() {
			t.Errorf("after ClearGame: found=%v notice=%q", found, notice)
		}
		if exists(t, s, "game.json.bak") {
			t.Error("ClearGame left the backup, which could resurrect the game")
		}
		if err := s.ClearGame(); err != nil {
			t.Errorf("clearing twice: %v", err)
		}
	})
}

func TestArchive(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		if games, notice := s.LoadArchive(); len(games) != 0 || !notice.IsZero() {
			t.Fatalf("empty store: %d games, notice %q", len(games), notice)
		}
		// Start one short of full (adding 200 games one by one only
		// re-tests the same path, slowly), then go past the limit.
		if err := ArchiveDocument().Save(s, sampleArchive(ArchiveLimit-1)); err != nil {
			t.Fatal(err)
		}
		total := ArchiveLimit + 5
		for i := ArchiveLimit; i <= total; i++ {
			if notice, err := s.AddToArchive(sampleArchivedGame(i)); err != nil || !notice.IsZero() {
				t.Fatalf("adding game %d: notice %q, err %v", i, notice, err)
			}
		}
		games, notice := s.LoadArchive()
		if !notice.IsZero() || len(games) != ArchiveLimit {
			t.Fatalf("got %d games, notice %q; want %d", len(games), notice, ArchiveLimit)
		}
		if games[0].Plies != total || games[len(games)-1].Plies != total-ArchiveLimit+1 {
			t.Errorf("archive holds plies %d…%d, want the newest first: %d…%d",
				games[0].Plies, games[len(games)-1].Plies, total, total-ArchiveLimit+1)
		}
		if !reflect.DeepEqual(games[0], sampleArchivedGame(total)) {
			t.Errorf("newest game:\n got %#v\nwant %#v", games[0], sampleArchivedGame(total))
		}
	})
}

func TestAddToArchiveFillsInFinishedTime(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		g := sampleArchivedGame(1)
		g.Finished = time.Time{}
		if _, err := s.AddToArchive(g); err != nil {
			t.Fatal(err)
		}
		if games, _ := s.LoadArchive(); len(games) != 1 || !games[0].Finished.Equal(testTime) {
			t.Errorf("archive = %#v, want one game finished at %v", games, testTime)
		}
	})
}

func TestAddToDamagedArchive(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		mustWrite(t, s, "archive.json", []byte(`{"schema": 1, "kind": "archive", "data": {"games": [{`))
		notice, err := s.AddToArchive(sampleArchivedGame(1))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(notice.String(), "game archive was damaged") {
			t.Errorf("notice %q does not tell about the damaged archive", notice)
		}
		if games, notice := s.LoadArchive(); len(games) != 1 || !notice.IsZero() {
			t.Errorf("got %d games, notice %q; want the new game alone", len(games), notice)
		}
	})
}

func TestAddToArchiveRejectsUnfinishedGame(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		g := sampleArchivedGame(1)
		g.Result = ResultNone
		if _, err := s.AddToArchive(g); err == nil {
			t.Error("archived a game without a result")
		}
	})
}

// The store is shared by the game loop and, say, a background saver; run
// with -race to check the locking.
func TestConcurrentUse(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		done := make(chan error)
		for w := range 4 {
			go func() {
				var err error
				for i := range 10 {
					switch w % 2 {
					case 0:
						err = cmp.Or(err, s.SaveGame(sampleGame(i)))
						_, _, notice := s.LoadGame()
						if !notice.IsZero() {
							err = cmp.Or(err, errors.New(notice.String()))
						}
					default:
						_, archiveErr := s.AddToArchive(sampleArchivedGame(i))
						err = cmp.Or(err, archiveErr)
					}
				}
				done <- err
			}()
		}
		for range 4 {
			if err := <-done; err != nil {
				t.Error(err)
			}
		}
		if games, notice := s.LoadArchive(); len(games) != 20 || !notice.IsZero() {
			t.Errorf("archive has %d games (notice %q), want 20", len(games), notice)
		}
	})
}
