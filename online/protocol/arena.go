package protocol

import "strings"

// Arenas (docs/ONLINE.md "Arenas"): tournaments anyone named may join,
// scheduled by the server or made by a player. A client that never sends
// these messages never gets any of them, and its games are as before.

// Client message types of arenas.
const (
	TypeArenas       = "arenas"        // the running and coming arenas, and those just over
	TypeCreateArena  = "create-arena"  // name, variant, clock, minutes, rated, startsIn
	TypeJoinArena    = "join-arena"    // arena: join, or come back after leave-arena or a lost connection
	TypeLeaveArena   = "leave-arena"   // arena: pause (no more pairings until join-arena)
	TypeWatchArena   = "watch-arena"   // arena, page: the arena now, and its changes pushed from then on
	TypeUnwatchArena = "unwatch-arena" // no more arena-update
	TypeBerserk      = "berserk"       // a game command: halve your clock before your first move in an arena game
)

// Server message types of arenas.
const (
	TypeArenaList   = "arenas"       // answer to arenas (Arenas)
	TypeArenaState  = "arena"        // answer to create-arena, join-arena, watch-arena (Arena)
	TypeArenaUpdate = "arena-update" // pushed to the arena's watchers (Arena)
)

// EventBerserk is the update of a player going berserk (By).
const EventBerserk = "berserk"

// Refusal codes of arenas.
const (
	ErrNotArena   = "not-arena"   // berserk outside an arena game; takeback or rematch in one
	ErrTooLate    = "too-late"    // berserk after your first move
	ErrArenaOver  = "arena-over"  // the arena has finished
	ErrArenaLimit = "arena-limit" // too many arenas coming, or players in this one
)

// Arena bounds.
const (
	ArenaIDLength   = 8  // arena ids: characters of CodeAlphabet, like seek ids
	ArenaPageRows   = 20 // rows of the standings in one page
	MaxArenaPlayers = 2000
	MaxArenaList    = 50
)

// ArenaInfo is an arena as the list shows it.
type ArenaInfo struct {
	ID      string `json:"id"`
	Name    string `json:"name"` // a player's arena: as they typed it; the server's: English words for clients that do not know Sched
	Variant string `json:"variant"`
	Clock   Clock  `json:"clock"`
	Minutes int    `json:"minutes"`
	Rated   bool   `json:"rated"`
	Starts  int64  `json:"starts"` // Unix ms
	Ends    int64  `json:"ends"`   // Unix ms: pairing stops; games still playing then do not count
	Status  string `json:"status"` // "coming", "running", "finished"
	Players int    `json:"players"`
	By      string `json:"by,omitempty"`       // the name of the player who made it; absent for the server's
	Sched   string `json:"schedule,omitempty"` // the schedule that made it: a code a client turns into its own words
}

// Arena is an arena with a page of its standings.
type Arena struct {
	ArenaInfo
	Page      int         `json:"page"`      // 1-based
	Standings []ArenaRow  `json:"standings"` // the page's rows, best first
	You       *ArenaEntry `json:"you,omitempty"`
}

// ArenaRow is one line of the standings.
type ArenaRow struct {
	Rank    int    `json:"rank"`
	Name    string `json:"name"`
	Rating  int    `json:"rating"`
	Points  int    `json:"points"`
	Sheet   []int  `json:"sheet"`             // each counted game's points, oldest first
	Streak  bool   `json:"streak,omitempty"`  // on a streak: the next game scores double
	Playing bool   `json:"playing,omitempty"` // in a game now
	Paused  bool   `json:"paused,omitempty"`  // left (or lost the connection): not paired
}

// ArenaEntry is the asking player's place in an arena.
type ArenaEntry struct {
	ArenaRow
	Game string `json:"game,omitempty"` // the game being played in the arena now
}

// ArenaLine is an arena on a player's profile.
type ArenaLine struct {
	ID      string `json:"id"`
	Name    string `json:"name"` // as in ArenaInfo
	Sched   string `json:"schedule,omitempty"`
	Starts  int64  `json:"starts"` // Unix ms: a coming arena's profile line says when it starts
	Ends    int64  `json:"ends"`
	Rank    int    `json:"rank"`
	Points  int    `json:"points"`
	Players int    `json:"players"` // entered players: the rank is out of these
	Status  string `json:"status"`
}

// isArenaType reports the arenas' client message types (berserk is a
// game command).
func isArenaType(t string) bool {
	switch t {
	case TypeArenas, TypeCreateArena, TypeJoinArena, TypeLeaveArena, TypeWatchArena, TypeUnwatchArena:
		return true
	}
	return false
}

// IsArena reports the arenas' requests (not berserk).
func IsArena(t string) bool { return isArenaType(t) }

// parseArena reads the fields of the arenas' messages.
func (f *fieldReader) parseArena(m *ClientMessage) {
	switch m.Type {
	case TypeCreateArena:
		f.string("name", &m.Name)
		f.string("variant", &m.Variant)
		if raw, ok := f.get("clock"); ok {
			m.Clock = new(Clock)
			f.clock(raw, m.Clock)
		}
		f.int("minutes", &m.Minutes)
		f.int("startsIn", &m.StartsIn)
		if raw, ok := f.get("rated"); ok && f.err == nil {
			var b bool
			if raw[0] != 't' && raw[0] != 'f' {
				f.fail("rated", "true or false", raw)
			} else {
				b = raw[0] == 't'
				m.Rated = &b
			}
		}
	case TypeJoinArena, TypeLeaveArena:
		f.string("arena", &m.Arena)
	case TypeWatchArena:
		f.string("arena", &m.Arena)
		f.int("page", &m.Page)
	}
}

// validateArena checks the arenas' messages, canonicalising the arena id.
func (m *ClientMessage) validateArena() error {
	switch m.Type {
	case TypeCreateArena:
		if m.Variant == "" {
			m.Variant = "bashni"
		}
		if m.Clock == nil {
			return Errorf(ErrBadMessage, "create-arena needs a \"clock\": a live clock")
		}
		if m.StartsIn < 0 || m.StartsIn > 24*60*60 {
			return Errorf(ErrBadMessage, "\"startsIn\" must be 0 to 86400 seconds, not %d", m.StartsIn)
		}
	case TypeJoinArena, TypeLeaveArena, TypeWatchArena:
		id, err := NormalizeArenaID(m.Arena)
		if err != nil {
			return err
		}
		m.Arena = id
		if m.Page < 0 || m.Page > MaxArenaPlayers/ArenaPageRows+1 {
			return Errorf(ErrBadMessage, "\"page\" must be 1 to %d, not %d", MaxArenaPlayers/ArenaPageRows+1, m.Page)
		}
	}
	return nil
}

// NormalizeArenaID checks an arena id, in any case.
func NormalizeArenaID(s string) (string, error) {
	if s == "" {
		return "", Errorf(ErrBadMessage, "the message needs \"arena\": the arena's id")
	}
	if len(s) != ArenaIDLength {
		return "", Errorf(ErrBadMessage, "arena id %q has %d characters; an id has %d", clip(s), len(s), ArenaIDLength)
	}
	up := strings.ToUpper(s)
	for _, r := range up {
		if !strings.ContainsRune(CodeAlphabet, r) {
			return "", Errorf(ErrBadMessage, "arena id %q has %q, which no id contains", clip(s), r)
		}
	}
	return up, nil
}
