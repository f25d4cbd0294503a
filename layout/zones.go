package layout

import (
	"slices"
	"strconv"
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
// order of their first cell, and names them after that cell.
func (p *placer) makeZones() {
	b := p.b
	zoneOf := make([]int32, len(b.Cells)) // set representative -> zone index + 1
	var lastSpec []*ZoneSpec              // per zone: the spec whose features were last added
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
			b.Zones = append(b.Zones, &Zone{
				Index: z,
				Kind:  p.spec[i].Kind,
				Face:  t.Face,
				Label: c.Label,
				Tile:  c.Tile,
			})
			lastSpec = append(lastSpec, nil)
		}
		c.Zone = z
		zone := b.Zones[z]
		zone.Cells = append(zone.Cells, Point{i % b.W, i / b.W})
		if s := p.spec[i]; s != lastSpec[z] {
			lastSpec[z] = s
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
	for _, z := range b.Zones {
		slices.Sort(z.Features)
		z.Features = slices.Compact(z.Features)
		base := z.Face + "/" + z.Label
		id := base
		if b.byID[id] != nil {
			k := max(next[base], 2)
			for id = base + "~" + strconv.Itoa(k); b.byID[id] != nil; id = base + "~" + strconv.Itoa(k) {
				k++
			}
			next[base] = k + 1
		}
		z.ID = id
		b.byID[id] = z
	}
}
