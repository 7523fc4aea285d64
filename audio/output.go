package audio

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	ebitenaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// voicesPerEffect is how many copies of one effect can sound at once: enough for the hops of
// a multiple capture to overlap, few enough that a burst cannot pile up into distortion.
const voicesPerEffect = 3

func systemEnvironment() environment {
	return environment{
		probeDevice: probeDevice,
		openOutput:  openEbitenOutput,
		vmGuest:     vmGuestFromGraphicsLibrary,
		browser:     inBrowser,
	}
}

// vmGuestFromGraphicsLibrary tells whether the game runs as an exp/vmhost guest. Ebitengine
// has no direct API for it, and EBITENGINE_VM_ENDPOINT is removed from the environment while
// packages initialise, but a guest's graphics library is always GraphicsLibraryRemote, and
// the library is known once RunGame has chosen its backend.
func vmGuestFromGraphicsLibrary() (guest, known bool) {
	var info ebiten.DebugInfo
	ebiten.ReadDebugInfo(&info)
	switch info.GraphicsLibrary {
	case ebiten.GraphicsLibraryAuto, ebiten.GraphicsLibraryUnknown:
		return false, false
	case ebiten.GraphicsLibraryRemote:
		return true, true
	}
	return false, true
}

// ebitenOutput plays effects through an Ebitengine audio context, with a few pre-made players
// ("voices") per effect over the bank's PCM, so that playing is rewinding and starting one.
type ebitenOutput struct {
	ctx   *ebitenaudio.Context
	pools [effectEnd]voicePool
	clock uint64 // counts plays, to find the voice that started longest ago
}

// openEbitenOutput creates the audio context (Ebitengine allows one per process, so an existing
// one is reused) and the voices. The device itself opens on the next tick of the game loop.
func openEbitenOutput(bank *Bank) (out output, err error) {
	defer func() {
		// NewContext panics if another goroutine created a context since CurrentContext
		// looked; a second chance at sound is not worth a crash.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("audio: creating the audio context: %v", r)
		}
	}()
	ctx := ebitenaudio.CurrentContext()
	if ctx == nil {
		ctx = ebitenaudio.NewContext(bank.SampleRate())
	} else if ctx.SampleRate() != bank.SampleRate() {
		return nil, fmt.Errorf("audio: the process already has a %d Hz audio context; effects are rendered at %d Hz",
			ctx.SampleRate(), bank.SampleRate())
	}
	o := &ebitenOutput{ctx: ctx}
	for _, e := range Effects() {
		voices := make([]voice, voicesPerEffect)
		for i := range voices {
			// Each player reads the shared PCM through its own bytes.Reader, as Ebitengine
			// requires one source per player.
			voices[i] = ctx.NewPlayerF32FromBytes(bank.pcm[e])
		}
		o.pools[e] = newVoicePool(voices)
	}
	return o, nil
}

func (o *ebitenOutput) play(e Effect, volume float64) {
	o.clock++
	o.pools[e].play(volume, o.clock)
}

func (o *ebitenOutput) setVolume(volume float64) {
	for i := range o.pools {
		o.pools[i].setVolume(volume)
	}
}

func (o *ebitenOutput) stop() {
	for i := range o.pools {
		o.pools[i].stop()
	}
}

func (o *ebitenOutput) ready() bool {
	return o.ctx.IsReady()
}
