package startup

import (
	"time"

	"bashni/online/remote"
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
	if remote.IsServer(origin, 3*time.Second) {
		return origin
	}
	return ""
}
