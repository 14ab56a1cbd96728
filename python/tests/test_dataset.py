"""Datasets (Hive partitions, unified schema, projection, filters) and
splits through the package: every row read exactly once, by parq's splits
or by an engine's fixed-size byte ranges."""
import json

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

import parq


@pytest.fixture()
def sales(tmp_path):
    root = tmp_path / "sales"
    frames = []
    for year, region, n in [(2023, "eu", 50), (2023, "us", 30), (2024, "eu", 40)]:
        d = root / f"year={year}" / f"region={region}"
        d.mkdir(parents=True)
        df = pd.DataFrame({"id": np.arange(n, dtype=np.int32 if year == 2023 else np.int64),
                           "amount": np.linspace(0, 1, n)})
        parq.write_parquet(df, d / "part-0.parquet", row_group_rows=16)
        df = df.assign(id=df["id"].astype(np.int64), year=year, region=region)
        frames.append(df)
    return root, pd.concat(frames, ignore_index=True)


def test_dataset_reads_partitions_and_widens(sales):
    root, expected = sales
    with parq.Dataset(root) as ds:
        assert ds.num_rows == 120
        assert ds.partition_columns == [("year", "int64"), ("region", "string")]
        assert [f.partition for f in ds.files] == [{"year": "2023", "region": "eu"},
                                                   {"year": "2023", "region": "us"},
                                                   {"year": "2024", "region": "eu"}]
        assert "required int64 id" in ds.schema  # int32 and int64 files: int64
        df = ds.read()
    assert list(df.columns) == ["id", "amount", "year", "region"]
    assert list(df["id"]) == list(expected["id"])
    assert list(df["year"]) == list(expected["year"])
    assert list(df["region"]) == list(expected["region"])
    np.testing.assert_array_equal(np.asarray(df["amount"], dtype=float), expected["amount"].to_numpy())


def test_dataset_filter_and_projection(sales):
    root, expected = sales
    with parq.Dataset(str(root) + "/**/*.parquet") as ds:
        df = ds.read(columns=["id", "region"], filter="year = 2024 AND id >= 35")
        assert list(df.columns) == ["id", "region"]
        assert list(df["id"]) == [35, 36, 37, 38, 39]
        rows = [json.loads(r) for r in ds.iter_rows(["id", "year"], "region = 'us' AND id < 2")]
    assert rows == [{"id": 0, "year": 2023}, {"id": 1, "year": 2023}]


def test_filter_on_partition_columns(sales):
    root, expected = sales
    # parq.read_parquet of a directory: a filter mixing partition and file columns.
    text = "region = 'us' OR (year = 2024 AND id < 3)"
    df = parq.read_parquet(root, columns=["id", "year", "region"], filter=text)
    keep = (expected.region == "us") | ((expected.year == 2024) & (expected.id < 3))
    assert list(zip(df.id, df.year, df.region)) == list(zip(expected.id[keep], expected.year[keep],
                                                             expected.region[keep]))
    # Each file's share of it, its path deciding the partition columns.
    with parq.Dataset(root) as ds:
        assert ds.file_filters(text) == [None, (None,), ("id < 3",)]
        assert ds.file_filters("id = 1") == [("id = 1",)] * 3
        with pytest.raises(parq.InvalidArgumentError, match="nope"):
            ds.file_filters("nope = 1")


def test_dataset_list_of_files(sales):
    root, _ = sales
    files = sorted(root.rglob("*.parquet"))
    with parq.Dataset([files[2], files[0]]) as ds:
        assert [f.partition["year"] for f in ds.files] == ["2024", "2023"]
        assert ds.num_rows == 90


def test_splits_read_every_row_once(tmp_path):
    df = pd.DataFrame({"k": np.arange(10_000, dtype=np.int64), "s": [str(i) for i in range(10_000)]})
    path = tmp_path / "big.parquet"
    parq.write_parquet(df, path, row_group_rows=1000)
    with parq.ParquetFile(path) as f:
        splits = f.splits(target_bytes=1)
        assert len(splits) == 10 and sum(s.num_rows for s in splits) == 10_000
        parts = [f.read_split(s) for s in splits]
        assert [len(p) for p in parts] == [s.num_rows for s in splits]
        pdt.assert_frame_equal(pd.concat(parts, ignore_index=True), df)
        # An engine's own fixed-size blocks: the midpoint rule still gives each row group to one block.
        size = path.stat().st_size
        blocks = [f.read(byte_range=(o, 3000)) for o in range(0, size, 3000)]
        pdt.assert_frame_equal(pd.concat(blocks, ignore_index=True), df)
        assert any(len(b) == 0 for b in blocks)
        assert list(blocks[0].columns) == ["k", "s"]  # an empty block keeps the schema


def test_reads_on_threads_equal_one_thread(sales, tmp_path):
    root, _ = sales
    one = parq.read_parquet(root)
    for threads in (2, 4):
        pd.testing.assert_frame_equal(parq.read_parquet(root, threads=threads), one)
        pd.testing.assert_frame_equal(parq.read_parquet(root, filter="id > 20", threads=threads),
                                      parq.read_parquet(root, filter="id > 20"))
    # A file of many row groups: the next row group is read ahead.
    df = pd.DataFrame({"id": np.arange(5000, dtype=np.int64), "s": [f"v{i % 97}" for i in range(5000)]})
    path = tmp_path / "many.parquet"
    parq.write_parquet(df, path, row_group_rows=300, threads=2)
    with parq.ParquetFile(path, threads=3) as f:
        assert f.num_row_groups == 17
        pd.testing.assert_frame_equal(f.read(), df)
        pd.testing.assert_frame_equal(f.read(filter="id >= 4990").reset_index(drop=True),
                                      df[df["id"] >= 4990].reset_index(drop=True))
    with pytest.raises(parq.InvalidArgumentError, match="parq_reader_set_threads: 0 threads; want 1 to 1024"):
        parq.ParquetFile(path, threads=0)
    with pytest.raises(parq.InvalidArgumentError, match="parq_dataset_set_threads: 2000 threads; want 1 to 1024"):
        parq.Dataset(root, threads=2000)
