package referee

import (
	"testing"
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

func TestBerserk(t *testing.T) {
	start := time.UnixMilli(1_800_000_000_000)
	clock := protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}
	tests := []struct {
		name    string
		arena   string
		moves   int // plies before the request
		seat    rules.Color
		twice   bool
		want    string // refusal code; "" to accept
		left    time.Duration
		otherTo time.Duration // the other seat's time left
	}{
		{"white before moving", "ARENA123", 0, White, false, "", 90 * time.Second, 180 * time.Second},
		{"black before moving", "ARENA123", 1, Black, false, "", 90 * time.Second, 182*time.Second - time.Second},
		{"white after its move", "ARENA123", 1, White, false, protocol.ErrTooLate, 0, 0},
		{"twice", "ARENA123", 0, White, true, protocol.ErrAlreadyOffered, 0, 0},
		{"not an arena game", "", 0, White, false, protocol.ErrNotArena, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &State{ID: "K7MP2Q"}
			if err := s.Apply(ArenaPaired(start, rules.Bashni, clock, 0, tc.arena)); err != nil {
				t.Fatal(err)
			}
			now := start
			for range tc.moves {
				now = now.Add(time.Second)
				m := s.Position().LegalMoves(nil)[0]
				if err := s.Apply(Event{Kind: protocol.EventMove, At: now.UnixMilli(), By: SeatName(s.SideToMove()), Move: m.String()}); err != nil {
					t.Fatal(err)
				}
			}
			cmd := Command{Type: protocol.TypeBerserk, Seat: tc.seat}
			if tc.twice {
				e, err := s.Decide(cmd, now)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(e); err != nil {
					t.Fatal(err)
				}
			}
			e, err := s.Decide(cmd, now)
			if tc.want != "" {
				if pe, ok := err.(*protocol.Error); !ok || pe.Code != tc.want {
					t.Fatalf("Decide: %v, want %s", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(e); err != nil {
				t.Fatal(err)
			}
			if got := s.Left(tc.seat, now); got != tc.left {
				t.Fatalf("left %v, want %v", got, tc.left)
			}
			if got := s.Left(tc.seat.Opponent(), now); got != tc.otherTo {
				t.Fatalf("opponent left %v, want %v", got, tc.otherTo)
			}
			if v := s.View(now, [2]bool{}); v.Arena != tc.arena || len(v.Berserk) != 1 || v.Berserk[0] != SeatName(tc.seat) {
				t.Fatalf("view arena %q berserk %v", v.Arena, v.Berserk)
			}
			// A berserk player gains no increment.
			if s.SideToMove() == tc.seat {
				before := s.Left(tc.seat, now)
				m := s.Position().LegalMoves(nil)[0]
				now = now.Add(time.Second)
				if err := s.Apply(Event{Kind: protocol.EventMove, At: now.UnixMilli(), By: SeatName(tc.seat), Move: m.String()}); err != nil {
					t.Fatal(err)
				}
				if got := s.Left(tc.seat, now); got != before-time.Second {
					t.Fatalf("after a move %v, want %v (no increment)", got, before-time.Second)
				}
			}
		})
	}
}

func TestArenaGameNoTakebackNoRematch(t *testing.T) {
	s := &State{ID: "K7MP2Q"}
	now := time.UnixMilli(1_800_000_000_000)
	if err := s.Apply(ArenaPaired(now, rules.Bashni, protocol.Blitz5, 0, "ARENA123")); err != nil {
		t.Fatal(err)
	}
	m := s.Position().LegalMoves(nil)[0]
	if err := s.Apply(Event{Kind: protocol.EventMove, At: now.UnixMilli(), By: "white", Move: m.String()}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decide(Command{Type: protocol.TypeRequestTakeback, Seat: White}, now); err == nil || err.(*protocol.Error).Code != protocol.ErrNotArena {
		t.Fatalf("takeback: %v", err)
	}
	if err := s.Apply(Event{Kind: protocol.EventResigned, At: now.UnixMilli(), By: "black"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decide(Command{Type: protocol.TypeOfferRematch, Seat: White}, now); err == nil || err.(*protocol.Error).Code != protocol.ErrNotArena {
		t.Fatalf("rematch: %v", err)
	}
}
