"""parq for Python: Parquet files read and written by libparq (the C++20
library) through its C API, with ctypes: no compiled extension.

    import parq
    with parq.ParquetFile("data.parquet") as f:
        print(f.schema, f.num_rows)
        df = f.read(columns=["id", "name"], filter="id > 10")   # pandas
        arrays = f.read_numpy(columns=["id"])                   # numpy, zero-copy
    parq.write_parquet(df, "out.parquet", codec="zstd")
    ds = parq.Dataset("sales/")                                 # Hive partitions, unified schema

Distributed reads and writes with Dask: :mod:`parq.dask`.  Errors are
:class:`ParqError` subclasses carrying parq's message.  docs/python.md is the
reference; the interpreter is Debian's /usr/bin/python3 (numpy, pandas, dask
from its packages).
"""
from ._lib import (LIBRARY_PATH, CorruptFileError, InvalidArgumentError, LimitExceededError, ParqError,
                   ParqIOError, UnsupportedError, version)
from ._reader import Dataset, DatasetFile, ParquetFile, Split, read_parquet, rows_as_json, write_parquet

__all__ = [
    "LIBRARY_PATH", "CorruptFileError", "Dataset", "DatasetFile", "InvalidArgumentError", "LimitExceededError",
    "ParqError", "ParqIOError", "ParquetFile", "Split", "UnsupportedError", "read_parquet", "rows_as_json",
    "version", "write_parquet",
]
__version__ = "0.1.0"
