package referee

import (
	"strconv"
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// View is the game as the protocol shows it at now, without presence and
// without the move list (see Snapshot); online reports which seats'
// holders are connected.
func (s *State) View(now time.Time, online [2]bool) protocol.GameState {
	g := protocol.GameState{
		Game:        s.ID,
		Version:     s.Version,
		Variant:     variantName(s.Variant),
		Clock:       s.Clock,
		Ply:         s.Ply(),
		Status:      s.status.String(),
		Result:      s.result.Score(),
		Reason:      s.reason,
		DrawOffer:   seatOrEmpty(s.drawOffer),
		Takeback:    seatOrEmpty(s.takeback),
		Rematch:     seatOrEmpty(s.rematch),
		RematchGame: s.rematchGame,
		White:       protocol.Player{Seated: s.seated[White], Online: online[White]},
		Black:       protocol.Player{Seated: s.seated[Black], Online: online[Black]},
	}
	if s.arena != "" {
		g.Arena, g.Berserk = s.arena, s.berserkSeats()
	}
	if s.timed() {
		g.Clocks = &protocol.Clocks{White: s.Left(White, now).Milliseconds(), Black: s.Left(Black, now).Milliseconds()}
		if s.status == Playing {
			g.Clocks.Running = SeatName(s.SideToMove())
		}
	}
	return g
}

// Snapshot is View with the moves, for a client that (re)attaches.
func (s *State) Snapshot(now time.Time, online [2]bool, you string) protocol.GameState {
	g := s.View(now, online)
	g.Moves = s.Moves()
	g.You = you
	return g
}

// UpdateFor describes e, already applied, for the clients.
func (s *State) UpdateFor(e Event, now time.Time, online [2]bool) protocol.Update {
	return protocol.Update{Event: e.Kind, By: e.By, Move: e.Move, Undo: e.Undo, GameState: s.View(now, online)}
}

// Summary is the public summary of the game.
func (s *State) Summary(online [2]bool) protocol.Summary {
	return protocol.Summary{
		Game: s.ID, Variant: variantName(s.Variant), Clock: s.Clock,
		Status: s.status.String(), Result: s.result.Score(), Reason: s.reason, Ply: s.Ply(),
		White: protocol.Player{Seated: s.seated[White], Online: online[White]},
		Black: protocol.Player{Seated: s.seated[Black], Online: online[Black]},
	}
}

func seatOrEmpty(s int8) string {
	if s == noSeat {
		return ""
	}
	return SeatName(rules.Color(s))
}

// Record writes the game in PROTOCOL.md's record format. site names the
// server, names the players (White, Black; "" for an unnamed one, written
// as the seat). A game lost on time or by abandonment is written as a
// resignation's result with a Termination tag saying what happened.
func (s *State) Record(site string, names [2]string) string {
	g := s.Game()
	for i, seat := range []string{"White", "Black"} {
		if names[i] == "" {
			names[i] = seat
		}
	}
	tags := []rules.Tag{
		{Name: "Event", Value: "Online game " + s.ID},
		{Name: "Site", Value: site},
		{Name: "Date", Value: s.Created.UTC().Format("2006.01.02")},
		{Name: "White", Value: names[0]},
		{Name: "Black", Value: names[1]},
		{Name: "Variant"},
	}
	switch s.Clock.Kind {
	case protocol.ClockLive:
		tags = append(tags, rules.Tag{Name: "TimeControl", Value: strconv.Itoa(s.Clock.Initial) + "+" + strconv.Itoa(s.Clock.Increment)})
	case protocol.ClockCorrespondence:
		tags = append(tags, rules.Tag{Name: "TimeControl", Value: strconv.Itoa(s.Clock.Days) + " days per move"})
	}
	if s.status == Over {
		winner, won := rules.Outcome{Result: s.result}.Winner()
		switch s.reason {
		case protocol.ReasonResignation, protocol.ReasonTime, protocol.ReasonAbandonment:
			if won && !g.Outcome().Over() {
				_ = g.Resign(winner.Opponent())
			}
		case protocol.ReasonAgreement:
			if !g.Outcome().Over() {
				_ = g.AgreeDraw()
			}
		}
		termination := map[string]string{
			protocol.ReasonTime:        "time forfeit",
			protocol.ReasonAbandonment: "abandoned",
			protocol.ReasonResignation: "resignation",
			protocol.ReasonAgreement:   "draw agreed",
			protocol.ReasonNoMoves:     "no legal move",
			protocol.ReasonRepetition:  "threefold repetition",
			protocol.ReasonNoProgress:  "15 moves each without capture or promotion",
		}[s.reason]
		if termination != "" {
			tags = append(tags, rules.Tag{Name: "Termination", Value: termination})
		}
	}
	tags = append(tags, rules.Tag{Name: "Result"})
	return rules.FormatRecord(g, tags)
}
