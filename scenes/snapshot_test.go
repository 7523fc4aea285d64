package scenes

import (
	"testing"
	"time"

	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/session"
)

// TestSceneNames: the names the page publishes in window.bashni.scene,
// which the browser tests and tools read, are today's.
func TestSceneNames(t *testing.T) {
	for _, tc := range []struct {
		s    Scene
		want string
	}{
		{&bareTitle{}, "title"},
	} {
		if got := tc.s.Name(); got != tc.want {
			t.Errorf("%T is named %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestSnapshot(t *testing.T) {
	const fen = "W:Wc3,e3-00:Bd6,f6-1"
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	a := NewApp(Options{Launch: launch.Launch{FEN: p.FEN(), Variant: rules.Bashni, Level: 1}, NoAttract: true, Pages: Pages{Play: stubPlay}, Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	var s platform.State
	a.Snapshot(&s)
	if s.Scene != "play" || s.Game == nil || s.Game.Position().FEN() != p.FEN() {
		t.Fatalf("snapshot of a -fen game: scene %q, game %v", s.Scene, s.Game)
	}
	if s.Outcome.Status() != "ongoing" || s.Inspect != rules.NoSquare {
		t.Errorf("status %q, inspect %v", s.Outcome.Status(), s.Inspect)
	}
	name := s.Scene
	allocs := testing.AllocsPerRun(100, func() { a.Snapshot(&s) })
	if allocs != 0 {
		t.Errorf("Snapshot allocates %v times a call, want 0", allocs)
	}
	if s.Scene != name {
		t.Errorf("scene %q, then %q", name, s.Scene)
	}
}
