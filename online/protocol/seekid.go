//go:build !js

package protocol

// NewSeekID draws a seek id (by the server only, like codes: random.go).
func NewSeekID() string {
	code := NewCode() + NewCode()
	return code[:SeekIDLength]
}
