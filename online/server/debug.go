package server

import (
	"bufio"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// DebugStats is what DebugHandler reports at /debug/stats.
type DebugStats struct {
	Stats
	HeapBytes  uint64 `json:"heapBytes"`  // live heap after a collection
	SysBytes   uint64 `json:"sysBytes"`   // memory the Go runtime holds
	RSSBytes   uint64 `json:"rssBytes"`   // resident memory (Linux; 0 elsewhere)
	Goroutines int    `json:"goroutines"` // goroutines running
}

// DebugHandler serves the node's figures at /debug/stats and Go's profiler
// at /debug/pprof/. Serve it on a separate, private (loopback) listener:
// it is for operators and the load benchmark, not for players.
func (s *Server) DebugHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/stats", func(w http.ResponseWriter, r *http.Request) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		writeJSON(w, DebugStats{Stats: s.Stats(), HeapBytes: ms.HeapAlloc, SysBytes: ms.Sys, RSSBytes: residentBytes(), Goroutines: runtime.NumGoroutine()})
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// residentBytes reads VmRSS from /proc/self/status.
func residentBytes() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024
		}
	}
	return 0
}
