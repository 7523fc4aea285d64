//go:build unix

package storage

import (
	"os"
	"syscall"
)

// openFlags open a save without waiting: opening a FIFO for reading
// otherwise blocks until something writes to it, which would hang the game
// at start. The flag means nothing for the regular files actually read.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
