package macapp

import (
	"bytes"
	"crypto/sha256"
	"debug/macho"
	"encoding/binary"
	"fmt"
)

// The ad-hoc code signature, as Apple's codesign and the Go linker write it
// (the Go linker's is cmd/internal/codesign, which a program outside the Go
// tree cannot import): an embedded-signature "super blob" at the end of
// __LINKEDIT holding one CodeDirectory, which names the code (its
// identifier) and holds the SHA-256 of every 4 KiB page of the file before
// the signature. Ad hoc means no certificate: Apple silicon runs such code,
// and Gatekeeper treats it as unsigned (see docs/INSTALL.md for a real
// signature).
const (
	lcCodeSignature       = 0x1d
	csMagicEmbedded       = 0xfade0cc0
	csMagicCodeDirectory  = 0xfade0c02
	csSlotCodeDirectory   = 0
	csHashSHA256          = 2
	csAdhoc               = 0x2
	csLinkerSigned        = 0x20000
	csExecSegMainBinary   = 0x1
	sigPageBits           = 12
	sigPageSize           = 1 << sigPageBits
	superBlobSize         = 12 // magic, length, count
	blobIndexSize         = 8  // type, offset
	codeDirectoryHeader   = 88 // the fields up to execSegFlags (version 0x20400)
	codeDirectoryVersion  = 0x20400
	machHeader64Size      = 32
	segment64VMSizeOff    = 32 // in a segment_command_64: after cmd, cmdsize, segname[16], vmaddr
	segment64FileSizeOff  = 48 // after vmsize, fileoff
	linkeditSegmentName   = "__LINKEDIT"
	textSegmentName       = "__TEXT"
	arm64PageSize         = 0x4000
	maxIdentifierLength   = 1024
	codeSignatureCmdSize  = 16
	codeSignatureSizeOff  = 12 // datasize in a linkedit_data_command
	codeSignatureDataOff  = 8  // dataoff
	signatureOverheadSize = superBlobSize + blobIndexSize + codeDirectoryHeader
)

// Signature is what an ad-hoc code signature says.
type Signature struct {
	Identifier string // the code's name: the bundle identifier for an app
	Flags      uint32 // CS_ADHOC, CS_LINKER_SIGNED…
	Pages      int    // the pages it hashes, each checked against the file
}

// macho64 finds what signing needs in a thin 64-bit Mach-O file: the
// LC_CODE_SIGNATURE command's offset and its data's place, and the
// __LINKEDIT and __TEXT segments.
type macho64 struct {
	order           binary.ByteOrder
	sigCmdOff       int64 // of the load command
	sigOff, sigSize int64 // of the signature
	linkeditOff     int64 // of __LINKEDIT's load command
	linkedit, text  *macho.Segment
	isExecutable    bool
}

func parse64(exe []byte) (*macho64, error) {
	f, err := macho.NewFile(bytes.NewReader(exe))
	if err != nil {
		return nil, fmt.Errorf("macapp: not a thin Mach-O file: %w", err)
	}
	if f.Magic != macho.Magic64 {
		return nil, fmt.Errorf("macapp: not a 64-bit Mach-O file")
	}
	m := &macho64{order: f.ByteOrder, isExecutable: f.Type == macho.TypeExec}
	off := int64(machHeader64Size)
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) < 8 {
			return nil, fmt.Errorf("macapp: a load command of %d bytes", len(raw))
		}
		if m.order.Uint32(raw) == lcCodeSignature {
			if len(raw) < codeSignatureCmdSize {
				return nil, fmt.Errorf("macapp: LC_CODE_SIGNATURE of %d bytes", len(raw))
			}
			m.sigCmdOff = off
			m.sigOff = int64(m.order.Uint32(raw[codeSignatureDataOff:]))
			m.sigSize = int64(m.order.Uint32(raw[codeSignatureSizeOff:]))
		}
		if seg, ok := l.(*macho.Segment); ok {
			switch seg.Name {
			case linkeditSegmentName:
				m.linkedit, m.linkeditOff = seg, off
			case textSegmentName:
				m.text = seg
			}
		}
		off += int64(m.order.Uint32(raw[4:]))
	}
	switch {
	case m.sigCmdOff == 0:
		return nil, fmt.Errorf("macapp: no code signature (LC_CODE_SIGNATURE) to replace")
	case m.linkedit == nil || m.text == nil:
		return nil, fmt.Errorf("macapp: no __LINKEDIT or __TEXT segment")
	case m.sigOff+m.sigSize != int64(len(exe)):
		return nil, fmt.Errorf("macapp: the code signature (%d bytes at %d) is not at the end of the file (%d bytes)", m.sigSize, m.sigOff, len(exe))
	case m.sigOff < int64(m.linkedit.Offset) || m.sigOff%16 != 0:
		return nil, fmt.Errorf("macapp: the code signature at %d is not in __LINKEDIT", m.sigOff)
	}
	return m, nil
}

