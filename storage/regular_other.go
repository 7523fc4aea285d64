//go:build !unix && !js

package storage

import "os"

// openFlags: opening a file cannot block here (Windows has no FIFOs in
// the file system).
const openFlags = os.O_RDONLY
