//go:build !js

package startup

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"bashni/online/protocol"
)

// pageOrigin is "" outside a page: the desktop game is told its server.
func pageOrigin() string { return "" }

// isServer asks base's /online/info whether it is a bashni server. (The
// page asks with the browser's fetch instead, origin_js.go: net/http's
// client would add megabytes to the page.)
func isServer(base string, timeout time.Duration) bool {
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
