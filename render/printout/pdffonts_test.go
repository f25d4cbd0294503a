package printout

import (
	"bytes"
	"flag"
	"os"
	"sort"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "write testdata/faces.pdf anew (with the PDF library's own font parse)")

// printPDF prints pages, with the faces parsed once per process or, with
// shared false, parsed by the PDF library for this document.
func printPDF(t *testing.T, shared bool, pages ...*Page) []byte {
	t.Helper()
	defer func(was bool) { shareFaces = was }(shareFaces)
	shareFaces = shared
	var b bytes.Buffer
	if err := PDF(&b, pages); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func facesPages(t *testing.T) []*Page {
	svg, err := os.ReadFile("testdata/faces.svg")
	if err != nil {
		t.Fatal(err)
	}
	return []*Page{render(t, string(svg)), render(t, string(svg))}
}

// TestFacesGolden: a two-page PDF setting text in all four faces, with
// characters beyond ASCII and one the font lacks, has the bytes it had
// before the faces were shared (testdata/faces.pdf, written by the
// library's own parse).
func TestFacesGolden(t *testing.T) {
	if *update {
		if err := os.WriteFile("testdata/faces.pdf", printPDF(t, false, facesPages(t)...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/faces.pdf")
	if err != nil {
		t.Fatal(err)
	}
	for _, shared := range []bool{true, false} {
		if got := printPDF(t, shared, facesPages(t)...); !bytes.Equal(got, want) {
			t.Errorf("faces shared %v: the PDF (%d bytes) differs from testdata/faces.pdf (%d bytes)", shared, len(got), len(want))
		}
	}
	for _, face := range []string{"/BaseFont /utf8dejavu\n", "/BaseFont /utf8dejavuB\n", "/BaseFont /utf8dejavuI\n", "/BaseFont /utf8dejavuBI\n"} {
		if !bytes.Contains(want, []byte(face)) {
			t.Errorf("testdata/faces.pdf does not embed %q: it tests less than it says", face)
		}
	}
}

// TestSharedFacesAreUsed: the PDF library's font table is the one
// pdffonts.go expects, so faces are parsed once, not once per document
// (were it not, the bytes would stay right and only the speed would go).
func TestSharedFacesAreUsed(t *testing.T) {
	printPDF(t, true, facesPages(t)...)
	if !sharedFaces.ok {
		t.Fatal("the PDF library's font table is not as expected: every document parses its faces again")
	}
}

// TestSharedFacesGiveTheSameBytes prints each of render's golden pages,
// and all of them as one document, with the faces shared and with the
// library's own parse: the bytes must be the same.
func TestSharedFacesGiveTheSameBytes(t *testing.T) {
	g := goldens(t)
	var names []string
	for n := range g {
		names = append(names, n)
	}
	sort.Strings(names)
	var all []*Page
	for _, n := range names {
		p, err := Parse(g[n])
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p)
		if !bytes.Equal(printPDF(t, true, p), printPDF(t, false, p)) {
			t.Errorf("%s: the PDF differs when the faces are shared", n)
		}
	}
	if !bytes.Equal(printPDF(t, true, all...), printPDF(t, false, all...)) {
		t.Errorf("the %d-page PDF differs when the faces are shared", len(all))
	}
}

// TestSharedFacesInParallel prints different pages at the same time, as
// a site build does: each document gets the bytes it gets alone (run with
// -race, this also shows the shared definitions are only read).
func TestSharedFacesInParallel(t *testing.T) {
	g := goldens(t)
	var pages []*Page
	var want [][]byte
	for _, svg := range g {
		p, err := Parse(svg)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
		want = append(want, printPDF(t, false, p))
	}
	var wg sync.WaitGroup
	got := make([][]byte, len(pages))
	errs := make([]error, len(pages))
	for i, p := range pages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			errs[i] = PDF(&b, []*Page{p})
			got[i] = b.Bytes()
		}()
	}
	wg.Wait()
	for i := range pages {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("page %d: printed alongside others, its PDF differs", i)
		}
	}
}
