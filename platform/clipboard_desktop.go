//go:build !js

package platform

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// clipTimeout bounds a clipboard tool's run: one that hangs (a clipboard
// owner that does not answer) must not leave the request open for ever.
const clipTimeout = 5 * time.Second

// CtrlVReadsClipboard: Ctrl+V (⌘V) in a text field asks the clipboard
// tool for the text.
const CtrlVReadsClipboard = true

// commandClipboard runs the platform's clipboard tools.
type commandClipboard struct {
	copyCmd, pasteCmd clipCommand
	ok                bool
	hint              string
}

// NewClipboard finds the clipboard tools of this machine.
func NewClipboard() Clipboard {
	c := &commandClipboard{}
	c.copyCmd, c.pasteCmd, c.ok, c.hint = clipCommands(runtime.GOOS, os.Getenv, exec.LookPath)
	return c
}

func (c *commandClipboard) Tool() string {
	if !c.ok {
		return ""
	}
	return c.copyCmd.Name
}

func (c *commandClipboard) unavailable() error {
	return fmt.Errorf("%w (%s)", ErrNoClipboard, c.hint)
}

func (c *commandClipboard) Copy(text string) *Job {
	if !c.ok {
		return FailedJob(c.unavailable())
	}
	j := &Job{}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), clipTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, c.copyCmd.Name, c.copyCmd.Args...)
		cmd.Stdin = strings.NewReader(text)
		// No pipes for stdout and stderr: xclip, xsel and wl-copy leave a
		// child behind that serves the clipboard, and Wait would wait for it
		// to close them.
		var err error
		if err = cmd.Run(); err != nil {
			err = fmt.Errorf("%s failed: %v", c.copyCmd.Name, err)
		}
		j.finish("", err)
	}()
	return j
}

func (c *commandClipboard) Paste() *Job {
	if !c.ok {
		return FailedJob(c.unavailable())
	}
	j := &Job{}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), clipTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, c.pasteCmd.Name, c.pasteCmd.Args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			msg := strings.TrimSpace(errOut.String())
			if msg == "" {
				msg = err.Error()
			}
			j.finish("", fmt.Errorf("%s failed: %s", c.pasteCmd.Name, firstLine(msg)))
			return
		}
		j.finish(out.String(), nil)
	}()
	return j
}

func (c *commandClipboard) Pasted() (string, bool) { return "", false }

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
