package layout

import (
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"strconv"
	"strings"
)

// RefError is a reference that names no zone. Close lists zone ids near to
// what was written, for a hint.
type RefError struct {
	Ref    string
	Reason string
	Close  []string
}

func (e *RefError) Error() string {
	if len(e.Close) == 0 {
		return e.Reason
	}
	return e.Reason + "; close zone ids: " + strings.Join(e.Close, ", ")
}

// Ref resolves a reference to a zone: a zone id ("1A/c", "1A/c~2"), a face
// and zone label ("1A/c" also finds the zone that label belongs to when the
// zone is named after another tile), or a board cell "x,y" (spaces allowed:
// "3, 4"). The error is a *RefError that says what was wrong.
func (b *Board) Ref(ref string) (*Zone, error) {
	s := strings.TrimSpace(ref)
	if s == "" {
		return nil, &RefError{Ref: ref, Reason: `empty reference: want a zone id such as "1A/c" or a cell "x,y"`}
	}
	if strings.Contains(s, ",") {
		return b.cellRef(ref, s)
	}
	if z := b.byID[s]; z != nil {
		return z, nil
	}
	face, label, hasSlash := strings.Cut(s, "/")
	if hasSlash {
		if z, _, ok := b.FaceZone(face, label); ok {
			return z, nil
		}
	}
	var ids, sameFace []string
	for _, z := range b.Zones {
		ids = append(ids, z.ID)
		if hasSlash && z.Face == face {
			sameFace = append(sameFace, z.ID)
		}
	}
	e := &RefError{Ref: ref, Close: nearIDs(s, ids, 5)}
	switch {
	case !hasSlash:
		e.Reason = fmt.Sprintf(`%q is neither a zone id ("1A/c") nor a cell ("x,y")`, s)
	case len(sameFace) > 0:
		e.Reason = fmt.Sprintf("face %s has no zone %q on this board", face, label)
		if len(e.Close) == 0 {
			e.Close = sameFace[:min(len(sameFace), 8)]
		}
	case b.placedFace(face):
		e.Reason = fmt.Sprintf("face %s has no zone %q on this board", face, label)
	default:
		e.Reason = fmt.Sprintf("no zone %q: face %s is not on the board", s, face)
	}
	return nil, e
}

func (b *Board) placedFace(face string) bool {
	for _, t := range b.Tiles {
		if t.Face == face {
			return true
		}
	}
	return false
}

func (b *Board) cellRef(ref, s string) (*Zone, error) {
	xs, ys, _ := strings.Cut(s, ",")
	x, errx := strconv.Atoi(strings.TrimSpace(xs))
	y, erry := strconv.Atoi(strings.TrimSpace(ys))
	if errx != nil || erry != nil {
		return nil, &RefError{Ref: ref, Reason: fmt.Sprintf(`bad cell %q: want "x,y" with whole numbers, such as "3,4"`, s)}
	}
	switch {
	case b.W == 0 || b.H == 0:
		return nil, &RefError{Ref: ref, Reason: fmt.Sprintf("cell %d,%d: the board is empty", x, y)}
	case !b.in(x, y):
		return nil, &RefError{Ref: ref, Reason: fmt.Sprintf("cell %d,%d is outside the board (x 0-%d, y 0-%d)", x, y, b.W-1, b.H-1)}
	}
	z := b.ZoneAt(x, y)
	if z == nil {
		return nil, &RefError{Ref: ref, Reason: fmt.Sprintf("cell %d,%d is not covered by a tile", x, y)}
	}
	return z, nil
}

// nearIDs returns up to limit names closest to s (see typo.Near).
func nearIDs(s string, names []string, limit int) []string { return typo.Near(s, names, limit) }
