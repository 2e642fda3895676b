#!/usr/bin/env node
// One owner per table (docs/architecture.md): only the owning module's code reads or writes a
// table; another module calls the owner's service. dependency-cruiser sees files, not the tables
// a file imports from the schema, so this check reads them: every value imported from
// apps/server/src/db/schema names a table whose owner in modules/account/data-map.ts is the
// folder the importing file sits in. Type imports are not reads, and tests set up data directly.
// Prints `error table-owner: <file> → <table>` per offence (as dependency-cruiser's `err` output).
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const server = 'apps/server/src';
const schemaDir = `${server}/db/schema`;
const dataMap = `${server}/modules/account/data-map.ts`;

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

function filesUnder(dir) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(file));
    else if (/\.tsx?$/.test(entry.name)) found.push(file);
  }
  return found;
}

/** Schema export name → table name, from each `export const x = pgTable('x', ...)`. */
const tableOf = new Map();
for (const file of filesUnder(schemaDir)) {
  for (const match of read(file).matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) {
    tableOf.set(match[1], match[2]);
  }
}

/** Table name → owning folder under apps/server/src, from the data map's `owner`. */
const ownerOf = new Map();
for (const match of read(dataMap).matchAll(/^ {2}(\w+): \{\s*owner: '([^']+)'/gm)) {
  ownerOf.set(match[1], match[2]);
}

const owners = [...new Set(ownerOf.values())].sort((a, b) => b.length - a.length);
const folderOf = (file) => owners.find((owner) => file.startsWith(`${server}/${owner}/`)) ?? null;

const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|test-support)\//.test(file);
const offences = [];
for (const file of filesUnder(server)) {
  if (file.startsWith(`${server}/db/`) || isTest(file)) continue;
  const source = read(file);
  for (const match of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g)) {
    const [, typeOnly, clause, specifier] = match;
    if (typeOnly || !/(^|\/)db\/schema(\/[\w-]+)?$/.test(specifier)) continue;
    const folder = folderOf(file);
    if (clause.startsWith('*')) {
      // Better Auth's Drizzle adapter is handed the whole schema to map its own models.
      if (folder !== 'auth') offences.push({ file, table: 'every table (namespace import)' });
      continue;
    }
    const names = (clause.match(/\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]);
    for (const name of names) {
      const table = tableOf.get(name);
      if (table === undefined) continue; // an enum's values or a helper, not a table
      const owner = ownerOf.get(table);
      if (owner === undefined) offences.push({ file, table: `${table} (no owner in ${dataMap})` });
      else if (owner !== folder) offences.push({ file, table: `${table} (owned by ${owner})` });
    }
  }
}

for (const { file, table } of offences) console.log(`error table-owner: ${file} → ${table}`);
if (tableOf.size === 0) {
  console.log(`error table-owner: ${schemaDir} → no pgTable found; the check reads nothing`);
  process.exitCode = 1;
}
if (offences.length > 0) {
  console.error(
    `\n${offences.length} import(s) of a table by a module that does not own it. Call the owner's ` +
      'service instead (docs/architecture.md, "One owner per table").',
  );
  process.exitCode = 1;
}
