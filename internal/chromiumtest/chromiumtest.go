// Package chromiumtest starts the headless Chromium the browser tests
// (wasm/browser) and the end-to-end tests (e2e) drive, and reads a page's
// accessibility tree as a screen reader gets it, so that both test the
// page the same way and one launcher is kept up to date.
package chromiumtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"bashni/internal/testwait"
)

// Path is the Chromium the tests start: $CHROMIUM, else /usr/bin/chromium
// (test.sh installs it).
func Path() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// Missing says how to get Chromium when Path is not there ("" when it is):
// a test fails with it rather than skip, so an untested browser never
// passes.
func Missing() string {
	if _, err := exec.LookPath(Path()); err != nil {
		return fmt.Sprintf("Chromium not found at %s (apt-get install chromium; test.sh does): %v", Path(), err)
	}
	return ""
}

// Options is how the tests start Chromium: headless, software WebGL
// (SwiftShader), no background work or timer throttling (a page in a
// test must draw and tick as a page in front does), sound waiting for a
// gesture as in desktop Chrome, a window of width×height and the profile
// in the directory given.
func Options(width, height int, profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path()),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("autoplay-policy", "document-user-activation-required"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(width, height),
	}
}

// Start starts Chromium with a fresh profile (empty storage and service
// workers) and a window of width×height, and returns its first tab's
// context, which ends after guard (a guard for the test's whole use of
// the browser) or when the test ends; the profile is removed then. extra
// adds options (command-line switches); contextOpts are the tab's
// (chromedp.WithLogf).
func Start(t testing.TB, width, height int, guard time.Duration, extra []chromedp.ExecAllocatorOption, contextOpts ...chromedp.ContextOption) context.Context {
	t.Helper()
	if msg := Missing(); msg != "" {
		t.Fatal(msg)
	}
	// Not t.TempDir: Chromium's helpers may go on writing into the
	// profile for a moment after the browser is gone, and TempDir's
	// removal would fail the test.
	profile, err := os.MkdirTemp("", "bashni-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(Options(width, height, profile), extra...)...)
	ctx, cancelCtx := chromedp.NewContext(alloc, contextOpts...)
	ctx, cancelGuard := context.WithTimeout(ctx, guard)
	t.Cleanup(func() {
		cancelGuard()
		cancelCtx()
		cancelAlloc()
		testwait.Wait{Every: 100 * time.Millisecond}.For(t, "Chromium's profile removed", func() bool { return os.RemoveAll(profile) == nil })
	})
	return ctx
}

// Node is a node of a page's accessibility tree, as a screen reader gets
// it.
type Node struct {
	Role, Name, Value, Description string
	// Checked is a radio button's or switch's checked state, or a
	// button's pressed state ("true", "false"; "" when it has none).
	Checked string
	// Invalid: a text box whose text was refused (aria-invalid).
	Invalid bool
	// Backend is the node's element, for Call.
	Backend cdp.BackendNodeID
}

// String is the node as a transcript or a failure writes it.
func (n Node) String() string {
	return fmt.Sprintf("%s %q", n.Role, n.Name)
}

func axString(v *accessibility.Value) string {
	if v == nil {
		return ""
	}
	var s string
	if json.Unmarshal([]byte(v.Value), &s) == nil {
		return s
	}
	return strings.Trim(string(v.Value), `"`)
}

// Tree is the page's accessibility tree: the nodes Chromium does not
// ignore, in document order.
func Tree(ctx context.Context) ([]Node, error) {
	var nodes []*accessibility.Node
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		nodes, err = accessibility.GetFullAXTree().Do(ctx)
		return err
	})); err != nil {
		return nil, fmt.Errorf("reading the accessibility tree: %w", err)
	}
	var out []Node
	for _, n := range nodes {
		if n.Ignored {
			continue
		}
		a := Node{Role: axString(n.Role), Name: axString(n.Name), Value: axString(n.Value), Description: axString(n.Description), Backend: n.BackendDOMNodeID}
		for _, p := range n.Properties {
			switch p.Name {
			case accessibility.PropertyNameChecked, accessibility.PropertyNamePressed:
				a.Checked = axString(p.Value)
			case accessibility.PropertyNameInvalid:
				a.Invalid = axString(p.Value) != "" && axString(p.Value) != "false"
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// Call calls a JavaScript function on a node's element (this is the
// element), as a screen reader acts on the node: Click and Focus are the
// usual ones.
func Call(ctx context.Context, n Node, fn string) error {
	return chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		obj, err := dom.ResolveNode().WithBackendNodeID(n.Backend).Do(ctx)
		if err != nil {
			return fmt.Errorf("the element of %s: %w", n, err)
		}
		_, exc, err := runtime.CallFunctionOn(fn).WithObjectID(obj.ObjectID).Do(ctx)
		if err == nil && exc != nil {
			err = fmt.Errorf("%s on %s: %s", fn, n, exc.Text)
		}
		return err
	}))
}

// Click is what a screen reader's default action does to a control: the
// focus on it, and a click.
const Click = `function() { this.focus(); this.click(); }`

// FocusText moves the focus to a text box and selects its text, so that
// keys typed next replace it.
const FocusText = `function() { this.focus(); this.select(); }`
