package scenes

import (
	"strconv"

	"bashni/online/remote"
	"bashni/rules"
	"bashni/session"
)

// GameConfig is a game the new-game screen, the command line or a saved
// game chose: what is played, from where, and by whom. newGameSession
// turns it into a session with its players.
type GameConfig struct {
	Variant rules.Variant
	Start   *rules.Position // nil: the variant's start position
	Moves   []string        // moves to replay from Start (a saved game)
	Ply     int             // how many of Moves are on the board; the rest can be redone
	// Human is the person's side; between friends the side at the bottom
	// of the board.
	Human rules.Color
	// Friend: two people at this device; otherwise the computer plays the
	// other side at Level (1–7).
	Friend bool
	Level  int
	// Watch: the computer plays both sides (-watch).
	Watch bool
	// Online, if not nil, is the other side of a game on a server (the
	// session comes from it; scenes/online).
	Online *remote.Player
}

// minThinkTicks: the computer never answers faster than this, so that its
// move does not look like a reflex.
const minThinkTicks = 20

// NewBrain makes a computer player for the searches of one session.
func (a *App) NewBrain() *session.Brain {
	if a.opts.Engine != nil {
		return session.NewBrain(a.opts.Engine(a.opts.Seed))
	}
	return session.NewBrain(session.NewAIEngine(a.opts.Seed))
}

// players are the players cfg asks for, thinking with brain.
func (cfg GameConfig) players(brain *session.Brain) [2]session.Player {
	var p [2]session.Player
	switch {
	case cfg.Watch:
		p[rules.White] = session.NewComputer(brain, cfg.Level, minThinkTicks)
		p[rules.Black] = session.NewComputer(brain, cfg.Level, minThinkTicks)
	case cfg.Friend:
		p[rules.White], p[rules.Black] = session.NewPerson(), session.NewPerson()
	default:
		p[cfg.Human&1] = session.NewPerson()
		p[cfg.Human.Opponent()] = session.NewComputer(brain, cfg.Level, minThinkTicks)
	}
	return p
}

// NewSession starts the game cfg describes, saved after every change and
// archived when it ends. A game whose moves cannot be replayed starts
// afresh with the same players.
func (a *App) NewSession(cfg GameConfig) *session.Session {
	if cfg.Online != nil {
		return a.onlineSession(cfg)
	}
	brain := a.NewBrain()
	bottom := cfg.Human
	sc := session.Config{
		Variant: cfg.Variant,
		Start:   cfg.Start,
		Moves:   cfg.Moves,
		Ply:     cfg.Ply,
		Players: cfg.players(brain),
		Hints:   brain,
		Archive: a.archiveGame(bottom),
	}
	if sc.Archive == nil {
		// Nothing is kept (no store), yet the game is final once over.
		sc.Archive = func(*session.Session) {}
	}
	if a.saver != nil {
		sc.Autosave = func(s *session.Session) {
			if sg, ok := savedGameOf(s, bottom); ok {
				a.saver.SaveGame(sg)
			}
		}
	}
	s, err := session.New(sc)
	if err != nil {
		sc.Start, sc.Moves, sc.Ply = nil, nil, 0
		s, _ = session.New(sc)
	}
	return s
}

// ComputerLevel is the computer's level on side c, if the computer plays it.
func ComputerLevel(s *session.Session, c rules.Color) (int, bool) {
	if p, ok := s.Player(c).(*session.ComputerPlayer); ok {
		return p.Level(), true
	}
	return 0, false
}

// Friends reports whether two people play at this device.
func Friends(s *session.Session) bool {
	return s.Kind(rules.White) == session.Person && s.Kind(rules.Black) == session.Person
}

// ComputerLevelName is how game records (PDN tags, English in every language) name the
// computer at level n.
func ComputerLevelName(n int) string { return "Computer (level " + strconv.Itoa(n) + ")" }

// onlineSession is the session of an online game: the server's moves, a
// person at this device's seat and the remote player at the other; not
// autosaved (the server keeps it), archived when it ends.
func (a *App) onlineSession(cfg GameConfig) *session.Session {
	sc, err := cfg.Online.Config()
	if err == nil {
		if !cfg.Online.Spectator() {
			sc.Archive = a.archiveGame(cfg.Human)
		}
		if s, err := session.New(sc); err == nil {
			return s
		}
	}
	s, _ := session.New(session.Config{Variant: cfg.Variant})
	return s
}
