package audio

// recipe describes how one effect is synthesised.
type recipe struct {
	length  float64 // seconds
	fadeIn  float64 // seconds; the edges are forced to silence so playback never clicks
	fadeOut float64
	peak    float64 // loudest sample after normalisation; sets the effects' relative loudness
	build   func(s *signal)
}

// Musical pitches used below, in Hz (equal temperament, A4 = 440 Hz).
const (
	pitchG3  = 196.00
	pitchC4  = 261.63
	pitchEb4 = 311.13
	pitchG4  = 392.00
	pitchB4  = 493.88
	pitchC5  = 523.25
	pitchD5  = 587.33
	pitchE5  = 659.26
	pitchG5  = 783.99
	pitchA5  = 880.00
	pitchC6  = 1046.50
	pitchE6  = 1318.51
	pitchG6  = 1567.98
	pitchC7  = 2093.00
)

// recipeFor returns the recipe of a valid effect. Loudness is balanced by ear: frequent sounds
// (move, tap) are quiet, the capture knock and the jingles stand out.
func recipeFor(e Effect) recipe {
	switch e {
	case Move:
		return recipe{length: 0.17, fadeIn: 0.001, fadeOut: 0.02, peak: 0.5, build: buildMove}
	case Capture:
		return recipe{length: 0.22, fadeIn: 0.0005, fadeOut: 0.03, peak: 0.8, build: buildCapture}
	case ColumnFreed:
		return recipe{length: 0.29, fadeIn: 0.001, fadeOut: 0.03, peak: 0.6, build: buildColumnFreed}
	case Promotion:
		return recipe{length: 0.42, fadeIn: 0.001, fadeOut: 0.05, peak: 0.55, build: buildPromotion}
	case CaptureRequired:
		return recipe{length: 0.24, fadeIn: 0.002, fadeOut: 0.03, peak: 0.4, build: buildCaptureRequired}
	case Win:
		return recipe{length: 1.3, fadeIn: 0.001, fadeOut: 0.2, peak: 0.6, build: buildWin}
	case Loss:
		return recipe{length: 1.3, fadeIn: 0.001, fadeOut: 0.2, peak: 0.5, build: buildLoss}
	case UITap:
		return recipe{length: 0.05, fadeIn: 0.0005, fadeOut: 0.01, peak: 0.22, build: buildUITap}
	}
	panic("audio: no recipe for " + e.String())
}

// buildMove: a short scrape of the disc sliding, then a dull wooden click as it settles.
func buildMove(s *signal) {
	s.addNoise(noiseBurst{at: 0, length: 0.09, gain: 0.18, attack: 0.035, decay: 0.03, lowpassBelow: 700, seed: 11})
	s.strike(note{at: 0.05, freq: 300, gain: 0.8, attack: 0.0015, decay: 0.028, glide: 1.25, glideFor: 0.006, partials: woodPartials})
	s.addNoise(noiseBurst{at: 0.05, length: 0.03, gain: 0.5, attack: 0.0008, decay: 0.006, bandCenter: 2000, bandQ: 1.2, seed: 12})
}

// buildCapture: a hard, higher knock with a crack on top and a body resonance below.
func buildCapture(s *signal) {
	s.strike(note{at: 0.002, freq: 560, gain: 1, attack: 0.001, decay: 0.04, glide: 1.35, glideFor: 0.004, partials: woodPartials})
	s.strike(note{at: 0.002, freq: 190, gain: 0.6, attack: 0.002, decay: 0.06, partials: woodPartials})
	s.addNoise(noiseBurst{at: 0.001, length: 0.03, gain: 0.9, attack: 0.0005, decay: 0.005, bandCenter: 3200, bandQ: 1, seed: 21})
}

// buildColumnFreed: two rising marimba notes (a fourth apart), each with a light tick, like a
// disc being turned over.
func buildColumnFreed(s *signal) {
	for i, n := range []struct{ at, freq, gain, decay float64 }{
		{0.003, pitchE5, 0.9, 0.07},
		{0.11, pitchA5, 1, 0.08},
	} {
		s.addNoise(noiseBurst{at: n.at, length: 0.02, gain: 0.2, attack: 0.0005, decay: 0.004, bandCenter: 2500, bandQ: 1.5, seed: 31 + uint32(i)})
		s.strike(note{at: n.at, freq: n.freq, gain: n.gain, attack: 0.002, decay: n.decay, partials: marimbaPartials})
	}
}

// buildPromotion: a fast rising arpeggio of bells (C major, C6 to C7) with a faint shimmer.
func buildPromotion(s *signal) {
	for i, f := range []float64{pitchC6, pitchE6, pitchG6, pitchC7} {
		decay := 0.09
		if i == 3 {
			decay = 0.14
		}
		s.strike(note{at: 0.003 + 0.045*float64(i), freq: f, gain: 0.55 + 0.08*float64(i), attack: 0.002, decay: decay, partials: bellPartials})
	}
	s.addNoise(noiseBurst{at: 0.13, length: 0.25, gain: 0.05, attack: 0.02, decay: 0.08, bandCenter: 6000, bandQ: 2, seed: 41})
}

// buildCaptureRequired: two soft, falling sine blips, a polite "not that one".
func buildCaptureRequired(s *signal) {
	s.strike(note{at: 0.004, freq: pitchD5, gain: 1, attack: 0.008, decay: 0.045, partials: softPartials})
	s.strike(note{at: 0.115, freq: pitchB4, gain: 1, attack: 0.008, decay: 0.045, partials: softPartials})
}

// buildWin: C5 E5 G5 C6 climbing, then the whole chord ringing out.
func buildWin(s *signal) {
	climb := []float64{pitchC5, pitchE5, pitchG5, pitchC6}
	for i, f := range climb {
		s.strike(note{at: 0.11 * float64(i), freq: f, gain: 0.7, attack: 0.002, decay: 0.09, partials: bellPartials})
	}
	for i, f := range climb {
		s.strike(note{at: 0.45, freq: f, gain: []float64{0.5, 0.45, 0.45, 0.6}[i], attack: 0.003, decay: 0.28, partials: marimbaPartials})
	}
}

// buildLoss: G4, E♭4, C4 falling in C minor, the last note low and long with a slightly
// detuned double for a softer, sadder tone.
func buildLoss(s *signal) {
	for i, f := range []float64{pitchG4, pitchEb4, pitchC4} {
		s.strike(note{at: 0.2 * float64(i), freq: f, gain: 0.8, attack: 0.006, decay: 0.12, partials: softPartials})
	}
	for _, detune := range []float64{1, 1.004} {
		s.strike(note{at: 0.6, freq: pitchC4 * detune, gain: 0.45, attack: 0.01, decay: 0.3, partials: softPartials})
		s.strike(note{at: 0.6, freq: pitchG3 * detune, gain: 0.35, attack: 0.01, decay: 0.3, partials: softPartials})
	}
}

// buildUITap: a tiny, quiet tick.
func buildUITap(s *signal) {
	s.addNoise(noiseBurst{at: 0, length: 0.02, gain: 0.6, attack: 0.0005, decay: 0.003, bandCenter: 3000, bandQ: 1.5, seed: 81})
	s.strike(note{at: 0, freq: 1800, gain: 0.3, attack: 0.0008, decay: 0.008, partials: softPartials})
}
