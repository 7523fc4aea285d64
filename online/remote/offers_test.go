//go:build !js

package remote_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"bashni/internal/onlinetest"
	"bashni/online/protocol"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// reload is a device starting again from its storage (a page reloaded, the
// game restarted): the old player is closed and a new one resumes the seat.
func reload(t *testing.T, d *device, url string, st *storage.Store) *device {
	t.Helper()
	d.p.Close()
	p, err := remote.Open(ctxT(t), url, d.p.Code(), st)
	if err != nil {
		t.Fatal(err)
	}
	if p.Spectator() || p.Token() != d.p.Token() {
		t.Fatalf("the reload did not resume the seat (spectator %v)", p.Spectator())
	}
	return newDevice(t, d.name+" reloaded", p)
}

// restored checks that a reloaded device shows the person's own offer of
// kind as standing, taken up without sending it again, and does not offer
// to make it twice.
func restored(t *testing.T, d, friend *device, kind session.EventKind) {
	t.Helper()
	local := d.p.Local()
	until(t, "the own "+kind.String()+" restored", func() bool {
		k, side, open := d.s.Offer()
		return open && k == kind && side == local
	}, d, friend)
	if n := d.count(kind); n != 1 {
		t.Fatalf("%d %v events after the reload", n, kind)
	}
	for _, ev := range d.events {
		if ev.Kind == kind && (!ev.Restored || ev.Side != local) {
			t.Fatalf("the restored event %+v", ev)
		}
	}
	if d.s.CanUndo() || (kind == session.DrawOffered && d.s.CanOfferDraw()) {
		t.Fatalf("with the own %v standing: can ask a takeback %v, can offer a draw %v", kind, d.s.CanUndo(), d.s.CanOfferDraw())
	}
	// The friend still has it to answer.
	if k, side, open := friend.s.Offer(); !open || k != kind || side != local {
		t.Fatalf("the friend's open offer: %v by %v (%v)", k, side, open)
	}
}

// TestOwnOfferAfterReload: a player offers a draw or asks for a takeback and
// reloads; the new session shows the request standing (the server still
// holds it), nothing is sent twice, and the friend's answer — decline or
// accept — reaches the reloaded device as it would have without the reload.
func TestOwnOfferAfterReload(t *testing.T) {
	url := startServer(t)
	stA, err := storage.Open(filepath.Join(t.TempDir(), "a"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := twoDevices(t, url, remote.Game{Variant: rules.Bashni, Seat: remote.WhiteSeat}, stA, storage.OpenMemory())
	rnd := newRand(5)
	playOne(t, rnd, a, b)
	playOne(t, rnd, a, b)

	// A draw offer, the page reloaded, the friend declines.
	if err := a.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, "the offer on the server", func() bool { return b.p.Info().DrawOffer == remote.WhiteSeat && b.count(session.DrawOffered) == 1 }, a, b)
	a = reload(t, a, url, stA)
	restored(t, a, b, session.DrawOffered)
	if err := b.s.AnswerDraw(false); err != nil {
		t.Fatal(err)
	}
	until(t, "the decline", func() bool { return a.count(session.DrawDeclined) == 1 }, a, b)
	if ev := last(a, session.DrawDeclined); ev.Side != rules.Black || !a.s.CanOfferDraw() {
		t.Fatalf("decline %+v; can offer again %v", ev, a.s.CanOfferDraw())
	}
	if err := a.p.Info().Err; err != nil {
		t.Fatalf("the reloaded device got an error (the offer sent twice?): %v", err)
	}

	// A takeback request, reloaded, declined.
	playOne(t, rnd, a, b)
	if !a.s.Undo() {
		t.Fatal("no takeback request")
	}
	until(t, "the request on the server", func() bool {
		return b.p.Info().Takeback == remote.WhiteSeat && b.count(session.TakebackRequested) == 1
	}, a, b)
	a = reload(t, a, url, stA)
	restored(t, a, b, session.TakebackRequested)
	if err := b.s.AnswerTakeback(false); err != nil {
		t.Fatal(err)
	}
	until(t, "the decline", func() bool { return a.count(session.TakebackAnswered) == 1 }, a, b)
	if ev := last(a, session.TakebackAnswered); ev.Accept || ev.Side != rules.Black || a.s.Game().Ply() != 3 || !a.s.CanUndo() {
		t.Fatalf("answer %+v at ply %d; can ask again %v", ev, a.s.Game().Ply(), a.s.CanUndo())
	}

	// Asked again, reloaded, accepted: White's move is taken back.
	if !a.s.Undo() {
		t.Fatal("no takeback request")
	}
	until(t, "the request on the server", func() bool { return b.p.Info().Takeback == remote.WhiteSeat }, a, b)
	a = reload(t, a, url, stA)
	restored(t, a, b, session.TakebackRequested)
	if err := b.s.AnswerTakeback(true); err != nil {
		t.Fatal(err)
	}
	until(t, "the takeback", func() bool {
		return a.s.Game().Ply() == 2 && b.s.Game().Ply() == 2 && a.p.Info().Ply() == 2
	}, a, b)
	if ev := last(a, session.TakebackAnswered); !ev.Accept || ev.Side != rules.Black {
		t.Fatalf("answer %+v", ev)
	}

	// The friend's draw offer stands when the page reloads: asked again,
	// declined from the reloaded page.
	if err := b.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, "the friend's offer", func() bool { return a.count(session.DrawOffered) == 1 && a.p.Info().DrawOffer == remote.BlackSeat }, a, b)
	a = reload(t, a, url, stA)
	until(t, "the friend's offer restored", func() bool {
		k, side, open := a.s.Offer()
		return open && k == session.DrawOffered && side == rules.Black
	}, a, b)
	if err := a.s.AnswerDraw(false); err != nil {
		t.Fatal(err)
	}
	until(t, "the decline on the friend's device", func() bool { return b.count(session.DrawDeclined) == 2 }, a, b) // its own decline before, and this one
	if k, _, open := b.s.Offer(); open || b.p.Info().DrawOffer != remote.NoSeat {
		t.Fatalf("the friend's offer still stands: %v, server %q", k, b.p.Info().DrawOffer)
	}

	// A draw offer, reloaded, accepted: the game ends drawn on both.
	if err := a.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, "the offer on the server", func() bool { return b.p.Info().DrawOffer == remote.WhiteSeat }, a, b)
	a = reload(t, a, url, stA)
	restored(t, a, b, session.DrawOffered)
	if err := b.s.AnswerDraw(true); err != nil {
		t.Fatal(err)
	}
	until(t, "the agreed draw", func() bool { return a.s.Over() && b.s.Over() }, a, b)
	want := rules.Outcome{Result: rules.Draw, Reason: rules.Agreement}
	if a.s.Outcome() != want || b.s.Outcome() != want {
		t.Fatalf("outcomes %v / %v", a.s.Outcome(), b.s.Outcome())
	}
	if st := a.p.Info(); st.Outcome != want {
		t.Fatalf("server: %v", st.Outcome)
	}
}

