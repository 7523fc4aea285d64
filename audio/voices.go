package audio

// voice is one playback channel bound to one effect's PCM. *ebitenaudio.Player implements it.
type voice interface {
	IsPlaying() bool
	Rewind() error
	Play()
	Pause()
	SetVolume(volume float64)
}

// voicePool holds the voices of one effect.
type voicePool struct {
	voices  []voice
	started []uint64 // when each voice last started, on the output's play clock
	next    int      // where the search for an idle voice begins
}

func newVoicePool(voices []voice) voicePool {
	return voicePool{voices: voices, started: make([]uint64, len(voices))}
}

// play restarts an idle voice, or else the one that started longest ago: a new capture knock
// matters more than the tail of an old one. Idle voices are taken in turn rather than always
// the first, so that under exp/vmhost, where each voice is one forwarded stream, the first
// plays of an effect show up as separate streams with their own start ticks.
func (p *voicePool) play(volume float64, now uint64) {
	if len(p.voices) == 0 {
		return
	}
	pick := -1
	for k := range p.voices {
		i := (p.next + k) % len(p.voices)
		if !p.voices[i].IsPlaying() {
			pick = i
			break
		}
	}
	if pick < 0 {
		pick = 0
		for i := range p.voices {
			if p.started[i] < p.started[pick] {
				pick = i
			}
		}
	}
	v := p.voices[pick]
	// Rewinding an in-memory source cannot fail; if it ever did, the voice replays from where
	// it is, which is harmless for a short effect.
	_ = v.Rewind()
	v.SetVolume(volume)
	v.Play()
	p.started[pick] = now
	p.next = (pick + 1) % len(p.voices)
}

func (p *voicePool) setVolume(volume float64) {
	for _, v := range p.voices {
		v.SetVolume(volume)
	}
}

func (p *voicePool) stop() {
	for _, v := range p.voices {
		if v.IsPlaying() {
			v.Pause()
		}
	}
}
