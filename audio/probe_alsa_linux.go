//go:build linux && !android

package audio

import (
	"fmt"
	"strings"

	"github.com/ebitengine/purego"
)

// ALSA constants, from alsa/pcm.h, as Oto uses them.
const (
	alsaStreamPlayback       = 0
	alsaFormatFloatLE        = 14
	alsaAccessRWInterleaved  = 3
	alsaProbeChannels        = 2
	alsaProbePeriodFrames    = 1024 // Oto's default period with Ebitengine's default buffer
	alsaProbePeriodsInBuffer = 2
)

// alsaAPI is the part of libasound the probe needs, bound at run time with purego (no cgo), the
// way Oto binds it.
type alsaAPI struct {
	strerror            func(errnum int32) string
	pcmOpen             func(pcm *uintptr, name string, stream int32, mode int32) int32
	pcmClose            func(pcm uintptr) int32
	hwParamsMalloc      func(ptr *uintptr) int32
	hwParamsFree        func(obj uintptr)
	hwParamsAny         func(pcm, params uintptr) int32
	hwParamsSetAccess   func(pcm, params uintptr, access uint32) int32
	hwParamsSetFormat   func(pcm, params uintptr, format int32) int32
	hwParamsSetChannels func(pcm, params uintptr, val uint32) int32
	hwParamsSetResample func(pcm, params uintptr, val uint32) int32
	hwParamsSetRateNear func(pcm, params uintptr, val *uint32, dir *int32) int32
	hwParamsSetBufNear  func(pcm, params uintptr, val *uint) int32
	hwParamsSetPerNear  func(pcm, params uintptr, val *uint, dir *int32) int32
	hwParams            func(pcm, params uintptr) int32
	setErrorHandler     func(handler uintptr) int32
}

func loadALSA() (*alsaAPI, error) {
	var handle uintptr
	var err error
	for _, name := range []string{"libasound.so.2", "libasound.so"} {
		if handle, err = purego.Dlopen(name, purego.RTLD_LAZY|purego.RTLD_GLOBAL); err == nil {
			break
		}
	}
	if handle == 0 {
		return nil, fmt.Errorf("load libasound: %w", err)
	}
	a := &alsaAPI{}
	for _, f := range []struct {
		ptr  any
		name string
	}{
		{&a.strerror, "snd_strerror"},
		{&a.pcmOpen, "snd_pcm_open"},
		{&a.pcmClose, "snd_pcm_close"},
		{&a.hwParamsMalloc, "snd_pcm_hw_params_malloc"},
		{&a.hwParamsFree, "snd_pcm_hw_params_free"},
		{&a.hwParamsAny, "snd_pcm_hw_params_any"},
		{&a.hwParamsSetAccess, "snd_pcm_hw_params_set_access"},
		{&a.hwParamsSetFormat, "snd_pcm_hw_params_set_format"},
		{&a.hwParamsSetChannels, "snd_pcm_hw_params_set_channels"},
		{&a.hwParamsSetResample, "snd_pcm_hw_params_set_rate_resample"},
		{&a.hwParamsSetRateNear, "snd_pcm_hw_params_set_rate_near"},
		{&a.hwParamsSetBufNear, "snd_pcm_hw_params_set_buffer_size_near"},
		{&a.hwParamsSetPerNear, "snd_pcm_hw_params_set_period_size_near"},
		{&a.hwParams, "snd_pcm_hw_params"},
		{&a.setErrorHandler, "snd_lib_error_set_handler"},
	} {
		// RegisterLibFunc panics on a missing symbol; every libasound.so.2 since 2002 has these,
		// but a broken library must not take the game down.
		if _, err := purego.Dlsym(handle, f.name); err != nil {
			return nil, fmt.Errorf("libasound lacks %s: %w", f.name, err)
		}
		purego.RegisterLibFunc(f.ptr, handle, f.name)
	}
	return a, nil
}

// probeALSA opens the PCMs Oto tries first ("default", then "plug:default") for float32 stereo
// playback with Oto's hardware parameters, and closes the first that works. Oto goes on to
// other devices listed by ALSA's hints; the probe does not, so on an unusual setup it may
// choose silence where Oto could have found a card: a safe error.
func probeALSA(sampleRate int) error {
	a, err := loadALSA()
	if err != nil {
		return err
	}
	// libasound prints a dozen "ALSA lib ..." lines to stderr for a missing card; the game
	// prints one notice instead.
	if restore := a.silenceErrors(); restore != nil {
		defer restore()
	}
	var failures []string
	for _, name := range []string{"default", "plug:default"} {
		if err := a.tryPCM(name, sampleRate); err != nil {
			failures = append(failures, fmt.Sprintf("%q: %v", name, err))
			continue
		}
		return nil
	}
	return fmt.Errorf("%s", strings.Join(failures, ", "))
}

// silenceErrors installs an error handler that discards libasound's messages and returns the
// function that reinstates the default handler, or nil if purego cannot make a C callback on
// this platform (then the messages simply appear).
func (a *alsaAPI) silenceErrors() (restore func()) {
	defer func() {
		if recover() != nil {
			restore = nil
		}
	}()
	// The C type is variadic (file, line, function, err, fmt, ...); the handler ignores all of
	// its arguments, which is safe under the C calling conventions purego supports.
	discard := purego.NewCallback(func(file *byte, line int32, function *byte, errnum int32, format *byte) {})
	a.setErrorHandler(discard)
	return func() { a.setErrorHandler(0) } // NULL reinstates libasound's default handler
}

func (a *alsaAPI) tryPCM(name string, sampleRate int) error {
	var pcm uintptr
	if rc := a.pcmOpen(&pcm, name, alsaStreamPlayback, 0); rc < 0 {
		return a.fail("open", rc)
	}
	defer a.pcmClose(pcm)

	var params uintptr
	if rc := a.hwParamsMalloc(&params); rc < 0 {
		return a.fail("allocate hw params", rc)
	}
	defer a.hwParamsFree(params)

	rate := uint32(sampleRate)
	buffer := uint(alsaProbePeriodFrames * alsaProbePeriodsInBuffer)
	period := uint(alsaProbePeriodFrames)
	steps := []struct {
		what string
		call func() int32
	}{
		{"hw params", func() int32 { return a.hwParamsAny(pcm, params) }},
		{"interleaved access", func() int32 { return a.hwParamsSetAccess(pcm, params, alsaAccessRWInterleaved) }},
		{"float32 format", func() int32 { return a.hwParamsSetFormat(pcm, params, alsaFormatFloatLE) }},
		{"stereo", func() int32 { return a.hwParamsSetChannels(pcm, params, alsaProbeChannels) }},
		{"resampling", func() int32 { return a.hwParamsSetResample(pcm, params, 1) }},
		{"sample rate", func() int32 { return a.hwParamsSetRateNear(pcm, params, &rate, nil) }},
		{"buffer size", func() int32 { return a.hwParamsSetBufNear(pcm, params, &buffer) }},
		{"period size", func() int32 { return a.hwParamsSetPerNear(pcm, params, &period, nil) }},
		{"apply hw params", func() int32 { return a.hwParams(pcm, params) }},
	}
	for _, s := range steps {
		if rc := s.call(); rc < 0 {
			return a.fail(s.what, rc)
		}
	}
	return nil
}

func (a *alsaAPI) fail(what string, rc int32) error {
	return fmt.Errorf("%s: %s", what, a.strerror(rc))
}
