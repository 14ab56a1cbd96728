// Times DuckDB (single thread) writing the rows of a Parquet file again, inside the process.
// The rows are loaded into an in-memory table first (untimed); the time is COPY ... TO only,
// each run to a new file (the last one's output removed first, untimed).
// usage: node write-duckdb.mjs OUT --like FILE --codec C [--runs N]
//   → {"op":"write","seconds"(median),"runs","bytes"(OUT's size)}
import { rmSync, statSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [out, ...rest] = process.argv.slice(2);
const arg = (name, dflt) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : dflt; };
const runs = Number(arg('--runs', '3'));
const like = arg('--like', null);
const codec = { none: 'uncompressed', lz4_raw: 'lz4_raw' }[arg('--codec', 'snappy')] ?? arg('--codec', 'snappy');
if (!out || !like) { console.error('usage: node write-duckdb.mjs OUT --like FILE --codec C [--runs N]'); process.exit(2); }
const db = await DuckDBInstance.create(':memory:', { threads: '1' });
const con = await db.connect();
const lit = (s) => `'${s.replaceAll("'", "''")}'`;
await con.run(`CREATE TABLE t AS SELECT * FROM read_parquet(${lit(like)})`);
const sql = `COPY t TO ${lit(out)} (FORMAT parquet, COMPRESSION ${codec})`;
await con.run(sql); // warm-up
const times = [];
for (let r = 0; r < runs; r++) {
  // Each run writes a new file, as parq-bench's do: the last output is
  // removed first (untimed), so that no run pays for freeing the old one.
  rmSync(out, { force: true });
  const t0 = process.hrtime.bigint();
  await con.run(sql);
  times.push(Number(process.hrtime.bigint() - t0) / 1e9);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ op: 'write', seconds: times[Math.floor(times.length / 2)], runs, bytes: statSync(out).size }));
