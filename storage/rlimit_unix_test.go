//go:build unix

package storage

import "syscall"

// limitFileSize forbids this process from writing any byte to a file. Unlike
// permission bits, the limit also binds root. Go ignores the SIGXFSZ signal
// that comes with it, so the write simply fails with EFBIG.
func limitFileSize() error {
	return syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 0, Max: 0})
}
