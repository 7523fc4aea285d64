package site

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkNegotiate: the cost of choosing an encoding for one request.
func BenchmarkNegotiate(b *testing.B) {
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	b.ReportAllocs()
	for b.Loop() {
		negotiateEncoding(req)
	}
}
