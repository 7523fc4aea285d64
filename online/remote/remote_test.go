//go:build !js

// The test runs a real server (SQLite does not build for js/wasm).

package remote_test

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"bashni/internal/onlinetest"
	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// startServer runs a real node on loopback with a SQLite file in a temp
// dir, without rate limits (the test plays far faster than people).
func startServer(t *testing.T) string {
	t.Helper()
	_, url := onlinetest.Server(t, server.Config{}, nil)
	return url
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// device is one player's game: the remote player and the session the
// screens would show.
type device struct {
	name   string
	p      *remote.Player
	s      *session.Session
	events []session.Event
}

func newDevice(t *testing.T, name string, p *remote.Player) *device {
	t.Helper()
	cfg, err := p.Config()
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return &device{name: name, p: p, s: s}
}

// twoDevices creates game g on the server at url from a device keeping its
// seats in stA and joins it from a friend's keeping them in stB: a is the
// creator (named for g.Color), b the friend (the other colour).
func twoDevices(t *testing.T, url string, g remote.Game, stA, stB *storage.Store) (a, b *device) {
	t.Helper()
	pa, err := remote.Create(ctxT(t), url, g, stA)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := remote.Open(ctxT(t), url, pa.Code(), stB)
	if err != nil {
		t.Fatal(err)
	}
	creator, friend := "white", "black"
	if g.Seat == remote.BlackSeat {
		creator, friend = "black", "white"
	}
	return newDevice(t, creator, pa), newDevice(t, friend, pb)
}

var tick int64

// step runs one tick of the device's game loop.
func (d *device) step() {
	tick++
	d.s.Tick(tick, true)
	d.events = append(d.events, d.s.Events()...)
}

func (d *device) count(k session.EventKind) int {
	n := 0
	for _, e := range d.events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// until runs both devices' loops until ok, failing after a minute (a guard
// against what never comes, long enough for a busy machine).
func until(t *testing.T, what string, ok func() bool, ds ...*device) {
	t.Helper()
	testwait.Wait{
		Step: func() {
			for _, d := range ds {
				d.step()
			}
		},
		Failed: func() string {
			for _, d := range ds {
				t.Logf("%s: ply %d (%v), over %v, err %v, server %+v", d.name, d.s.Game().Ply(), moves(d.s.Game())[max(0, d.s.Game().Ply()-2):], d.s.Outcome(), d.p.Info().Err, d.p.Info().Ply())
			}
			return ""
		},
	}.For(t, what, ok)
}

// playOne plays a random legal move for whichever device's person is to
// move, and waits until both boards have it.
func playOne(t *testing.T, rnd *rand.Rand, a, b *device) {
	t.Helper()
	mover := a
	if !a.s.PersonToMove() {
		mover = b
	}
	if !mover.s.PersonToMove() {
		t.Fatalf("nobody is to move: %s ply %d, %s ply %d", a.name, a.s.Game().Ply(), b.name, b.s.Game().Ply())
	}
	legal := mover.s.Game().LegalMoves()
	if err := mover.s.Play(legal[rnd.IntN(len(legal))]); err != nil {
		t.Fatal(err)
	}
	ply := mover.s.Game().Ply()
	until(t, "the move on both boards", func() bool { return a.s.Game().Ply() == ply && b.s.Game().Ply() == ply }, a, b)
}

func moves(g *rules.Game) []string {
	var out []string
	for _, m := range g.Moves() {
		out = append(out, m.String())
	}
	return out
}

// TestWholeGame: a game created on one device and joined on another is
// played to its end through a real server; both boards and the server end
// with the same moves and result, and a third device watches it all.
func TestWholeGame(t *testing.T) {
	url := startServer(t)
	stA, stB := storage.OpenMemory(), storage.OpenMemory()
	pa, err := remote.Create(ctxT(t), url, remote.Game{Variant: rules.Bashni, Seat: remote.WhiteSeat}, stA)
	if err != nil {
		t.Fatal(err)
	}
	if rec, ok := remote.FindSeat(stA, url, pa.Code()); !ok || rec.Token != pa.Token() || rec.Color != "white" {
		t.Fatalf("the creator's token was not kept: %+v %v", rec, ok)
	}
	a := newDevice(t, "white", pa)
	pb, err := remote.Open(ctxT(t), url, pa.Code(), stB)
	if err != nil {
		t.Fatal(err)
	}
	b := newDevice(t, "black", pb)
	if pb.Spectator() || pb.Local() != rules.Black {
		t.Fatalf("the friend got %v (spectator %v)", pb.Local(), pb.Spectator())
	}
	pw, err := remote.Open(ctxT(t), url, pa.Code(), storage.OpenMemory())
	if err != nil {
		t.Fatal(err)
	}
	w := newDevice(t, "watcher", pw)
	if !pw.Spectator() {
		t.Fatal("a third device took a seat")
	}
	until(t, "the opponent shown online", func() bool { return a.p.Info().Online(rules.Black) }, a, b, w)

	rnd := rand.New(rand.NewPCG(1, 2))
	for !a.s.Over() {
		playOne(t, rnd, a, b)
		if a.s.Game().Ply() > 400 {
			t.Fatal("the game does not end")
		}
	}
	until(t, "the end on every device", func() bool { return b.s.Over() && w.s.Game().Ply() == a.s.Game().Ply() && w.s.Over() }, a, b, w)
	st := a.p.Info()
	for _, d := range []*device{a, b, w} {
		if got := moves(d.s.Game()); !slices.Equal(got, st.Moves) {
			t.Errorf("%s has %v, the server %v", d.name, got, st.Moves)
		}
		if d.s.Outcome() != a.s.Outcome() || d.s.Outcome().Result != st.Outcome.Result {
			t.Errorf("%s ends %v, the server %v", d.name, d.s.Outcome(), st.Outcome)
		}
	}
	if st.Status != remote.Over {
		t.Errorf("server status %v", st.Status)
	}
}

// TestReconnectAndResume: a dropped connection is dialled again and the
// game goes on, a move made while it was down reaches the server; a
// "reload" (a new player from the token kept in storage) resumes the seat;
// draw offer, takeback and resignation go both ways.
func TestReconnectAndResume(t *testing.T) {
	url := startServer(t)
	dir := t.TempDir()
	stA := storage.OpenMemory()
	stB, err := storage.Open(filepath.Join(dir, "b"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := twoDevices(t, url, remote.Game{Variant: rules.Lasca, Seat: remote.BlackSeat, Clock: remote.Rapid10}, stA, stB)
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 4 {
		playOne(t, rnd, b, a)
	}

	// The network drops under Black while it is White's turn... and Black's.
	a.p.Drop()
	until(t, "the drop seen", func() bool { return !a.p.Info().Connected || a.p.Info().Ply() == 4 }, a, b)
	playOne(t, rnd, b, a) // White moves while Black is away
	playOne(t, rnd, b, a) // Black moves, maybe before the connection is back
	until(t, "the server has both moves", func() bool { return b.p.Info().Ply() == 6 && a.p.Info().Connected }, a, b)
	if got := a.p.Info(); !got.Timed || got.Running != remote.WhiteSeat {
		t.Errorf("clocks after the reconnect: timed %v, running %v", got.Timed, got.Running)
	}

	// A reload: White's device starts again from its storage.
	b.p.Close()
	pb2, err := remote.Open(ctxT(t), url, a.p.Code(), stB)
	if err != nil {
		t.Fatal(err)
	}
	if pb2.Spectator() || pb2.Local() != rules.White || pb2.Token() != b.p.Token() {
		t.Fatalf("the reload did not resume the seat: %v spectator %v", pb2.Local(), pb2.Spectator())
	}
	b = newDevice(t, "white again", pb2)
	if b.s.Game().Ply() != 6 {
		t.Fatalf("the resumed game stands at ply %d", b.s.Game().Ply())
	}
	playOne(t, rnd, b, a)

	// Black asks for a takeback; White accepts: both back at Black's last
	// move (ply 5), its answer taken back with it.
	if !a.s.Undo() {
		t.Fatal("no takeback request")
	}
	until(t, "the request", func() bool { _, side, open := b.s.Offer(); return open && side == rules.Black }, a, b)
	if err := b.s.AnswerTakeback(true); err != nil {
		t.Fatal(err)
	}
	until(t, "the takeback on both", func() bool {
		return a.s.Game().Ply() == 5 && b.s.Game().Ply() == 5 && a.p.Info().Ply() == 5
	}, a, b)

	// White offers a draw; Black declines.
	if err := b.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, "the offer", func() bool { k, _, open := a.s.Offer(); return open && k == session.DrawOffered }, a, b)
	if err := a.s.AnswerDraw(false); err != nil {
		t.Fatal(err)
	}
	until(t, "the decline", func() bool { return b.count(session.DrawDeclined) == 1 }, a, b)

	// Black resigns.
	if err := a.s.Resign(); err != nil {
		t.Fatal(err)
	}
	until(t, "the resignation", func() bool { return b.s.Over() }, a, b)
	want := rules.Outcome{Result: rules.WhiteWins, Reason: rules.Resignation}
	if a.s.Outcome() != want || b.s.Outcome() != want {
		t.Errorf("outcomes %v / %v", a.s.Outcome(), b.s.Outcome())
	}
	until(t, "the server's result", func() bool { return a.p.Info().Status == remote.Over }, a, b)
	if st := a.p.Info(); st.Outcome != want || !slices.Equal(st.Moves, moves(a.s.Game())) {
		t.Errorf("server: %v %v; here %v", st.Outcome, st.Moves, moves(a.s.Game()))
	}
}

// TestIsServer: a real bashni-server is recognised, and nothing else.
func TestIsServer(t *testing.T) {
	url := startServer(t)
	if !remote.IsServer(url, time.Minute) {
		t.Errorf("%s is a bashni-server", url)
	}
	other := httptest.NewServer(nil) // a site without /online/info
	defer other.Close()
	if remote.IsServer(other.URL, 5*time.Second) {
		t.Errorf("%s is not a bashni-server", other.URL)
	}
	if remote.IsServer("http://127.0.0.1:1", time.Second) {
		t.Error("nothing listening is not a server")
	}
}
