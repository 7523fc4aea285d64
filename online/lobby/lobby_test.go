package lobby

import (
	"errors"
	"testing"
	"time"

	"bashni/online/protocol"
)

var t0 = time.UnixMilli(1_800_000_000_000)

func code(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestAdmits(t *testing.T) {
	blitz := protocol.Blitz5
	ann := Seeker{Name: "ann", Rating: 1600, ID: "ann-id"}
	bob := Seeker{Name: "bob", Rating: 1450, ID: "bob-id"}
	anon := Seeker{}
	r1500 := &protocol.RatingRange{Min: 1500, Max: 1800}
	for _, tc := range []struct {
		name  string
		seek  Request
		taker Seeker
		owner string
		want  string
	}{
		{"casual, anyone", Request{Variant: "bashni", Clock: blitz}, anon, "c:x", ""},
		{"own seek", Request{Variant: "bashni", Clock: blitz}, anon, "c:owner", protocol.ErrOwnSeek},
		{"rated needs a name", Request{Variant: "bashni", Clock: blitz, Rated: true}, anon, "c:x", protocol.ErrNameRequired},
		{"rated, named", Request{Variant: "bashni", Clock: blitz, Rated: true}, bob, OwnerID(bob, ""), ""},
		{"in range", Request{Variant: "bashni", Clock: blitz, Range: r1500}, ann, OwnerID(ann, ""), ""},
		{"below the range", Request{Variant: "bashni", Clock: blitz, Range: r1500}, bob, OwnerID(bob, ""), protocol.ErrOutOfRange},
		{"no rating is outside every range", Request{Variant: "bashni", Clock: blitz, Range: r1500}, anon, "c:x", protocol.ErrOutOfRange},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSeek("SEEKSEEK", "c:owner", "n1", Seeker{}, tc.seek, nil, t0)
			if got := code(s.Admits(tc.taker, tc.owner)); got != tc.want {
				t.Fatalf("Admits: %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOwnerID(t *testing.T) {
	a := OwnerID(Seeker{Name: "ann", ID: "p1"}, "n1/1")
	if a != OwnerID(Seeker{Name: "ann", ID: "p1"}, "n2/7") {
		t.Fatal("a named player's owner id depends on the connection")
	}
	if OwnerID(Seeker{}, "n1/1") == OwnerID(Seeker{}, "n1/2") {
		t.Fatal("two unnamed connections share an owner id")
	}
	if len(a) < 10 || a[2:] == "p1" {
		t.Fatalf("owner id %q shows the player's id", a)
	}
}

func TestMatches(t *testing.T) {
	seek := NewSeek("SEEKSEEK", "c:owner", "n1", Seeker{Name: "ann", Rating: 1600}, Request{Variant: "bashni", Clock: protocol.Blitz5, Color: "random"}, nil, t0)
	for _, tc := range []struct {
		name string
		req  Request
		want bool
	}{
		{"same kind", Request{Variant: "bashni", Clock: protocol.Blitz5}, true},
		{"other variant", Request{Variant: "lasca", Clock: protocol.Blitz5}, false},
		{"other clock", Request{Variant: "bashni", Clock: protocol.Rapid10}, false},
		{"rated against casual", Request{Variant: "bashni", Clock: protocol.Blitz5, Rated: true}, false},
		{"seeker in the taker's range", Request{Variant: "bashni", Clock: protocol.Blitz5, Range: &protocol.RatingRange{Min: 1500, Max: 1700}}, true},
		{"seeker outside the taker's range", Request{Variant: "bashni", Clock: protocol.Blitz5, Range: &protocol.RatingRange{Min: 1700, Max: 2000}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := seek.Matches(tc.req, Seeker{Name: "bob", Rating: 1500}, "c:bob"); got != tc.want {
				t.Fatalf("Matches %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBoard(t *testing.T) {
	b := NewBoard()
	mk := func(id string, at time.Time) Seek {
		return NewSeek(id, "c:"+id, "n1", Seeker{}, Request{Variant: "bashni", Clock: protocol.Blitz5, Color: "random"}, nil, at)
	}
	b.Add(mk("BBBBBBBB", t0.Add(time.Second)))
	b.Add(mk("AAAAAAAA", t0))
	if l := b.List(); len(l) != 2 || l[0].ID != "AAAAAAAA" {
		t.Fatalf("list %v", l)
	}
	// A removal that overtakes the addition wins.
	b.Remove("CCCCCCCC", t0)
	if b.Add(mk("CCCCCCCC", t0)) {
		t.Fatal("a removed seek came back")
	}
	if _, ok := b.Remove("AAAAAAAA", t0); !ok {
		t.Fatal("remove")
	}
	// Removed remembers the removals, not the seeks open or never seen.
	for id, want := range map[string]bool{"AAAAAAAA": true, "CCCCCCCC": true, "BBBBBBBB": false, "ZZZZZZZZ": false} {
		if got := b.Removed(id); got != want {
			t.Errorf("Removed(%s) = %v, want %v", id, got, want)
		}
	}
	added, removed := b.Flush()
	if len(added) != 2 || len(removed) != 1 || removed[0] != "AAAAAAAA" {
		t.Fatalf("flush %v %v", added, removed)
	}
	if a, r := b.Flush(); a != nil || r != nil {
		t.Fatal("a second flush repeats changes")
	}
	// Reconcile: B is gone from the store; D is new there; E was opened
	// after the read and stays.
	b.Add(mk("EEEEEEEE", t0.Add(time.Minute)))
	n := b.Reconcile([]Seek{mk("DDDDDDDD", t0)}, t0.Add(30*time.Second), 2*time.Second)
	ids := []string{}
	for _, s := range b.List() {
		ids = append(ids, s.ID)
	}
	if n != 2 || len(ids) != 2 || ids[0] != "DDDDDDDD" || ids[1] != "EEEEEEEE" {
		t.Fatalf("after reconcile (%d changes): %v", n, ids)
	}
	b.Forget(t0.Add(time.Hour))
	if b.Removed("CCCCCCCC") {
		t.Fatal("a forgotten removal is still remembered")
	}
	if !b.Add(mk("CCCCCCCC", t0)) {
		t.Fatal("a forgotten removal still blocks")
	}
}
