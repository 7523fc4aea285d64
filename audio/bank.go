package audio

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"
)

// Sample-rate limits. Below 8 kHz the bright effects would alias; above 192 kHz no device
// plays and the bank would only waste memory.
const (
	minSampleRate = 8000
	maxSampleRate = 192000
)

// bytesPerFrame is one stereo frame of 32-bit floats, the format Ebitengine mixes in and the
// format exp/vmhost hands to the host.
const bytesPerFrame = 2 * 4

// Bank holds every effect rendered once at one sample rate, as 32-bit float little-endian
// stereo PCM (both channels equal). A Bank is immutable and safe for concurrent use.
type Bank struct {
	sampleRate int
	pcm        [effectEnd][]byte
}

// NewBank renders every effect at sampleRate. It takes a few milliseconds.
func NewBank(sampleRate int) (*Bank, error) {
	if sampleRate < minSampleRate || sampleRate > maxSampleRate {
		return nil, fmt.Errorf("audio: sample rate %d Hz is outside %d..%d Hz", sampleRate, minSampleRate, maxSampleRate)
	}
	b := &Bank{sampleRate: sampleRate}
	for _, e := range Effects() {
		b.pcm[e] = encodeStereoF32(render(e, sampleRate))
	}
	return b, nil
}

// render synthesises one effect as mono samples in [-1, 1].
func render(e Effect, sampleRate int) []float64 {
	r := recipeFor(e)
	s := newSignal(sampleRate, r.length)
	r.build(s)
	return s.finish(r.fadeIn, r.fadeOut, r.peak)
}

func encodeStereoF32(mono []float64) []byte {
	out := make([]byte, len(mono)*bytesPerFrame)
	for i, v := range mono {
		bits := math.Float32bits(float32(v))
		binary.LittleEndian.PutUint32(out[i*bytesPerFrame:], bits)
		binary.LittleEndian.PutUint32(out[i*bytesPerFrame+4:], bits)
	}
	return out
}

// SampleRate returns the rate the bank was rendered at, in frames per second.
func (b *Bank) SampleRate() int {
	return b.sampleRate
}

// PCM returns a copy of e's samples: 32-bit float little-endian, two interleaved channels.
// It returns nil for an invalid effect.
func (b *Bank) PCM(e Effect) []byte {
	if !e.Valid() {
		return nil
	}
	return append([]byte(nil), b.pcm[e]...)
}

// Duration returns how long e plays.
func (b *Bank) Duration(e Effect) time.Duration {
	if !e.Valid() {
		return 0
	}
	frames := len(b.pcm[e]) / bytesPerFrame
	return time.Duration(frames) * time.Second / time.Duration(b.sampleRate)
}

// Identification parameters. The host of a vmhost guest receives each player's PCM exactly as
// rendered (volume is reported beside the samples, not applied to them), so a match is
// normally exact; the tolerance only absorbs last-bit differences in math functions between
// builds of the bank (e.g. guest and test binary built for different architectures).
const (
	identifyMinFrames = 256  // about 5 ms at 48 kHz: past the fade-in, where effects differ
	identifyMaxFrames = 4096 // enough to tell every pair apart; keeps Identify cheap
	identifyTolerance = 1e-4
)

// Identify tells which effect pcm starts with. pcm is 32-bit float little-endian stereo at the
// bank's sample rate, as read from an exp/vmhost GuestAudioStream; it must hold at least 256
// frames (or the whole effect, if shorter). Each effect plays on players of its own, so the
// first samples of a forwarded stream name the effect for the stream's whole life.
func (b *Bank) Identify(pcm []byte) (Effect, bool) {
	frames := len(pcm) / bytesPerFrame
	best, bestErr := Effect(0), math.Inf(1)
	for _, e := range Effects() {
		own := len(b.pcm[e]) / bytesPerFrame
		n := min(frames, own, identifyMaxFrames)
		if n < min(identifyMinFrames, own) {
			continue
		}
		if worst := maxAbsDiffF32(pcm[:n*bytesPerFrame], b.pcm[e][:n*bytesPerFrame]); worst < bestErr {
			best, bestErr = e, worst
		}
	}
	if bestErr > identifyTolerance {
		return 0, false
	}
	return best, true
}

// maxAbsDiffF32 compares two equally long runs of little-endian float32 values.
func maxAbsDiffF32(a, b []byte) float64 {
	worst := 0.0
	for i := 0; i+4 <= len(a); i += 4 {
		x := math.Float32frombits(binary.LittleEndian.Uint32(a[i:]))
		y := math.Float32frombits(binary.LittleEndian.Uint32(b[i:]))
		d := math.Abs(float64(x) - float64(y))
		if math.IsNaN(d) {
			return math.Inf(1)
		}
		worst = math.Max(worst, d)
	}
	return worst
}
