package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// lineWriter writes replies whole and flushes each at once. The command
// loop and a running search both reply, so it is safe for concurrent use.
type lineWriter struct {
	mu     sync.Mutex
	w      *bufio.Writer
	failed error // the first write error; later writes are dropped
}

func newLineWriter(w io.Writer) *lineWriter { return &lineWriter{w: bufio.NewWriter(w)} }

// write writes text, which ends with a line break, and flushes it.
func (l *lineWriter) write(text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.failed != nil {
		return
	}
	l.w.WriteString(text)
	if err := l.w.Flush(); err != nil {
		l.failed = fmt.Errorf("writing the replies: %w", err)
	}
}

func (l *lineWriter) err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failed
}

// task is a long command (go, perft, divide) ready to run: it runs until
// it is done or ctx is cancelled, printing its running replies (info
// lines), and returns its final reply, which the command loop prints: the
// engine counts as busy until that line is out, so a command sent after
// it is never answered "error busy".
type task func(ctx context.Context) (final string)

// errStopped is the reply of a perft or divide ended by stop or quit.
var errStopped = errors.New("stopped")

// serve runs the commands of lines until "quit" or the end of the input.
// A long command runs on its own goroutine while the loop goes on reading:
// "stop" cancels it, "quit" cancels it and ends the engine once it has
// replied, "isready" is answered when it has finished, and anything else
// is answered "error busy" (PROTOCOL.md). At the end of the input the
// running command is let finish. The error is a failure to read or write.
func (e *engine) serve(lines <-chan inputLine) error {
	var (
		done      chan struct{} // open while a long command runs
		final     string        // its final reply, once done is closed
		cancel    context.CancelFunc
		readyOwed int // isready received while busy
		quitting  bool
	)
	input := lines
	for {
		if err := e.out.err(); err != nil {
			if cancel != nil {
				cancel()
			}
			return err
		}
		select {
		case <-done:
			done, cancel = nil, nil
			e.out.write(final)
			for ; readyOwed > 0; readyOwed-- {
				e.reply("readyok")
			}
			if quitting {
				return e.out.err()
			}
		case l, ok := <-input:
			switch {
			case !ok:
				// The end of the input: let a running command finish.
				quitting, input = true, nil
				if done == nil {
					return e.out.err()
				}
			case l.err != nil:
				if cancel != nil {
					cancel()
					<-done
				}
				return l.err
			case l.tooLong:
				e.reply("error line too long")
			case done != nil:
				switch command(l.text) {
				case "":
				case "stop":
					cancel()
				case "quit":
					cancel()
					quitting, input = true, nil
				case "isready":
					readyOwed++
				default:
					e.reply("error busy")
				}
			default:
				run, quit := e.dispatch(l.text)
				if quit {
					return e.out.err()
				}
				if run != nil {
					var ctx context.Context
					ctx, cancel = context.WithCancel(context.Background())
					done = make(chan struct{})
					go func(done chan struct{}, cancel context.CancelFunc) {
						defer close(done)
						defer cancel()
						final = run(ctx) + "\n"
					}(done, cancel)
				}
			}
		}
	}
}
