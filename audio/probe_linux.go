//go:build linux && !android

package audio

import (
	"fmt"
	"time"
)

// probeTimeout bounds the check. A reachable PulseAudio server answers in milliseconds and a
// missing one fails at once, but a PULSE_SERVER naming an unresponsive TCP host would hang in
// connect; the game must start anyway, silently.
const probeTimeout = 3 * time.Second

// probeDevice checks, before an Ebitengine audio context exists, that Oto (Ebitengine's audio
// driver) will be able to open a device. Oto v3.5 on Linux connects to PulseAudio (a pure Go
// client) and, if that fails, opens the ALSA "default" PCM through libasound, trying a list of
// devices; when all fail its context reports an error that makes ebiten.RunGame return. The
// probe makes the same calls with the same parameters and closes what it opened, so success
// here means Oto will succeed too (it tries a superset of the same devices). A failure here
// can only be pessimistic: the game then runs silently rather than dying.
func probeDevice(sampleRate int) error {
	done := make(chan error, 1) // buffered: a probe that times out must not leak a blocked send
	go func() {
		pulseErr := probePulse(sampleRate)
		if pulseErr == nil {
			done <- nil
			return
		}
		alsaErr := probeALSA(sampleRate)
		if alsaErr == nil {
			done <- nil
			return
		}
		done <- &noDeviceError{reasons: fmt.Sprintf("PulseAudio: %v; ALSA: %v", pulseErr, alsaErr)}
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(probeTimeout):
		return &noDeviceError{reasons: fmt.Sprintf("no answer from PulseAudio or ALSA within %v", probeTimeout)}
	}
}