// TestOwnOfferAnsweredWhileAway: the friend answers while the offering
// device's connection is down; once it is back the answer is shown (a
// declined draw, a takeback carried out) and nothing of ours is re-sent.
func TestOwnOfferAnsweredWhileAway(t *testing.T) {
	url := startServer(t)
	a, b := twoDevices(t, url, remote.Game{Variant: rules.Bashni, Seat: remote.BlackSeat}, storage.OpenMemory(), storage.OpenMemory())
	rnd := newRand(6)
	for range 3 {
		playOne(t, rnd, b, a)
	}

	// Black offers a draw; the network drops; White declines.
	if err := a.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, "the offer, and the server's word of it back", func() bool {
		return b.count(session.DrawOffered) == 1 && a.p.Info().DrawOffer == remote.BlackSeat
	}, a, b)
	away(t, a, b, func() {
		if err := b.s.AnswerDraw(false); err != nil {
			t.Fatal(err)
		}
	}, func(st remote.Info) bool { return st.DrawOffer == remote.NoSeat })
	until(t, "the decline seen", func() bool { return a.count(session.DrawDeclined) == 1 }, a, b)
	if _, _, open := a.s.Offer(); open || !a.s.CanOfferDraw() {
		t.Fatal("the declined offer still stands here")
	}

	// Black asks to take back its move; the network drops; White accepts.
	if !a.s.Undo() {
		t.Fatal("no takeback request")
	}
	until(t, "the request, and the server's word of it back", func() bool {
		return b.count(session.TakebackRequested) == 1 && a.p.Info().Takeback == remote.BlackSeat
	}, a, b)
	away(t, a, b, func() {
		if err := b.s.AnswerTakeback(true); err != nil {
			t.Fatal(err)
		}
	}, func(st remote.Info) bool { return st.Ply() == 1 })
	until(t, "the takeback seen", func() bool { return a.s.Game().Ply() == 1 && a.count(session.TakebackAnswered) == 1 }, a, b)
	if ev := last(a, session.TakebackAnswered); !ev.Accept {
		t.Fatalf("answer %+v", ev)
	}
	// Nothing of ours went back to the server: it stays at ply 1 with
	// Black to move, and Black can play on.
	playOne(t, rnd, b, a)
	if st := b.p.Info(); st.Ply() != 2 {
		t.Fatalf("server at ply %d", st.Ply())
	}
}

