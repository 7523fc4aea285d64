package scenes

import (
	"strings"
	"testing"
	"time"

	"bashni/rules"
)

// A bad -fen (the page's ?fen=) is told on the title in one short line,
// however long the FEN: the error quotes only a short escaped piece of it.
func TestBadFENNoticeIsShort(t *testing.T) {
	huge := "W:W" + strings.Repeat("z9\x01", 1<<20) + ":B"
	a := NewApp(Options{FEN: huge, Variant: rules.Bashni, NoAttract: true, Clipboard: &memoryClipboard{},
		Engine: func(uint64) Engine { return slowEngine{delay: time.Hour} }})
	n := a.title.notice
	if n == "" || len(n) > 200 || strings.ContainsAny(n, "\x01\n") {
		t.Errorf("the title tells %d bytes: %.200q", len(n), n)
	}
}