// signatureSize is the size of an ad-hoc signature of codeSize bytes.
func signatureSize(codeSize int64, id string) int64 {
	pages := (codeSize + sigPageSize - 1) / sigPageSize
	return signatureOverheadSize + int64(len(id)+1) + pages*sha256.Size
}

// Sign gives a thin 64-bit Mach-O executable that the Go linker signed ad
// hoc a new ad-hoc signature naming it id. The Go linker always names the
// code "a.out"; an app's executable should carry its bundle identifier,
// as codesign would write it. The signature grows or shrinks with the
// identifier: the load command and __LINKEDIT follow, and every page
// before the signature is hashed again (the header among them).
func Sign(exe []byte, id string) ([]byte, error) {
	if id == "" || len(id) > maxIdentifierLength || bytes.IndexByte([]byte(id), 0) >= 0 {
		return nil, fmt.Errorf("macapp: bad signing identifier %q", id)
	}
	m, err := parse64(exe)
	if err != nil {
		return nil, err
	}
	size := signatureSize(m.sigOff, id)
	if size > 1<<32-1 {
		return nil, fmt.Errorf("macapp: executable too large to sign")
	}
	out := make([]byte, m.sigOff+size)
	copy(out, exe[:m.sigOff])
	m.order.PutUint32(out[m.sigCmdOff+codeSignatureSizeOff:], uint32(size))
	linkedit := uint64(m.sigOff+size) - m.linkedit.Offset
	m.order.PutUint64(out[m.linkeditOff+segment64FileSizeOff:], linkedit)
	if linkedit > m.linkedit.Memsz {
		m.order.PutUint64(out[m.linkeditOff+segment64VMSizeOff:], alignUp(linkedit, arm64PageSize))
	}
	var execFlags uint64
	if m.isExecutable {
		execFlags = csExecSegMainBinary
	}
	writeSignature(out[m.sigOff:], out[:m.sigOff], id, m.text.Offset, m.text.Filesz, execFlags)
	return out, nil
}

// writeSignature writes the super blob with its one CodeDirectory into sig
// (signatureSize bytes) for code, as cmd/internal/codesign does. Every
// field of the blobs is big-endian whatever the CPU.
func writeSignature(sig, code []byte, id string, textOff, textSize, execFlags uint64) {
	be := binary.BigEndian
	size := uint32(len(sig))
	pages := (len(code) + sigPageSize - 1) / sigPageSize
	identOff := uint32(codeDirectoryHeader)
	hashOff := identOff + uint32(len(id)+1)
	be.PutUint32(sig[0:], csMagicEmbedded)
	be.PutUint32(sig[4:], size)
	be.PutUint32(sig[8:], 1)
	be.PutUint32(sig[12:], csSlotCodeDirectory)
	be.PutUint32(sig[16:], superBlobSize+blobIndexSize)
	cd := sig[superBlobSize+blobIndexSize:]
	for i := range cd[:codeDirectoryHeader] {
		cd[i] = 0
	}
	be.PutUint32(cd[0:], csMagicCodeDirectory)
	be.PutUint32(cd[4:], size-(superBlobSize+blobIndexSize))
	be.PutUint32(cd[8:], codeDirectoryVersion)
	be.PutUint32(cd[12:], csAdhoc|csLinkerSigned)
	be.PutUint32(cd[16:], hashOff)
	be.PutUint32(cd[20:], identOff)
	be.PutUint32(cd[24:], 0)             // special slots
	be.PutUint32(cd[28:], uint32(pages)) // code slots
	be.PutUint32(cd[32:], uint32(len(code)))
	cd[36] = sha256.Size
	cd[37] = csHashSHA256
	cd[39] = sigPageBits
	// 40: spare2, 44: scatterOffset, 48: teamOffset, 52: spare3, 56: codeLimit64: all 0
	be.PutUint64(cd[64:], textOff)
	be.PutUint64(cd[72:], textSize)
	be.PutUint64(cd[80:], execFlags)
	copy(cd[identOff:], id)
	cd[hashOff-1] = 0
	for p := range pages {
		sum := sha256.Sum256(code[p*sigPageSize : min((p+1)*sigPageSize, len(code))])
		copy(cd[int(hashOff)+p*sha256.Size:], sum[:])
	}
}

