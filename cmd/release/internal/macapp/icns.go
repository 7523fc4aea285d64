package macapp

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
)

// icnsTypes are the PNG-holding icon types of an .icns file and their pixel
// sizes: every size iconutil makes from a full .iconset (16 to 512 points
// at 1× and 2×).
var icnsTypes = []struct {
	typ  string
	size int
}{
	{"icp4", 16}, {"ic11", 32}, // 16 pt @1x, @2x
	{"icp5", 32}, {"ic12", 64}, // 32 pt
	{"ic07", 128}, {"ic13", 256}, // 128 pt
	{"ic08", 256}, {"ic14", 512}, // 256 pt
	{"ic09", 512}, {"ic10", 1024}, // 512 pt
}

// ICNS makes an Apple icon file with every size drawn by draw (a size×size
// image), each stored as PNG. The format: the magic "icns" and the file's
// length, then for each icon its four-letter type, its length with that
// eight-byte header, and its data; lengths are big-endian.
func ICNS(draw func(size int) image.Image) ([]byte, error) {
	var body bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	drawn := map[int][]byte{}
	for _, t := range icnsTypes {
		data, ok := drawn[t.size]
		if !ok {
			img := draw(t.size)
			if b := img.Bounds(); b.Dx() != t.size || b.Dy() != t.size {
				return nil, fmt.Errorf("macapp: the %d-pixel icon is %v", t.size, b)
			}
			var buf bytes.Buffer
			if err := enc.Encode(&buf, img); err != nil {
				return nil, fmt.Errorf("macapp: icon %d: %w", t.size, err)
			}
			data = buf.Bytes()
			drawn[t.size] = data
		}
		body.WriteString(t.typ)
		binary.Write(&body, binary.BigEndian, uint32(8+len(data)))
		body.Write(data)
	}
	var out bytes.Buffer
	out.WriteString("icns")
	binary.Write(&out, binary.BigEndian, uint32(8+body.Len()))
	out.Write(body.Bytes())
	return out.Bytes(), nil
}
