package scenes

import (
	"strings"
	"testing"
	"time"

	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/session"
)

// A bad -fen (the page's ?fen=) is told on the title in one short line,
// however long the FEN: the error quotes only a short escaped piece of it.
func TestBadFENNoticeIsShort(t *testing.T) {
	huge := "W:W" + strings.Repeat("z9\x01", 1<<20) + ":B"
	a := NewApp(Options{Launch: launch.Launch{FEN: huge, Variant: rules.Bashni}, NoAttract: true, Clipboard: &platform.Memory{}, Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	n := a.stack[0].scene.(*bareTitle).notice
	if n == "" || len(n) > 200 || strings.ContainsAny(n, "\x01\n") {
		t.Errorf("the title tells %d bytes: %.200q", len(n), n)
	}
}
