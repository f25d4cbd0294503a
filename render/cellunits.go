package render

// CellUnits is the size of one board cell in the units of the map's board
// group (<g class="board">), so that a tool showing the SVG can map a
// pointer to a cell and draw on top of the board.
const CellUnits = cell
