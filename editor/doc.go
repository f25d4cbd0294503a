// Package editor is the visual editor: a page that edits one mission (or
// one tile-set file) by operations written through the formatter, with the
// rules checked live on the map.
//
// The core is a Session (session.go, api.go): it reads the document from
// its Store, lints it, and answers the page with the rendered map, the
// findings placed on the board and what the palette needs; the page sends
// operations made against a version (hash) of the document, which the
// session applies to the YAML node tree and writes whole. Undo and redo
// live here, not in the page, so they survive a reload. The session knows
// nothing of how the page reaches it. Two doors do:
//   - `zmission edit` (server.go): a local HTTP server on loopback; the
//     file on disk is the source of truth, the page's edits come on a
//     WebSocket (socket.go), and changes made in another editor reach the
//     page by server-sent events;
//   - the web edition (web/): the session inside the page's WebAssembly
//     module, the document in the page's memory and storage.
//
// The page (assets/) is the same for both; only assets/transport.js, the
// way it calls the session, differs. The shell (operations, undo, issues
// pane) knows no board kind; the grid kind (tiles on a cell grid: both
// Zombicide games) brings the palette and canvas. Other kinds plug in
// where kindState is chosen.
package editor
