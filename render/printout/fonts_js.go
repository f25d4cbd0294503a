//go:build js

package printout

import (
	"errors"
	"sync"
)

var (
	handedMu sync.Mutex
	handed   [4][]byte
)

func faces() [4][]byte {
	handedMu.Lock()
	defer handedMu.Unlock()
	return handed
}

// SetFaces hands the module the faces' files (FaceFiles, in that order)
// before a PDF or PNG is made; the page fetches them from its own site.
func SetFaces(ttf [4][]byte) error {
	for _, b := range ttf {
		if len(b) == 0 {
			return errors.New("printout: a font file is empty")
		}
	}
	handedMu.Lock()
	defer handedMu.Unlock()
	handed = ttf
	return nil
}
