package editor

import (
	"embed"
	"io/fs"
)

//go:embed assets
var assetFS embed.FS

// Assets is the page, the same front-end for every door: index.html and
// its scripts and styles. transport.js is how the page reaches the
// session; the web edition brings its own in place of this one.
var Assets = func() fs.FS {
	sub, err := fs.Sub(assetFS, "assets")
	if err != nil {
		panic(err)
	}
	return sub
}()
