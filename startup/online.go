package startup

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"bashni/online/protocol"
)

// onlineServer is the online games' server: the one asked for (-server,
// ?server=), else the one in Settings, else, in a page, the site that
// served it if it is a bashni-server (its /online/info answers); "" hides
// online play.
func onlineServer(asked, setting string) string {
	if asked != "" {
		return asked
	}
	if setting != "" {
		return setting
	}
	origin := pageOrigin()
	if origin == "" {
		return ""
	}
	if isServer(origin, 3*time.Second) {
		return origin
	}
	return ""
}

// isServer asks base's /online/info whether it is a bashni server.
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
	return info.Server == "bashni-server" && info.Protocol == protocol.Version
}
