#!/usr/bin/env node
// Checks SARIF logs against the SARIF 2.1.0 JSON Schema (draft 2020-12),
// as codeql-action's upload does before code scanning takes a log, with ajv
// (and ajv-formats: uri, uri-reference, date-time are checked too).
// Usage: NODE_PATH=<node_modules> node check-sarif-schema.js SCHEMA LOG...
// It prints each error with its JSON pointer and exits 1 on any.
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const [schemaPath, ...logs] = process.argv.slice(2);
if (!schemaPath || logs.length === 0) {
  console.error("usage: check-sarif-schema.js SCHEMA LOG...");
  process.exit(2);
}
const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8"));
delete schema.id; // a draft-04 leftover beside $schema
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let bad = 0;
for (const file of logs) {
  const log = JSON.parse(fs.readFileSync(file, "utf8"));
  if (validate(log)) {
    console.log(`${file}: valid SARIF 2.1.0`);
    continue;
  }
  bad++;
  for (const e of validate.errors) {
    console.log(`${file}: ${e.instancePath || "/"}: ${e.message}`);
  }
}
process.exit(bad ? 1 : 0);
