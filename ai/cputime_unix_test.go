//go:build unix

package ai

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (user and system), which
// unlike wall time does not count the time other processes take on a busy
// machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
