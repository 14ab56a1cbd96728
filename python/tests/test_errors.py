"""Bad input raises a ParqError subclass carrying parq's message, and a loop
of 10,000 failed opens and failed reads leaks nothing (RSS stays flat)."""
import gc

import pytest

import parq
from conftest import TESTING


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def test_missing_file():
    with pytest.raises(parq.ParqIOError, match="IO error: cannot open '/no/such.parquet'") as e:
        parq.ParquetFile("/no/such.parquet")
    assert e.value.code == -4
    assert isinstance(e.value, OSError)


def test_not_parquet(tmp_path):
    p = tmp_path / "x.parquet"
    p.write_bytes(b"this is not parquet at all")
    with pytest.raises(parq.CorruptFileError, match="^Corrupt: "):
        parq.ParquetFile(p)


def test_corrupt_page_raises_on_read():
    path = TESTING / "data" / "datapage_v1-corrupt-checksum.parquet"
    with parq.ParquetFile(path) as f:
        with pytest.raises(parq.CorruptFileError, match="(?i)crc|checksum"):
            f.read()


def test_unknown_column_and_bad_filter():
    with parq.ParquetFile(TESTING / "data" / "alltypes_plain.parquet") as f:
        with pytest.raises(parq.InvalidArgumentError, match="no field 'nope' in the schema"):
            f.read(columns=["nope"])
        with pytest.raises(parq.InvalidArgumentError, match=r"filter: .* at column"):
            f.read(filter="id >")
        with pytest.raises(ValueError):  # InvalidArgumentError is a ValueError too
            f.read(filter="nope = 1")
        with pytest.raises(parq.InvalidArgumentError, match="target size must be at least 1 byte"):
            f.splits(0)


def test_closed_file():
    f = parq.ParquetFile(TESTING / "data" / "alltypes_plain.parquet")
    f.close()
    with pytest.raises(ValueError, match="closed"):
        f.read()


def test_dataset_errors(tmp_path):
    with pytest.raises(parq.InvalidArgumentError, match=str(tmp_path / "none")):
        parq.Dataset(str(tmp_path / "none"))


def test_failed_opens_and_reads_keep_rss_flat(tmp_path):
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"PAR1" + b"\0" * 100 + b"PAR1")
    good = TESTING / "data" / "alltypes_plain.parquet"
    corrupt = TESTING / "data" / "datapage_v1-corrupt-checksum.parquet"

    def round_of(n):
        for i in range(n):
            for path in (bad, "/no/such/file.parquet"):
                try:
                    parq.ParquetFile(path)
                except parq.ParqError:
                    pass
            with parq.ParquetFile(good) as f:
                try:
                    f.read(columns=["no_such_column"])
                except parq.InvalidArgumentError:
                    pass
                try:
                    f.read(filter="id >")
                except parq.InvalidArgumentError:
                    pass
            if i % 10 == 0:
                with parq.ParquetFile(corrupt) as f:
                    try:
                        f.read_numpy()
                    except parq.CorruptFileError:
                        pass
        gc.collect()

    round_of(1000)  # warm up: allocator pools, caches
    before = rss_kib()
    round_of(10_000)
    after = rss_kib()
    assert after - before < 4096, f"RSS grew {after - before} KiB over 10,000 failed opens and reads"
