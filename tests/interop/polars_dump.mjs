#!/usr/bin/env node
// Polars (nodejs-polars) as a peer: print a Parquet file's rows as canonical
// JSONL (docs/rows-as-json.md), like the peers' dump.mjs does for DuckDB and
// hyparquet.  Copied into the installed peers folder by interop.sh and run
// from there, so './lib/…' is the peers' own schema/format/JSON code.
//
//   node polars_dump.mjs FILE.parquet
//   import { polarsRows } from './polars_dump.mjs'   // canonical row values
//
// Polars reads the file (one thread).  nodejs-polars cannot hand Binary,
// 64-bit integers or decimals to JavaScript exactly, so each top-level column
// is first mapped inside Polars, following the Parquet schema: binary → hex
// text, integers / decimals / temporal counts → decimal text, structs and
// lists rebuilt around their mapped children.  The Parquet schema then
// decides how every value prints (lib/canon.mjs), never Polars' dtype.
// Exit status: 0 ok, 1 Polars could not read the file (reason on stderr), 2 usage.
import fs from 'node:fs'
import pl from 'nodejs-polars'
import { tableFromIPC } from 'apache-arrow'
import { parquetMetadata } from 'hyparquet'
import { schemaTree, groupKind, listElement, mapParts, leafKind, isRepeated, isGroup } from './lib/schema.mjs'
import { canonRow } from './lib/canon.mjs'
import { writeJson } from './lib/json.mjs'
import * as F from './lib/format.mjs'


// The Polars expression turning `e` (a value of Parquet node n) into
// JS-safe values.  inRep: e is one occurrence of a repeated node.
function mapExpr(n, e, inRep) {
  if (isRepeated(n) && !inRep) return e.lst.eval(mapExpr(n, pl.element(), true))
  if (!isGroup(n)) return leafExpr(leafKind(n.el), e)
  switch (groupKind(n)) {
    case 'list': {
      const el = listElement(n)
      return e.lst.eval(mapExpr(el.node, pl.element(), el.isRepeated))
    }
    case 'map': { // List(Struct{key, value}), or List(key) when the map has no value field
      const { key, value } = mapParts(n)
      const el = pl.element()
      if (!value) return e.lst.eval(mapExpr(key, el, false))
      return e.lst.eval(pl.struct([mapExpr(key, el.struct.field(key.name), false).alias(key.name),
        mapExpr(value, el.struct.field(value.name), false).alias(value.name)]))
    }
    case 'variant': throw new Error('polars_dump: VARIANT is not mapped')
    default: {
      const fields = n.children.map(c => mapExpr(c, e.struct.field(c.name), false).alias(c.name))
      return pl.when(e.isNull()).then(pl.lit(null)).otherwise(pl.struct(fields))
    }
  }
}

function leafExpr(kind, e) {
  switch (kind.k) {
    case 'int': case 'decimal': return e.cast(pl.Utf8)
    case 'date': return e.cast(pl.Int32)
    case 'time': case 'timestamp': case 'int96': return e.cast(pl.Int64).cast(pl.Utf8)
    default: return e // bool, float32/64, float16, string, null
  }
}

const items = v => Array.from(v) // an Arrow list value (Vector) -> array

// Decimal text from Polars ("-12.340") -> unscaled BigInt at `scale`.
function unscaled(text, scale) {
  const neg = text.startsWith('-')
  let [i, f = ''] = (neg ? text.slice(1) : text).split('.')
  f = f.padEnd(scale, '0').slice(0, scale)
  const v = BigInt(i + f)
  return neg ? -v : v
}

function leaf(v, kind) {
  switch (kind.k) {
    case 'null': return null
    case 'bool': return v
    case 'int': return F.intValue(v)
    case 'float32': return F.floatValue(v)
    case 'float16': return F.floatValue(v instanceof Uint8Array ? F.float16(v) : v) // Polars may keep the 2 bytes
    case 'float64': return F.doubleValue(v)
    case 'string': return v instanceof Uint8Array ? F.utf8Text(v) : v // ENUM / JSON may come as Binary
    case 'binary': return F.base64(v)
    case 'uuid': return F.uuidText(v)
    case 'decimal': return F.decimalText(unscaled(v, kind.scale), kind.scale)
    case 'date': return F.dateText(v)
    // Polars keeps TIME as nanoseconds, timestamps in the file's unit.
    case 'time': return F.timeText(BigInt(v) / ({ MILLIS: 1000000n, MICROS: 1000n, NANOS: 1n })[kind.unit], kind.unit)
    case 'timestamp': return F.timestampText(BigInt(v), kind.unit, kind.utc)
    case 'int96': return F.timestampText(BigInt(v), 'NANOS', false)
    case 'interval': {
      const b = Buffer.from(v.buffer, v.byteOffset, v.byteLength)
      return F.intervalObj(b.readUInt32LE(0), b.readUInt32LE(4), b.readUInt32LE(8))
    }
  }
  throw new Error('polars_dump: no leaf rule for ' + kind.k)
}

const adapter = {
  repeated: v => items(v),
  field: (v, c) => v[c.name],
  listItems: v => items(v),
  mapEntries: (v, n) => {
    const { key, value } = mapParts(n)
    return value ? items(v).map(e => [e[key.name], e[value.name]]) : items(v).map(k => [k, undefined])
  },
  leaf,
  variant: () => { throw new Error('polars_dump: VARIANT is not mapped') },
}

// The file's rows as canonical values (lib/json.mjs), read by Polars; `root`
// is the schema tree (lib/schema.mjs schemaTree).
export function polarsRows(file, root) {
  const df = pl.readParquet(file)
  const mapped = df.select(...root.children.map(c => mapExpr(c, pl.col(c.name), false).alias(c.name)))
  const table = tableFromIPC(mapped.writeIPC())
  const cols = root.children.map((c, i) => table.getChildAt(i))
  const rows = []
  for (let r = 0; r < table.numRows; r++) rows.push(canonRow(root, cols.map(c => c.get(r)), adapter))
  return rows
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname)) {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) {
    process.stderr.write('usage: node polars_dump.mjs FILE.parquet\n')
    process.exit(2)
  }
  try {
    const buf = fs.readFileSync(file)
    const md = parquetMetadata(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength))
    const root = schemaTree(md.schema)
    process.stdout.write(polarsRows(file, root).map(r => writeJson(r) + '\n').join(''))
  } catch (e) {
    process.stderr.write(`polars_dump: ${String(e?.message ?? e).split('\n')[0].slice(0, 300)}\n`)
    process.exitCode = 1
  }
}
