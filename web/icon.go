package web

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
)

// installable adds what lets a browser install the site as an app for a
// game table: the web app manifest and its icons, drawn here as the
// page's icon (the editor's assets/icon.svg) is: four tiles on the bar's
// colour, a red and a yellow token.
func installable(files map[string][]byte) error {
	for _, n := range []int{192, 512} {
		var b bytes.Buffer
		if err := png.Encode(&b, icon(n)); err != nil {
			return err
		}
		files[iconName(n)] = b.Bytes()
	}
	type img struct {
		Src   string `json:"src"`
		Sizes string `json:"sizes"`
		Type  string `json:"type"`
	}
	m, err := json.MarshalIndent(struct {
		Name       string `json:"name"`
		ShortName  string `json:"short_name"`
		StartURL   string `json:"start_url"`
		Scope      string `json:"scope"`
		Display    string `json:"display"`
		Background string `json:"background_color"`
		Theme      string `json:"theme_color"`
		Icons      []img  `json:"icons"`
	}{"zmission — mission editor", "zmission", "./", "./", "standalone", "#ffffff", "#2f3437", []img{
		{iconName(192), "192x192", "image/png"},
		{iconName(512), "512x512", "image/png"},
		{"assets/icon.svg", "any", "image/svg+xml"},
	}}, "", "  ")
	if err != nil {
		return err
	}
	files[manifestName] = append(m, '\n')
	return nil
}

const manifestName = "manifest.webmanifest"

func iconName(n int) string {
	if n == 192 {
		return "icon-192.png"
	}
	return "icon-512.png"
}

// icon draws the page's icon at n×n pixels, on the 64-unit grid of
// assets/icon.svg.
func icon(n int) image.Image {
	im := image.NewNRGBA(image.Rect(0, 0, n, n))
	bar := color.NRGBA{0x2f, 0x34, 0x37, 0xff}
	tile := color.NRGBA{0xd9, 0xd4, 0xc7, 0xff}
	red := color.NRGBA{0xc0, 0x39, 0x2b, 0xff}
	yellow := color.NRGBA{0xff, 0xd5, 0x4a, 0xff}
	u := float64(n) / 64
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			fx, fy := (float64(x)+0.5)/u, (float64(y)+0.5)/u
			c := bar
			in := func(a float64) bool { return a >= 10 && a < 31 || a >= 33 && a < 54 }
			if in(fx) && in(fy) {
				c = tile
			}
			if d := (fx-20.5)*(fx-20.5) + (fy-20.5)*(fy-20.5); d <= 36 {
				c = red
			}
			if d := (fx-43.5)*(fx-43.5) + (fy-43.5)*(fy-43.5); d <= 36 {
				c = yellow
			}
			im.SetNRGBA(x, y, c)
		}
	}
	return im
}
