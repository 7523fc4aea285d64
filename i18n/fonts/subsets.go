//go:build !js

package fonts

import (
	"embed"
	"fmt"
)

// Files are the Korean and Japanese subsets, for desktop builds and for the
// site builder, which serves them beside main.wasm.
//
//go:embed ko-regular.otf ko-bold.otf ja-regular.otf ja-bold.otf
var Files embed.FS

// Subset returns the subset of set ("ko" or "ja") in weight w.
func Subset(set string, w Weight) ([]byte, error) {
	b, err := Files.ReadFile(FileName(set, w))
	if err != nil {
		return nil, fmt.Errorf("fonts: no %s subset: %w", set, err)
	}
	return b, nil
}
