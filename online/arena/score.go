package arena

import (
	"cmp"
	"slices"
	"time"
)

// Game is one game of an arena as the standings count it.
type Game struct {
	ID      string
	White   string    // player ids
	Black   string    //
	Result  string    // "1-0", "0-1", "1/2-1/2"; "*" while playing or when aborted
	Plies   int       // moves played, for the berserk point
	Berserk [2]bool   // white, black went berserk
	Ended   time.Time // when it ended; zero while playing
}

// Counts reports whether g counts in an arena that ends at end: a decided
// game that ended by then. Games still playing at the end are finished but
// not counted, as on lichess; an aborted game never counts.
func (g Game) Counts(end time.Time) bool {
	return g.Result != "*" && g.Result != "" && !g.Ended.IsZero() && !g.Ended.After(end)
}

// Outcome is a game's result for one player.
type Outcome byte

const (
	Loss Outcome = 'L'
	Draw Outcome = 'D'
	Win  Outcome = 'W'
)

// outcome is g's result for player; false if they did not play it.
func (g Game) outcome(player string) (Outcome, int, bool) {
	seat := 0
	switch player {
	case g.White:
	case g.Black:
		seat = 1
	default:
		return 0, 0, false
	}
	switch {
	case g.Result == "1/2-1/2":
		return Draw, seat, true
	case (g.Result == "1-0") == (seat == 0):
		return Win, seat, true
	}
	return Loss, seat, true
}

// Score is one game on a player's sheet.
type Score struct {
	Game    string  `json:"game"`
	Outcome Outcome `json:"-"`
	Points  int     `json:"points"`
	Streak  bool    `json:"streak,omitempty"`  // played on a streak: points doubled
	Berserk bool    `json:"berserk,omitempty"` // went berserk
}

// Sheet is a player's games in an arena and what they scored, oldest
// first.
type Sheet struct {
	Scores []Score
	Points int
	Wins   int
	run    int // wins in a row at the end of the sheet
}

// OnStreak reports whether the player's next game scores double.
func (s *Sheet) OnStreak() bool { return s.run >= StreakWins }

// Add scores one more game: win 2, draw 1, loss 0; doubled while on a
// streak (two wins in a row before it, the game that breaks the streak
// included, as lichess does); a berserk win with at least MinBerserkPlies
// plies earns BerserkPoints more, never doubled.
func (s *Sheet) Add(game string, o Outcome, berserk bool, plies int) Score {
	sc := Score{Game: game, Outcome: o, Streak: s.OnStreak(), Berserk: berserk}
	switch o {
	case Win:
		sc.Points = WinPoints
	case Draw:
		sc.Points = DrawPoints
	default:
		sc.Points = LossPoints
	}
	if sc.Streak {
		sc.Points *= 2
	}
	if o == Win {
		s.Wins++
		s.run++
		if berserk && plies >= MinBerserkPlies {
			sc.Points += BerserkPoints
		}
	} else {
		s.run = 0
	}
	s.Points += sc.Points
	s.Scores = append(s.Scores, sc)
	return sc
}

// Player is an entry as the standings show it.
type Player struct {
	ID     string
	Name   string
	Rating int // when they joined, for ties and pairing
}

// Row is one line of the table.
type Row struct {
	Rank    int
	Player  Player
	Sheet   Sheet
	Playing bool // in a game now (the caller sets it)
}

// Standings folds an arena's games into its table: every entered player,
// by points, then wins, then rating, then name (so that equal rows always
// come out in one order). Only games that count by end are scored (Counts);
// games are taken in the order they ended, ties by id.
func Standings(players []Player, games []Game, end time.Time) []Row {
	rows := make([]Row, len(players))
	at := make(map[string]int, len(players))
	for i, p := range players {
		rows[i].Player = p
		at[p.ID] = i
	}
	counted := make([]Game, 0, len(games))
	for _, g := range games {
		if g.Counts(end) {
			counted = append(counted, g)
		}
	}
	slices.SortStableFunc(counted, func(a, b Game) int {
		return cmp.Or(a.Ended.Compare(b.Ended), cmp.Compare(a.ID, b.ID))
	})
	for _, g := range counted {
		for _, id := range []string{g.White, g.Black} {
			i, ok := at[id]
			if !ok {
				continue // a player who is not entered: a damaged store
			}
			o, seat, _ := g.outcome(id)
			rows[i].Sheet.Add(g.ID, o, g.Berserk[seat], g.Plies)
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(
			cmp.Compare(b.Sheet.Points, a.Sheet.Points),
			cmp.Compare(b.Sheet.Wins, a.Sheet.Wins),
			cmp.Compare(b.Player.Rating, a.Player.Rating),
			cmp.Compare(a.Player.Name, b.Player.Name),
			cmp.Compare(a.Player.ID, b.Player.ID))
	})
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}
