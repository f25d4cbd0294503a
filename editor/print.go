package editor

// Print from the editor: the printout `zmission render` makes of the
// mission as it is now, a file name made from its title, and a word
// before printing when the template's placeholder story is still there.

import (
	"errors"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/source"
)

// PrintInfo is what the page says around a printout: the name its files
// take and what in the mission is still the template's.
type PrintInfo struct {
	// Name is the printout's file name without page size or extension:
	// the mission's title made safe for any file system ("violet-lockdown").
	Name string `json:"name"`
	// Warnings are the story fields still as the template wrote them, in
	// words, each a sentence.
	Warnings []string `json:"warnings"`
}

// maxSlug bounds a printout's name: long titles keep their first words.
const maxSlug = 60

// Slug makes a title a file name: lower-case letters and digits of any
// script, words joined by dashes, nothing a file system or a shell
// treats specially; fallback when nothing of the title is left.
func Slug(title, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sep := dash && b.Len() > 0
			if b.Len()+len(string(r))+map[bool]int{true: 1}[sep] > maxSlug {
				break
			}
			if sep {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

// printInfo answers "GET printinfo".
func (s *Session) printInfo() Reply {
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	base := strings.TrimSuffix(filepath.Base(s.path), filepath.Ext(s.path))
	info := PrintInfo{Name: Slug(base, "mission"), Warnings: []string{}}
	root := docRoot(cur)
	if root == nil {
		return jsonReply(StatusOK, info)
	}
	info.Name = Slug(root.Field("title").Str(), info.Name)
	info.Warnings = placeholders(root)
	return jsonReply(StatusOK, info)
}

// placeholders names the story fields that still hold the words of the
// game's template (New mission, "What happened here…"): a printout would
// give them to the players as they are.
func placeholders(root *source.Node) []string {
	out := []string{}
	tmpl, ok := examples.Template(root.Field("ruleset").Str())
	if !ok {
		return out
	}
	t, probs := source.ParseYAML(tmpl, source.Limits{})
	if len(probs) > 0 || t == nil {
		return out
	}
	for _, f := range []struct{ key, what string }{{"title", "title"}, {"briefing", "briefing"}} {
		mine, theirs := strings.TrimSpace(root.Field(f.key).Str()), strings.TrimSpace(t.Field(f.key).Str())
		if theirs != "" && mine == theirs {
			out = append(out, "The "+f.what+" is still the template's (“"+theirs+"”): write your own in the Mission tab before the players read it.")
		}
	}
	return out
}

// printout answers "GET print?format=pdf|png|svg&page=a4|letter": the
// bytes `zmission render` writes for the mission as it is now.
func (s *Session) printout(format, page string) Reply {
	if format != "pdf" && format != "png" && format != "svg" {
		return errorReply(StatusRefused, "a printout is a PDF, a PNG or an SVG", "")
	}
	if page != "a4" && page != "letter" {
		return errorReply(StatusRefused, "a printout's page is A4 or Letter", "")
	}
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	if cur == nil || cur.res == nil || (cur.res.Scene == nil && cur.res.Model == nil) {
		return errorReply(StatusRefused, "the mission has errors that keep it from being drawn: see Issues", "")
	}
	data, err := printed(cur, format, page)
	if err != nil {
		return errorReply(StatusRefused, "the printout cannot be made: "+err.Error(), "")
	}
	return Reply{Status: StatusOK, Type: map[string]string{"pdf": "application/pdf", "png": "image/png", "svg": "image/svg+xml"}[format], Body: data}
}

func printed(cur *snapshot, format, page string) ([]byte, error) {
	o, mo, dpi := printing.Defaults()
	o.Page, mo.Page = page, page
	pages, err := printing.Pages(cur.res, format, o, mo)
	if err != nil {
		return nil, err
	}
	if len(pages) == 0 {
		return nil, errors.New("nothing to print")
	}
	switch format {
	case "pdf":
		return printing.PDF(pages)
	case "png":
		return printing.PNG(pages[0], dpi)
	}
	return pages[0], nil
}
