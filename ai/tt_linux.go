//go:build linux

package ai

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with 2 MiB pages where it
// can (transparent huge pages in "madvise" mode): a table probe is a random
// access into many megabytes, and with 4 KiB pages most probes also miss the
// TLB. It is only advice: errors are ignored.
func adviseHugePages(b []ttBucket) {
	if len(b) == 0 {
		return
	}
	const huge = 2 << 20
	p := unsafe.Pointer(&b[0])
	start := uintptr(p)
	end := start + uintptr(len(b))*unsafe.Sizeof(b[0])
	first := (start + huge - 1) &^ (huge - 1)
	last := end &^ (huge - 1)
	if last <= first {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Add(p, first-start)), last-first)
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE
}
