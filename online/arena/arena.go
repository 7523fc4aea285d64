// Package arena is the logic of arena tournaments as lichess runs them, with
// no I/O and no clock of its own: what an arena is (Settings), when it runs
// (Schedule), how a player's games score (Sheet: win 2, draw 1, loss 0,
// doubled on a streak, a point more for a berserk win), the table the
// games make (Standings), and who plays whom next (Pair). The server
// (online/server/arena.go) stores arenas, entries and games, and calls
// these functions; the standings are always a fold of the stored games, so
// that any node, at any time, recomputes the same table.
package arena

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"bashni/online/protocol"
)

// Points of a game, before a streak doubles them.
const (
	WinPoints  = 2
	DrawPoints = 1
	LossPoints = 0
	// BerserkPoints is added to a berserk player's win.
	BerserkPoints = 1
	// StreakWins is how many wins in a row put a player on a streak: from
	// the next game on, points are doubled until a game is not won.
	StreakWins = 2
	// MinBerserkPlies is how long a game must be for a berserk win to earn
	// its point (seven moves each, as lichess asks): a berserk player
	// whose opponent resigns or vanishes at once has not played with half
	// the clock.
	MinBerserkPlies = 14
)

// Bounds of the settings a player may choose.
const (
	MinMinutes  = 10
	MaxMinutes  = 180
	MaxStartsIn = 24 * time.Hour // the latest start a player may set
	MaxNameLen  = 40             // bytes of an arena's name
)

// Settings are what an arena is: its name, variant, clock, length and
// whether its games are rated.
type Settings struct {
	Name     string         `json:"name"`
	Variant  string         `json:"variant"` // "bashni" or "lasca"
	Clock    protocol.Clock `json:"clock"`   // a live clock
	Minutes  int            `json:"minutes"` // how long pairing goes on
	Rated    bool           `json:"rated"`
	Schedule string         `json:"schedule,omitempty"` // the schedule that made it; "" for a player's
	By       string         `json:"by,omitempty"`       // the name of the player who made it
}

// Check refuses settings no arena can have; the error names the field.
func (s Settings) Check() error {
	if s.Variant != "bashni" && s.Variant != "lasca" {
		return protocol.Errorf(protocol.ErrBadMessage, "\"variant\" must be \"bashni\" or \"lasca\", not %q", clip(s.Variant))
	}
	if s.Clock.Kind != protocol.ClockLive {
		return protocol.Errorf(protocol.ErrBadMessage, "\"clock\" of an arena must be a live clock, like {\"kind\":\"live\",\"initial\":180,\"increment\":2}")
	}
	if err := protocol.ValidateClock(s.Clock); err != nil {
		return err
	}
	if s.Minutes < MinMinutes || s.Minutes > MaxMinutes {
		return protocol.Errorf(protocol.ErrBadMessage, "\"minutes\" must be %d to %d, not %d", MinMinutes, MaxMinutes, s.Minutes)
	}
	if err := CheckName(s.Name); err != nil {
		return err
	}
	return nil
}

// CheckName refuses an arena name that is empty, too long or not one line
// of plain text.
func CheckName(name string) error {
	if name == "" {
		return protocol.Errorf(protocol.ErrBadMessage, "an arena needs a \"name\"")
	}
	if len(name) > MaxNameLen {
		return protocol.Errorf(protocol.ErrBadMessage, "\"name\" is longer than %d bytes", MaxNameLen)
	}
	for _, r := range name {
		if r < 0x20 || r >= 0x7f && r < 0xa0 || r == '\u2028' || r == '\u2029' || r == '\ufffd' {
			return protocol.Errorf(protocol.ErrBadMessage, "\"name\" has the character %U; it is one line of plain text", r)
		}
	}
	return nil
}

func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

// Duration is how long pairing goes on.
func (s Settings) Duration() time.Duration { return time.Duration(s.Minutes) * time.Minute }

// Status is where an arena is in its life at a time.
type Status string

const (
	Coming   Status = "coming"   // not started: players may join and wait
	Running  Status = "running"  // pairing
	Finished Status = "finished" // over: the table is final
)

// StatusAt is an arena's status at now, for one that starts at starts.
func (s Settings) StatusAt(starts, now time.Time) Status {
	return StatusAt(starts, starts.Add(s.Duration()), now)
}

