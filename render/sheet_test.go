package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
)

func TestSheetStation(t *testing.T) {
	set, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Sheet(&b, set, SheetOptions{}); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	checkSVG(t, data)
	compareGolden(t, "sheet-station.svg", data)
	// Every face, once, with its title; paired faces side by side.
	faces := regexp.MustCompile(`data-face="([^"]+)"`).FindAllSubmatch(data, -1)
	if len(faces) != len(set.Faces) {
		t.Errorf("%d faces drawn, want %d", len(faces), len(set.Faces))
	}
	for i := 0; i+1 < len(faces); i += 2 {
		a, b := string(faces[i][1]), string(faces[i+1][1])
		if set.Face(a).Other != b {
			t.Errorf("%s is drawn next to %s, not its other side %s", a, b, set.Face(a).Other)
		}
	}
	for _, f := range set.Faces {
		if f.Title != "" && !bytes.Contains(data, []byte(esc(f.Title))) {
			t.Errorf("no title %q for %s", f.Title, f.ID)
		}
	}
	for _, want := range []string{`class="hatches"`, `class="open-border"`, `class="markings"`, `class="door-frames"`, "AIRLOCK", "SECURITY", "O₂ SUPPLY"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("sheet lacks %s", want)
		}
	}
}

func TestSheetMonoAndOdd(t *testing.T) {
	set, _ := layout.Builtin("station")
	var b bytes.Buffer
	if err := Sheet(&b, set, SheetOptions{Mono: true}); err != nil {
		t.Fatal(err)
	}
	checkSVG(t, b.Bytes())
	greyOnly(t, "mono sheet", b.Bytes())

	// A hand-made set: an odd number of single faces, a face whose zone
	// name needs escaping, a face of the wrong shape that cannot be built.
	odd := &layout.TileSet{Name: "odd", Title: "Odd & <ends>", Size: 3, Faces: []*layout.Face{lFace(), {ID: "X", Title: "broken"}}}
	odd.Faces[0].Zones["a"].Name = `Store "<1>"`
	b.Reset()
	if err := Sheet(&b, odd, SheetOptions{}); err != nil {
		t.Fatal(err)
	}
	checkSVG(t, b.Bytes())
	if !strings.Contains(b.String(), "cannot be drawn") {
		t.Error("a broken face is not marked")
	}
	if err := Sheet(&b, nil, SheetOptions{}); err == nil {
		t.Error("Sheet accepted no set")
	}
}
