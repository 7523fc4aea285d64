package audio

import (
	"encoding/binary"
	"math"
	"testing"
	"time"
)

// testRates covers the usual device rates and a low one, where aliasing would show first.
var testRates = []int{22050, 44100, 48000}

func TestEffectsAreShapedAndInRange(t *testing.T) {
	tests := []struct {
		effect   Effect
		duration time.Duration
		peak     float64 // loudest |sample|, set by the recipe
	}{
		{Move, 170 * time.Millisecond, 0.5},
		{Capture, 220 * time.Millisecond, 0.8},
		{ColumnFreed, 290 * time.Millisecond, 0.6},
		{Promotion, 420 * time.Millisecond, 0.55},
		{CaptureRequired, 240 * time.Millisecond, 0.4},
		{Win, 1300 * time.Millisecond, 0.6},
		{Loss, 1300 * time.Millisecond, 0.5},
		{UITap, 50 * time.Millisecond, 0.22},
	}
	if len(tests) != len(Effects()) {
		t.Fatalf("table covers %d effects, package has %d", len(tests), len(Effects()))
	}
	for _, rate := range testRates {
		bank, err := NewBank(rate)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range tests {
			samples := decodeLeft(t, bank.PCM(tc.effect))
			name := tc.effect.String()

			if d := bank.Duration(tc.effect); absDuration(d-tc.duration) > time.Millisecond {
				t.Errorf("%d Hz %s: duration %v, want %v", rate, name, d, tc.duration)
			}
			if limit := tc.duration; limit > 300*time.Millisecond && tc.effect != Promotion && tc.effect != Win && tc.effect != Loss {
				t.Errorf("%s lasts %v; short effects must stay under 300 ms", name, limit)
			}
			if tc.duration > 1500*time.Millisecond {
				t.Errorf("%s lasts %v; jingles must stay under 1.5 s", name, tc.duration)
			}

			peak := 0.0
			for _, v := range samples {
				peak = math.Max(peak, math.Abs(v))
			}
			if peak > 1 {
				t.Errorf("%d Hz %s clips: peak %.3f", rate, name, peak)
			}
			if math.Abs(peak-tc.peak) > 1e-3 {
				t.Errorf("%d Hz %s: peak %.3f, want %.3f", rate, name, peak, tc.peak)
			}
			if r := rms(samples); r < 0.02*tc.peak {
				t.Errorf("%d Hz %s is nearly silent: RMS %.4f", rate, name, r)
			}

			// No click: playback starts and stops at zero, and the sound has died away
			// before the end rather than being cut off.
			first, last := samples[0], samples[len(samples)-1]
			if math.Abs(first) > 1e-3 || math.Abs(last) > 1e-3 {
				t.Errorf("%d Hz %s: first/last samples %.4f/%.4f, want ~0", rate, name, first, last)
			}
			tail := samples[len(samples)-rate*5/1000:]
			if r := rms(tail); r > 0.01 {
				t.Errorf("%d Hz %s: last 5 ms RMS %.4f; the sound is cut off, not faded", rate, name, r)
			}
			// The onset may be quick but must ramp: a sound that starts at full level clicks.
			onset := samples[:max(2, rate/5000)] // 0.2 ms
			for i, v := range onset {
				if math.Abs(v) > 0.3*tc.peak {
					t.Errorf("%d Hz %s: sample %d of the onset is already %.3f", rate, name, i, v)
					break
				}
			}
		}
	}
}

