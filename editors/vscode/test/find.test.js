'use strict';
// findZmission: the setting first, then PATH; a clear message when neither
// has the program.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { findZmission } = require('../find');

function fakeBin(dir, name) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, '#!/bin/sh\n');
  fs.chmodSync(p, 0o755);
  return p;
}

test('the first zmission on PATH', () => {
  const a = fs.mkdtempSync(path.join(os.tmpdir(), 'zm-a-'));
  const b = fs.mkdtempSync(path.join(os.tmpdir(), 'zm-b-'));
  const want = fakeBin(b, 'zmission');
  fs.writeFileSync(path.join(a, 'zmission'), 'not executable'); // passed over
  const got = findZmission('', { PATH: [a, b].join(path.delimiter) }, 'linux');
  if (process.platform !== 'win32') assert.deepStrictEqual(got, { path: want });
});

test('zmission.path wins over PATH', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zm-s-'));
  const want = fakeBin(dir, 'my-zmission');
  assert.deepStrictEqual(findZmission(want, { PATH: '' }), { path: want });
});

test('missing: the message says what to do', () => {
  const got = findZmission('', { PATH: fs.mkdtempSync(path.join(os.tmpdir(), 'zm-e-')) }, 'linux');
  assert.match(got.error, /not on PATH/);
  assert.match(got.error, /zmission\.path/);
});

test('a setting that names nothing, or a relative path', () => {
  assert.match(findZmission('/nowhere/zmission', { PATH: '' }).error, /no program there/);
  assert.match(findZmission('bin/zmission', { PATH: '' }).error, /full path/);
});
