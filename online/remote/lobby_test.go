//go:build !js

package remote_test

import (
	"testing"

	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/storage"
)

// TestLobbyRatedPairing: two named players meet by quick pairing: the
// first one's seek shows in the other's lobby with their name, the second
// takes it, both keep their seats' tokens and open the game, one resigns,
// and both players' ratings have changed the same amount, opposite ways.
func TestLobbyRatedPairing(t *testing.T) {
	url := startServer(t)
	ctx := ctxT(t)
	stA, stB := storage.OpenMemory(), storage.OpenMemory()
	a, _, err := remote.OpenAccount(ctx, stA, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, _, err := remote.OpenAccount(ctx, stB, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.EnterLobby(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.EnterLobby(ctx); err != nil {
		t.Fatal(err)
	}
	rated := remote.SeekOptions{Variant: rules.Lasca, Clock: remote.LobbyClocks[1], Rated: true}
	// Rated play needs a name.
	if _, err := a.QuickPair(ctx, rated); remote.RefusalOf(err) != remote.RefusedNameRequired {
		t.Fatalf("a rated pairing without a name: %v", err)
	}
	if _, err := a.SetName(ctx, "anna"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetName(ctx, "boris"); err != nil {
		t.Fatal(err)
	}
	paired, err := a.QuickPair(ctx, rated)
	if err != nil || paired {
		t.Fatalf("the first quick pairing: paired %v, %v", paired, err)
	}
	var seen remote.LobbySeek
	testwait.For(t, "anna's seek in boris's lobby", func() bool {
		for _, s := range b.View().Seeks {
			if s.Name == "anna" {
				seen = s
				return true
			}
		}
		return false
	})
	if seen.Mine || seen.Variant != rules.Lasca || seen.Clock != remote.Blitz5 || !seen.Rated || seen.Rating != 1500 || !seen.Provisional {
		t.Fatalf("boris sees %+v", seen)
	}
	if v := a.View(); len(v.Seeks) != 1 || !v.Seeks[0].Mine || v.Players < 2 {
		t.Fatalf("anna sees %+v", v)
	}
	if ids := a.MySeeks(); len(ids) != 1 || ids[0] != seen.ID {
		t.Fatalf("anna's own seeks %v, want %s", ids, seen.ID)
	}
	if err := a.Accept(ctx, seen.ID); remote.RefusalOf(err) != remote.RefusedOwnSeek {
		t.Fatalf("anna takes her own seek: %v", err)
	}
	paired, err = b.QuickPair(ctx, rated)
	if err != nil || !paired {
		t.Fatalf("the second quick pairing: paired %v, %v", paired, err)
	}
	codeB, ok := b.Paired()
	if !ok {
		t.Fatal("boris's pairing is not told")
	}
	var codeA string
	testwait.For(t, "anna told of the pairing", func() bool { codeA, ok = a.Paired(); return ok })
	if codeA != codeB {
		t.Fatalf("paired in %s and %s", codeA, codeB)
	}
	if ids := a.MySeeks(); len(ids) != 0 {
		t.Fatalf("anna's seek paired, her own seeks are still %v", ids)
	}
	if _, ok := remote.FindSeat(stA, url, codeA); !ok {
		t.Fatal("anna's seat was not kept")
	}
	pa, err := remote.Open(ctx, url, codeA, stA)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := remote.Open(ctx, url, codeB, stB)
	if err != nil {
		t.Fatal(err)
	}
	if pa.Spectator() || pb.Spectator() || pa.Local() == pb.Local() {
		t.Fatalf("seats: anna %v %v, boris %v %v", pa.Local(), pa.Spectator(), pb.Local(), pb.Spectator())
	}
	da, db := newDevice(t, "anna", pa), newDevice(t, "boris", pb)
	live, err := a.Playing(ctx)
	if err != nil || len(live) != 1 || live[0].Code != codeA || live[0].Players[pa.Local()].Name != "anna" || !live[0].Rated || live[0].Variant != rules.Lasca {
		t.Fatalf("playing now: %+v %v", live, err)
	}
	if names := pa.Info().Players; names[pa.Local()].Name != "anna" || names[pb.Local()].Name != "boris" {
		t.Fatalf("the game's players: %+v", names)
	}
	white := da
	if pb.Local() == rules.White {
		white = db
	}
	// The first move, then the one who moved resigns.
	if err := white.s.Play(white.s.Game().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	until(t, "the first move on both boards", func() bool { return da.s.Game().Ply() == 1 && db.s.Game().Ply() == 1 }, da, db)
	white.s.Resign()
	until(t, "the ratings on both devices", func() bool { return pa.Info().Rated && pb.Info().Rated }, da, db)
	r := pa.Info().Ratings
	if r[rules.White].Change >= 0 || r[rules.Black].Change <= 0 || r[rules.White].Change != -r[rules.Black].Change {
		t.Fatalf("the rating changes %+v", r)
	}
	prof, err := b.Profile(ctx, "ANNA")
	if err != nil || len(prof.Games) != 1 || prof.Wins+prof.Losses != 1 || len(prof.Ratings) != 1 || len(prof.Ratings[0].History) != 1 {
		t.Fatalf("anna's profile: %+v %v", prof, err)
	}
	meA, err := a.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(meA.Ratings) != 1 || meA.Ratings[0].Rating != r[pa.Local()].After || meA.Ratings[0].Speed != remote.Blitz || meA.Ratings[0].Variant != rules.Lasca {
		t.Fatalf("anna's ratings after the game: %+v (changes %+v)", meA.Ratings, r)
	}
}

func TestSpeedOf(t *testing.T) {
	want := []remote.Speed{remote.Blitz, remote.Blitz, remote.Rapid, remote.Rapid, remote.CorrespondenceSpeed, remote.CorrespondenceSpeed}
	for i, c := range remote.LobbyClocks {
		if got := remote.SpeedOf(c); got != want[i] {
			t.Errorf("clock %d: %v, want %v", i, got, want[i])
		}
	}
	if remote.SpeedOf(remote.Untimed) != remote.NoSpeed {
		t.Error("an untimed game has a speed")
	}
}

// TestWatchTop: an account follows the top game on a real server: none at
// first, then the first game paired (through Top), the newer one when
// asked again, the first again once the newer ends; StopTop ends it.
func TestWatchTop(t *testing.T) {
	url := startServer(t)
	ctx := ctxT(t)
	tv, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer tv.Close()
	if code, err := tv.WatchTop(ctx); err != nil || code != "" {
		t.Fatalf("the top game with none playing: %q %v", code, err)
	}
	if code, ok := tv.Top(); ok {
		t.Fatalf("Top told %s before any game", code)
	}
	pair := func() (code string, p *remote.Player) {
		a, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Close)
		stB := storage.OpenMemory()
		b, _, err := remote.OpenAccount(ctx, stB, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(b.Close)
		casual := remote.SeekOptions{Variant: rules.Bashni, Clock: remote.LobbyClocks[2]}
		if paired, err := a.QuickPair(ctx, casual); err != nil || paired {
			t.Fatalf("the seek: paired %v, %v", paired, err)
		}
		if paired, err := b.QuickPair(ctx, casual); err != nil || !paired {
			t.Fatalf("the pairing: paired %v, %v", paired, err)
		}
		code, _ = b.Paired()
		p, err = remote.Open(ctx, url, code, stB)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		return code, p
	}
	first, _ := pair()
	var code string
	var ok bool
	testwait.For(t, "the first game on top", func() bool { code, ok = tv.Top(); return ok })
	if code != first {
		t.Fatalf("Top told %s, want the first game %s", code, first)
	}
	second, p2 := pair()
	// Unnamed players: the newer game is on top.
	if code, err := tv.WatchTop(ctx); err != nil || code != second {
		t.Fatalf("the top game: %q %v, want %s", code, err, second)
	}
	d2 := newDevice(t, "second", p2)
	d2.s.Resign()
	testwait.For(t, "the move on to the first game", func() bool { code, ok = tv.Top(); return ok })
	if code != first {
		t.Fatalf("Top moved on to %s, want %s", code, first)
	}
	if err := tv.StopTop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok := tv.Top(); ok {
		t.Fatal("Top told a game after StopTop")
	}
}
