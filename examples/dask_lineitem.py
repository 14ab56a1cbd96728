#!/usr/bin/python3
"""parq inside Dask's distributed scheduler (docs/distributed.md): a
lineitem-like table written by parq, read back as a Dask DataFrame of parq
splits by a LocalCluster of 2 worker processes, a TPC-H Q1-style group-by,
and the result written as a Hive-partitioned dataset committed atomically.

Run with Debian's interpreter (numpy, pandas, dask from its packages), the
package and libparq.so from a build tree:

    PYTHONPATH=python PARQ_LIBRARY=build/libparq.so /usr/bin/python3 examples/dask_lineitem.py [ROWS] [SCHEDULER]

SCHEDULER: the address of a running scheduler ("tcp://10.0.0.5:8786"); by
default a LocalCluster on loopback.
"""
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
from distributed import Client, LocalCluster

import parq
import parq.dask


def make_lineitem(path: Path, rows: int) -> None:
    rng = np.random.default_rng(0)
    df = pd.DataFrame({
        "l_orderkey": np.arange(rows, dtype=np.int64) // 4,
        "l_quantity": rng.integers(1, 51, rows).astype(np.int64),
        "l_extendedprice": rng.integers(90_000, 10_500_000, rows) / 100.0,
        "l_discount": rng.integers(0, 11, rows) / 100.0,
        "l_returnflag": rng.choice(np.array(["A", "N", "R"], dtype=object), rows),
        "l_linestatus": rng.choice(np.array(["F", "O"], dtype=object), rows),
    })
    parq.write_parquet(df, path, codec="zstd", row_group_rows=max(rows // 16, 1))


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    if len(sys.argv) > 2:
        client = Client(sys.argv[2])
    else:
        client = Client(LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None))
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "lineitem.parquet"
        make_lineitem(src, rows)
        with parq.ParquetFile(src) as f:
            splits = f.splits(target_bytes=256 << 10)
            print(f"{src.name}: {f.num_rows} rows, {f.num_row_groups} row groups, {len(splits)} splits")

        start = time.perf_counter()
        ddf = parq.dask.read_parquet(str(src), split_size=256 << 10)  # one partition per split
        q1 = (ddf.assign(net=ddf.l_extendedprice * (1 - ddf.l_discount))
                 .groupby(["l_returnflag", "l_linestatus"])
                 .agg({"l_quantity": "sum", "net": "sum", "l_orderkey": "count"})
                 .compute().sort_index())
        print(f"group-by over {ddf.npartitions} partitions in {time.perf_counter() - start:.2f} s")
        print(q1)

        out = Path(tmp) / "by_flag"
        files = parq.dask.to_parquet(ddf, out, partition_on=["l_returnflag"], codec="zstd")
        back = parq.read_parquet(out)  # a Hive dataset: l_returnflag comes back as a column
        print(f"wrote {len(files)} files under {out.name}/ ({sorted(p.name for p in out.iterdir())}); "
              f"read back {len(back)} rows")
        assert len(back) == rows
    client.close()


if __name__ == "__main__":
    main()
