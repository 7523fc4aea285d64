package audio

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
)

// DefaultSampleRate is used when Options.SampleRate is 0. 48 kHz is the native rate of most
// devices and browsers, so nothing is resampled on the way out.
const DefaultSampleRate = 48000

// Options configure a Player. The zero value is a 48 kHz player, unmuted, that reports a
// silent fallback on standard error.
type Options struct {
	// SampleRate in frames per second; 0 means DefaultSampleRate.
	SampleRate int
	// Muted starts the player muted. On desktops a player started muted does not even create
	// an audio context (so it cannot fail for lack of a device) until SetMuted(false). In a
	// browser it does, so that the first user gesture unlocks the page's sound.
	Muted bool
	// Notify receives each one-line notice about the sound output, such as the fallback to
	// silence. It may be called from another goroutine, never with a Player lock held. Nil
	// writes the notice to standard error.
	Notify func(notice string)
}

// Player plays the game's effects. Its methods are safe for concurrent use, cheap, and never
// wait for the sound device, so scenes call them straight from Update.
type Player struct {
	bank   *Bank
	env    environment
	notify func(string)

	mu           sync.Mutex
	volume       float64
	muted        bool
	state        outputState
	out          output        // set in outputOpen
	opened       chan struct{} // closed when the first attempt to open finishes
	notice       string
	guestChecked bool // whether a silent player has asked if it runs as a vmhost guest
}

type outputState int

const (
	outputClosed  outputState = iota // started muted, never opened
	outputOpening                    // probing the device in the background
	outputOpen                       // effects play
	outputSilent                     // no device: effects are dropped, notice says why
)

// output is where effects go once a device is known to work: Ebitengine in the game, a
// recorder in tests.
type output interface {
	play(e Effect, volume float64)
	setVolume(volume float64) // also for effects already playing
	stop()                    // cut every playing effect
	ready() bool              // the device accepts sound now (false until a browser's first gesture)
}

// environment is how a Player reaches the platform; tests replace it.
type environment struct {
	probeDevice func(sampleRate int) error
	openOutput  func(bank *Bank) (output, error)
	// vmGuest reports whether the game runs as an exp/vmhost guest; known is false until
	// ebiten.RunGame has chosen its backend.
	vmGuest func() (guest, known bool)
	// browser: drop effects while the output is not ready (a page's sound waits for the first
	// user gesture, then would play every queued effect at once), and open the output even
	// when starting muted (see platform_js.go).
	browser bool
}

// New renders the effects and, unless opts.Muted on a desktop, opens the sound output: it
// checks that a device works (a few milliseconds; at most a few seconds if the sound server
// hangs) and only then creates the Ebitengine audio context. Call it before ebiten.RunGame.
// New never fails: without a device the player stays silent, and Notice (and opts.Notify)
// say why.
func New(opts Options) *Player {
	return newPlayer(opts, systemEnvironment())
}

func newPlayer(opts Options, env environment) *Player {
	rate := opts.SampleRate
	if rate == 0 {
		rate = DefaultSampleRate
	}
	notify := opts.Notify
	if notify == nil {
		notify = func(notice string) { fmt.Fprintln(os.Stderr, notice) }
	}
	p := &Player{env: env, notify: notify, volume: 1, muted: opts.Muted}

	bank, err := NewBank(rate)
	if err != nil {
		// Only an absurd sample rate gets here; stay silent rather than fail the game.
		p.state = outputSilent
		p.guestChecked = true
		p.notice = "sound: " + oneLine(err.Error()) + ", playing silently"
		notify(p.notice)
		return p
	}
	p.bank = bank

	if !opts.Muted || env.browser {
		p.mu.Lock()
		opened := p.startOpening()
		p.mu.Unlock()
		<-opened
	}
	return p
}

// startOpening begins opening the output in the background, once. p.mu must be held.
func (p *Player) startOpening() <-chan struct{} {
	if p.opened == nil {
		p.opened = make(chan struct{})
		p.state = outputOpening
		go p.open()
	}
	return p.opened
}

func (p *Player) open() {
	err := p.env.probeDevice(p.bank.SampleRate())
	var out output
	if err == nil {
		out, err = p.env.openOutput(p.bank)
	}

	p.mu.Lock()
	if err != nil {
		p.state = outputSilent
		p.notice = noticeFor(err)
	} else {
		p.state = outputOpen
		p.out = out
		p.out.setVolume(p.volume)
	}
	notice := p.notice
	close(p.opened)
	p.mu.Unlock()

	if notice != "" {
		p.notify(notice)
	}
}

