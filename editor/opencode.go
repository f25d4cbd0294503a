//go:build !js

package editor

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"strings"
	"time"
)

// A browser started by 'edit --open' gets its address on its command line,
// which every user of the machine can read (/proc/*/cmdline, ps). So that
// address carries no lasting secret: a one-time code, good once and for a
// short while, which the server swaps for the page's address with its
// token. Used or stale, the code opens nothing.

// OpenCodeTTL is how long a one-time address stays good: long enough for a
// browser to start on a busy machine.
const OpenCodeTTL = time.Minute

const openPrefix = "/open/"

type openCode struct {
	code    string
	expires time.Time
}

// OpenURL makes a new one-time address for this editor's page.
func (s *Server) OpenURL() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics instead)
	code := hex.EncodeToString(b)
	s.smu.Lock()
	s.codes = append(s.codes, openCode{code: code, expires: s.now().Add(OpenCodeTTL)})
	s.smu.Unlock()
	return "http://" + s.ln.Addr().String() + openPrefix + code
}

// redeem spends a code: true once for a code handed out by OpenURL that has
// not expired, false after that and for any other.
func (s *Server) redeem(code string) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	now := s.now()
	ok := false
	keep := s.codes[:0]
	for _, c := range s.codes {
		switch {
		case !now.Before(c.expires):
			// stale: dropped
		case subtle.ConstantTimeCompare([]byte(c.code), []byte(code)) == 1:
			ok = true // spent: dropped
		default:
			keep = append(keep, c)
		}
	}
	s.codes = keep
	return ok
}

// openPage answers a one-time address: with the page's own address, or
// with why not. It is the one path answered without the token.
func (s *Server) openPage(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !s.redeem(strings.TrimPrefix(r.URL.Path, openPrefix)) {
		forbid(w, "this one-time address was already used, or has expired: open the address zmission printed")
		return
	}
	http.Redirect(w, r, "/"+s.token+"/", http.StatusSeeOther)
}
