//go:build !js

package remote

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"bashni/online/protocol"
)

// IsServer asks base's /online/info whether it is a bashni server
// speaking this game's protocol; no answer within timeout is a no. (The
// page asks with the browser's fetch instead, probe_js.go: net/http's
// client would add megabytes to the page.)
func IsServer(base string, timeout time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+protocol.InfoPath, nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var info protocol.Info
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&info) != nil {
		return false
	}
	return isBashniServer(info)
}
