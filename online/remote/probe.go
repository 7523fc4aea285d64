package remote

import "bashni/online/protocol"

// isBashniServer reports whether an /online/info answer is a bashni
// server's speaking this client's protocol.
func isBashniServer(info protocol.Info) bool {
	return info.Server == "bashni-server" && info.Protocol == protocol.Version
}
