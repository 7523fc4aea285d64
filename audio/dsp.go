package audio

import (
	"math"
	"math/cmplx"
)

// signal is a mono sound under construction: one float64 per sample. Effects are built by
// adding struck notes and filtered noise into it, then finished (faded and normalised).
type signal struct {
	rate    float64
	samples []float64
}

func newSignal(sampleRate int, seconds float64) *signal {
	return &signal{
		rate:    float64(sampleRate),
		samples: make([]float64, int(math.Round(seconds*float64(sampleRate)))),
	}
}

// partial is one sine component of a struck note. Wood and mallet instruments have
// inharmonic upper partials that die away faster than the fundamental, which is what makes
// them sound like wood rather than like an organ.
type partial struct {
	ratio float64 // frequency relative to the note's fundamental
	gain  float64 // amplitude relative to the fundamental
	decay float64 // decay time relative to the note's decay time
}

var (
	// woodPartials suit a piece set down on a board: a dull fundamental and two quick,
	// inharmonic overtones.
	woodPartials = []partial{{1, 1, 1}, {2.57, 0.35, 0.45}, {4.9, 0.12, 0.25}}
	// marimbaPartials are the tuned-bar ratios (1 : 3.9 : 9.2), warm and clearly pitched.
	marimbaPartials = []partial{{1, 1, 1}, {3.93, 0.25, 0.35}, {9.2, 0.06, 0.15}}
	// bellPartials are brighter and nearly harmonic, for the flourish and the win jingle.
	bellPartials = []partial{{1, 1, 1}, {2, 0.4, 0.7}, {3, 0.2, 0.5}, {4.16, 0.12, 0.35}, {5.43, 0.06, 0.25}}
	// softPartials are almost a pure sine, for gentle hints and the loss phrase.
	softPartials = []partial{{1, 1, 1}, {2, 0.12, 0.6}, {3, 0.04, 0.4}}
)

// note is one struck tone. All times are in seconds.
type note struct {
	at       float64 // onset
	freq     float64 // fundamental in Hz
	gain     float64
	attack   float64 // raised-cosine rise; a few milliseconds keeps the onset free of clicks
	decay    float64 // exponential time constant of the fundamental
	glide    float64 // pitch factor at the onset, settling to 1; 0 or 1 means no glide
	glideFor float64 // time constant of the glide
	partials []partial
}

// strike adds n into s.
func (s *signal) strike(n note) {
	start := int(math.Round(n.at * s.rate))
	glide := n.glide
	if glide == 0 {
		glide = 1
	}
	longest := 0.0
	for _, p := range n.partials {
		longest = math.Max(longest, p.decay)
	}
	// Beyond ten time constants the note is 80 dB down; stop there to save work.
	end := min(len(s.samples), start+int(10*n.decay*longest*s.rate)+1)
	if start < 0 || start >= end {
		return
	}
	out := s.samples[start:end]
	nyquist := s.rate / 2
	for _, p := range n.partials {
		if n.freq*p.ratio*glide >= 0.9*nyquist {
			continue // would alias into a harsh low tone
		}
		if glide == 1 {
			s.addDecayingSine(out, n, p)
		} else {
			s.addGlidingSine(out, n, p, glide)
		}
	}
}

// addDecayingSine adds one partial as a rotating, shrinking phasor: one complex multiply per
// sample instead of a sine and an exponential, which keeps start-up fast in the browser.
// Over the few seconds rendered the recurrence drifts by far less than float32 resolution.
func (s *signal) addDecayingSine(out []float64, n note, p partial) {
	step := cmplx.Exp(complex(-1/(n.decay*p.decay*s.rate), 2*math.Pi*n.freq*p.ratio/s.rate))
	z := complex(n.gain*p.gain, 0)
	for i := range out {
		out[i] += riseAt(float64(i)/s.rate, n.attack) * imag(z)
		z *= step
	}
}

// addGlidingSine adds one partial whose pitch starts at glide times the note's and settles:
// the phase is the integral of f·(1 + (glide−1)·e^(−t/τ)).
func (s *signal) addGlidingSine(out []float64, n note, p partial, glide float64) {
	for i := range out {
		t := float64(i) / s.rate
		warped := t + (glide-1)*n.glideFor*(1-math.Exp(-t/n.glideFor))
		v := n.gain * p.gain * math.Exp(-t/(n.decay*p.decay)) * math.Sin(2*math.Pi*n.freq*p.ratio*warped)
		out[i] += riseAt(t, n.attack) * v
	}
}

