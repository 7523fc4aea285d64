package audio

import "testing"

// fakeVoice is a voice whose playing state the test controls.
type fakeVoice struct {
	playing bool
	rewinds int
	starts  int
	volume  float64
}

func (v *fakeVoice) IsPlaying() bool       { return v.playing }
func (v *fakeVoice) Rewind() error         { v.rewinds++; return nil }
func (v *fakeVoice) Play()                 { v.playing = true; v.starts++ }
func (v *fakeVoice) Pause()                { v.playing = false }
func (v *fakeVoice) SetVolume(vol float64) { v.volume = vol }

func newFakePool(n int) (voicePool, []*fakeVoice) {
	fakes := make([]*fakeVoice, n)
	voices := make([]voice, n)
	for i := range fakes {
		fakes[i] = &fakeVoice{}
		voices[i] = fakes[i]
	}
	return newVoicePool(voices), fakes
}

func TestVoicePoolPicksIdleThenOldest(t *testing.T) {
	pool, v := newFakePool(3)
	for clock := uint64(1); clock <= 3; clock++ {
		pool.play(0.5, clock)
	}
	for i, fv := range v {
		if fv.starts != 1 || fv.rewinds != 1 || fv.volume != 0.5 {
			t.Errorf("voice %d: starts %d, rewinds %d, volume %v; want 1, 1, 0.5", i, fv.starts, fv.rewinds, fv.volume)
		}
	}

	// All busy: the oldest (voice 0) restarts from the top.
	pool.play(0.8, 4)
	if v[0].rewinds != 2 || v[0].volume != 0.8 {
		t.Errorf("voice 0: rewinds %d, volume %v; want restarted at 0.8", v[0].rewinds, v[0].volume)
	}
	// Now voice 1 is the oldest...
	pool.play(0.8, 5)
	if v[1].rewinds != 2 {
		t.Errorf("voice 1 rewinds %d, want 2", v[1].rewinds)
	}
	// ...but an idle voice always wins.
	v[2].playing = false
	pool.play(0.8, 6)
	if v[2].rewinds != 2 || v[0].rewinds != 2 {
		t.Errorf("rewinds %d/%d/%d; want the idle voice 2 reused", v[0].rewinds, v[1].rewinds, v[2].rewinds)
	}
}

func TestVoicePoolTakesIdleVoicesInTurn(t *testing.T) {
	pool, v := newFakePool(3)
	for clock := uint64(1); clock <= 4; clock++ {
		pool.play(1, clock)
		for _, fv := range v {
			fv.playing = false // every effect ends before the next starts
		}
	}
	if got := []int{v[0].starts, v[1].starts, v[2].starts}; got[0] != 2 || got[1] != 1 || got[2] != 1 {
		t.Errorf("starts per voice %v, want [2 1 1]", got)
	}
}

func TestVoicePoolStopAndVolume(t *testing.T) {
	pool, v := newFakePool(2)
	pool.play(1, 1)
	pool.setVolume(0.3)
	pool.stop()
	for i, fv := range v {
		if fv.playing || fv.volume != 0.3 {
			t.Errorf("voice %d: playing %v, volume %v; want stopped at 0.3", i, fv.playing, fv.volume)
		}
	}
	var empty voicePool
	empty.play(1, 1) // must not panic
}
