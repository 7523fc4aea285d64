//go:build !js

package platform

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"strings"
	"time"
)

// speechCommand is a system tool that speaks. Per utterance, the text
// (and the language, if the tool takes one) follows Args; a Lines tool is
// started once and reads one utterance a line on its standard input
// (PowerShell takes a second to start: too slow to start for each move).
type speechCommand struct {
	Name     string
	Args     []string
	LangFlag string // the tool's language option ("" : none)
	Lines    bool
}

// windowsSpeech reads lines and speaks each with System.Speech, the
// synthesizer Narrator's voices come from.
const windowsSpeech = `Add-Type -AssemblyName System.Speech; $s = New-Object System.Speech.Synthesis.SpeechSynthesizer; ` +
	`while (($l = [Console]::In.ReadLine()) -ne $null) { $s.Speak($l) }`

// speechCommands chooses the speech tool for a platform: goos as in
// runtime.GOOS, lookPath as exec.LookPath (tests pass fakes). ok is false
// when none is installed; hint then says what to install.
func speechCommands(goos string, lookPath func(string) (string, error)) (cmd speechCommand, ok bool, hint string) {
	var candidates []speechCommand
	switch goos {
	case "darwin":
		candidates = []speechCommand{{Name: "say"}}
		hint = "say is missing"
	case "windows":
		candidates = []speechCommand{{Name: "powershell.exe", Args: []string{"-NoProfile", "-NonInteractive", "-Command", windowsSpeech}, Lines: true}}
		hint = "PowerShell is missing"
	default: // Linux and the BSDs
		candidates = []speechCommand{
			// spd-say hands the words to speech-dispatcher, the service
			// Orca speaks through, so the two share one voice and queue.
			{Name: "spd-say", LangFlag: "-l"},
			{Name: "espeak-ng", LangFlag: "-v"},
			{Name: "espeak", LangFlag: "-v"},
		}
		hint = "install speech-dispatcher (spd-say) or espeak-ng"
	}
	for _, c := range candidates {
		if _, err := lookPath(c.Name); err == nil {
			return c, true, ""
		}
	}
	return speechCommand{}, false, hint
}

// argv is the command line that says text in lang.
func (c speechCommand) argv(text, lang string) []string {
	args := append([]string(nil), c.Args...)
	if c.LangFlag != "" && lang != "" {
		args = append(args, c.LangFlag, lang)
	}
	// A leading dash would be read as an option.
	return append(args, strings.TrimLeft(text, "-"))
}

// speakerQueue is how many utterances may wait: a player who moves
// faster than the voice hears the latest ones, not a backlog.
const speakerQueue = 16

// utteranceTimeout bounds one run of a per-utterance tool: a long board
// reading takes half a minute; a tool that hangs must not stop the rest.
const utteranceTimeout = 2 * time.Minute

// speaker feeds a speech tool from a queue on its own goroutine, so that
// the game loop never waits for a voice.
type speaker struct {
	cmd   speechCommand
	lang  func() string
	queue chan string
	// lines is the Lines tool's standard input (nil: not running).
	lines  io.WriteCloser
	failed func(error) // tests watch the tool fail; nil: ignored
}

// newSpeaker starts a speaker that speaks with cmd.
func newSpeaker(cmd speechCommand, lang func() string) *speaker {
	s := &speaker{cmd: cmd, lang: lang, queue: make(chan string, speakerQueue)}
	go s.run()
	return s
}

// say queues text, dropping the oldest waiting words when the queue is
// full.
func (s *speaker) say(text string) {
	text = strings.Join(strings.Fields(text), " ") // one line, for a Lines tool
	if text == "" {
		return
	}
	for {
		select {
		case s.queue <- text:
			return
		default:
			select {
			case <-s.queue:
			default:
			}
		}
	}
}

func (s *speaker) run() {
	for text := range s.queue {
		var err error
		if s.cmd.Lines {
			err = s.sayLine(text)
		} else {
			err = s.sayOnce(text)
		}
		if err != nil && s.failed != nil {
			s.failed(err)
		}
	}
}

func (s *speaker) sayOnce(text string) error {
	ctx, cancel := context.WithTimeout(context.Background(), utteranceTimeout)
	defer cancel()
	return exec.CommandContext(ctx, s.cmd.Name, s.cmd.argv(text, s.lang())...).Run()
}

// sayLine writes text to the Lines tool, starting it (again, if it died).
func (s *speaker) sayLine(text string) error {
	if s.lines == nil {
		cmd := exec.Command(s.cmd.Name, s.cmd.Args...)
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		s.lines = in
		go cmd.Wait() //nolint:errcheck // reaped; a dead tool shows as a failed write
	}
	w := bufio.NewWriter(s.lines)
	w.WriteString(text)
	w.WriteByte('\n')
	if err := w.Flush(); err != nil {
		s.lines.Close()
		s.lines = nil
		return err
	}
	return nil
}