// StatusAt is the status at now of an arena that pairs from starts until
// ends.
func StatusAt(starts, ends, now time.Time) Status {
	switch {
	case now.Before(starts):
		return Coming
	case now.Before(ends):
		return Running
	}
	return Finished
}

// Schedule makes an arena every Every, starting at Offset past each whole
// Every (UTC): an hourly blitz at :00 is {Every: time.Hour}; a daily rapid
// at 18:00 is {Every: 24 * time.Hour, Offset: 18 * time.Hour}.
type Schedule struct {
	Key      string // names the schedule in the store ("hourly-bashni-blitz"); arenas it made are unique by key and start
	Settings Settings
	Every    time.Duration
	Offset   time.Duration
}

// Next is the start of the first arena of the schedule that starts at or
// after t.
func (s Schedule) Next(t time.Time) time.Time {
	t = t.UTC()
	base := t.Truncate(s.Every).Add(s.Offset % s.Every)
	for base.Before(t) {
		base = base.Add(s.Every)
	}
	for !base.Add(-s.Every).Before(t) {
		base = base.Add(-s.Every)
	}
	return base
}

// Check refuses a schedule that cannot run.
func (s Schedule) Check() error {
	if s.Key == "" {
		return fmt.Errorf("arena schedule without a key")
	}
	if s.Every < time.Hour {
		return fmt.Errorf("arena schedule %s: every %v is less than an hour", s.Key, s.Every)
	}
	if s.Settings.Duration() > s.Every {
		return fmt.Errorf("arena schedule %s: arenas of %d minutes every %v would overlap", s.Key, s.Settings.Minutes, s.Every)
	}
	return s.Settings.Check()
}

// DefaultSchedules are the server's arenas unless configured otherwise: an
// hourly Bashni blitz (3+2, 57 minutes, as lichess's hourly arenas leave a
// few minutes between two) and a daily Lasca rapid (10+5, two hours from
// 18:00 UTC). Both rated.
func DefaultSchedules() []Schedule {
	return []Schedule{
		{Key: "hourly-bashni-blitz", Every: time.Hour, Settings: Settings{Name: "Hourly Bashni Blitz", Variant: "bashni",
			Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Minutes: 57, Rated: true}},
		{Key: "daily-lasca-rapid", Every: 24 * time.Hour, Offset: 18 * time.Hour, Settings: Settings{Name: "Daily Lasca Rapid", Variant: "lasca",
			Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 600, Increment: 5}, Minutes: 120, Rated: true}},
	}
}

// BerserkTime is the time a berserk player starts with: half the clock's
// initial time (and no increment: Berserk removes it).
func BerserkTime(c protocol.Clock) time.Duration {
	return time.Duration(c.Initial) * time.Second / 2
}

// ParseSchedules reads schedules from JSON, as an operator writes them:
//
//	[{"key":"hourly-bashni-blitz","every":"1h","offset":"0s",
//	  "name":"Hourly Bashni Blitz","variant":"bashni",
//	  "clock":{"kind":"live","initial":180,"increment":2},"minutes":57,"rated":true}]
//
// Each is checked (Schedule.Check); the error names the one at fault.
func ParseSchedules(data []byte) ([]Schedule, error) {
	var raw []struct {
		Key    string `json:"key"`
		Every  string `json:"every"`
		Offset string `json:"offset"`
		Settings
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("reading arena schedules: %w", err)
	}
	out := make([]Schedule, 0, len(raw))
	seen := map[string]bool{}
	for i, r := range raw {
		s := Schedule{Key: r.Key, Settings: r.Settings}
		var err error
		if s.Every, err = time.ParseDuration(r.Every); err != nil {
			return nil, fmt.Errorf("arena schedule %d (%s): \"every\": %w", i+1, r.Key, err)
		}
		if r.Offset != "" {
			if s.Offset, err = time.ParseDuration(r.Offset); err != nil {
				return nil, fmt.Errorf("arena schedule %d (%s): \"offset\": %w", i+1, r.Key, err)
			}
		}
		if err := s.Check(); err != nil {
			return nil, fmt.Errorf("arena schedule %d (%s): %w", i+1, r.Key, err)
		}
		if seen[s.Key] {
			return nil, fmt.Errorf("arena schedule %d: key %q twice", i+1, s.Key)
		}
		seen[s.Key] = true
		s.Settings.Schedule = s.Key
		out = append(out, s)
	}
	return out, nil
}
