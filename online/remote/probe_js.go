package remote

import (
	"encoding/json"
	"time"

	"bashni/internal/jsfetch"
	"bashni/online/protocol"
)

// IsServer asks base's /online/info, with the browser's fetch, whether it
// is a bashni server speaking this game's protocol; no answer within
// timeout is a no.
func IsServer(base string, timeout time.Duration) bool {
	answer := make(chan []byte, 1) // the body, or nil for no answer
	go func() {
		body, err := jsfetch.Get(base + protocol.InfoPath)
		if err != nil {
			body = nil
		}
		answer <- body
	}()
	select {
	case body := <-answer:
		var info protocol.Info
		return body != nil && json.Unmarshal(body, &info) == nil && isBashniServer(info)
	case <-time.After(timeout):
		return false
	}
}
