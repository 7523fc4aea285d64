//go:build unix

package server

import "syscall"

// openFileLimit is the process's soft limit on open files (Go raises it to
// the hard limit when it starts).
func openFileLimit() uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 1024 // the common default: the guess that errs on the small side
	}
	return uint64(l.Cur)
}
