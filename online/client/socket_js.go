//go:build js

package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
)

// browserSocket is a connection over the browser's WebSocket. The
// browser's callbacks run on its event loop and must not block: they only
// queue what they bring and signal the goroutine that reads.
type browserSocket struct {
	ws    js.Value
	funcs []js.Func

	mu     sync.Mutex
	queue  [][]byte
	signal chan struct{} // a message was queued (capacity 1)
	closed chan struct{} // the close event came; closeErr says how
	err    error
}

// closeError is how the connection ended, as the browser's close event
// tells it.
type closeError struct {
	code     int
	reason   string
	wasClean bool
}

func (e *closeError) Error() string {
	s := fmt.Sprintf("WebSocket closed with status %d", e.code)
	if e.reason != "" {
		s += " (" + e.reason + ")"
	}
	if !e.wasClean {
		s += ", not cleanly"
	}
	return s
}

func openSocket(ctx context.Context, url string) (socket, error) {
	ctor := js.Global().Get("WebSocket")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("this browser has no WebSocket")
	}
	s := &browserSocket{signal: make(chan struct{}, 1), closed: make(chan struct{})}
	if err := catch(func() { s.ws = ctor.New(url) }); err != nil {
		return nil, err
	}
	s.ws.Set("binaryType", "arraybuffer")
	opened := make(chan struct{})
	var once sync.Once
	s.on("open", func(js.Value) { once.Do(func() { close(opened) }) })
	s.on("message", func(e js.Value) {
		var b []byte
		if data := e.Get("data"); data.Type() == js.TypeString {
			b = []byte(data.String())
		} else {
			u8 := js.Global().Get("Uint8Array").New(data)
			b = make([]byte, u8.Length())
			js.CopyBytesToGo(b, u8)
		}
		s.mu.Lock()
		s.queue = append(s.queue, b)
		s.mu.Unlock()
		select {
		case s.signal <- struct{}{}:
		default:
		}
	})
	// The error event tells nothing (browsers hide why); the close event
	// follows it with the status.
	s.on("close", func(e js.Value) {
		err := &closeError{code: e.Get("code").Int(), reason: e.Get("reason").String(), wasClean: e.Get("wasClean").Bool()}
		s.mu.Lock()
		if err.code == 1000 {
			s.err = fmt.Errorf("%w: %w", errClosedNormally, err)
		} else {
			s.err = err
		}
		s.mu.Unlock()
		close(s.closed)
		// No event comes after close.
		for _, f := range s.funcs {
			f.Release()
		}
	})
	select {
	case <-opened:
		return s, nil
	case <-s.closed:
		return nil, s.closeErr()
	case <-ctx.Done():
		s.ws.Call("close")
		return nil, ctx.Err()
	}
}

// on sets the WebSocket's on<event> handler.
func (s *browserSocket) on(event string, f func(js.Value)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	})
	s.funcs = append(s.funcs, fn)
	s.ws.Set("on"+event, fn)
}

func (s *browserSocket) closeErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// read returns the messages in the order they came, those that came before
// the connection closed included.
func (s *browserSocket) read(ctx context.Context) ([]byte, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			b := s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			s.mu.Unlock()
			if len(b) > readLimit {
				// A page may close only with 1000 or 3000–4999: 4009 stands
				// for 1009, "message too big".
				catch(func() { s.ws.Call("close", 4009, "message too big") })
				return nil, fmt.Errorf("a message of %d bytes, more than the %d the client reads", len(b), readLimit)
			}
			return b, nil
		}
		err := s.err
		s.mu.Unlock()
		if err != nil {
			return nil, err
		}
		select {
		case <-s.signal:
		case <-s.closed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// write sends a text message. The browser queues it; a connection that is
// closing or closed refuses it.
func (s *browserSocket) write(ctx context.Context, b []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if state := s.ws.Get("readyState").Int(); state != 1 { // OPEN
		if err := s.closeErr(); err != nil {
			return err
		}
		return errors.New("the WebSocket is closing")
	}
	return catch(func() { s.ws.Call("send", string(b)) })
}

// close starts the closing handshake; the close event ends reads.
func (s *browserSocket) close() error {
	return catch(func() { s.ws.Call("close", 1000, "bye") })
}

// catch runs f and turns a JavaScript exception it raises into an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if jsErr, ok := r.(js.Error); ok {
				err = jsErr
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}
