// Times DuckDB on a full read of one Parquet file on N threads (SET threads=N),
// inside the process: the named (default: all) columns of every row group
// decoded into DuckDB vectors and discarded (EXPLAIN ANALYZE), as
// time-duckdb.mjs read does on one thread.  The peer of parq's 2-thread
// reads (issue 28: parq on 2 threads at most 0.67 x DuckDB on 2).
// usage: node read-duckdb-threads.mjs FILE --threads N [--columns a,b] [--runs N]
//   → {"op":"read","seconds"(median),"cpu_seconds"(of the median run),"runs","threads"}
import { DuckDBInstance } from '@duckdb/node-api';
import { timeSql } from './time-sql.mjs';

const [file, ...rest] = process.argv.slice(2);
const arg = (name, dflt) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : dflt; };
const runs = Number(arg('--runs', '5'));
const threads = Number(arg('--threads', '2'));
if (!file || !(threads >= 1)) { console.error('usage: node read-duckdb-threads.mjs FILE --threads N [--columns a,b] [--runs N]'); process.exit(2); }
const db = await DuckDBInstance.create(':memory:', { threads: String(threads) });
const con = await db.connect();
await con.run(`SET threads=${threads}`);
const lit = (s) => `'${s.replaceAll("'", "''")}'`;
let cols = (await con.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${lit(file)})`)).getRowObjects().map((r) => r.column_name);
const want = arg('--columns', null);
if (want) cols = want.split(',');
const sql = `EXPLAIN ANALYZE SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM read_parquet(${lit(file)})`;
const { seconds, cpuSeconds: cpu } = await timeSql(con, sql, runs);
console.log(JSON.stringify({ op: 'read', seconds, cpu_seconds: cpu, runs, threads }));
