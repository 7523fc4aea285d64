package audio

// noDeviceError says that no sound output could be opened, and why, in one line.
type noDeviceError struct {
	reasons string // e.g. "PulseAudio: connect: ...; ALSA: ..."
}

func (e *noDeviceError) Error() string {
	return "no audio device (" + e.reasons + ")"
}
