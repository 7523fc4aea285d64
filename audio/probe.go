package audio

import "errors"

// errNoDevice is wrapped by probe errors that mean "this machine has no usable sound output".
var errNoDevice = errors.New("no audio device")
