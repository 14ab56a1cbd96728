#!/usr/bin/python3
"""The Python package's speed on the 6M-row lineitem of benchmarks/peers
(`parq-bench gen lineitem`, SNAPPY): not a timed test, a report.

    benchmarks/python/run [BUILD_DIR]          (builds parq-bench, makes the data, runs this)

1. numpy: the four integer columns through the Arrow stream into numpy
   against `parq-bench read --columns` of the same.
2. pandas: the whole file into a DataFrame, in its two forms (decimals and
   dates as float64 / datetime64[ns]; as Decimal / date objects), against
   `parq-bench read` (decode only) plus the pandas construction the read
   needs: the same DataFrame built from the file's values already decoded
   in memory in Arrow's layout (construction(), below; docs/python.md,
   "Speed", says what it is).  The issue's bound: Python within 1.3 x
   (parq-bench read + construction).
3. Dask: TPC-H Q1 on a LocalCluster of 2 single-threaded worker processes
   against DuckDB with SET threads=2 on the same file and query.
Medians of RUNS (environment, default 3) runs, wall and CPU seconds (the
machine may be shared: CPU time is the steadier figure); one JSON line each.
"""
import decimal
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

import parq
import parq.dask
from parq._import import _by_distinct

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "tests"))
import duckdb_ctypes  # noqa: E402

RUNS = int(os.environ.get("RUNS", "3"))
# Which cases to run: numpy, pandas (or one of pandas-float-decimals, pandas-objects), dask.
CASES = os.environ.get("CASES", "numpy,pandas,dask").split(",")


def median_time(fn):
    return median_times(fn)[0]


def median_times(fn):
    """Median wall and CPU seconds of RUNS calls of fn."""
    wall, cpu = [], []
    for _ in range(RUNS):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def bench(bin_dir, *args):
    return bench_times(bin_dir, *args)[0]