// ReadSignature reads the ad-hoc signature of a thin 64-bit Mach-O
// executable back and checks it: the blobs' magic numbers and sizes, and
// the hash of every page against the file.
func ReadSignature(exe []byte) (Signature, error) {
	m, err := parse64(exe)
	if err != nil {
		return Signature{}, err
	}
	sig := exe[m.sigOff:]
	be := binary.BigEndian
	if len(sig) < signatureOverheadSize || be.Uint32(sig) != csMagicEmbedded || int64(be.Uint32(sig[4:])) != m.sigSize || be.Uint32(sig[8:]) < 1 {
		return Signature{}, fmt.Errorf("macapp: no embedded signature super blob")
	}
	var cd []byte
	for i := range be.Uint32(sig[8:]) {
		at := superBlobSize + int(i)*blobIndexSize
		if at+blobIndexSize > len(sig) {
			return Signature{}, fmt.Errorf("macapp: the signature's index is cut short")
		}
		if be.Uint32(sig[at:]) == csSlotCodeDirectory {
			off := int(be.Uint32(sig[at+4:]))
			if off+codeDirectoryHeader > len(sig) {
				return Signature{}, fmt.Errorf("macapp: the CodeDirectory lies outside the signature")
			}
			cd = sig[off:]
		}
	}
	if cd == nil || be.Uint32(cd) != csMagicCodeDirectory {
		return Signature{}, fmt.Errorf("macapp: no CodeDirectory")
	}
	length := int(be.Uint32(cd[4:]))
	if length > len(cd) || length < codeDirectoryHeader {
		return Signature{}, fmt.Errorf("macapp: a CodeDirectory of %d bytes", length)
	}
	cd = cd[:length]
	identOff, hashOff := int(be.Uint32(cd[20:])), int(be.Uint32(cd[16:]))
	if identOff >= length || hashOff > length {
		return Signature{}, fmt.Errorf("macapp: the CodeDirectory's offsets lie outside it")
	}
	end := bytes.IndexByte(cd[identOff:], 0)
	if end < 0 {
		return Signature{}, fmt.Errorf("macapp: the identifier is not terminated")
	}
	s := Signature{Identifier: string(cd[identOff : identOff+end]), Flags: be.Uint32(cd[12:])}
	pages, codeLimit := int(be.Uint32(cd[28:])), int64(be.Uint32(cd[32:]))
	if cd[36] != sha256.Size || cd[37] != csHashSHA256 || cd[39] != sigPageBits {
		return s, fmt.Errorf("macapp: hashes of type %d, %d bytes, pages of 2^%d: want SHA-256 of 4 KiB pages", cd[37], cd[36], cd[39])
	}
	if codeLimit != m.sigOff || pages != int((codeLimit+sigPageSize-1)/sigPageSize) || hashOff+pages*sha256.Size > length {
		return s, fmt.Errorf("macapp: the signature covers %d bytes in %d pages; the code before it is %d bytes", codeLimit, pages, m.sigOff)
	}
	for p := range pages {
		sum := sha256.Sum256(exe[p*sigPageSize : min(int64((p+1)*sigPageSize), codeLimit)])
		if !bytes.Equal(sum[:], cd[hashOff+p*sha256.Size:hashOff+(p+1)*sha256.Size]) {
			return s, fmt.Errorf("macapp: page %d does not match its hash in the signature", p)
		}
	}
	s.Pages = pages
	if got, want := m.linkedit.Offset+m.linkedit.Filesz, uint64(len(exe)); got != want {
		return s, fmt.Errorf("macapp: __LINKEDIT ends at %d, the file at %d", got, want)
	}
	return s, nil
}