func noticeFor(err error) string {
	var noDevice *noDeviceError
	if errors.As(err, &noDevice) {
		return "sound: no audio device, playing silently (" + oneLine(noDevice.reasons) + ")"
	}
	return "sound: cannot open audio, playing silently (" + oneLine(err.Error()) + ")"
}

// oneLine keeps a notice on one line whatever a driver's error text holds.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Play starts effect e from its beginning. Effects overlap: a few copies of each can sound at
// once, and when all are busy the oldest restarts. Play does nothing while muted, at volume 0,
// without a device, or for an invalid effect.
func (p *Player) Play(e Effect) {
	if !e.Valid() {
		return
	}
	p.mu.Lock()
	if p.muted || p.volume == 0 {
		p.mu.Unlock()
		return
	}
	var notice string
	if p.state == outputSilent && !p.guestChecked {
		notice = p.openForVMGuest()
	}
	if p.state == outputOpen && (!p.env.browser || p.out.ready()) {
		p.out.play(e, p.volume)
	}
	p.mu.Unlock()

	if notice != "" {
		p.notify(notice)
	}
}

// Update lets a silent player find out, on the first tick, that the game runs as an exp/vmhost
// guest, and open its output then. Calling it once per tick from the game's Update is
// optional but keeps effect timing exact under vmhost: otherwise the first Play opens the
// output, and Ebitengine starts that first effect a few ticks late. It costs one lock.
func (p *Player) Update() {
	p.mu.Lock()
	var notice string
	if p.state == outputSilent && !p.guestChecked {
		notice = p.openForVMGuest()
	}
	p.mu.Unlock()
	if notice != "" {
		p.notify(notice)
	}
}

// openForVMGuest opens the output after all if the game runs as an exp/vmhost guest: a guest's
// audio goes to the host, not to a device, so the missing device does not matter and the
// end-to-end tests can hear the game. It can only be known once ebiten.RunGame runs, hence
// here and not in New. p.mu must be held; it returns a notice to send once unlocked.
func (p *Player) openForVMGuest() (notice string) {
	guest, known := p.env.vmGuest()
	if !known {
		return ""
	}
	p.guestChecked = true
	if !guest {
		return ""
	}
	out, err := p.env.openOutput(p.bank)
	if err != nil {
		return "sound: vmhost guest, but " + oneLine(err.Error())
	}
	p.state = outputOpen
	p.out = out
	p.out.setVolume(p.volume)
	p.notice = ""
	return "sound: running as a vmhost guest, effects go to the host"
}

// SetVolume sets the volume, from 0 (silent) to 1 (as rendered); other values are clamped.
// It applies at once, also to effects already playing.
func (p *Player) SetVolume(volume float64) {
	if math.IsNaN(volume) {
		volume = 0
	}
	volume = min(max(volume, 0), 1)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.volume = volume
	if p.state == outputOpen {
		p.out.setVolume(volume)
	}
}

// Volume returns the volume set last, in 0..1 (1 initially).
func (p *Player) Volume() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.volume
}

// SetMuted mutes (cutting off what is playing) or unmutes. Unmuting a player that started
// muted opens the sound output in the background; effects play once it is open.
func (p *Player) SetMuted(muted bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.muted = muted
	switch {
	case muted && p.state == outputOpen:
		p.out.stop()
	case !muted && p.state == outputClosed && p.bank != nil:
		p.startOpening()
	}
}

// Muted reports whether the player is muted.
func (p *Player) Muted() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.muted
}

// Available reports whether effects reach a sound output (when not muted). It is false while
// a player that started muted has not been unmuted, and while the output is being opened.
func (p *Player) Available() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.state == outputOpen
}

// Notice returns a one-line explanation when sound is unavailable, such as
// "sound: no audio device, playing silently (…)", and "" otherwise.
func (p *Player) Notice() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.notice
}

// Bank returns the rendered effects, e.g. to identify forwarded audio in tests. It is nil only
// for a player created with an unusable sample rate.
func (p *Player) Bank() *Bank {
	return p.bank
}