// away cuts d's connection, runs answer on the friend's device (while d is
// down, as a rule: d dials again after a quarter of a second) and waits
// until the server has it (done, on the friend's copy) and d is back.
func away(t *testing.T, d, friend *device, answer func(), done func(remote.Info) bool) {
	t.Helper()
	d.p.Drop()
	answer()
	friend.step()
	until(t, "the answer on the server", func() bool { return done(friend.p.Info()) }, friend)
	if d.p.Info().Connected {
		t.Log("the connection was back before the answer (the answer came as an update)")
	}
	until(t, "the connection back", func() bool { return d.p.Info().Connected }, d, friend)
}

func last(d *device, k session.EventKind) session.Event {
	for i := len(d.events) - 1; i >= 0; i-- {
		if d.events[i].Kind == k {
			return d.events[i]
		}
	}
	return session.Event{}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// TestRateLimitedMovesGetThrough: with a server that lets few messages
// through, a move refused as rate-limited is not lost nor taken back: the
// game is asked for again a moment later and the move resent.
func TestRateLimitedMovesGetThrough(t *testing.T) {
	// Two messages a second, a burst of four, on each connection: the
	// hello and the create take two; quick moves soon run out.
	_, url := onlinetest.Server(t, server.Config{MessagesPerSec: 2}, nil)

	a, b := twoDevices(t, url, remote.Game{Variant: rules.Bashni, Seat: remote.WhiteSeat}, storage.OpenMemory(), storage.OpenMemory())
	rnd := newRand(7)
	limited := false
	for range 16 {
		if a.s.Over() {
			break
		}
		playOne(t, rnd, a, b)
		ply := a.s.Game().Ply()
		until(t, "the move on the server", func() bool { return a.p.Info().Ply() == ply && b.p.Info().Ply() == ply }, a, b)
		for _, d := range []*device{a, b} {
			var pe *protocol.Error
			if errors.As(d.p.Info().Err, &pe) && pe.Code == protocol.ErrRateLimited {
				limited = true
			}
			if n := d.count(session.Refused); n != 0 {
				t.Fatalf("%s: %d moves refused", d.name, n)
			}
		}
	}
	if !limited {
		t.Fatal("no message was rate-limited: the test did not test it")
	}
	if got, want := a.p.Info().Moves, moves(a.s.Game()); !slices.Equal(got, want) {
		t.Fatalf("the server has %v, the board %v", got, want)
	}
}

// TestAnswerAtTheDrop: the person answers the friend's offer and the
// connection drops at once, so the answer may or may not have left; the
// state resumed (made before the answer, or after) must not ask the
// question again nor undo the answer: the friend gets the answer either way.
func TestAnswerAtTheDrop(t *testing.T) {
	url := startServer(t)
	a, b := twoDevices(t, url, remote.Game{Variant: rules.Bashni, Seat: remote.WhiteSeat}, storage.OpenMemory(), storage.OpenMemory())
	rnd := newRand(8)
	for round := range 3 {
		playOne(t, rnd, a, b)
		playOne(t, rnd, a, b)

		// The friend offers a draw; White declines and loses the network.
		if err := b.s.OfferDraw(); err != nil {
			t.Fatal(err)
		}
		until(t, "the offer", func() bool { _, side, open := a.s.Offer(); return open && side == rules.Black }, a, b)
		declined := b.count(session.DrawDeclined)
		if err := a.s.AnswerDraw(false); err != nil {
			t.Fatal(err)
		}
		a.p.Drop()
		until(t, "the decline on the friend's device", func() bool {
			return b.count(session.DrawDeclined) == declined+1 && a.p.Info().Connected && a.p.Info().DrawOffer == remote.NoSeat
		}, a, b)

		// The friend asks to take back its move; White accepts and loses
		// the network.
		ply := a.s.Game().Ply()
		if !b.s.Undo() {
			t.Fatal("no takeback request")
		}
		until(t, "the request", func() bool { _, side, open := a.s.Offer(); return open && side == rules.Black }, a, b)
		if err := a.s.AnswerTakeback(true); err != nil {
			t.Fatal(err)
		}
		a.p.Drop()
		until(t, "the takeback everywhere", func() bool {
			return b.s.Game().Ply() == ply-1 && a.p.Info().Connected && a.p.Info().Ply() == ply-1 && b.p.Info().Ply() == ply-1
		}, a, b)
		for range 50 { // let anything the resumed state brought arrive
			a.step()
			b.step()
		}
		if a.s.Game().Ply() != ply-1 {
			t.Fatalf("round %d: White's board went back to ply %d after the takeback to %d", round, a.s.Game().Ply(), ply-1)
		}
		if k, _, open := a.s.Offer(); open {
			t.Fatalf("round %d: White is asked again: %v", round, k)
		}
		playOne(t, rnd, a, b) // Black moves again
	}
	if got, want := a.p.Info().Moves, moves(a.s.Game()); !slices.Equal(got, want) || !slices.Equal(moves(b.s.Game()), want) {
		t.Fatalf("server %v, White %v, Black %v", got, want, moves(b.s.Game()))
	}
}
