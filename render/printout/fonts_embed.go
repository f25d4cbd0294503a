//go:build !js

package printout

import _ "embed"

var (
	//go:embed fonts/DejaVuSans.ttf
	ttfRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	ttfBold []byte
	//go:embed fonts/DejaVuSans-Oblique.ttf
	ttfItalic []byte
	//go:embed fonts/DejaVuSans-BoldOblique.ttf
	ttfBoldItalic []byte
	//go:embed fonts/LICENSE
	fontLicense []byte
)

func faces() [4][]byte { return [4][]byte{ttfRegular, ttfBold, ttfItalic, ttfBoldItalic} }

// FontFiles are the faces' files and their licence, by name in fonts/:
// the web edition's site serves them beside its module.
func FontFiles() map[string][]byte {
	out := map[string][]byte{"LICENSE": fontLicense}
	for i, b := range faces() {
		out[FaceFiles[i]] = b
	}
	return out
}
