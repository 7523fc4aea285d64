//go:build !js

package remote_test

import (
	"testing"
	"time"

	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/rules"
	"bashni/storage"
)

// TestAccount: the name card's round: a key made and kept, a name, the
// refusals as codes, a profile and a leaderboard, and a move to another
// device that the first one notices.
func TestAccount(t *testing.T) {
	url := startServer(t)
	ctx := ctxT(t)
	phone := storage.OpenMemory()
	a, me, err := remote.OpenAccount(ctx, phone, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if me.Name != "" {
		t.Fatalf("a new player has a name: %+v", me)
	}
	key, ok := remote.FindPlayerKey(phone, url)
	if !ok {
		t.Fatal("the key was not kept")
	}
	if _, err := a.SetName(ctx, "x"); remote.RefusalOf(err) != remote.RefusedBadName {
		t.Fatalf("a bad name: %v", err)
	}
	me, err = a.SetName(ctx, "Мария")
	if err != nil || me.Name != "Мария" || me.RenameAfter.Before(time.Now().Add(29*24*time.Hour)) {
		t.Fatalf("named: %+v %v", me, err)
	}
	// The same device opens the same player again.
	again, me2, err := remote.OpenAccount(ctx, phone, url)
	if err != nil || me2.Name != "Мария" {
		t.Fatalf("again: %+v %v", me2, err)
	}
	again.Close()
	other, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.SetName(ctx, "МАРИЯ"); remote.RefusalOf(err) != remote.RefusedNameTaken {
		t.Fatalf("a taken name: %v", err)
	}
	prof, err := other.Profile(ctx, "мария")
	if err != nil || prof.Name != "Мария" || len(prof.Games) != 0 {
		t.Fatalf("profile %+v %v", prof, err)
	}
	if _, err := other.Profile(ctx, "Nobody"); remote.RefusalOf(err) != remote.RefusedNotFound {
		t.Fatalf("no such player: %v", err)
	}
	if board, err := other.Leaderboard(ctx, rules.Lasca, remote.Blitz); err != nil || len(board) != 0 {
		t.Fatalf("board %+v %v", board, err)
	}
	// Moving to a laptop: the laptop keeps a new key, the phone learns.
	code, link, expires, err := a.TransferCode(ctx)
	if err != nil || link != url+"/?transfer="+code || !expires.After(time.Now()) {
		t.Fatalf("transfer %q %q %v %v", code, link, expires, err)
	}
	laptop := storage.OpenMemory()
	b, me3, err := remote.ClaimTransfer(ctx, laptop, url, code)
	if err != nil || me3.Name != "Мария" {
		t.Fatalf("claim: %+v %v", me3, err)
	}
	defer b.Close()
	if k, _ := remote.FindPlayerKey(laptop, url); k == "" || k == key {
		t.Fatalf("the laptop's key %q (the phone's %q)", k, key)
	}
	testwait.For(t, "the phone to learn of the move", a.Moved)
	if _, _, err := remote.OpenAccount(ctx, phone, url); remote.RefusalOf(err) != remote.RefusedKeyMoved {
		t.Fatalf("the phone's old key: %v", err)
	}
	// The phone forgets the key and plays unnamed with a new one.
	if err := remote.ForgetPlayerKey(phone, url); err != nil {
		t.Fatal(err)
	}
	fresh, me4, err := remote.OpenAccount(ctx, phone, url)
	if err != nil || me4.Name != "" {
		t.Fatalf("a new player on the phone: %+v %v", me4, err)
	}
	fresh.Close()
	if _, _, err := remote.ClaimTransfer(ctx, storage.OpenMemory(), url, code); remote.RefusalOf(err) != remote.RefusedBadCode {
		t.Fatalf("the code again: %v", err)
	}
}
