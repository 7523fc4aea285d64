package rating

import (
	"fmt"

	"bashni/online/protocol"
)

// Speed is a class of time controls rated apart: a blitz rating says
// nothing sure about correspondence play.
type Speed string

// The speed classes, from a live clock's estimated game time (initial +
// 40 × increment, in seconds, as lichess reckons it) or the clock's kind.
const (
	Bullet         Speed = "bullet"         // under 3 minutes
	Blitz          Speed = "blitz"          // under 8 minutes
	Rapid          Speed = "rapid"          // under 25 minutes
	Classical      Speed = "classical"      // 25 minutes or more
	Correspondence Speed = "correspondence" // days per move
)

// Speeds lists the classes, fastest first.
var Speeds = []Speed{Bullet, Blitz, Rapid, Classical, Correspondence}

// EstimatedSeconds is a live clock's expected game length per player.
func EstimatedSeconds(c protocol.Clock) int { return c.Initial + 40*c.Increment }

// SpeedOf is the class a clock's games are rated in; false for a game
// without a clock, which is never rated (nothing bounds its length, and a
// player could wait out a lost position for ever).
func SpeedOf(c protocol.Clock) (Speed, bool) {
	switch c.Kind {
	case protocol.ClockCorrespondence:
		return Correspondence, true
	case protocol.ClockLive:
		switch t := EstimatedSeconds(c); {
		case t < 180:
			return Bullet, true
		case t < 480:
			return Blitz, true
		case t < 1500:
			return Rapid, true
		default:
			return Classical, true
		}
	}
	return "", false
}

// ParseSpeed reads a speed's name.
func ParseSpeed(s string) (Speed, error) {
	for _, sp := range Speeds {
		if string(sp) == s {
			return sp, nil
		}
	}
	return "", fmt.Errorf("speed %q is not bullet, blitz, rapid, classical or correspondence", s)
}
