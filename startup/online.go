package startup

import (
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

// isBashniServer reports whether an /online/info answer is a bashni
// server's speaking this client's protocol.
func isBashniServer(info protocol.Info) bool {
	return info.Server == "bashni-server" && info.Protocol == protocol.Version
}
