//go:build !js

package scenes

import (
	"fmt"
	"strings"
	"testing"

	"bashni/platform"
)

// noClipboard is a desktop without a clipboard tool.
type noClipboard struct{ platform.Memory }

func (*noClipboard) Tool() string { return "" }
func (*noClipboard) Paste() *platform.Job {
	return platform.FailedJob(fmt.Errorf("%w (install xclip, xsel or wl-clipboard)", platform.ErrNoClipboard))
}

// TestImportNoticeSaysItOnce: without a clipboard tool the import screen
// says so once, with the clipboard's own reason, not a notice nested in
// another ("No clipboard tool here (no clipboard tool is available here
// (…))").
func TestImportNoticeSaysItOnce(t *testing.T) {
	a := NewApp(Options{NoAttract: true, Clipboard: &noClipboard{}})
	s := NewImportScene(a)
	if n := strings.Count(strings.ToLower(s.notice), "no clipboard"); n != 1 || strings.Count(s.notice, "(") != 1 || !strings.Contains(s.notice, "install xclip") {
		t.Errorf("the notice says %q", s.notice)
	}
}