func TestEffectsAreDistinct(t *testing.T) {
	bank, err := NewBank(48000)
	if err != nil {
		t.Fatal(err)
	}
	effects := Effects()
	for i, a := range effects {
		for _, b := range effects[i+1:] {
			if c := similarity(decodeLeft(t, bank.PCM(a)), decodeLeft(t, bank.PCM(b))); c > 0.5 {
				t.Errorf("%v and %v are too alike: correlation %.2f", a, b, c)
			}
		}
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	// Identification by samples relies on every render being the same.
	a, _ := NewBank(44100)
	b, _ := NewBank(44100)
	for _, e := range Effects() {
		if string(a.PCM(e)) != string(b.PCM(e)) {
			t.Errorf("%v renders differently each time", e)
		}
	}
}

func TestPCMIsStereoWithEqualChannels(t *testing.T) {
	bank, _ := NewBank(48000)
	pcm := bank.PCM(Capture)
	if len(pcm)%bytesPerFrame != 0 {
		t.Fatalf("PCM length %d is not whole stereo float32 frames", len(pcm))
	}
	for i := 0; i < len(pcm); i += bytesPerFrame {
		if string(pcm[i:i+4]) != string(pcm[i+4:i+8]) {
			t.Fatalf("frame %d: channels differ", i/bytesPerFrame)
		}
	}
}

func TestNewBankRejectsUnplayableRates(t *testing.T) {
	for _, rate := range []int{-1, 0, 4000, 1_000_000} {
		if _, err := NewBank(rate); err == nil {
			t.Errorf("NewBank(%d) succeeded", rate)
		}
	}
}

func TestIdentify(t *testing.T) {
	bank, _ := NewBank(48000)
	for _, e := range Effects() {
		pcm := bank.PCM(e)
		tests := []struct {
			name string
			pcm  []byte
		}{
			{"whole", pcm},
			{"first 256 frames", pcm[:256*bytesPerFrame]},
			{"followed by a replay", append(append([]byte(nil), pcm...), pcm...)},
		}
		for _, tc := range tests {
			got, ok := bank.Identify(tc.pcm)
			if !ok || got != e {
				t.Errorf("Identify(%v, %s) = %v, %v", e, tc.name, got, ok)
			}
		}
	}

	noise := make([]byte, 1024*bytesPerFrame)
	rng := noiseSource(7)
	for i := 0; i+4 <= len(noise); i += 4 {
		binary.LittleEndian.PutUint32(noise[i:], math.Float32bits(float32(rng.next()*0.1)))
	}
	short := bank.PCM(Move)[:16*bytesPerFrame]
	for name, pcm := range map[string][]byte{"noise": noise, "too short": short, "empty": nil} {
		if got, ok := bank.Identify(pcm); ok {
			t.Errorf("Identify(%s) = %v, want no match", name, got)
		}
	}
}

func TestEffectNames(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Effects() {
		if !e.Valid() || seen[e.String()] {
			t.Errorf("effect %d: name %q invalid or repeated", int(e), e.String())
		}
		seen[e.String()] = true
	}
	for _, e := range []Effect{0, effectEnd, -3} {
		if e.Valid() {
			t.Errorf("Effect(%d) is valid", int(e))
		}
	}
}

func decodeLeft(t *testing.T, pcm []byte) []float64 {
	t.Helper()
	if len(pcm) == 0 {
		t.Fatal("empty PCM")
	}
	out := make([]float64, len(pcm)/bytesPerFrame)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(pcm[i*bytesPerFrame:])))
	}
	return out
}

func rms(s []float64) float64 {
	sum := 0.0
	for _, v := range s {
		sum += v * v
	}
	return math.Sqrt(sum / float64(len(s)))
}

// similarity is the largest normalised cross-correlation of a and b over lags up to ±10 ms
// (at 48 kHz), so that two effects that differ only by a small delay still count as alike.
func similarity(a, b []float64) float64 {
	n := min(len(a), len(b))
	ea, eb := rms(a[:n]), rms(b[:n])
	best := 0.0
	for lag := -480; lag <= 480; lag += 4 {
		sum := 0.0
		for i := max(0, -lag); i < n && i+lag < n; i++ {
			sum += a[i] * b[i+lag]
		}
		best = math.Max(best, math.Abs(sum/float64(n))/(ea*eb))
	}
	return best
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
