// Times DuckDB (single thread, SET threads=1) on a filtered read of one Parquet file, inside the
// process: the rows of the named columns for which the WHERE condition holds, decoded into DuckDB
// vectors and discarded (EXPLAIN ANALYZE), as parq-bench filter assembles them.
// usage: node filter-duckdb.mjs FILE --columns a,b --where SQL [--runs N]
//   → {"op":"filter","seconds"(median),"cpu_seconds"(of the median run),"runs","rows"}
import { DuckDBInstance } from '@duckdb/node-api';
import { timeSql } from './time-sql.mjs';

const [file, ...rest] = process.argv.slice(2);
const arg = (name, dflt) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : dflt; };
const runs = Number(arg('--runs', '5'));
const cols = arg('--columns', null);
const where = arg('--where', null);
if (!file || !cols) { console.error('usage: node filter-duckdb.mjs FILE --columns a,b [--where SQL] [--runs N]'); process.exit(2); }
const db = await DuckDBInstance.create(':memory:', { threads: '1' });
const con = await db.connect();
await con.run('SET threads=1');
const lit = (s) => `'${s.replaceAll("'", "''")}'`;
const select = `SELECT ${cols.split(',').map((c) => `"${c}"`).join(', ')} FROM read_parquet(${lit(file)})` +
  (where ? ` WHERE ${where}` : '');
const count = (await con.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM (${select})`)).getRowObjects()[0].n;
const sql = `EXPLAIN ANALYZE ${select}`;
const { seconds, cpuSeconds: cpu } = await timeSql(con, sql, runs);
console.log(JSON.stringify({ op: 'filter', seconds, cpu_seconds: cpu, runs, rows: Number(count) }));
