//go:build !js

package editor

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// The page's edits go over a WebSocket: in Chromium a fetch costs 6-10
// ms of travel on this kind of machine (the request crosses the browser's
// processes, and the answer's headers, body and JSON come in steps), a
// message on an open socket about 2 ms. The calls and their answers are the same as
// over HTTP; the page falls back to fetch while the socket is not open.

// socketCalls are the calls a socket answers: those whose answer is the
// page's state (JSON). The map's pictures and the photos go by HTTP.
var socketCalls = map[string]bool{"GET state": true, "POST op": true, "POST undo": true, "POST redo": true}

// socketRequest is one call sent on the socket; ID comes back with its
// answer.
type socketRequest struct {
	ID     int64           `json:"id"`
	Method string          `json:"method"`
	Call   string          `json:"call"`
	Query  string          `json:"query,omitempty"`
	Body   json.RawMessage `json:"body,omitempty"`
}

// socket upgrades the page's request to a WebSocket and answers its calls
// in the order they come. A socket writes the file as POST does, so it is
// refused to any page but the editor's own: a browser always says where a
// socket is opened from (Origin), and no check like CORS stands in front
// of a cross-site socket.
func (s *Server) socket(w http.ResponseWriter, r *http.Request) {
	if !s.origins[r.Header.Get("Origin")] {
		forbid(w, "the editor's socket is opened from its own page only")
		return
	}
	if sf := r.Header.Get("Sec-Fetch-Site"); sf != "" && sf != "same-origin" {
		forbid(w, "the editor's socket is opened from its own page only")
		return
	}
	conn, _, _, err := ws.UpgradeHTTP(r, w)
	if err != nil {
		return // the upgrader answered the request already
	}
	if !s.addSocket(conn) { // the server is stopping
		conn.Close()
		return
	}
	defer s.dropSocket(conn)
	out := bufio.NewWriterSize(conn, 16<<10)
	control := wsutil.ControlFrameHandler(conn, ws.StateServerSide)
	rd := &wsutil.Reader{Source: conn, State: ws.StateServerSide, CheckUTF8: true, MaxFrameSize: MaxRequestBody, OnIntermediate: control}
	for {
		h, err := rd.NextFrame()
		if errors.Is(err, wsutil.ErrFrameTooLarge) {
			closeSocket(conn, ws.StatusMessageTooBig, "a request larger than the editor reads")
			return
		}
		if err != nil {
			return
		}
		if h.OpCode.IsControl() {
			if err := control(h, rd); err != nil {
				return // a close (answered), or a broken frame
			}
			continue
		}
		if h.OpCode != ws.OpText {
			closeSocket(conn, ws.StatusUnsupportedData, "the editor's socket reads text")
			return
		}
		msg, err := io.ReadAll(io.LimitReader(rd, MaxRequestBody+1))
		if err != nil {
			return
		}
		if len(msg) > MaxRequestBody {
			closeSocket(conn, ws.StatusMessageTooBig, "a request larger than the editor reads")
			return
		}
		if err := writeSocket(out, s.socketCall(msg)); err != nil {
			return
		}
	}
}

// socketCall answers one message: {"id", "status", "body"} with the
// call's JSON answer.
func (s *Server) socketCall(msg []byte) []byte {
	var req socketRequest
	var rep Reply
	q, qerr := url.Values(nil), error(nil)
	if err := json.Unmarshal(msg, &req); err != nil {
		rep = errorReply(StatusRefused, "a request the editor cannot read: "+err.Error(), "")
	} else if q, qerr = url.ParseQuery(req.Query); qerr != nil {
		rep = errorReply(StatusRefused, "a request the editor cannot read: "+qerr.Error(), "")
	} else if !socketCalls[req.Method+" "+req.Call] {
		rep = errorReply(StatusNotFound, "no such call on the socket: "+req.Method+" "+req.Call, "")
	} else {
		rep = s.Call(Request{Method: req.Method, Path: req.Call, Query: q, Body: req.Body})
	}
	out := make([]byte, 0, len(rep.Body)+40)
	out = append(out, `{"id":`...)
	out = strconv.AppendInt(out, req.ID, 10)
	out = append(out, `,"status":`...)
	out = strconv.AppendInt(out, int64(rep.Status), 10)
	out = append(out, `,"body":`...)
	out = append(out, rep.Body...)
	return append(out, '}')
}

// writeSocket sends one text message in one write: its header and its
// payload go out together.
func writeSocket(out *bufio.Writer, payload []byte) error {
	if err := ws.WriteHeader(out, ws.Header{Fin: true, OpCode: ws.OpText, Length: int64(len(payload))}); err != nil {
		return err
	}
	if _, err := out.Write(payload); err != nil {
		return err
	}
	return out.Flush()
}

// closeSocket ends a socket the editor refuses to read on: it says why,
// then reads on for a moment what was on its way, so that the page gets
// the reason rather than a connection reset.
func closeSocket(conn net.Conn, code ws.StatusCode, why string) {
	ws.WriteFrame(conn, ws.NewCloseFrame(ws.NewCloseFrameBody(code, why)))
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.CloseWrite()
	}
	conn.SetReadDeadline(time.Now().Add(time.Second))
	io.Copy(io.Discard, io.LimitReader(conn, 4*MaxRequestBody))
}

// addSocket keeps conn to close it when the server stops; false when it
// has stopped.
func (s *Server) addSocket(conn net.Conn) bool {
	s.smu.Lock()
	defer s.smu.Unlock()
	if s.stopped {
		return false
	}
	if s.sockets == nil {
		s.sockets = map[net.Conn]bool{}
	}
	s.sockets[conn] = true
	return true
}

func (s *Server) dropSocket(conn net.Conn) {
	s.smu.Lock()
	delete(s.sockets, conn)
	s.smu.Unlock()
	conn.Close()
}

// closeSockets ends the open sockets (the server stops).
func (s *Server) closeSockets() {
	s.smu.Lock()
	defer s.smu.Unlock()
	s.stopped = true
	for c := range s.sockets {
		c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		ws.WriteFrame(c, ws.NewCloseFrame(ws.NewCloseFrameBody(ws.StatusGoingAway, "zmission edit stopped")))
		c.Close()
	}
}
