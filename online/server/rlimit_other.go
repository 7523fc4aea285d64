//go:build !unix

package server

// openFileLimit has no such limit to read here: it answers a figure that
// matches the default of the old -max-conns.
func openFileLimit() uint64 { return 100000 + fdReserve }
