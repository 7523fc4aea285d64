package remote

import (
	"context"

	"bashni/internal/jsfetch"
)

// fetchRecord GETs a record with the browser's fetch (net/http's client
// would add megabytes to the page).
func fetchRecord(ctx context.Context, url string) (string, error) {
	type result struct {
		body []byte
		err  error
	}
	answer := make(chan result, 1)
	go func() {
		body, err := jsfetch.Get(url)
		answer <- result{body, err}
	}()
	select {
	case r := <-answer:
		return string(r.body), r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