// noiseBurst is filtered noise shaped by an envelope: the scrape of a slide, the crack of a
// knock, the shimmer of a flourish. The noise comes from a seeded generator so that every
// render of an effect is identical, which lets tests recognise effects by their samples.
type noiseBurst struct {
	at, length   float64 // seconds
	gain         float64
	attack       float64 // raised-cosine rise
	decay        float64 // exponential time constant after the rise
	bandCenter   float64 // Hz; band-pass when set
	bandQ        float64
	lowpassBelow float64 // Hz; low-pass when bandCenter is 0
	seed         uint32
}

func (s *signal) addNoise(b noiseBurst) {
	var f biquad
	if b.bandCenter > 0 {
		f = bandPass(s.rate, b.bandCenter, b.bandQ)
	} else {
		f = lowPass(s.rate, b.lowpassBelow)
	}
	rng := noiseSource(b.seed)
	start := int(math.Round(b.at * s.rate))
	n := int(math.Round(b.length * s.rate))
	for k := 0; k < n && start+k < len(s.samples); k++ {
		t := float64(k) / s.rate
		env := riseAt(t, b.attack)
		if t > b.attack {
			env = math.Exp(-(t - b.attack) / b.decay)
		}
		// A short release at the end of the burst so that cutting it off makes no click.
		env *= fallAt(b.length-t, 0.004)
		s.samples[start+k] += b.gain * env * f.process(rng.next())
	}
}

// finish fades both ends to exactly zero (no click when playback starts or stops) and scales
// the loudest sample to peak, which keeps every effect well below clipping.
func (s *signal) finish(fadeIn, fadeOut, peak float64) []float64 {
	last := len(s.samples) - 1
	for i := range s.samples {
		s.samples[i] *= riseAt(float64(i)/s.rate, fadeIn) * fallAt(float64(last-i)/s.rate, fadeOut)
	}
	loudest := 0.0
	for _, v := range s.samples {
		loudest = math.Max(loudest, math.Abs(v))
	}
	if loudest > 0 {
		for i := range s.samples {
			s.samples[i] *= peak / loudest
		}
	}
	return s.samples
}

// riseAt is a raised-cosine ramp from 0 at t=0 to 1 at t=span. Unlike a linear ramp its slope
// is zero at both ends, so it adds no audible corner.
func riseAt(t, span float64) float64 {
	if t >= span {
		return 1
	}
	if t <= 0 {
		return 0
	}
	return 0.5 - 0.5*math.Cos(math.Pi*t/span)
}

// fallAt is the mirror of riseAt, measured by the time left before the end.
func fallAt(left, span float64) float64 {
	return riseAt(left, span)
}

// biquad is a second-order IIR filter (RBJ audio-EQ cookbook), direct form I.
type biquad struct {
	b0, b1, b2, a1, a2 float64
	x1, x2, y1, y2     float64
}

// bandPass has 0 dB gain at center.
func bandPass(rate, center, q float64) biquad {
	w := 2 * math.Pi * center / rate
	alpha := math.Sin(w) / (2 * q)
	a0 := 1 + alpha
	return biquad{
		b0: alpha / a0, b1: 0, b2: -alpha / a0,
		a1: -2 * math.Cos(w) / a0, a2: (1 - alpha) / a0,
	}
}

// lowPass is a Butterworth low-pass (Q = 1/√2).
func lowPass(rate, cutoff float64) biquad {
	w := 2 * math.Pi * cutoff / rate
	alpha := math.Sin(w) / math.Sqrt2
	c := math.Cos(w)
	a0 := 1 + alpha
	return biquad{
		b0: (1 - c) / 2 / a0, b1: (1 - c) / a0, b2: (1 - c) / 2 / a0,
		a1: -2 * c / a0, a2: (1 - alpha) / a0,
	}
}

func (f *biquad) process(x float64) float64 {
	y := f.b0*x + f.b1*f.x1 + f.b2*f.x2 - f.a1*f.y1 - f.a2*f.y2
	f.x2, f.x1 = f.x1, x
	f.y2, f.y1 = f.y1, y
	return y
}

// xorshift is a tiny deterministic noise generator (Marsaglia's xorshift32).
type xorshift uint32

func noiseSource(seed uint32) *xorshift {
	if seed == 0 {
		seed = 0x9e3779b9 // xorshift32 is stuck at zero
	}
	x := xorshift(seed)
	return &x
}

// next returns white noise in [-1, 1).
func (x *xorshift) next() float64 {
	v := uint32(*x)
	v ^= v << 13
	v ^= v >> 17
	v ^= v << 5
	*x = xorshift(v)
	return float64(v)/(1<<31) - 1
}
