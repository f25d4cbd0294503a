// Package sharelink carries a mission in a web address's fragment (the
// part after #, which browsers never send to a server): the file's name
// and bytes, compressed with DEFLATE and written in base64url.
//
//	#mission=v1.<base64url(deflate(name "\n" data))>
//
// A link is read with every size bounded before it is spent: the encoded
// text, the inflated bytes, the name.
package sharelink

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxEncoded is the longest link payload written or read: 64 KiB of
// address, which every current browser opens and most chat programs
// carry. A mission of typical size (2-10 KB of YAML) compresses to well
// under it.
const MaxEncoded = 64 << 10

// MaxData is the most a link inflates to.
const MaxData = 1 << 20

// MaxName is the longest file name a link carries.
const MaxName = 128

const prefix = "v1."

// ErrTooLong is a mission whose link would pass MaxEncoded.
var ErrTooLong = fmt.Errorf("the mission is too large to carry in a link (more than %d KiB once compressed): share the file instead", MaxEncoded>>10)

// Encode makes the payload of a link to name and data.
func Encode(name string, data []byte) (string, error) {
	name, err := cleanName(name)
	if err != nil {
		return "", err
	}
	if len(data) > MaxData {
		return "", ErrTooLong
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write([]byte(name + "\n"))
	w.Write(data)
	w.Close()
	out := prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(out) > MaxEncoded {
		return "", ErrTooLong
	}
	return out, nil
}

// Decode reads a payload Encode made; a broken, truncated or oversized one
// is an error that says so.
func Decode(s string) (name string, data []byte, err error) {
	if len(s) > MaxEncoded {
		return "", nil, fmt.Errorf("this link is longer than a mission link can be (%d KiB)", MaxEncoded>>10)
	}
	if !strings.HasPrefix(s, prefix) {
		return "", nil, errors.New("this is not a zmission mission link (or it was made by a newer version)")
	}
	raw, err := base64.RawURLEncoding.DecodeString(s[len(prefix):])
	if err != nil {
		return "", nil, errors.New("this mission link is broken: part of it is missing or was changed")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	all, err := io.ReadAll(io.LimitReader(r, MaxData+MaxName+2))
	if err != nil {
		return "", nil, errors.New("this mission link is broken: part of it is missing or was changed")
	}
	if len(all) > MaxData+MaxName+1 {
		return "", nil, fmt.Errorf("this mission link holds more than %d KiB", MaxData>>10)
	}
	nl := bytes.IndexByte(all, '\n')
	if nl < 0 {
		return "", nil, errors.New("this mission link is broken: it holds no file name")
	}
	name, err = cleanName(string(all[:nl]))
	if err != nil {
		return "", nil, err
	}
	data = all[nl+1:]
	if len(data) > MaxData {
		return "", nil, fmt.Errorf("this mission link holds more than %d KiB", MaxData>>10)
	}
	return name, data, nil
}

// cleanName keeps a bare file name ending .yaml, .yml or .json.
func cleanName(name string) (string, error) {
	if !utf8.ValidString(name) || strings.ContainsAny(name, "/\\\x00\n\r") || name == "" || len(name) > MaxName {
		return "", errors.New("a mission link names its file with a plain name, such as my-mission.yaml")
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".yaml", ".yml", ".json":
		return name, nil
	}
	return "", errors.New("a mission link carries a .yaml, .yml or .json file")
}
