package audio

import "testing"

// newBenchPlayer is a Player whose output is the real ebitenOutput dispatch over voices made
// by newVoice, so that the measurement covers everything this package does in Play.
func newBenchPlayer(tb testing.TB, newVoice func(e Effect) voice) *Player {
	tb.Helper()
	env := environment{
		probeDevice: func(int) error { return nil },
		openOutput: func(*Bank) (output, error) {
			o := &ebitenOutput{}
			for _, e := range Effects() {
				voices := make([]voice, voicesPerEffect)
				for i := range voices {
					voices[i] = newVoice(e)
				}
				o.pools[e] = newVoicePool(voices)
			}
			return o, nil
		},
		vmGuest: func() (bool, bool) { return false, true },
	}
	p := newPlayer(Options{SampleRate: 8000, Notify: func(string) {}}, env)
	if !p.Available() {
		tb.Fatal("bench player has no output")
	}
	return p
}

// finishingVoice ends as soon as it starts, so every Play takes the idle-voice path.
type finishingVoice struct{ fakeVoice }

func (v *finishingVoice) IsPlaying() bool { return false }

func TestPlayDoesNotAllocate(t *testing.T) {
	for name, newVoice := range map[string]func(Effect) voice{
		"idle voices": func(Effect) voice { return &finishingVoice{} },
		"busy voices": func(Effect) voice { return &fakeVoice{} }, // every Play steals the oldest
	} {
		p := newBenchPlayer(t, newVoice)
		effects := Effects()
		i := 0
		allocs := testing.AllocsPerRun(1000, func() {
			p.Play(effects[i%len(effects)])
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: Play allocates %.1f times per call, want 0", name, allocs)
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	p := newBenchPlayer(b, func(Effect) voice { return &fakeVoice{} })
	effects := Effects()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Play(effects[i%len(effects)])
	}
}

// BenchmarkPlayEbitenPlayers goes through real Ebitengine players. Without ebiten.RunGame no
// device ever opens, so they stay in Ebitengine's "play requested" state: this measures the
// locking and bookkeeping on the game's side of Play, not mixing.
func BenchmarkPlayEbitenPlayers(b *testing.B) {
	bank, err := NewBank(DefaultSampleRate)
	if err != nil {
		b.Fatal(err)
	}
	out, err := openEbitenOutput(bank)
	if err != nil {
		b.Fatal(err)
	}
	effects := Effects()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		out.play(effects[i%len(effects)], 1)
	}
}

func BenchmarkNewBank(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewBank(DefaultSampleRate); err != nil {
			b.Fatal(err)
		}
	}
}
