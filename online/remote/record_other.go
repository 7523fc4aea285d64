//go:build !js

package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"bashni/online/protocol"
)

// maxRecordBytes bounds a record read: the longest game's is far smaller.
const maxRecordBytes = 4 << 20

// fetchRecord GETs a record; the server's error answer comes back as its
// *protocol.Error (RefusalOf reads it).
func fetchRecord(ctx context.Context, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRecordBytes))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		var m protocol.ServerMessage
		if json.Unmarshal(body, &m) == nil && m.Code != "" {
			return "", &protocol.Error{Code: m.Code, Message: m.Message}
		}
		return "", fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return string(body), nil
}
