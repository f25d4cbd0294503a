package render

import "unicode/utf8"

// Advance widths of DejaVu Sans (the first font the SVG asks for) in
// thousandths of an em, for the printable ASCII characters from space to
// '~'. The fallback faces (Helvetica, Arial) are narrower, so text measured
// with these widths fits whichever face a viewer picks.
var (
	widthRegular = [95]uint16{
		318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
		636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
		1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
		603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
		500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
		635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
	}
	widthBold = [95]uint16{
		348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
		696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
		1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
		733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
		500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
		716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
	}
)

// runeWidth is the advance of r in em.
func runeWidth(r rune, bold bool) float64 {
	if r >= 32 && r < 127 {
		if bold {
			return float64(widthBold[r-32]) / 1000
		}
		return float64(widthRegular[r-32]) / 1000
	}
	switch {
	case r == '\u2014' || r == '\u2026':
		return 1
	case r == '\u00b7' || r == '\u2019':
		return 0.35
	case r >= 0x2000 && r < 0x2400, r == '\u00d7':
		return 0.84
	case r >= 0x2e80:
		return 1 // CJK and other wide scripts
	}
	if bold {
		return 0.75
	}
	return 0.68
}

// textWidth is the width of s at font size size.
func textWidth(s string, size float64, bold bool) float64 {
	w := 0.0
	for _, r := range s {
		w += runeWidth(r, bold)
	}
	return w * size
}

// breakWord splits a word too long for a line into pieces that fit.
func breakWord(word string, size float64, bold bool, width float64) []string {
	var out []string
	for word != "" {
		w, cut := 0.0, 0
		for i, r := range word {
			rw := runeWidth(r, bold) * size
			if w+rw > width && i > 0 {
				break
			}
			w += rw
			cut = i + utf8.RuneLen(r)
		}
		out = append(out, word[:cut])
		word = word[cut:]
	}
	return out
}
