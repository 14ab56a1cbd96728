"""parq.dask on a distributed.LocalCluster of 2 worker processes (loopback):
a group-by over lineitem-like data read as parq splits equals DuckDB's
answer; a partitioned write reads back in DuckDB (hive_partitioning) equal
to its input; a worker killed mid-job still gives the right answer after
Dask re-runs its tasks, and a failed write leaves no dataset behind.

DuckDB is the interop peers' libduckdb.so (duckdb_ctypes.py); without it
(no peers installed) the expected answers come from pandas on the same
data, and the test says so in its output."""
import os
import signal
import threading
import time

import numpy as np
import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")
from distributed import Client, LocalCluster, futures_of, wait  # noqa: E402

import parq  # noqa: E402
import parq.dask  # noqa: E402
import duckdb_ctypes  # noqa: E402

ROWS = 400_000


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None, silence_logs=40)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def duck():
    path = duckdb_ctypes.library_path()
    if path is None:
        print("\nparq.dask tests: no DuckDB (run tests/interop/install_peers.sh); expected answers from pandas")
        yield None
        return
    db = duckdb_ctypes.DuckDB(path)
    yield db
    db.close()


@pytest.fixture(scope="module")
def lineitem(tmp_path_factory):
    """A lineitem-like file: TPC-H's columns of Q1, 20 row groups."""
    rng = np.random.default_rng(1)
    df = pd.DataFrame({
        "l_orderkey": np.arange(ROWS, dtype=np.int64) // 4,
        "l_quantity": rng.integers(1, 51, ROWS).astype(np.int64),
        "l_extendedprice_cents": rng.integers(90_000, 10_500_000, ROWS).astype(np.int64),
        "l_discount": rng.integers(0, 11, ROWS) / 100.0,
        "l_returnflag": rng.choice(np.array(["A", "N", "R"], dtype=object), ROWS),
        "l_linestatus": rng.choice(np.array(["F", "O"], dtype=object), ROWS),
        "l_shipdate": (pd.Timestamp("1992-01-01") + pd.to_timedelta(rng.integers(0, 2500, ROWS), unit="D")).date,
        "l_comment": [f"comment {i % 977}" for i in range(ROWS)],
    })
    path = tmp_path_factory.mktemp("lineitem") / "lineitem.parquet"
    parq.write_parquet(df, path, codec="snappy", row_group_rows=ROWS // 20)
    return path, df


Q1 = ("SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice_cents), "
      "sum(l_extendedprice_cents * (1 - l_discount)), count(*) FROM read_parquet('{}') "
      "WHERE l_shipdate <= DATE '1998-09-02' GROUP BY ALL ORDER BY ALL")


def expected_q1(duck, path, df):
    if duck is not None:
        return [(r[0], r[1], int(r[2]), int(r[3]), float(r[4]), int(r[5])) for r in duck.query(Q1.format(path))]
    d = df[df["l_shipdate"] <= pd.Timestamp("1998-09-02").date()]
    g = d.assign(net=d["l_extendedprice_cents"] * (1 - d["l_discount"])).groupby(["l_returnflag", "l_linestatus"])
    out = g.agg(q=("l_quantity", "sum"), p=("l_extendedprice_cents", "sum"), n=("net", "sum"),
                c=("l_quantity", "size")).reset_index()
    return [(r.l_returnflag, r.l_linestatus, int(r.q), int(r.p), float(r.n), int(r.c)) for r in out.itertuples()]


def dask_q1(ddf):
    # Dates are datetime.date objects (as pandas reads DATE); meta= keeps Dask
    # from comparing its placeholder strings with a date.
    cut = pd.Timestamp("1998-09-02").date()
    d = ddf.map_partitions(lambda p: p[p["l_shipdate"] <= cut], meta=ddf._meta)
    d = d.assign(net=d["l_extendedprice_cents"] * (1 - d["l_discount"]))
    g = d.groupby(["l_returnflag", "l_linestatus"]).agg({"l_quantity": "sum", "l_extendedprice_cents": "sum",
                                                        "net": "sum", "l_orderkey": "count"})
    out = g.compute().sort_index()
    return [(k[0], k[1], int(r.l_quantity), int(r.l_extendedprice_cents), float(r.net), int(r.l_orderkey))
            for k, r in out.iterrows()]


def assert_same_q1(got, want):
    assert len(got) == len(want) == 6
    for g, w in zip(got, want):
        assert g[:4] == w[:4] and g[5] == w[5], (g, w)
        assert g[4] == pytest.approx(w[4], rel=1e-12), (g, w)


def test_group_by_over_splits_equals_duckdb(client, duck, lineitem):
    path, df = lineitem
    ddf = parq.dask.read_parquet(str(path), split_size=1)
    assert ddf.npartitions == 20  # one row group a split: >= 8 splits
    assert_same_q1(dask_q1(ddf), expected_q1(duck, path, df))
    # Projection and a filter pushed into each split's reader.
    small = parq.dask.read_parquet(str(path), columns=["l_orderkey", "l_quantity"], filter="l_quantity >= 50",
                                   split_size=1)
    assert list(small.columns) == ["l_orderkey", "l_quantity"]
    assert small["l_quantity"].sum().compute() == int(df.loc[df.l_quantity >= 50, "l_quantity"].sum())


def kill_one_worker(client):
    pids = client.run(os.getpid)
    victim = sorted(pids.items())[0]
    os.kill(victim[1], signal.SIGKILL)
    return victim


def test_killed_worker_still_gives_the_right_answer(client, duck, lineitem):
    path, df = lineitem
    ddf = parq.dask.read_parquet(str(path), split_size=1).persist()
    futures = futures_of(ddf)
    wait(futures, return_when="FIRST_COMPLETED")
    done_when_killed = sum(f.done() for f in futures)
    kill_one_worker(client)
    assert done_when_killed < len(futures)  # mid-job
    assert_same_q1(dask_q1(ddf), expected_q1(duck, path, df))
    client.wait_for_workers(2, timeout=60)


def rows_of(duck, sql):
    return [tuple(r) for r in duck.query(sql)]


def test_partitioned_write_reads_back_in_duckdb(client, duck, lineitem, tmp_path):
    path, df = lineitem
    ddf = parq.dask.read_parquet(str(path), columns=["l_orderkey", "l_quantity", "l_returnflag", "l_linestatus"],
                                 split_size=1)
    out = tmp_path / "by_flag"
    files = parq.dask.to_parquet(ddf, out, partition_on=["l_returnflag", "l_linestatus"], codec="zstd")
    assert len(files) == 20 * 6
    assert sorted(os.listdir(out)) == ["_SUCCESS", "l_returnflag=A", "l_returnflag=N", "l_returnflag=R"]
    assert not [p for p in os.listdir(tmp_path) if ".parq-tmp-" in p]
    # parq reads it back as a dataset ...
    back = parq.read_parquet(out)
    assert len(back) == ROWS
    key = ["l_orderkey", "l_quantity", "l_returnflag", "l_linestatus"]
    want = df[key].sort_values(key).reset_index(drop=True)
    got = back[key].sort_values(key).reset_index(drop=True)
    assert (got.to_numpy() == want.to_numpy()).all()
    # ... and so does DuckDB, with hive_partitioning.
    if duck is not None:
        sql = (f"SELECT l_returnflag, l_linestatus, count(*), sum(l_quantity), sum(l_orderkey) FROM "
               f"read_parquet('{out}/**/*.parquet', hive_partitioning=true) GROUP BY ALL ORDER BY ALL")
        g = want.groupby(["l_returnflag", "l_linestatus"]).agg(c=("l_quantity", "size"), q=("l_quantity", "sum"),
                                                               o=("l_orderkey", "sum")).reset_index()
        expect = [(r.l_returnflag, r.l_linestatus, str(r.c), str(r.q), str(r.o)) for r in g.itertuples()]
        assert rows_of(duck, sql) == expect
        # Every row, compared as one checksum of the whole rows.
        fp = ("SELECT sum(hash(l_orderkey, l_quantity, l_returnflag, l_linestatus)) FROM read_parquet('{}'{})")
        assert duck.query(fp.format(f"{out}/**/*.parquet", ", hive_partitioning=true")) == \
            duck.query(fp.format(path, ""))
    # A filter naming the partition columns: decided by each file's path (a
    # file it excludes makes no partition), the rest by the split's reader.
    for text, keep in [("l_returnflag = 'R' AND l_quantity < 10", (df.l_returnflag == "R") & (df.l_quantity < 10)),
                       ("l_linestatus = 'F' OR l_quantity = 1", (df.l_linestatus == "F") | (df.l_quantity == 1))]:
        got = parq.dask.read_parquet(str(out), filter=text, split_size=1).compute()
        got = got[key].sort_values(key).reset_index(drop=True)
        assert len(got) == keep.sum() > 0, text
        assert (got.to_numpy() == df.loc[keep, key].sort_values(key).reset_index(drop=True).to_numpy()).all(), text
    assert parq.dask.read_parquet(str(out), filter="l_returnflag = 'R'", split_size=1).npartitions == 20 * 2


def test_killed_worker_during_write_commits_the_whole_dataset(client, lineitem, tmp_path):
    path, df = lineitem
    ddf = parq.dask.read_parquet(str(path), columns=["l_orderkey", "l_returnflag"], split_size=1)
    out = tmp_path / "written"
    killed = []

    def killer():  # as soon as the first partition's files appear in the staging directory
        deadline = time.time() + 60
        while time.time() < deadline:
            staging = [p for p in os.listdir(tmp_path) if ".parq-tmp-" in p]
            if staging and any(files for _, _, files in os.walk(tmp_path / staging[0])):
                killed.append(kill_one_worker(client))
                return
            time.sleep(0.005)

    t = threading.Thread(target=killer)
    t.start()
    files = parq.dask.to_parquet(ddf, out, partition_on=["l_returnflag"])
    t.join()
    assert killed, "the worker was not killed during the write"
    assert len(files) == 20 * 3
    on_disk = sorted(os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs)
    assert on_disk == sorted(files + ["_SUCCESS"])  # nothing a killed attempt left
    back = parq.read_parquet(out)
    assert sorted(back["l_orderkey"]) == sorted(df["l_orderkey"])
    client.wait_for_workers(2, timeout=60)


def test_failed_write_leaves_no_dataset(client, tmp_path):
    import dask.dataframe as dd
    good = pd.DataFrame({"a": np.arange(10), "o": ["x"] * 10})
    bad = pd.DataFrame({"a": np.arange(10), "o": [object()] * 10})  # no Parquet form: the task fails
    ddf = dd.from_delayed([__import__("dask").delayed(lambda d: d)(good), __import__("dask").delayed(lambda d: d)(bad)],
                          meta=good.iloc[:0])
    out = tmp_path / "never"
    with pytest.raises(TypeError, match="column 'o'"):
        parq.dask.to_parquet(ddf, out)
    assert not out.exists()
    assert os.listdir(tmp_path) == []


def test_existing_target_is_refused(client, tmp_path):
    import dask.dataframe as dd
    (tmp_path / "t").mkdir()
    with pytest.raises(FileExistsError):
        parq.dask.to_parquet(dd.from_pandas(pd.DataFrame({"a": [1]}), npartitions=1), tmp_path / "t")
