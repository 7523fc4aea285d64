package remote

import (
	"context"
	"fmt"

	"bashni/online/protocol"
	"bashni/rules"
)

// GameRecord reads game code's record from server, finished or not
// (GET /online/games/{code}/record: PROTOCOL.md's record, the players'
// names in its tags), parsed. A game the server no longer keeps is
// RefusedNotFound.
func GameRecord(ctx context.Context, server, code string) (*rules.Record, error) {
	code, err := protocol.NormalizeCode(code)
	if err != nil {
		return nil, err
	}
	text, err := fetchRecord(ctx, server+protocol.GamesPath+code+"/record")
	if err != nil {
		return nil, fmt.Errorf("reading game %s's record: %w", code, err)
	}
	rec, err := rules.ParseRecord(text)
	if err != nil {
		return nil, fmt.Errorf("game %s's record: %w", code, err)
	}
	return rec, nil
}
