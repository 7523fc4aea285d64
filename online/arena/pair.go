package arena

import (
	"cmp"
	"slices"
	"time"
)

// Waiting is a player waiting for a game in a running arena.
type Waiting struct {
	ID     string
	Points int       // their score now
	Rating int       // their rating when they joined
	Last   string    // their last opponent ("" before their first game)
	Colour int       // games as White less games as Black
	Since  time.Time // waiting since
}

// Pairing is a game to start.
type Pairing struct{ White, Black string }

// RematchWait is how long two players who just played each other must both
// have waited before they are paired again: an immediate rematch is avoided
// while anyone else may come, but two players left alone are not kept
// waiting for ever.
const RematchWait = 10 * time.Second

// Pair pairs the waiting players as lichess's arenas do: ranked by score,
// then rating, each player meets the nearest-ranked waiting player who was
// not their last opponent (unless both have waited RematchWait), so that
// players of similar score and rating meet. An odd player out waits for
// the next round. Colours even out: the player who had White less often
// gets it. A player listed twice is paired once.
func Pair(waiting []Waiting, now time.Time) []Pairing {
	ws := slices.Clone(waiting)
	slices.SortStableFunc(ws, func(a, b Waiting) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	ws = slices.CompactFunc(ws, func(a, b Waiting) bool { return a.ID == b.ID })
	used := make([]bool, len(ws))
	var out []Pairing
	for i := range ws {
		if used[i] {
			continue
		}
		for j := i + 1; j < len(ws); j++ {
			if used[j] || !mayMeet(ws[i], ws[j], now) {
				continue
			}
			used[i], used[j] = true, true
			out = append(out, colours(ws[i], ws[j]))
			break
		}
	}
	return out
}

// mayMeet: not an immediate rematch, unless both have waited long enough.
func mayMeet(a, b Waiting, now time.Time) bool {
	if a.Last != b.ID && b.Last != a.ID {
		return true
	}
	return now.Sub(a.Since) >= RematchWait && now.Sub(b.Since) >= RematchWait
}

// colours gives White to the player who had it less; on a tie to the
// lower-ranked b, so that the leader does not always get it.
func colours(a, b Waiting) Pairing {
	if a.Colour < b.Colour {
		return Pairing{White: a.ID, Black: b.ID}
	}
	return Pairing{White: b.ID, Black: a.ID}
}
