//go:build linux && !android

package audio

import (
	"fmt"

	"github.com/jfreymuth/pulse"
)

// probePulse connects to the PulseAudio (or PipeWire-Pulse) server and creates, without
// starting, a float32 stereo playback stream, as Oto does; then closes the connection.
func probePulse(sampleRate int) error {
	client, err := pulse.NewClient(pulse.ClientApplicationName("bashni sound check"))
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer client.Close()
	silence := pulse.Float32Reader(func(buf []float32) (int, error) {
		clear(buf)
		return len(buf), nil
	})
	stream, err := client.NewPlayback(silence, pulse.PlaybackStereo,
		pulse.PlaybackSampleRate(sampleRate), pulse.PlaybackLatency(0.1))
	if err != nil {
		return fmt.Errorf("playback stream: %w", err)
	}
	stream.Close()
	return nil
}
