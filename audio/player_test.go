package audio

import (
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
)

// fakeOutput records what a Player asks of its output.
type fakeOutput struct {
	mu      sync.Mutex
	plays   []played
	volume  float64
	stops   int
	isReady bool
}

type played struct {
	effect Effect
	volume float64
}

func (o *fakeOutput) play(e Effect, volume float64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.plays = append(o.plays, played{e, volume})
}

func (o *fakeOutput) setVolume(v float64) { o.mu.Lock(); o.volume = v; o.mu.Unlock() }
func (o *fakeOutput) stop()               { o.mu.Lock(); o.stops++; o.mu.Unlock() }
func (o *fakeOutput) ready() bool         { o.mu.Lock(); defer o.mu.Unlock(); return o.isReady }

func (o *fakeOutput) played() []played {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]played(nil), o.plays...)
}

// fakePlatform is a machine as the Player sees it.
type fakePlatform struct {
	mu         sync.Mutex
	deviceErr  error // what the probe finds
	openErr    error // what creating the context gives
	guest      bool
	guestKnown bool
	probes     int
	opens      int
	guestAsks  int
	out        *fakeOutput
	notices    []string
}

func newFakePlatform() *fakePlatform {
	return &fakePlatform{out: &fakeOutput{isReady: true}}
}

func (f *fakePlatform) env(browser bool) environment {
	return environment{
		probeDevice: func(int) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.probes++
			return f.deviceErr
		},
		openOutput: func(*Bank) (output, error) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.opens++
			if f.openErr != nil {
				return nil, f.openErr
			}
			return f.out, nil
		},
		vmGuest: func() (bool, bool) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.guestAsks++
			return f.guest, f.guestKnown
		},
		browser: browser,
	}
}

func (f *fakePlatform) newPlayer(muted bool) *Player {
	return newPlayer(Options{SampleRate: 8000, Muted: muted, Notify: func(n string) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.notices = append(f.notices, n)
	}}, f.env(false))
}

func (f *fakePlatform) counts() (probes, opens int, notices []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.probes, f.opens, append([]string(nil), f.notices...)
}

var errNoCard = &noDeviceError{reasons: "PulseAudio: connect: refused; ALSA: \"default\": open: No such file or directory"}

func TestNewOpensOutputOnlyWhenADeviceWorks(t *testing.T) {
	tests := []struct {
		name          string
		deviceErr     error
		openErr       error
		muted         bool
		wantProbes    int
		wantOpens     int
		wantAvailable bool
		wantNotice    string // prefix; "" means no notice
	}{
		{name: "device", wantProbes: 1, wantOpens: 1, wantAvailable: true},
		{name: "no device", deviceErr: errNoCard, wantProbes: 1, wantOpens: 0,
			wantNotice: "sound: no audio device, playing silently (PulseAudio: connect: refused; ALSA:"},
		{name: "context fails", openErr: errors.New("audio: context trouble"), wantProbes: 1, wantOpens: 1,
			wantNotice: "sound: cannot open audio, playing silently (audio: context trouble)"},
		{name: "muted: no probe, no context", muted: true},
		{name: "muted without device: still no probe", deviceErr: errNoCard, muted: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakePlatform()
			f.deviceErr, f.openErr = tc.deviceErr, tc.openErr
			p := f.newPlayer(tc.muted)

			probes, opens, notices := f.counts()
			if probes != tc.wantProbes || opens != tc.wantOpens {
				t.Errorf("probes, opens = %d, %d; want %d, %d", probes, opens, tc.wantProbes, tc.wantOpens)
			}
			if got := p.Available(); got != tc.wantAvailable {
				t.Errorf("Available() = %v, want %v", got, tc.wantAvailable)
			}
			if got := p.Muted(); got != tc.muted {
				t.Errorf("Muted() = %v, want %v", got, tc.muted)
			}
			notice := p.Notice()
			if tc.wantNotice == "" {
				if notice != "" || len(notices) != 0 {
					t.Errorf("notice %q, notified %q; want none", notice, notices)
				}
				return
			}
			if !strings.HasPrefix(notice, tc.wantNotice) || strings.Contains(notice, "\n") {
				t.Errorf("Notice() = %q, want one line starting %q", notice, tc.wantNotice)
			}
			if len(notices) != 1 || notices[0] != notice {
				t.Errorf("notified %q, want exactly the notice once", notices)
			}
		})
	}
}

