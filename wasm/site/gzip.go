package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// GzipMode says how the game's gzip copy (main.wasm.gz: what hosts that
// serve precompressed files send, what the page's loader unpacks itself on
// a host that compresses nothing, and what gzip-only browsers get) is made.
// The other files are small and always use Go's compress/gzip.
type GzipMode uint8

const (
	// GzipQuick is Go's compress/gzip at its best level: a second or two.
	GzipQuick GzipMode = iota
	// GzipBest is libdeflate's near-optimal encoder, the libdeflate-gzip
	// command at level 12 (Debian's libdeflate-tools): main.wasm 5 %
	// smaller than GzipQuick (4.24 → 4.03 MB, docs/PAGESIZE.md) in
	// about 20 seconds, still plain gzip that every browser and
	// DecompressionStream reads. Without the command NewWithOptions fails.
	GzipBest
	// GzipBestIfInstalled is GzipBest where libdeflate-gzip is installed,
	// GzipQuick elsewhere: for the servers, whose gzip copy only browsers
	// without Brotli get.
	GzipBestIfInstalled
)

// libdeflateGzip is the command GzipBest runs.
const libdeflateGzip = "libdeflate-gzip"

// gzipTimeout bounds one run of libdeflate-gzip: it takes seconds, and a
// hung command must not hang the server's start.
const gzipTimeout = 10 * time.Minute

// errNoLibdeflate: GzipBest without the command.
var errNoLibdeflate = errors.New("gzip at its best needs the libdeflate-gzip command (apt-get install libdeflate-tools)")

func compressGzip(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gameGzip is the game's gzip copy made as mode says, kept in the file
// cache (when not empty) and read back from it on later starts. A cached
// copy that does not decompress to data is made again.
func gameGzip(data []byte, mode GzipMode, cache string) ([]byte, error) {
	if mode == GzipBestIfInstalled {
		mode = GzipQuick
		if _, err := exec.LookPath(libdeflateGzip); err == nil {
			mode = GzipBest
		}
	}
	if mode != GzipBest {
		return compressGzip(data)
	}
	if cache != "" {
		if gz, err := os.ReadFile(cache); err == nil && gunzipsTo(gz, data) {
			return gz, nil
		}
	}
	gz, err := libdeflate(data)
	if err != nil || cache == "" {
		return gz, err
	}
	// The cache only saves time: failing to write it is no error.
	if os.MkdirAll(filepath.Dir(cache), 0o755) == nil {
		tmp := cache + ".tmp" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, gz, 0o644) == nil {
			os.Rename(tmp, cache)
		}
		os.Remove(tmp)
	}
	return gz, nil
}

// libdeflate compresses data with libdeflate-gzip -12 and checks that the
// result decompresses to data. Reading standard input, the command writes
// no name and no date into the header: the same game gives the same bytes.
func libdeflate(data []byte) ([]byte, error) {
	if _, err := exec.LookPath(libdeflateGzip); err != nil {
		return nil, errNoLibdeflate
	}
	ctx, cancel := context.WithTimeout(context.Background(), gzipTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, libdeflateGzip, "-12", "-c")
	cmd.Stdin = bytes.NewReader(data)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s -12: %w: %s", libdeflateGzip, err, bytes.TrimSpace(stderr.Bytes()))
	}
	if !gunzipsTo(out.Bytes(), data) {
		return nil, fmt.Errorf("%s -12: its output does not decompress to its input", libdeflateGzip)
	}
	return out.Bytes(), nil
}

// gunzipsTo reports whether gz is a gzip stream of data.
func gunzipsTo(gz, data []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	raw, err := io.ReadAll(zr)
	return err == nil && bytes.Equal(raw, data)
}
