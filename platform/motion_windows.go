//go:build windows

package platform

import (
	"syscall"
	"unsafe"
)

// spiGetClientAreaAnimation is SPI_GETCLIENTAREAANIMATION: Windows'
// "Show animations in Windows" (Settings › Accessibility › Visual effects).
const spiGetClientAreaAnimation = 0x1042

// systemMotion asks SystemParametersInfo, without cgo.
func systemMotion() (reduce, known bool) {
	proc := syscall.NewLazyDLL("user32.dll").NewProc("SystemParametersInfoW")
	if proc.Find() != nil {
		return false, false
	}
	var on int32 // a BOOL
	r, _, _ := proc.Call(spiGetClientAreaAnimation, 0, uintptr(unsafe.Pointer(&on)), 0)
	if r == 0 {
		return false, false
	}
	return on == 0, true
}
