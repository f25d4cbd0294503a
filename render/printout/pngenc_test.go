package printout

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// samePixels tells whether the decoded PNG has img's size and colours.
func samePixels(t *testing.T, data []byte, img *image.RGBA) bool {
	t.Helper()
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	b := img.Bounds()
	if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
		t.Fatalf("the PNG is %v, want %v", got.Bounds(), b)
	}
	gb := got.Bounds()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r1, g1, b1, a1 := got.At(gb.Min.X+x, gb.Min.Y+y).RGBA()
			r2, g2, b2, a2 := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Errorf("pixel (%d, %d) is %v, want %v", x, y, got.At(gb.Min.X+x, gb.Min.Y+y), img.At(b.Min.X+x, b.Min.Y+y))
				return false
			}
		}
	}
	return true
}

// TestEncodeOpaqueKeepsEveryPixel: a page drawn by Raster, written by
// EncodeOpaque and read back by image/png, has every pixel it had; the
// file is RGB (colour type 2) and the same bytes each time.
func TestEncodeOpaqueKeepsEveryPixel(t *testing.T) {
	g := goldens(t)
	for _, name := range []string{"invader-violet-lockdown.svg", "colony-sheet.svg"} {
		p, err := Parse(g[name])
		if err != nil {
			t.Fatal(err)
		}
		img, err := Raster(p, 40)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if err := EncodeOpaque(&a, img); err != nil {
			t.Fatal(err)
		}
		if err := EncodeOpaque(&b, img); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two encodings differ", name)
		}
		if ct := a.Bytes()[25]; ct != 2 {
			t.Errorf("%s: colour type %d, want 2 (RGB)", name, ct)
		}
		samePixels(t, a.Bytes(), img)
	}
}

// TestEncodeOpaqueSubImage: a picture that does not start at (0, 0), and
// whose rows are longer than it (a sub-image), is written as what it shows.
func TestEncodeOpaqueSubImage(t *testing.T) {
	full := image.NewRGBA(image.Rect(-3, -2, 17, 11))
	for y := -2; y < 11; y++ {
		for x := -3; x < 17; x++ {
			full.SetRGBA(x, y, color.RGBA{uint8(x * 13), uint8(y * 29), uint8(x * y), 255})
		}
	}
	sub := full.SubImage(image.Rect(1, 1, 9, 7)).(*image.RGBA)
	var b bytes.Buffer
	if err := EncodeOpaque(&b, sub); err != nil {
		t.Fatal(err)
	}
	samePixels(t, b.Bytes(), sub)
}

// TestEncodeOpaqueTranslucent: a pixel that is not opaque sends the
// picture to image/png, which keeps its alpha.
func TestEncodeOpaqueTranslucent(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.SetRGBA(2, 1, color.RGBA{128, 0, 0, 128}) // premultiplied: half-opaque red
	var b bytes.Buffer
	if err := EncodeOpaque(&b, img); err != nil {
		t.Fatal(err)
	}
	if ct := b.Bytes()[25]; ct != 6 {
		t.Errorf("colour type %d, want 6 (RGBA)", ct)
	}
	samePixels(t, b.Bytes(), img)
}