def bench_times(bin_dir, *args):
    """parq-bench's median wall seconds, and its CPU seconds per run (the
    child's user + system time over its RUNS + 1 runs: a first, then RUNS)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(bin_dir / "parq-bench"), *args, "--runs", str(RUNS)], check=True,
                         capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) / (RUNS + 1)
    return json.loads(out.strip().splitlines()[-1])["seconds"], cpu


def report(**kv):
    print(json.dumps(kv), flush=True)


Q1_SQL = ("SELECT returnflag, linestatus, sum(quantity), sum(extendedprice), "
          "sum(extendedprice * (1 - discount)), count(*) FROM read_parquet('{}') "
          "WHERE shipdate <= DATE '1998-09-02' GROUP BY ALL ORDER BY ALL")


# -- the pandas construction a read needs ---------------------------------

def arrow_layout(f):
    """The file's values as Arrow holds them once decoded, one contiguous
    array per column (made here, untimed, from a parq read): integers and
    their validity, decimals as unscaled int64, dates as int32 days,
    strings as UTF-8 bytes and int64 offsets: low-cardinality ones (as the
    file dictionary-encodes them) a dictionary of the distinct values and
    int32 codes."""
    df = f.read(decimal_as_float=True, date_as_datetime64=True)
    scales = {}
    for line in f.schema.splitlines():
        if "DECIMAL(" in line:
            name = line.split("(")[0].split()[-1]
            scales[name] = int(line.split("DECIMAL(")[1].split(")")[0].split(",")[1])
    cols = {}
    for name in df.columns:
        col = df[name].array
        if name in scales:
            cols[name] = ("decimal", np.round(col.to_numpy(np.float64) * 10 ** scales[name]).astype(np.int64),
                          scales[name], col._mask.copy())
        elif df[name].dtype.kind == "M":
            cols[name] = ("date", (np.asarray(col).astype("datetime64[D]").astype(np.int64)).astype(np.int32))
        elif df[name].dtype == object:
            codes, uniques = pd.factorize(np.asarray(col))
            if len(uniques) * 2 < len(codes):
                cols[name] = ("dictionary", _utf8(list(uniques)), codes.astype(np.int32))
            else:
                cols[name] = ("strings", _utf8(list(np.asarray(col))))
        else:
            cols[name] = ("integer", col._data.copy(), col._mask.copy())
    return cols


def _utf8(strings):
    data = [s.encode("utf-8") for s in strings]
    offsets = np.zeros(len(data) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in data], out=offsets[1:])
    return b"".join(data), offsets


def _str_objects(utf8):
    """A str per value: the text decoded once, each value a slice of it."""
    data, offsets = utf8
    text = data.decode("utf-8")
    if len(text) != len(data):  # not ASCII: byte offsets are not str offsets
        bounds = offsets.tolist()
        return [data[a:b].decode("utf-8") for a, b in zip(bounds, bounds[1:])]
    bounds = offsets.tolist()
    return list(map(text.__getitem__, map(slice, bounds, bounds[1:])))


def construction(cols, objects):
    """The DataFrame of read() (objects: its default, Decimal and date
    objects; else decimal_as_float, date_as_datetime64) built from
    arrow_layout's arrays with numpy and pandas: the work beyond decoding
    that any reader into pandas does.  Objects made once per distinct value
    use the package's own helper (_by_distinct: a table over the values'
    span, else np.unique), the fastest idiom we know, so the baseline is no
    slower than the package there."""
    out = {}
    for name, (kind, *a) in cols.items():
        if kind == "integer":
            col = pd.arrays.IntegerArray(a[0], a[1])
        elif kind == "decimal" and objects:
            suffix = f"e-{a[1]}"
            col = _by_distinct(a[0], lambda d: [decimal.Decimal(f"{v}{suffix}") for v in d.tolist()])
        elif kind == "decimal":
            col = pd.arrays.FloatingArray(a[0] / 10.0 ** a[1], a[2])
        elif kind == "date" and objects:
            col = _by_distinct(a[0], lambda d: d.astype("datetime64[D]").astype(object).tolist())
        elif kind == "date":
            col = np.multiply(a[0], 86_400_000_000_000, dtype=np.int64).view("datetime64[ns]")
        elif kind == "dictionary":
            distinct = np.empty(len(a[0][1]) - 1, dtype=object)
            distinct[:] = _str_objects(a[0])
            col = distinct.take(a[1])
        else:
            col = np.empty(len(a[0][1]) - 1, dtype=object)
            col[:] = _str_objects(a[0])
        out[name] = pd.Series(col, copy=False, dtype=object if getattr(col, "dtype", None) == object else None)
    return pd.DataFrame(out, copy=False)


def main():
    build = Path(sys.argv[1]).resolve()
    data = Path(sys.argv[2]).resolve()
    bin_dir = build / "bin"
    ints = "orderkey,partkey,suppkey,linenumber"

    with parq.ParquetFile(data) as f:
        if "numpy" in CASES:
            cli = bench(bin_dir, "read", str(data), "--columns", ints)
            py = median_time(lambda: f.read_numpy(ints.split(",")))
            report(case="numpy-ints", python_s=round(py, 3), parq_bench_read_s=round(cli, 3),
                   ratio=round(py / cli, 2))
        if any(c.startswith("pandas") for c in CASES):
            pandas_cases(f, bin_dir, data)
    if "dask" in CASES:
        dask_case(data)


def pandas_cases(f, bin_dir, data):
    read_wall, read_cpu = bench_times(bin_dir, "read", str(data))
    arrow_all = bench(bin_dir, "arrow", str(data))
    cols = arrow_layout(f)
    for name, kw, objects in [("pandas-float-decimals", dict(decimal_as_float=True, date_as_datetime64=True), False),
                              ("pandas-objects", {}, True)]:
        if "pandas" not in CASES and name not in CASES:
            continue
        built = construction(cols, objects)
        read = f.read(**kw)
        # The same DataFrame, or the comparison means nothing: dtypes, and
        # the values of every 101st row (all of them would take longer than the reads).
        pd.testing.assert_series_equal(built.dtypes, read.dtypes)
        pd.testing.assert_frame_equal(built.iloc[::101], read.iloc[::101])
        del built, read
        py_wall, py_cpu = median_times(lambda: f.read(**kw))
        base_wall, base_cpu = median_times(lambda: construction(cols, objects))
        report(case=name, python_s=round(py_wall, 3), python_cpu_s=round(py_cpu, 3),
               parq_bench_read_s=round(read_wall, 3), parq_bench_read_cpu_s=round(read_cpu, 3),
               construction_s=round(base_wall, 3), construction_cpu_s=round(base_cpu, 3),
               parq_bench_arrow_s=round(arrow_all, 3),
               ratio=round(py_wall / (read_wall + base_wall), 2),
               ratio_cpu=round(py_cpu / (read_cpu + base_cpu), 2))
    del cols


def dask_case(data):
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
