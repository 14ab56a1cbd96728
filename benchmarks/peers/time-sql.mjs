// The timing loop of the DuckDB scripts here: `sql` once to warm up, then
// `runs` times; the run of median wall time, with its CPU seconds (user +
// system of the process: DuckDB's threads included).
export async function timeSql(con, sql, runs) {
  await con.run(sql); // warm-up
  const times = [];
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await con.run(sql);
    const c = process.cpuUsage(c0);
    times.push([Number(process.hrtime.bigint() - t0) / 1e9, (c.user + c.system) / 1e6]);
  }
  times.sort((a, b) => a[0] - b[0]);
  const [seconds, cpuSeconds] = times[Math.floor(times.length / 2)];
  return { seconds, cpuSeconds };
}
