package macapp

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"fmt"
	"sort"
)

// fatAlign is the alignment of each architecture in a universal binary:
// 2^14, the page size of arm64 macOS (lipo uses the same for arm64; more
// than x86_64 needs, which is harmless).
const fatAlign = 14

// Universal joins thin Mach-O executables of different CPUs into one
// universal ("fat") binary, as lipo -create does: a big-endian header
// (magic 0xcafebabe, the number of architectures), one record per
// architecture (CPU type, subtype, offset, size, alignment), then each
// executable unchanged at its aligned offset, so each keeps its code
// signature (the Go linker ad-hoc signs arm64 executables, which Apple
// silicon requires).
func Universal(thin ...[]byte) ([]byte, error) {
	type slice struct {
		cpu, sub uint32
		data     []byte
	}
	var slices []slice
	for i, b := range thin {
		f, err := macho.NewFile(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("macapp: binary %d is not a thin Mach-O file: %w", i, err)
		}
		for _, s := range slices {
			if s.cpu == uint32(f.Cpu) {
				return nil, fmt.Errorf("macapp: two binaries for %v", f.Cpu)
			}
		}
		slices = append(slices, slice{uint32(f.Cpu), f.SubCpu, b})
	}
	if len(slices) == 0 {
		return nil, fmt.Errorf("macapp: no binaries to join")
	}
	sort.Slice(slices, func(i, j int) bool { return slices[i].cpu < slices[j].cpu })

	var out bytes.Buffer
	w := func(v uint32) { binary.Write(&out, binary.BigEndian, v) }
	w(macho.MagicFat)
	w(uint32(len(slices)))
	offset := uint64(8 + 20*len(slices))
	offsets := make([]uint64, len(slices))
	for i, s := range slices {
		offset = alignUp(offset, 1<<fatAlign)
		offsets[i] = offset
		if offset+uint64(len(s.data)) > 1<<32-1 {
			return nil, fmt.Errorf("macapp: universal binary over 4 GB")
		}
		w(s.cpu)
		w(s.sub)
		w(uint32(offset))
		w(uint32(len(s.data)))
		w(fatAlign)
		offset += uint64(len(s.data))
	}
	for i, s := range slices {
		out.Write(make([]byte, offsets[i]-uint64(out.Len())))
		out.Write(s.data)
	}
	return out.Bytes(), nil
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) &^ (a - 1) }
