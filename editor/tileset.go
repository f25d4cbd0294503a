package editor

import (
	"github.com/zmission/zmission/layout"
)

// tilesetView is a tile-set file as the tile-set editor shows it.
type tilesetView struct {
	set *layout.TileSet
}

// TilesetState is the tile-set editor's part of the State.
type TilesetState struct{}

func (s *Server) tilesetOf(data []byte) *tilesetView { return nil }

func (s *Server) tilesetState(st *State, cur, good *snapshot) {}

func applyTilesetOps(data []byte, ops ...Op) ([]byte, error) {
	return nil, refuse("tile-set operations are not available")
}
