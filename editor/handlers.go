//go:build !js

package editor

import (
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	data, err := fs.ReadFile(Assets, "index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(data)
}

func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	data, err := fs.ReadFile(Assets, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if strings.HasSuffix(name, ".js") {
		ct = "text/javascript; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Write(data)
}

// api hands a page's call to the session and writes its reply.
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body) // bounded by guard's MaxBytesReader
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "a request larger than the editor reads", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rep := s.Call(Request{Method: r.Method, Path: r.PathValue("call"), Query: r.URL.Query(), Body: body})
	w.Header().Set("Content-Type", rep.Type)
	w.WriteHeader(rep.Status)
	w.Write(rep.Body)
}