func TestPlayReachesOutputOnlyWhenItShould(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(p *Player)
		effect  Effect
		wantHit bool
	}{
		{name: "plain", effect: Capture, wantHit: true},
		{name: "invalid effect", effect: 0},
		{name: "past the last effect", effect: effectEnd},
		{name: "muted", setup: func(p *Player) { p.SetMuted(true) }, effect: Move},
		{name: "unmuted again", setup: func(p *Player) { p.SetMuted(true); p.SetMuted(false) }, effect: Move, wantHit: true},
		{name: "volume zero", setup: func(p *Player) { p.SetVolume(0) }, effect: Win},
		{name: "low volume", setup: func(p *Player) { p.SetVolume(0.01) }, effect: Win, wantHit: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakePlatform()
			p := f.newPlayer(false)
			if tc.setup != nil {
				tc.setup(p)
			}
			p.Play(tc.effect)
			hit := len(f.out.played()) == 1
			if hit != tc.wantHit {
				t.Errorf("played %v, want a play: %v", f.out.played(), tc.wantHit)
			}
		})
	}
}

func TestVolume(t *testing.T) {
	tests := []struct {
		set, want float64
	}{
		{0.25, 0.25}, {1, 1}, {0, 0}, {-0.5, 0}, {1.7, 1}, {math.NaN(), 0}, {math.Inf(1), 1},
	}
	f := newFakePlatform()
	p := f.newPlayer(false)
	if got := p.Volume(); got != 1 {
		t.Fatalf("initial Volume() = %v, want 1", got)
	}
	for _, tc := range tests {
		p.SetVolume(tc.set)
		if got := p.Volume(); got != tc.want {
			t.Errorf("SetVolume(%v): Volume() = %v, want %v", tc.set, got, tc.want)
		}
		if f.out.volume != tc.want {
			t.Errorf("SetVolume(%v): output volume %v, want %v (playing effects follow the volume)", tc.set, f.out.volume, tc.want)
		}
	}
	p.SetVolume(0.4)
	p.Play(Promotion)
	if got := f.out.played(); len(got) != 1 || got[0] != (played{Promotion, 0.4}) {
		t.Errorf("played %v, want Promotion at 0.4", got)
	}
}

func TestMuteCutsPlayingEffects(t *testing.T) {
	f := newFakePlatform()
	p := f.newPlayer(false)
	p.Play(Win)
	p.SetMuted(true)
	if f.out.stops != 1 {
		t.Errorf("stops = %d after muting, want 1", f.out.stops)
	}
	p.SetMuted(true)
	if !p.Muted() {
		t.Error("Muted() = false after SetMuted(true)")
	}
}

func TestUnmutingAPlayerStartedMutedOpensTheOutput(t *testing.T) {
	f := newFakePlatform()
	p := f.newPlayer(true)
	p.Play(Move)
	if probes, opens, _ := f.counts(); probes != 0 || opens != 0 {
		t.Fatalf("muted player probed %d times and opened %d times", probes, opens)
	}
	p.SetMuted(false)
	<-p.opened // opening runs in the background so that SetMuted never blocks a frame
	if !p.Available() {
		t.Fatal("not available after unmuting on a machine with a device")
	}
	p.Play(Move)
	if got := f.out.played(); len(got) != 1 || got[0].effect != Move {
		t.Errorf("played %v, want Move", got)
	}
	p.SetMuted(true)
	p.SetMuted(false)
	if probes, opens, _ := f.counts(); probes != 1 || opens != 1 {
		t.Errorf("probes, opens = %d, %d after muting again; want 1, 1", probes, opens)
	}
}

