//go:build !js

package protocol

import "strings"

// NewKey makes a player key: a device makes one the first time its player
// goes online and keeps it like a seat token.
func NewKey() string { return NewToken() }

// NewTransferCode draws a transfer code (the server does).
func NewTransferCode() string {
	var b strings.Builder
	for range TransferCodeLength / CodeLength {
		b.WriteString(NewCode())
	}
	b.WriteString(NewCode()[:TransferCodeLength%CodeLength])
	return b.String()
}
