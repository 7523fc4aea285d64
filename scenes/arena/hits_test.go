package arena

import (
	"fmt"
	"testing"

	"bashni/i18n"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/storage"
)

// TestArenaHitAreas: on a phone held either way, in every language, what
// the arenas' list and an arena's table hit-test (the rows, the buttons)
// is at least scenes.MinTouchDP either way — measured on the hit areas
// the page registers as it runs, not on its layout's rectangles.
func TestArenaHitAreas(t *testing.T) {
	for _, l := range i18n.Langs() {
		cat, err := i18n.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		st := storage.Defaults()
		st.InstantAnimations = true
		a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			for _, table := range []bool{false, true} {
				s := New(a, "")
				// Connected to nothing: the fields a server's answers fill.
				s.pending, s.arenas, s.me = false, &remote.Arenas{}, remote.Me{Name: "Ivan_Petrovich"}
				for _, st := range []remote.ArenaStatus{remote.ArenaRunning, remote.ArenaComing, remote.ArenaFinished} {
					s.list = append(s.list, longArena(st))
				}
				name := fmt.Sprintf("%s arenas %gx%g", l.Code(), sz[0], sz[1])
				if table {
					tbl := &remote.ArenaTable{ArenaInfo: s.list[0]}
					for i := 0; i < 20; i++ {
						tbl.Standings = append(tbl.Standings, remote.ArenaRow{Rank: i + 1, Name: "Ivan_Petrovich", Rating: 1500, Points: 188 - i, Sheet: []int{2, 4, 4}})
					}
					s.id, s.tbl = tbl.ID, tbl
					name += " table"
				}
				// The table's standings are read, not tapped: they are
				// Tab stops for the keyboard and the screen reader only,
				// and under MinTouchDP by design; they are left out.
				var standing func(scenes.Rect) bool
				if table {
					standing = func(r scenes.Rect) bool {
						for _, q := range s.rects.Rows {
							if q == r {
								return true
							}
						}
						return false
					}
				}
				n, _ := scenetest.TouchTargetsOwing(t, a, &hits, name, s, sz[0], sz[1], nil, standing)
				if n < 2 {
					t.Errorf("%s: %d hit areas (the rows and the buttons were expected)", name, n)
				}
			}
		}
	}
}
