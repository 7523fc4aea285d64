package startup

import (
	"time"

	"bashni/online/protocol"
)

// siteServer is, in a page, the site that served it when it is a
// bashni-server (its /online/info answers), else "". Online play uses it
// when neither the start (-server, ?server=) nor Settings names a server
// (scenes.App.Server). It is asked even when Settings names one, so that
// clearing the setting brings the site's server back at once; a server
// given at start wins for the whole run, so then it is not asked.
func siteServer(asked string) string {
	if asked != "" {
		return ""
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

// isBashniServer reports whether an /online/info answer is a bashni
// server's speaking this client's protocol.
func isBashniServer(info protocol.Info) bool {
	return info.Server == "bashni-server" && info.Protocol == protocol.Version
}
