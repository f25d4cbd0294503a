package printout

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"io"
)

// EncodeOpaque writes an opaque picture (as Raster draws them) as an 8-bit
// RGB PNG whose rows are stored unfiltered and compressed for speed. For a
// printed page, mostly flat colour with anti-aliased edges, that is both
// faster and smaller than image/png at its fastest level, which tries every
// row filter on every row (half the cost of a 100 dpi page's PNG). A
// picture with a pixel that is not opaque is written by image/png instead.
// The same picture always gives the same bytes.
func EncodeOpaque(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	wd, ht := b.Dx(), b.Dy()
	if wd <= 0 || ht <= 0 || wd > 1<<24 || ht > 1<<24 {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
	}
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return err
	}
	row := make([]byte, 1+3*wd) // filter type 0 (none), then R G B per pixel
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := range wd {
			p := pix[4*x : 4*x+4 : 4*x+4]
			if p[3] != 0xff {
				return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
			}
			copy(row[1+3*x:], p[:3])
		}
		if _, err := zw.Write(row); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(wd))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(ht))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits a sample, truecolour; deflate, no filter choice, no interlace
	var out bytes.Buffer
	out.Grow(idat.Len() + 64)
	out.WriteString("\x89PNG\r\n\x1a\n")
	pngChunk(&out, "IHDR", ihdr[:])
	for d := idat.Bytes(); len(d) > 0; {
		n := min(len(d), maxChunk)
		pngChunk(&out, "IDAT", d[:n])
		d = d[n:]
	}
	pngChunk(&out, "IEND", nil)
	_, err = w.Write(out.Bytes())
	return err
}

// maxChunk is the most data an IDAT chunk carries (a chunk's length must
// stay below 2^31).
const maxChunk = 1 << 30

// pngChunk writes a chunk: length, type, data and the CRC of type and data.
func pngChunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	out.WriteString(typ)
	out.Write(data)
	crc := crc32.Update(crc32.ChecksumIEEE([]byte(typ)), crc32.IEEETable, data)
	binary.BigEndian.PutUint32(n[:], crc)
	out.Write(n[:])
}
