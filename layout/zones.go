package layout

import (
	"slices"
	"strconv"
	"strings"
)

// find returns the representative cell of i's set, halving paths on the way.
func (p *placer) find(i int) int {
	for int(p.parent[i]) != i {
		p.parent[i] = p.parent[p.parent[i]]
		i = int(p.parent[i])
	}
	return i
}

// union joins the sets of cells i and j. The smaller index becomes the
// representative so results do not depend on the order of unions.
func (p *placer) union(i, j int) {
	a, b := p.find(i), p.find(j)
	if a == b {
		return
	}
	if b < a {
		a, b = b, a
	}
	p.parent[b] = int32(a)
}

// makeZones turns the union-find sets into zones, numbered in the reading
// order of their first cell, and names them after that cell. The zones,
// their cells and their features are counted first and laid out in one
// array each: a board of 262,144 one-cell zones made as many small slices.
func (p *placer) makeZones() {
	b := p.b
	zoneOf := make([]int32, len(b.Cells)) // set representative -> zone index + 1
	nz, covered := 0, 0
	for i := range b.Cells {
		if b.Cells[i].Tile >= 0 {
			covered++
			if p.find(i) == i {
				nz++
			}
		}
	}
	zones := make([]Zone, nz)
	if nz > 0 {
		b.Zones = make([]*Zone, 0, nz)
	}
	nCells := make([]int32, nz)
	nFeatures := make([]int32, nz)
	lastSpec := make([]*ZoneSpec, nz) // per zone: the spec whose features were last added
	features := 0
	for i := range b.Cells {
		c := &b.Cells[i]
		if c.Tile < 0 {
			continue
		}
		r := p.find(i)
		z := int(zoneOf[r]) - 1
		if z < 0 {
			z = len(b.Zones)
			zoneOf[r] = int32(z + 1)
			t := b.Tiles[c.Tile]
			zones[z] = Zone{
				Index: z,
				Kind:  p.spec[i].Kind,
				Face:  t.Face,
				Label: c.Label,
				Tile:  c.Tile,
			}
			b.Zones = append(b.Zones, &zones[z])
		}
		c.Zone = z
		nCells[z]++
		if s := p.spec[i]; s != lastSpec[z] {
			lastSpec[z] = s
			nFeatures[z] += int32(len(s.Features))
			features += len(s.Features)
		}
	}
	cells := make([]Point, covered)
	var feats []string
	if features > 0 {
		feats = make([]string, features)
	}
	cAt, fAt := 0, 0
	for z := range zones {
		n := int(nCells[z])
		zones[z].Cells = cells[cAt : cAt : cAt+n]
		cAt += n
		if f := int(nFeatures[z]); f > 0 {
			zones[z].Features = feats[fAt : fAt : fAt+f]
			fAt += f
		}
		lastSpec[z] = nil
	}
	for i := range b.Cells {
		c := &b.Cells[i]
		if c.Tile < 0 {
			continue
		}
		zone := &zones[c.Zone]
		zone.Cells = append(zone.Cells, Point{i % b.W, i / b.W})
		if s := p.spec[i]; s != lastSpec[c.Zone] {
			lastSpec[c.Zone] = s
			zone.Features = append(zone.Features, s.Features...)
		}
	}
	// A face placed many times names its zones FACE/LABEL, FACE/LABEL~2,
	// ~3... in zone order. Labels hold no "~", so the copies of one zone
	// are the only ids with its name and a suffix: each name keeps the
	// next number to try, instead of trying 2, 3... again for each copy.
	next := map[string]int{}
	if len(b.byID) == 0 {
		b.byID = make(map[string]*Zone, len(b.Zones))
	}
	// Every zone's FACE/LABEL in one string, cut per zone: one allocation
	// for the names instead of one per zone.
	size := 0
	for _, z := range b.Zones {
		size += len(z.Face) + 1 + len(z.Label)
	}
	var names strings.Builder
	names.Grow(size)
	for _, z := range b.Zones {
		names.WriteString(z.Face)
		names.WriteByte('/')
		names.WriteString(z.Label)
	}
	all, at := names.String(), 0
	var try []byte
	for _, z := range b.Zones {
		slices.Sort(z.Features)
		z.Features = slices.Compact(z.Features)
		base := all[at : at+len(z.Face)+1+len(z.Label)]
		at += len(base)
		id := base
		if b.byID[id] != nil {
			// Tried in a buffer: the id is made a string once, when free.
			k := max(next[base], 2)
			for {
				try = strconv.AppendInt(append(append(try[:0], base...), '~'), int64(k), 10)
				if b.byID[string(try)] == nil {
					break
				}
				k++
			}
			id = string(try)
			next[base] = k + 1
		}
		z.ID = id
		b.byID[id] = z
	}
}
