#!/usr/bin/env node
// Reads many Parquet files with DuckDB, Polars and hyparquet in one process
// and compares each engine's rows with parq's (`parq cat` output), by the
// rules of the peers' compare.mjs.  Copied into the installed peers folder by
// interop.sh and run from there (it imports the peers' lib/ and packages).
//
//   node check_peers.mjs LIST
//
// LIST: one "FILE.parquet<TAB>PARQ.jsonl" per line.  Prints one line per file
// and engine: "PASS engine file", "SKIP engine file: reason" (a known peer
// limit, below) or "FAIL engine file: why" (with the first differences).
// Exit status 0 when nothing failed, 1 otherwise, 2 usage.
import fs from 'node:fs'
import { parquetMetadata } from 'hyparquet'
import { schemaTree } from './lib/schema.mjs'
import { compareTexts, shapeOf } from './lib/compare.mjs'
import { writeJson } from './lib/json.mjs'
import { readRows as duckdbRows } from './lib/engine-duckdb.mjs'
import { readRows as hyparquetRows } from './lib/engine-hyparquet.mjs'
import { polarsRows } from './polars_dump.mjs'

// Known limits of the peers (../shared/peers/README.md and what these tests
// met): a read error matching one is an expected skip, never a pass.
const KNOWN_LIMITS = [
  ['duckdb', /BYTE_STREAM_SPLIT encoding is only supported for FLOAT or DOUBLE/, 'DuckDB decodes BYTE_STREAM_SPLIT only for FLOAT/DOUBLE'],
  ['duckdb', /Unsupported converted type \(20\)/, 'DuckDB does not read BSON columns'],
  ['duckdb', /MAP_KEY_VALUE requires two children/, 'DuckDB does not read a MAP without a value field'],
  ['duckdb', /Delta Length Byte Array encoding is only supported for string\/blob/, 'DuckDB decodes DELTA_(LENGTH_)BYTE_ARRAY only for strings/blobs'],
  ['polars', /Not yet supported: Decoding FixedLenByteArray/, 'Polars does not decode this encoding of optional FIXED_LEN_BYTE_ARRAY pages'],
  ['polars', /children must have the given number of values/, 'Polars cannot read unannotated repeated groups'],
  ['polars', /expected DataType is Interval/, 'Polars cannot read INTERVAL inside a list'],
]

const oneLine = e => String(e?.message ?? e).split('\n')[0].slice(0, 300)

async function engineRows(engine, file, buf, md, root) {
  if (engine === 'duckdb') return duckdbRows(file, root)
  if (engine === 'polars') return polarsRows(file, root)
  return hyparquetRows(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), md, root)
}

async function main() {
  const list = process.argv[2]
  if (!list || process.argv.length > 3) {
    process.stderr.write('usage: node check_peers.mjs LIST\n')
    return 2
  }
  let failed = 0
  for (const line of fs.readFileSync(list, 'utf8').split('\n')) {
    if (!line) continue
    const [file, parqJsonl] = line.split('\t')
    const buf = fs.readFileSync(file)
    const md = parquetMetadata(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength))
    const root = schemaTree(md.schema)
    const shape = shapeOf(root, true)
    const parqText = fs.readFileSync(parqJsonl, 'utf8')
    for (const engine of ['duckdb', 'polars', 'hyparquet']) {
      let text
      try {
        text = (await engineRows(engine, file, buf, md, root)).map(r => writeJson(r) + '\n').join('')
      } catch (e) {
        const known = KNOWN_LIMITS.find(([en, re]) => en === engine && re.test(String(e?.message ?? e)))
        if (known) {
          console.log(`SKIP ${engine} ${file}: ${known[2]}`)
        } else {
          console.log(`FAIL ${engine} ${file}: cannot read: ${oneLine(e)}`)
          failed++
        }
        continue
      }
      const r = compareTexts(text, parqText, shape, 5)
      if (r.equal) {
        console.log(`PASS ${engine} ${file}`)
      } else {
        console.log(`FAIL ${engine} ${file}: rows differ (${r.differing} rows; ${r.rows[0]} ${engine}, ${r.rows[1]} parq)`)
        for (const d of r.diffs) console.log('  ' + d)
        failed++
      }
    }
  }
  return failed ? 1 : 0
}

main().then(code => { process.exitCode = code }, e => {
  console.log(`FAIL check_peers: ${oneLine(e)}`)
  process.exitCode = 1
})
