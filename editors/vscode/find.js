'use strict';
// Where the zmission program is: the zmission.path setting when it is set,
// else the first zmission on PATH. Kept apart from extension.js (no vscode
// module here) so that it is tested with node alone.

const fs = require('fs');
const os = require('os');
const path = require('path');

function isExecutable(file) {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// findZmission returns {path} when the program is found, or {error} saying
// what was looked for and where. setting is zmission.path; env and platform
// default to this process's.
function findZmission(setting, env = process.env, platform = process.platform) {
  const want = (setting || '').trim();
  if (want !== '') {
    let p = want;
    if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) p = path.join(os.homedir(), p.slice(1));
    if (!path.isAbsolute(p)) {
      return { error: `zmission.path is "${want}": give the full path of the zmission program, or leave it empty to use the one on PATH.` };
    }
    if (!isExecutable(p)) {
      return { error: `zmission.path is "${want}", but there is no program there that can be run.` };
    }
    return { path: p };
  }
  const names = platform === 'win32' ? ['zmission.exe', 'zmission'] : ['zmission'];
  const dirs = (env.PATH || env.Path || '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    for (const name of names) {
      const p = path.join(dir, name);
      if (isExecutable(p)) return { path: p };
    }
  }
  return { error: 'The zmission program is not on PATH. Install it (see the README: a release binary, or go install github.com/zmission/zmission/cmd/zmission@latest) or set zmission.path to it.' };
}

module.exports = { findZmission };
