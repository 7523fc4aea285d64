package play

import (
	"bashni/access"
	"bashni/platform"
	"bashni/scenes"
	"bashni/session"
)

// speech is what the screen last announced: the ply and whether the game
// was over, so that the end is said once.
type speech struct {
	ply  int
	over bool
}

// announce says what an event of the game did, in the player's language
// (package access): every move of both sides with what a capture took and
// whose turn it is, and the result. The words go to the play screen's
// command line and, in a browser, to the page's live region for screen
// readers (platform.Speak).
func (s *Screen) announce(c scenes.Context, ev session.Event) {
	var text string
	g := s.sess.Game()
	switch ev.Kind {
	case session.MovePlayed:
		a := access.Announcement{Before: ev.Before, Move: ev.Move, After: ev.After}
		if ev.Ply == g.Ply() {
			a.Outcome = g.Outcome()
		}
		a.You, a.YouPlay = s.sess.Local()
		text = access.Announce(c.Text(), a)
	case session.GameOver:
		if ev.Move.IsZero() && !ev.Outcome.Over() {
			return
		}
		// A move that ended the game already said the result.
		if last := g.Ply(); last > 0 && s.speech.ply == last && s.speech.over {
			return
		}
		text = c.Text().Outcome(ev.Outcome)
	case session.Undone:
		text = access.Board(c.Text(), g.Position(), g.Outcome())
	case session.Redone:
		you, youPlay := s.sess.Local()
		text = access.Last(c.Text(), g, you, youPlay)
	case session.HintReady:
		if !s.live() {
			return
		}
		s.speak(c, hintText(c.Text(), ev.Hint))
		return
	case session.DrawOffered, session.DrawDeclined:
		// The other side's offer or answer (an online game), which the
		// screen shows on its status line.
		if you, _ := s.sess.Local(); ev.Side == you {
			return
		}
		id := "online.draw_offered"
		if ev.Kind == session.DrawDeclined {
			id = "online.draw_declined"
		}
		s.speak(c, c.Text().T(id))
		return
	default:
		return
	}
	s.speech.ply, s.speech.over = g.Ply(), g.Outcome().Over()
	s.speak(c, text)
}

// speak shows text in the command line and reads it out in the page.
func (s *Screen) speak(c scenes.Context, text string) {
	if text == "" {
		return
	}
	s.cmd.say(c, text)
	platform.Speak(text)
}

// pageCommand answers questions about the finished game under the card.
// In an arena's game "arena" goes back to the arena's page.
func (s *GameOver) PageCommand(c scenes.Context, line string) {
	if cmd, err := access.Parse(c.Text(), s.play.sess.Game().Position(), line); err == nil && cmd.Kind == access.KindArena && s.arenaGame() {
		s.next(c)
		return
	}
	s.play.command(c, line, s.play.speak)
}

// PageCommand answers a line typed into the page's command line: a move is
// played, a question answered in the live region.
func (s *Screen) PageCommand(c scenes.Context, line string) { s.command(c, line, s.speak) }
