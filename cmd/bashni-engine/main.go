// Command bashni-engine speaks the line-based engine protocol of
// shared/PROTOCOL.md over stdin and stdout, for match runners, analysis tools
// and GUIs. Every reply is flushed at once; bad input answers "error …" and
// leaves the engine's state unchanged.
//
// Input is read all the time, also while a search or a perft runs, so that
// "stop", "quit" and "isready" act at once (serve.go).
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout, os.Stderr))
}

// run serves the protocol from in to out until "quit" or the end of the
// input, and returns the exit status.
func run(in io.Reader, out, stderr io.Writer) int {
	w := newLineWriter(out)
	lines := make(chan inputLine)
	go readLines(in, lines)
	if err := newEngine(w).serve(lines); err != nil {
		fmt.Fprintln(stderr, "bashni-engine:", err)
		return 1
	}
	return 0
}

// maxLineBytes is the longest command line the engine takes (16 MiB): far
// more than any real command, whose longest is a game's moves. A longer
// line is answered "error line too long" and skipped.
const maxLineBytes = 16 << 20

// inputLine is one line of input, the news that it was too long, or the
// error that ended the input (other than its end).
type inputLine struct {
	text    string
	tooLong bool
	err     error
}

// readLines sends every line of in (without its line break) to lines and
// closes lines at the end of the input. A line longer than maxLineBytes is
// read through to its end but not kept.
func readLines(in io.Reader, lines chan<- inputLine) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64<<10)
	var b strings.Builder
	for {
		b.Reset()
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = r.ReadSlice('\n')
			if !tooLong {
				if b.Len()+len(chunk) > maxLineBytes+2 { // room for "\r\n"
					tooLong = true
					b = strings.Builder{} // let go of what was kept
				} else {
					b.Write(chunk)
				}
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		text := strings.TrimSuffix(strings.TrimSuffix(b.String(), "\n"), "\r")
		if tooLong || text != "" || err == nil {
			lines <- inputLine{text: text, tooLong: tooLong || len(text) > maxLineBytes}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				lines <- inputLine{err: fmt.Errorf("reading the commands: %w", err)}
			}
			return
		}
	}
}
