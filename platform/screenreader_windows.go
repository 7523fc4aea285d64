//go:build windows

package platform

import (
	"syscall"
	"unsafe"
)

// spiGetScreenReader is SPI_GETSCREENREADER, which Narrator, NVDA and
// JAWS set while they run.
const spiGetScreenReader = 0x0046

// ScreenReaderRunning asks SystemParametersInfo, without cgo.
func ScreenReaderRunning() bool {
	proc := syscall.NewLazyDLL("user32.dll").NewProc("SystemParametersInfoW")
	if proc.Find() != nil {
		return false
	}
	var on int32 // a BOOL
	r, _, _ := proc.Call(spiGetScreenReader, 0, uintptr(unsafe.Pointer(&on)), 0)
	return r != 0 && on != 0
}