func TestSilentPlayerOpensOutputWhenRunningAsVMGuest(t *testing.T) {
	f := newFakePlatform()
	f.deviceErr = errNoCard
	p := f.newPlayer(false)

	p.Play(Move) // before RunGame: the backend is not chosen yet
	if _, opens, _ := f.counts(); opens != 0 || p.Available() {
		t.Fatalf("opened %d times before the guest mode was known", opens)
	}

	f.mu.Lock()
	f.guest, f.guestKnown = true, true
	f.mu.Unlock()
	p.Play(Capture)
	if !p.Available() || p.Notice() != "" {
		t.Errorf("guest: Available() = %v, Notice() = %q; want true, \"\"", p.Available(), p.Notice())
	}
	if got := f.out.played(); len(got) != 1 || got[0].effect != Capture {
		t.Errorf("guest played %v, want the Capture that opened it", got)
	}
	if _, _, notices := f.counts(); len(notices) != 2 || !strings.Contains(notices[1], "vmhost guest") {
		t.Errorf("notices %q, want the no-device notice then the guest one", notices)
	}
}

func TestUpdateOpensOutputForVMGuestBeforeTheFirstPlay(t *testing.T) {
	f := newFakePlatform()
	f.deviceErr = errNoCard
	p := f.newPlayer(false)
	p.Update() // not known yet
	f.mu.Lock()
	f.guest, f.guestKnown = true, true
	f.mu.Unlock()
	p.Update()
	p.Update()
	if _, opens, _ := f.counts(); opens != 1 || !p.Available() {
		t.Errorf("opens = %d, Available() = %v; want the guest output opened once", opens, p.Available())
	}
	if got := f.out.played(); len(got) != 0 {
		t.Errorf("Update played %v", got)
	}
}

func TestSilentPlayerStaysSilentWhenNotAGuest(t *testing.T) {
	f := newFakePlatform()
	f.deviceErr = errNoCard
	f.guestKnown = true
	p := f.newPlayer(false)
	for range 5 {
		p.Play(Move)
	}
	_, opens, _ := f.counts()
	if opens != 0 || p.Available() {
		t.Errorf("opened %d times without a device", opens)
	}
	if f.guestAsks != 1 {
		t.Errorf("asked about the guest mode %d times, want once", f.guestAsks)
	}
}

func TestBrowserDropsEffectsUntilTheFirstGesture(t *testing.T) {
	f := newFakePlatform()
	f.out.isReady = false
	p := newPlayer(Options{SampleRate: 8000, Notify: func(string) {}}, f.env(true))
	p.Play(Move)
	f.out.mu.Lock()
	f.out.isReady = true
	f.out.mu.Unlock()
	p.Play(Capture)
	if got := f.out.played(); len(got) != 1 || got[0].effect != Capture {
		t.Errorf("played %v, want only the Capture after the gesture", got)
	}
}

func TestBrowserOpensOutputEvenWhenStartingMuted(t *testing.T) {
	f := newFakePlatform()
	p := newPlayer(Options{SampleRate: 8000, Muted: true, Notify: func(string) {}}, f.env(true))
	if probes, opens, _ := f.counts(); probes != 1 || opens != 1 || !p.Available() {
		t.Fatalf("probes, opens = %d, %d, Available() = %v; want the context made at once", probes, opens, p.Available())
	}
	p.Play(Move)
	p.SetMuted(false)
	p.Play(Capture)
	if got := f.out.played(); len(got) != 1 || got[0].effect != Capture {
		t.Errorf("played %v, want only the Capture after unmuting", got)
	}
}

func TestUnusableSampleRateIsSilentNotFatal(t *testing.T) {
	f := newFakePlatform()
	var notices []string
	p := newPlayer(Options{SampleRate: 100, Notify: func(n string) { notices = append(notices, n) }}, f.env(false))
	p.Play(Move)
	p.SetMuted(false)
	if p.Available() || p.Bank() != nil || len(notices) != 1 || !strings.Contains(p.Notice(), "playing silently") {
		t.Errorf("Available %v, Bank %v, notices %q", p.Available(), p.Bank(), notices)
	}
	if probes, opens, _ := f.counts(); probes != 0 || opens != 0 {
		t.Errorf("probes, opens = %d, %d; want none", probes, opens)
	}
}

func TestDefaultSampleRate(t *testing.T) {
	f := newFakePlatform()
	p := newPlayer(Options{Muted: true}, f.env(false))
	if got := p.Bank().SampleRate(); got != DefaultSampleRate {
		t.Errorf("sample rate %d, want %d", got, DefaultSampleRate)
	}
}
