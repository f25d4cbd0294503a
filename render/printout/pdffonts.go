package printout

import (
	"maps"
	"reflect"
	"sync"
	"unsafe"

	"github.com/go-pdf/fpdf"
)

// The PDF writer parses a TrueType face for every document it is given
// (AddUTF8FontFromBytes) and names it by hashing its 65,536 widths through
// JSON: for a one-page PDF that was about 30 % of the work, and a site
// prints two PDFs per mission. The library offers no way to share a parsed
// face, so parseFaces parses each face once per process, in a document of its
// own, and hands every later document a copy of that parsed definition.
//
// The copy is made through reflection on the library's unexported font
// table (fpdf v0.9.0: Fpdf.fonts, a map of fontDefType). What a document
// changes of a definition is its own: the runes it uses (usedRunes, a new
// map each time) and the subsetting state (utf8File, which the writer
// resets and fills again when it subsets, from its own reader of the TTF
// bytes); the widths and the name are read only. Should the library's
// layout ever differ from what this expects, every document falls back to
// AddUTF8FontFromBytes, so the bytes never change, only the speed
// (TestSharedFacesAreUsed says so).

// pdfFamily is the family name the pages' text is set in.
const pdfFamily = "dejavu"

// shareFaces is off only in tests, to print with the library's own parse.
var shareFaces = true

// sharedFaces holds the parsed definition of each face, made on first use.
var sharedFaces struct {
	once sync.Once
	ok   bool             // the library's layout is the one expected
	defs [4]reflect.Value // fontDefType values, parsed
	keys [4]string        // their keys in the font table
}

// fontTable is f's font table (map[string]fontDefType) as a value that can
// be read and written, or an invalid Value when f has no such field.
func fontTable(f *fpdf.Fpdf) reflect.Value {
	v := reflect.ValueOf(f).Elem().FieldByName("fonts")
	if !v.IsValid() || v.Kind() != reflect.Map || v.Type().Key().Kind() != reflect.String || v.Type().Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	return writable(v)
}

// writable is v (a field reached by reflection) with the right to set it.
func writable(v reflect.Value) reflect.Value {
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// field is the named field of the struct value s, writable, if it has the
// kind wanted.
func field(s reflect.Value, name string, kind reflect.Kind) (reflect.Value, bool) {
	v := s.FieldByName(name)
	if !v.IsValid() || v.Kind() != kind {
		return reflect.Value{}, false
	}
	return writable(v), true
}

// parseFaces adds each face to a document of its own, the library's way,
// and keeps what it made.
func parseFaces() {
	s := &sharedFaces
	for i, ttf := range faceTTF {
		f := fpdf.New("P", "mm", "A4", "")
		f.AddUTF8FontFromBytes(pdfFamily, pdfStyle[i], ttf)
		table := fontTable(f)
		if f.Err() || !table.IsValid() || table.Len() != 1 {
			return
		}
		iter := table.MapRange()
		iter.Next()
		def := reflect.New(table.Type().Elem()).Elem()
		def.Set(iter.Value())
		if _, ok := usedRunes(def); !ok {
			return
		}
		if _, ok := subsetter(def); !ok {
			return
		}
		s.keys[i], s.defs[i] = iter.Key().String(), def
	}
	s.ok = true
}

// usedRunes is the definition's map of the runes a document uses.
func usedRunes(def reflect.Value) (map[int]int, bool) {
	v, ok := field(def, "usedRunes", reflect.Map)
	if !ok {
		return nil, false
	}
	m, ok := v.Interface().(map[int]int)
	return m, ok
}

// subsetter is the definition's *utf8FontFile and the reader of the TTF
// bytes in it (a *fileReader).
func subsetter(def reflect.Value) (reflect.Value, bool) {
	v, ok := field(def, "utf8File", reflect.Pointer)
	if !ok || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	r, ok := field(v.Elem(), "fileReader", reflect.Pointer)
	if !ok || r.IsNil() || r.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	return v, true
}

// addFace gives document f face i: a copy of the parsed definition with
// its own used runes and its own subsetting state, or, when that cannot be
// done, the face parsed anew.
func addFace(f *fpdf.Fpdf, i int) {
	s := &sharedFaces
	s.once.Do(parseFaces)
	table := fontTable(f)
	if !shareFaces || !s.ok || !table.IsValid() || table.Type().Elem() != s.defs[i].Type() {
		f.AddUTF8FontFromBytes(pdfFamily, pdfStyle[i], faceTTF[i])
		return
	}
	def := reflect.New(s.defs[i].Type()).Elem()
	def.Set(s.defs[i])
	runes, _ := usedRunes(s.defs[i])
	runesField, _ := field(def, "usedRunes", reflect.Map)
	runesField.Set(reflect.ValueOf(maps.Clone(runes)))
	// The subsetting state and its reader: shallow copies, which the
	// writer fills with new maps and slices of its own when it subsets.
	utf, _ := subsetter(s.defs[i])
	ownUTF := reflect.New(utf.Elem().Type())
	ownUTF.Elem().Set(utf.Elem())
	reader, _ := field(utf.Elem(), "fileReader", reflect.Pointer)
	ownReader := reflect.New(reader.Elem().Type())
	ownReader.Elem().Set(reader.Elem())
	readerField, _ := field(ownUTF.Elem(), "fileReader", reflect.Pointer)
	readerField.Set(ownReader)
	utfField, _ := field(def, "utf8File", reflect.Pointer)
	utfField.Set(ownUTF)
	table.SetMapIndex(reflect.ValueOf(s.keys[i]), def)
}
