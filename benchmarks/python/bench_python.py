#!/usr/bin/python3
"""The Python package's speed on the 6M-row lineitem of benchmarks/peers
(`parq-bench gen lineitem`, SNAPPY): not a timed test, a report.

    benchmarks/python/run [BUILD_DIR]          (builds parq-bench, makes the data, runs this)

1. numpy: the four integer columns through the Arrow stream into numpy
   (zero-copy views) against `parq-bench read --columns` of the same.
2. pandas: the whole file into a DataFrame (decimals as Decimal objects and
   dates as date objects; then decimal_as_float / date_as_datetime64)
   against `parq-bench read` (decode only) and `parq-bench arrow` (the Arrow
   batches the package imports); the difference is the Python objects
   pandas needs (strings above all).
3. Dask: TPC-H Q1 on a LocalCluster of 2 single-threaded worker processes
   against DuckDB with SET threads=2 on the same file and query.
Medians of RUNS (environment, default 3) runs; one JSON line each.
"""
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import parq
import parq.dask

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "tests"))
import duckdb_ctypes  # noqa: E402

RUNS = int(os.environ.get("RUNS", "3"))


def median_time(fn):
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench(bin_dir, *args):
    out = subprocess.run([str(bin_dir / "parq-bench"), *args, "--runs", str(RUNS)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["seconds"]


def report(**kv):
    print(json.dumps(kv), flush=True)


Q1_SQL = ("SELECT returnflag, linestatus, sum(quantity), sum(extendedprice), "
          "sum(extendedprice * (1 - discount)), count(*) FROM read_parquet('{}') "
          "WHERE shipdate <= DATE '1998-09-02' GROUP BY ALL ORDER BY ALL")


def main():
    build = Path(sys.argv[1]).resolve()
    data = Path(sys.argv[2]).resolve()
    bin_dir = build / "bin"
    ints = "orderkey,partkey,suppkey,linenumber"

    with parq.ParquetFile(data) as f:
        cli = bench(bin_dir, "read", str(data), "--columns", ints)
        py = median_time(lambda: f.read_numpy(ints.split(",")))
        report(case="numpy-ints", python_s=round(py, 3), parq_bench_read_s=round(cli, 3), ratio=round(py / cli, 2))

        read_all = bench(bin_dir, "read", str(data))
        arrow_all = bench(bin_dir, "arrow", str(data))
        for name, kw in [("pandas-objects", {}),
                         ("pandas-float-decimals", dict(decimal_as_float=True, date_as_datetime64=True))]:
            py = median_time(lambda: f.read(**kw))
            report(case=name, python_s=round(py, 3), parq_bench_read_s=round(read_all, 3),
                   parq_bench_arrow_s=round(arrow_all, 3), ratio_to_read=round(py / read_all, 2))

    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                      silence_logs=40) as cluster, Client(cluster):
        def q1():
            ddf = parq.dask.read_parquet(str(data), columns=["returnflag", "linestatus", "quantity", "extendedprice",
                                                             "discount"],
                                         filter="shipdate <= DATE '1998-09-02'", split_size=16 << 20,
                                         decimal_as_float=True)
            ddf = ddf.assign(net=ddf.extendedprice * (1 - ddf.discount))
            return ddf.groupby(["returnflag", "linestatus"]).agg(
                {"quantity": "sum", "extendedprice": "sum", "net": "sum", "discount": "count"}).compute()
        q1()  # workers warm: imports, libparq loaded
        dask_s = median_time(q1)
        parts = parq.dask.read_parquet(str(data), split_size=16 << 20).npartitions
    lib = duckdb_ctypes.library_path()
    duck_s = None
    if lib:
        db = duckdb_ctypes.DuckDB(lib)
        db.query("SET threads=2")
        duck_s = median_time(lambda: db.query(Q1_SQL.format(data)))
        db.close()
    report(case="dask-q1-2-workers", dask_s=round(dask_s, 3), partitions=parts,
           duckdb_threads2_s=None if duck_s is None else round(duck_s, 3),
           ratio=None if duck_s is None else round(dask_s / duck_s, 2))


if __name__ == "__main__":
    main()
