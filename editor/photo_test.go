package editor

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 6))
	for x := range 8 {
		img.Set(x, x%6, color.RGBA{200, 40, 40, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestPhotoBesideTheTileset: a photo put under a face is kept in a folder
// beside the tile-set file (the picture and how it lies), never in the
// YAML; the state lists it, GET photo gives it back, a new fit is kept, a
// bad request changes nothing, Remove takes both files away.
func TestPhotoBesideTheTileset(t *testing.T) {
	c, path := newClient(t, "testdata/outpost.yaml")
	yaml := string(read(t, path))
	pic := pngBytes(t)
	post := func(body string) (int, []byte) { return c.do("POST", c.url+"api/photo", body, nil) }
	code, body := post(`{"face": "G", "image": "` + base64.StdEncoding.EncodeToString(pic) + `", "fit": {"scale": 1.2, "rot": 90, "x": 0.1, "y": 0, "stamp": 0}}`)
	if code != 200 {
		t.Fatalf("photo: %d %s", code, body)
	}
	dir := strings.TrimSuffix(path, ".yaml") + ".photos"
	if got, err := os.ReadFile(filepath.Join(dir, "G.png")); err != nil || !bytes.Equal(got, pic) {
		t.Fatalf("the picture beside the tile set: %v", err)
	}
	if got := string(read(t, path)); got != yaml {
		t.Errorf("the tile-set file changed:\n%s", got)
	}
	var st State
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	if f, ok := st.Tileset.Photos["G"]; !ok || f.Scale != 1.2 || f.Rot != 90 || f.X != 0.1 || f.Stamp == 0 {
		t.Errorf("the state's photo of G: %+v (%v)", f, ok)
	}
	code, got := c.do("GET", c.url+"api/photo?face=G", "", nil)
	if code != 200 || !bytes.Equal(got, pic) {
		t.Errorf("GET photo: %d, %d bytes", code, len(got))
	}

	// A new fit alone keeps the picture.
	if code, body := post(`{"face": "G", "fit": {"scale": 0.8, "rot": -45, "x": 0, "y": -0.2}}`); code != 200 {
		t.Fatalf("fit: %d %s", code, body)
	}
	if fit := string(read(t, filepath.Join(dir, "G.json"))); fit != `{"scale":0.8,"rot":-45,"x":0,"y":-0.2}`+"\n" {
		t.Errorf("the fit kept: %s", fit)
	}

	// Refused, nothing written.
	for _, bad := range []struct{ body, want string }{
		{`{"face": "../G", "image": "` + base64.StdEncoding.EncodeToString(pic) + `"}`, "face id"},
		{`{"face": "H", "image": "` + base64.StdEncoding.EncodeToString([]byte("GIF89a not a photo")) + `"}`, "JPEG or PNG"},
		{`{"face": "G", "fit": {"scale": 0, "rot": 0, "x": 0, "y": 0}}`, "scale"},
		{`{"face": "H", "fit": {"scale": 1, "rot": 0, "x": 0, "y": 0}}`, "no photo yet"},
		{`{"face": "G", "image": "%%%"}`, "base64"},
	} {
		code, body := post(bad.body)
		if code != 400 || !strings.Contains(string(body), bad.want) {
			t.Errorf("%s: %d %s, want a refusal saying %q", bad.body[:20], code, body, bad.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("the refusals wrote files: %v", ents)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "G.png")); err == nil {
		t.Errorf("../G wrote outside the photos' folder")
	}

	if code, body := post(`{"face": "G", "remove": true}`); code != 200 {
		t.Fatalf("remove: %d %s", code, body)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("remove left %v", ents)
	}
	if st := c.state(); len(st.Tileset.Photos) != 0 {
		t.Errorf("the state still lists %v", st.Tileset.Photos)
	}
}

// TestPhotoOnlyForTilesets: a mission has no faces to put a photo under.
func TestPhotoOnlyForTilesets(t *testing.T) {
	c, path := newClient(t, template)
	code, body := c.do("POST", c.url+"api/photo", `{"face": "1A", "image": "`+base64.StdEncoding.EncodeToString(pngBytes(t))+`"}`, nil)
	if code != 400 || !strings.Contains(string(body), "tile set") {
		t.Errorf("a photo for a mission: %d %s", code, body)
	}
	if _, err := os.Stat(strings.TrimSuffix(path, ".yaml") + ".photos"); err == nil {
		t.Errorf("a photos' folder beside a mission")
	}
}

// TestBrowserTilesetPhoto: a picture dropped on a face lies under its grid,
// kept beside the tile-set file; the buttons turn it; the zones are drawn
// over it, see-through.
func TestBrowserTilesetPhoto(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/outpost.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the face editor", `document.querySelector('#face-grid rect[data-cell="1,1"]') && document.querySelector('#photo-file')`)
	clickUntil(t, ctx, `#face-list button[data-face="G"]`, "face G", `document.querySelector('#face-list button.on[data-face="G"]')`)
	// A photo of a cardboard tile, as a phone takes it: a little turned,
	// printed walls on a beige board.
	var ok bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
		const c = document.createElement('canvas'); c.width = 640; c.height = 480;
		const g = c.getContext('2d'); g.fillStyle = '#6b6b6b'; g.fillRect(0, 0, 640, 480);
		g.translate(320, 240); g.rotate(0.06); g.fillStyle = '#d9c7a3'; g.fillRect(-200, -200, 400, 400);
		g.fillStyle = '#9aa7ad'; g.fillRect(-200, -67, 400, 134);
		g.strokeStyle = '#2b2b2b'; g.lineWidth = 12; g.strokeRect(-200, -200, 400, 400);
		g.beginPath(); g.moveTo(-200, -67); g.lineTo(-40, -67); g.moveTo(40, -67); g.lineTo(200, -67); g.moveTo(-200, 67); g.lineTo(200, 67); g.stroke();
		const blob = await new Promise(r => c.toBlob(r, 'image/png'));
		const dt = new DataTransfer(); dt.items.add(new File([blob], 'tile-g.png', {type: 'image/png'}));
		document.querySelector('#face-grid').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true; })()`, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the photo under face G", `document.querySelector('#face-grid #face-photo') && zmission.state.tileset.photos && zmission.state.tileset.photos.G && document.querySelector('#photo-right90')`)
	dir := strings.TrimSuffix(path, ".yaml") + ".photos"
	if data, err := os.ReadFile(filepath.Join(dir, "G.jpg")); err != nil || imageType(data) != ".jpg" {
		t.Fatalf("the photo beside the tile set: %v", err)
	}
	click(t, ctx, `#photo-left`)
	waitFor(t, ctx, "the photo turned 1° back", `zmission.state.tileset.photos.G.rot === -1 && document.querySelector('#face-photo').getAttribute('transform').startsWith('rotate(-1 ')`)
	click(t, ctx, `#photo-bigger`)
	waitFor(t, ctx, "the photo larger", `zmission.state.tileset.photos.G.scale > 1.04`)
	if fit := string(read(t, filepath.Join(dir, "G.json"))); !strings.Contains(fit, `"rot":-1`) {
		t.Errorf("the fit kept beside the tile set: %s", fit)
	}
	if strings.Contains(string(read(t, path)), "photo") {
		t.Errorf("the tile-set file names the photo")
	}
	shot(t, ctx, "tileset-photo.png")
	if shot := screenshot(t, ctx); updateShot {
		if err := os.WriteFile("../docs/editor-photo.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Painting still works over the photo.
	js(t, ctx, `(() => { const l = document.querySelector('#paint-label'); l.value = 'k'; l.dispatchEvent(new Event('input')); return true; })()`, new(bool))
	clickForFile(t, ctx, `#face-grid rect[data-cell="0,0"]`, path, "- k a b")
}
