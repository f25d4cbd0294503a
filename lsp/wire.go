package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The wire: JSON-RPC 2.0 messages, each behind a Content-Length header, as
// the Language Server Protocol frames them on standard input and output.

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest tells a request (which wants an answer) from a notification.
func (m *message) isRequest() bool { return len(m.ID) > 0 && string(m.ID) != "null" && m.Method != "" }

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// Error codes of JSON-RPC and the protocol.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeRequestFailed  = -32803
)

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// badFrame is a message the reader could not take: the stream goes on, and
// the server answers it with an error whose id is null.
type badFrame struct{ *rpcError }

// reader reads framed messages. A header line is at most maxHeader bytes,
// a body at most maxBody: a larger one is read past, never held.
type reader struct {
	r       *bufio.Reader
	maxBody int64
}

const maxHeader = 1 << 10

func newReader(r io.Reader, maxBody int64) *reader {
	return &reader{r: bufio.NewReaderSize(r, 64<<10), maxBody: maxBody}
}

// read returns the next message. Its error is io.EOF at the end of input,
// a *badFrame for a message it read past (malformed or too large), or
// another read error.
func (r *reader) read() (*message, error) {
	length := int64(-1)
	var bad *rpcError
	headers := 0
	for lines := 0; ; lines++ {
		line, err := r.line()
		if err != nil {
			if errors.Is(err, io.EOF) && lines > 0 {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if line == "" {
			if headers > 0 {
				break
			}
			continue // blank lines between messages
		}
		headers++
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = errorf(codeParseError, "malformed header line %q", clip(line))
			continue
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "content-length":
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				bad = errorf(codeParseError, "Content-Length %q is not a length", clip(value))
				continue
			}
			length = n
		case "content-type":
			// utf-8 JSON is the only kind there is
		}
	}
	if length < 0 {
		if bad == nil {
			bad = errorf(codeParseError, "a message without Content-Length")
		}
		return nil, &badFrame{bad}
	}
	if length > r.maxBody {
		if _, err := io.CopyN(io.Discard, r.r, length); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &badFrame{errorf(codeInvalidRequest, "a message of %d bytes is over the limit of %d", length, r.maxBody)}
	}
	if bad != nil {
		if _, err := io.CopyN(io.Discard, r.r, length); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &badFrame{bad}
	}
	body := make([]byte, length) // bounded by maxBody above
	if _, err := io.ReadFull(r.r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, &badFrame{errorf(codeParseError, "the message is not JSON: %v", err)}
	}
	if m.JSONRPC != "2.0" || (m.Method == "" && len(m.ID) == 0) {
		return &m, &badFrame{errorf(codeInvalidRequest, "not a JSON-RPC 2.0 message")}
	}
	return &m, nil
}

// line reads one header line without its CRLF; a longer line than
// maxHeader is read to its end and reported malformed.
func (r *reader) line() (string, error) {
	var b []byte
	for {
		chunk, err := r.r.ReadSlice('\n')
		if len(b)+len(chunk) <= maxHeader {
			b = append(b, chunk...)
		} else {
			b = append(b[:0], "(an overlong header line)"...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return "", err
		}
		return string(bytes.TrimRight(b, "\r\n")), nil
	}
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// writer writes framed messages, one at a time.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *writer) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = w.w.Write(body)
	return err
}
