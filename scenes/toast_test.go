//go:build !js

package scenes

import (
	"strings"
	"testing"

	"bashni/rules"
	"bashni/session"
)

// TestMessagesLeaveTheTurnLine: a message (a copied record, a refused
// move, a hint) is a toast of its own; the status line keeps saying whose
// move it is and that a capture is due. The toast fades and goes.
func TestMessagesLeaveTheTurnLine(t *testing.T) {
	tests := []struct {
		name, fen string
		status    string
		warn      bool
	}{
		{"your move", "", "Your move", false},
		{"must capture", "W:Wc3,g1:Bd4,f8:H0:F30", "Your move · you must capture", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := newTestApp(t, t.TempDir())
			cfg := GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1}
			if tt.fen != "" {
				cfg.Start = mustPosition(t, tt.fen)
			}
			ps := NewPlayScene(a, cfg)
			a.Start(ps)
			for _, msg := range []string{"Copied the record to the clipboard.", hintText(en, session.Hint{Best: ps.sess.Game().LegalMoves()[0], Text: "equal"})} {
				ps.say(a, msg)
				if got, warn := ps.statusText(); got != tt.status || warn != tt.warn {
					t.Errorf("after %q the status line says %q (warn %v), want %q (%v)", msg, got, warn, tt.status, tt.warn)
				}
				if !ps.toast.visible() || !strings.Contains(ps.toast.text, msg) {
					t.Errorf("no toast for %q (%q)", msg, ps.toast.text)
				}
			}
			a.tick += toastTicks - toastFade/2
			ps.toast.Tick(a)
			if a := ps.toast.alpha; a <= 0 || a >= 1 {
				t.Errorf("toward its end the toast is not fading: alpha %v", a)
			}
			a.tick += toastFade
			ps.toast.Tick(a)
			if ps.toast.visible() {
				t.Error("the toast stays up")
			}
		})
	}
}
