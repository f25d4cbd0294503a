// The tile-set editor mode.
export function renderTileset(host, st, send) {
  host.textContent = 'Tile-set files open in the tile-set editor.';
}
