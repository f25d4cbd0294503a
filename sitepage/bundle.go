package sitepage

import (
	"archive/zip"
	"bytes"
	"path"
	"time"
)

// bundle zips a document with the files it names, each at the path the
// document gives, so that the unzipped folder works as it is. The times
// are fixed: the same files make the same bytes.
func bundle(name string, data []byte, needs []Need) ([]byte, error) {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	stamp := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	add := func(n string, d []byte) error {
		w, err := z.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return err
		}
		_, err = w.Write(d)
		return err
	}
	if err := add(name, data); err != nil {
		return nil, err
	}
	seen := map[string]bool{name: true}
	for _, n := range needs {
		p := path.Clean(n.As)
		if seen[p] {
			continue
		}
		seen[p] = true
		if err := add(p, n.Data); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
