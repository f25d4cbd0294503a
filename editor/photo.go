package editor

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
)

// Photos of real tiles, under a face in the tile-set editor: an author
// traces a cardboard tile's zones and edges over its picture. A photo is
// kept beside the tile-set file, never in it: FILE.photos/FACE.jpg (or
// .png) and FACE.json, how it lies under the face (its scale, turn and
// place; the face's square crops it). Photos are not steps of the history:
// they are the author's reference, not the tile set.

// PhotoFit is how a photo lies under its face, in face widths: its width
// is Scale, it is turned by Rot degrees clockwise about its middle, and
// its middle is X, Y from the face's middle.
type PhotoFit struct {
	Scale float64 `json:"scale"`
	Rot   float64 `json:"rot"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	// Stamp changes with the picture, so the page asks for the new one.
	Stamp int64 `json:"stamp"`
}

// maxPhoto bounds a photo's bytes: the page makes a large picture smaller
// before it sends it, and a request is at most MaxRequestBody.
const maxPhoto = 768 << 10

// photoDir is the folder of the tile set's photos, beside its file; ""
// when the document is not a file on disk.
func (s *Session) photoDir() string {
	fsStore, ok := s.store.(FileStore)
	if !ok {
		return ""
	}
	p := fsStore.Path
	return strings.TrimSuffix(p, filepath.Ext(p)) + ".photos"
}

// photoName is a face id as a file name: the ids a tile set gives its
// faces (letters, digits, - and _), nothing that could leave the folder.
func photoName(face string) (string, bool) {
	if !labelRE().MatchString(face) {
		return "", false
	}
	return face, true
}

// photos lists the faces' photos and how each lies.
func (s *Session) photos() map[string]PhotoFit {
	dir := s.photoDir()
	if dir == "" {
		return nil
	}
	out := map[string]PhotoFit{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, e := range ents {
		face, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok {
			continue
		}
		if _, ok := photoName(face); !ok {
			continue
		}
		img, _ := photoFile(dir, face)
		if img == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || len(data) > 4096 {
			continue
		}
		var fit PhotoFit
		if json.Unmarshal(data, &fit) != nil || !fit.ok() {
			continue
		}
		if st, err := os.Stat(img); err == nil {
			fit.Stamp = st.ModTime().UnixNano()
		}
		out[face] = fit
	}
	return out
}

func (f PhotoFit) ok() bool {
	for _, v := range []float64{f.Scale, f.Rot, f.X, f.Y} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return f.Scale >= 0.05 && f.Scale <= 20 && math.Abs(f.Rot) <= 360 && math.Abs(f.X) <= 20 && math.Abs(f.Y) <= 20
}

// photoFile is the picture of a face, and its type.
func photoFile(dir, face string) (path, typ string) {
	for _, ext := range []string{".jpg", ".png"} {
		p := filepath.Join(dir, face+ext)
		if _, err := os.Stat(p); err == nil {
			return p, map[string]string{".jpg": "image/jpeg", ".png": "image/png"}[ext]
		}
	}
	return "", ""
}

// imageType is the type of a JPEG or PNG by its first bytes.
func imageType(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return ".jpg"
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return ".png"
	}
	return ""
}

// getPhoto answers GET photo?face=ID with the picture.
func (s *Session) getPhoto(face string) Reply {
	name, ok := photoName(face)
	dir := s.photoDir()
	if !ok || dir == "" {
		return errorReply(StatusNotFound, "no photo of face "+face, "")
	}
	p, typ := photoFile(dir, name)
	if p == "" {
		return errorReply(StatusNotFound, "no photo of face "+face, "")
	}
	data, err := os.ReadFile(p)
	if err != nil || len(data) > maxPhoto {
		return errorReply(StatusNotFound, "no photo of face "+face, "")
	}
	return Reply{Status: StatusOK, Type: typ, Body: data}
}

type photoRequest struct {
	Version string    `json:"version,omitempty"`
	Tab     string    `json:"tab,omitempty"`
	Face    string    `json:"face"`
	Image   string    `json:"image,omitempty"` // base64 of a JPEG or PNG: a new picture
	Fit     *PhotoFit `json:"fit,omitempty"`
	Remove  bool      `json:"remove,omitempty"`
	Base    string    `json:"base,omitempty"` // the state the page holds
}

// postPhoto puts a photo under a face, changes how it lies, or takes it
// away, and answers with the state.
func (s *Session) postPhoto(body []byte) Reply {
	var req photoRequest
	if err := readJSON(body, &req); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur.kind != lint.KindTileset {
		return errorReply(StatusRefused, "photos go under the faces of a tile set: open the tile-set file", "")
	}
	dir := s.photoDir()
	if dir == "" {
		return errorReply(StatusRefused, "photos are kept beside the tile-set file: open a file on disk with zmission edit", "")
	}
	name, ok := photoName(req.Face)
	if !ok {
		return errorReply(StatusRefused, "a face id of letters, digits, - and _ names a photo", "")
	}
	if err := s.putPhoto(dir, name, req); err != nil {
		var oe *OpError
		if errors.As(err, &oe) {
			return errorReply(StatusRefused, err.Error(), "")
		}
		return errorReply(StatusFailed, "the photo could not be kept: "+err.Error(), "")
	}
	st := s.state(s.cur, s.good)
	st.Undo, st.Redo = s.hist.counts(req.Tab)
	return s.stateReply(st, req.Base)
}

func (s *Session) putPhoto(dir, name string, req photoRequest) error {
	img, _ := photoFile(dir, name)
	fitPath := filepath.Join(dir, name+".json")
	if req.Remove {
		for _, p := range []string{img, fitPath} {
			if p != "" {
				if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return err
				}
			}
		}
		return nil
	}
	fit := PhotoFit{Scale: 1}
	if data, err := os.ReadFile(fitPath); err == nil {
		json.Unmarshal(data, &fit)
	}
	if req.Fit != nil {
		fit = *req.Fit
	}
	fit.Stamp = 0
	if !fit.ok() {
		return &OpError{Msg: "a photo's scale is 0.05 to 20 face widths, its turn at most 360°, its place within 20 face widths"}
	}
	if req.Image == "" && img == "" {
		return &OpError{Msg: "face " + name + " has no photo yet: drop a picture on it"}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if req.Image != "" {
		if base64.StdEncoding.DecodedLen(len(req.Image)) > maxPhoto+3 {
			return &OpError{Msg: "the photo is too large: at most 768 KB (the page makes a picture smaller before it sends it)"}
		}
		data, err := base64.StdEncoding.DecodeString(req.Image)
		if err != nil {
			return &OpError{Msg: "the photo is not base64: " + err.Error()}
		}
		ext := imageType(data)
		if ext == "" {
			return &OpError{Msg: "a photo is a JPEG or PNG picture"}
		}
		if err := writeAtomic(filepath.Join(dir, name+ext), data); err != nil {
			return err
		}
		if img != "" && filepath.Ext(img) != ext {
			os.Remove(img)
		}
	}
	out, _ := json.Marshal(struct {
		Scale float64 `json:"scale"`
		Rot   float64 `json:"rot"`
		X     float64 `json:"x"`
		Y     float64 `json:"y"`
	}{fit.Scale, fit.Rot, fit.X, fit.Y})
	return writeAtomic(fitPath, append(out, '\n'))
}

// writeAtomic writes a file whole or not at all, as every file the
// project writes (missions.WriteFile: a synced temporary file renamed over
// it, the mode and owner of the one it replaces kept).
func writeAtomic(path string, data []byte) error {
	return missions.WriteFile(path, data, true)
}
