// Command vmcheck runs soundcheck (built with -tags ebitenginevmguest) as an exp/vmhost guest,
// reads the audio it forwards, and names each stream's effect with audio.Bank.Identify. It is
// the end-to-end check that a game using package audio is heard by vmhost tests even on a
// machine without a sound device, and a worked example for the game's own e2e tests. It prints
// one line per stream and a summary:
//
//	vmcheck: stream 1 started at tick 12: Move (volume 1)
//	vmcheck: heard Move,Capture,…
//
// It needs a display (Xvfb) for its hidden host window, as every vmhost host does.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/vmhost"

	"bashni/audio"
)

// host is the vmhost driver: it advances the guest, then reads and names its audio streams.
type host struct {
	guest   *vmhost.GuestSession
	ticks   int
	streams []*vmhost.GuestAudioStream
	heard   []string
	done    bool
	err     error
}

func (h *host) onAudioStream(s *vmhost.GuestAudioStream) {
	h.streams = append(h.streams, s)
}

func (h *host) Update() error {
	defer func() {
		if err := h.guest.Close(); err != nil && h.err == nil {
			h.err = fmt.Errorf("closing the guest session: %w", err)
		}
		h.done = true
	}()
	if err := h.guest.SetOutsideScreen(ebiten.NewImage(64, 64)); err != nil {
		return err
	}
	// AdvanceTicks only queues the ticks; WaitTicks runs them and hands over the audio streams
	// they started (through onAudioStream).
	h.guest.AdvanceTicks(h.ticks)
	if !h.guest.WaitTicks() {
		return fmt.Errorf("guest ended early: %w", h.guest.Err())
	}

	bank, err := audio.NewBank(h.guest.AudioSampleRate())
	if err != nil {
		return fmt.Errorf("guest audio: %w", err)
	}
	slices.SortStableFunc(h.streams, func(a, b *vmhost.GuestAudioStream) int { return a.StartTick() - b.StartTick() })
	for i, s := range h.streams {
		pcm, err := readPrefix(s, 4096*8)
		if err != nil {
			return fmt.Errorf("stream %d: %w", i+1, err)
		}
		effect, ok := bank.Identify(pcm)
		name := effect.String()
		if !ok {
			name = "unknown"
		}
		h.heard = append(h.heard, name)
		fmt.Printf("vmcheck: stream %d started at tick %d: %s (volume %g)\n", i+1, s.StartTick(), name, s.Volume())
	}
	return ebiten.Termination
}

// readPrefix reads up to n bytes from the start of a stream. The guest decodes on demand, so a
// read can come back empty while the session is busy; a few retries cover that.
func readPrefix(s *vmhost.GuestAudioStream, n int) ([]byte, error) {
	buf := make([]byte, n)
	got := 0
	for tries := 0; got < n && tries < 100; tries++ {
		m, err := s.Read(buf[got:])
		got += m
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if m == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	return buf[:got], nil
}

func (h *host) Draw(*ebiten.Image) {}

func (h *host) Layout(w, hgt int) (int, int) { return w, hgt }

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "vmcheck:", err)
		os.Exit(1)
	}
}

func run() error {
	guestBin := flag.String("guest", "", "soundcheck binary built with -tags ebitenginevmguest")
	ticks := flag.Int("ticks", 120, "guest ticks to run")
	flag.Parse()
	if *guestBin == "" {
		return errors.New("-guest is required")
	}

	dir, err := os.MkdirTemp("", "vmcheck") // short: unix socket paths are limited
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ln, err := net.Listen("unix", filepath.Join(dir, "g.sock"))
	if err != nil {
		return err
	}
	defer ln.Close()
	endpoint, err := vmhost.EndpointURLFromAddr(ln.Addr())
	if err != nil {
		return err
	}

	// The guest runs far longer than the host advances it, so that it is still there to answer
	// the reads; closing the session ends it.
	guest := exec.Command(*guestBin, "-ticks", "1000000")
	guest.Env = append(os.Environ(), "EBITENGINE_VM_ENDPOINT="+endpoint)
	guest.Stdout, guest.Stderr = os.Stdout, os.Stderr
	if err := guest.Start(); err != nil {
		return fmt.Errorf("starting the guest: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- guest.Wait() }()
	defer func() {
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = guest.Process.Kill()
			<-exited
		}
	}()

	if err := ln.(*net.UnixListener).SetDeadline(time.Now().Add(20 * time.Second)); err != nil {
		return err
	}
	conn, err := ln.Accept()
	if err != nil {
		return fmt.Errorf("waiting for the guest: %w", err)
	}
	h := &host{ticks: *ticks}
	h.guest, err = vmhost.NewGuestSession(conn, &vmhost.NewGuestSessionOptions{
		IdleTimeout:   20 * time.Second,
		OnAudioStream: h.onAudioStream,
	})
	if err != nil {
		return fmt.Errorf("guest handshake: %w", err)
	}

	ebiten.SetWindowVisible(false)
	if err := ebiten.RunGame(h); err != nil {
		return fmt.Errorf("host: %w", err)
	}
	if h.err != nil {
		return h.err
	}
	if err := h.guest.Err(); err != nil && !errors.Is(err, ebiten.Termination) {
		return fmt.Errorf("guest session: %w", err)
	}
	fmt.Printf("vmcheck: heard %s\n", strings.Join(h.heard, ","))
	return nil
}
