package missions

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Errors WriteFile and ReplaceFile return, for errors.Is.
var (
	ErrExists   = errors.New("the file already exists")
	ErrNoFolder = errors.New("the folder does not exist")
	ErrReadOnly = errors.New("the file is read-only")
	ErrChanged  = errors.New("the file changed on disk since it was read")
	ErrNotFile  = errors.New("not a regular file")
)

// WriteFile writes data to path through a temporary file in the same folder
// and a rename, so a crash or a full disk never leaves a half-written file.
// With overwrite false an existing file is an error (ErrExists).
//
// Replacing a file keeps what it was: a symbolic link stays a link and the
// file it leads to is replaced; the mode, owner and group are kept (run as
// root on a user's file, the file stays the user's). A read-only file is
// refused (ErrReadOnly), as is anything but a regular file. A folder that
// does not exist is ErrNoFolder. The temporary file is removed on every
// failure, and by RemoveTemps when the program is interrupted.
func WriteFile(path string, data []byte, overwrite bool) error {
	return write(path, data, overwrite, nil)
}

// ReplaceFile is WriteFile with overwrite, for a file read, changed and
// written back (fmt -w, an editor): read is what was read. When the file no
// longer holds it (an edit saved meanwhile, in an editor or by another
// program), nothing is written and the error is ErrChanged. The check is
// made again just before the rename, so the window left is that of one
// system call.
func ReplaceFile(path string, data, read []byte) error {
	p, err := PrepareReplace(path, data, read)
	if err != nil {
		return err
	}
	return p.Commit()
}

// PrepareReplace is ReplaceFile in two steps: it writes data beside the
// file and flushes it to the disk, and Commit puts it in place (when the
// file still holds read) or Abort drops it. A caller that has other work
// to do before it may replace the file (checking data, answering with it)
// does that work while the disk writes.
func PrepareReplace(path string, data, read []byte) (*Pending, error) {
	sum := sha256.Sum256(read)
	return prepare(path, data, true, func(target string) error {
		if st, err := os.Stat(target); err != nil || !st.Mode().IsRegular() || st.Size() != int64(len(read)) {
			return ErrChanged // gone, no longer a file, or another size: no need to read it
		}
		f, err := os.Open(target)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrChanged, err)
		}
		defer f.Close()
		h := sha256.New()
		n, err := io.Copy(h, io.LimitReader(f, int64(len(read))+1))
		if err != nil {
			return err
		}
		if n != int64(len(read)) || !bytes.Equal(h.Sum(nil), sum[:]) {
			return ErrChanged
		}
		return nil
	})
}

// Pending is a file's new content written and flushed to the disk beside
// it, not yet in its place.
type Pending struct {
	name, target string
	overwrite    bool
	unchanged    func(target string) error
	done         bool
}

// Commit puts the new content in place; on any error the file is as it
// was and the temporary file is gone. A second call does nothing.
func (p *Pending) Commit() (err error) {
	if p.done {
		return nil
	}
	p.done = true
	defer func() {
		if err != nil {
			os.Remove(p.name)
		}
		untrack(p.name)
	}()
	if !p.overwrite {
		// Link fails if the name appeared meanwhile; rename would replace it.
		if err := os.Link(p.name, p.target); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return ErrExists
			}
			return unwrapPathError(err)
		}
		os.Remove(p.name)
		return nil
	}
	if p.unchanged != nil {
		if err := p.unchanged(p.target); err != nil {
			return err
		}
	}
	return os.Rename(p.name, p.target)
}

// Abort drops the new content: the file stays as it is.
func (p *Pending) Abort() {
	if p.done {
		return
	}
	p.done = true
	os.Remove(p.name)
	untrack(p.name)
}

func write(path string, data []byte, overwrite bool, unchanged func(target string) error) error {
	p, err := prepare(path, data, overwrite, unchanged)
	if err != nil {
		return err
	}
	return p.Commit()
}

func prepare(path string, data []byte, overwrite bool, unchanged func(target string) error) (_ *Pending, err error) {
	target := path
	// A link is followed to the file it leads to, which is what is replaced.
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	st, statErr := os.Stat(target)
	exists := statErr == nil
	switch {
	case exists && !overwrite:
		return nil, ErrExists
	case exists && !st.Mode().IsRegular():
		return nil, ErrNotFile
	case exists && !writable(target, st):
		return nil, ErrReadOnly
	case !exists && !errors.Is(statErr, fs.ErrNotExist):
		return nil, statErr
	}
	if _, err := os.Lstat(path); err == nil && !exists {
		return nil, fmt.Errorf("%s is a link to a file that does not exist", path)
	}
	dir := filepath.Dir(target)
	if d, err := os.Stat(dir); err != nil || !d.IsDir() {
		return nil, fmt.Errorf("%w: %s", ErrNoFolder, dir)
	}

	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, unwrapPathError(err)
	}
	name := tmp.Name()
	track(name)
	defer func() {
		if err != nil {
			os.Remove(name)
			untrack(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	mode := os.FileMode(0o644)
	if exists {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(name, mode); err != nil {
		return nil, err
	}
	if exists {
		if err := keepOwner(name, st); err != nil {
			return nil, err
		}
	}
	return &Pending{name: name, target: target, overwrite: overwrite, unchanged: unchanged}, nil
}

// unwrapPathError drops the temporary file's name from an error: the
// caller names the file the user asked for.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// Temporary files being written, so an interrupted program can remove them.
var temps struct {
	sync.Mutex
	names map[string]bool
}

func track(name string) {
	temps.Lock()
	defer temps.Unlock()
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[name] = true
}

func untrack(name string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.names, name)
}

// RemoveTemps removes the temporary files of writes in progress. A program
// stopped by a signal calls it before it exits, so no ".NAME.*.tmp" file is
// left next to a user's mission.
func RemoveTemps() {
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.names {
		os.Remove(name)
		delete(temps.names, name)
	}
}
