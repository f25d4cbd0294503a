package source

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// ReadFile reads a document from disk. Files over lim.MaxBytes are refused
// from their size without reading them; a file that grows while read, or
// reports no size (a pipe), is read no further than the limit.
func ReadFile(path string, lim Limits) ([]byte, *Problem) {
	lim = lim.orDefaults()
	f, err := os.Open(path)
	if err != nil {
		return nil, readProblem(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, readProblem(err)
	}
	if info.IsDir() {
		p := problemAt(wholeFile, CodeRead, "cannot read the file: it is a directory")
		return nil, &p
	}
	if info.Size() > lim.MaxBytes {
		return nil, tooLarge(info.Size(), lim)
	}
	data, err := io.ReadAll(io.LimitReader(f, lim.MaxBytes+1))
	if err != nil {
		return nil, readProblem(err)
	}
	if int64(len(data)) > lim.MaxBytes {
		return nil, tooLarge(int64(len(data)), lim)
	}
	return data, nil
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
