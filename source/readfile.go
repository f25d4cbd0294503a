package source

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// ReadFile reads a document from disk. Only regular files are read (a
// symlink is followed to one): a folder, a named pipe, a device or a socket
// is refused from its metadata, before anything is opened that could block
// or never end. Files over lim.MaxBytes are refused from their size without
// reading them, and a file that grows while read is read no further than the
// limit.
func ReadFile(path string, lim Limits) ([]byte, *Problem) {
	lim = lim.orDefaults()
	info, err := os.Stat(path)
	if err != nil {
		return nil, readProblem(err)
	}
	if p := notRegular(info); p != nil {
		switch path {
		case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
			p.Message += "; to read standard input, name it -"
		}
		return nil, p
	}
	if info.Size() > lim.MaxBytes {
		return nil, tooLarge(info.Size(), lim)
	}
	// The name may have been switched to a pipe since the Stat: the open
	// does not wait for a writer, and the opened file is checked again.
	f, err := openNoBlock(path)
	if err != nil {
		return nil, readProblem(err)
	}
	defer f.Close()
	info, err = f.Stat()
	if err != nil {
		return nil, readProblem(err)
	}
	if p := notRegular(info); p != nil {
		return nil, p
	}
	if info.Size() > lim.MaxBytes {
		return nil, tooLarge(info.Size(), lim)
	}
	// One buffer of the size the file has, read to its end; a file that
	// grows meanwhile is read on, but never past the limit.
	data := make([]byte, 0, info.Size()+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		room := data[len(data):cap(data)]
		if over := lim.MaxBytes + 1 - int64(len(data)); int64(len(room)) > over {
			room = room[:over]
		}
		n, err := f.Read(room)
		data = data[:len(data)+n]
		if int64(len(data)) > lim.MaxBytes {
			return nil, tooLarge(int64(len(data)), lim)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, readProblem(err)
		}
	}
}

// notRegular refuses everything but a regular file, naming what it is.
func notRegular(info fs.FileInfo) *Problem {
	m := info.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "it is a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "it is a named pipe (FIFO), not a regular file"
	case m&fs.ModeSocket != 0:
		what = "it is a socket, not a regular file"
	case m&fs.ModeCharDevice != 0:
		what = "it is a character device (such as a terminal), not a regular file"
	case m&fs.ModeDevice != 0:
		what = "it is a device, not a regular file"
	}
	p := problemAt(wholeFile, CodeRead, "cannot read the file: %s", what)
	return &p
}

func tooLarge(size int64, lim Limits) *Problem {
	p := problemAt(wholeFile, CodeTooLarge, "the file is %s; files over %s are refused",
		byteSize(size), byteSize(lim.MaxBytes))
	return &p
}

// readProblem words an I/O error without repeating the path, which the
// diagnostic already carries.
func readProblem(err error) *Problem {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	p := problemAt(wholeFile, CodeRead, "cannot read the file: %v", err)
	return &p
}
