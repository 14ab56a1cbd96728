"""parq inside Dask's scheduler: a Dask DataFrame whose partitions are parq
splits read on the workers, and a Dask DataFrame written as a Parquet
dataset committed only when every partition is written (docs/distributed.md).

    from distributed import Client, LocalCluster
    import parq.dask
    client = Client(LocalCluster(n_workers=2, processes=True, host="127.0.0.1"))
    ddf = parq.dask.read_parquet("lineitem/", split_size=64 << 20)
    out = ddf.groupby("l_returnflag").l_quantity.sum().compute()
    parq.dask.to_parquet(ddf, "by_flag/", partition_on=["l_returnflag"])

Guarantees.  Reading: the client lists the files (parq.Dataset: a
directory, glob or list; Hive partitions) and cuts each into splits by the
midpoint rule; each split is one task that opens its file on a worker and
reads its row groups, so every row is read exactly once, and a task Dask
re-runs (a worker lost) reads the same rows again.  Writing: each partition
is one task writing its files (one per Hive partition value it holds, named
by the partition's index, so a re-run task rewrites the same names) into a
temporary sibling directory; only when every task succeeded is the
directory renamed onto the target (with a _SUCCESS marker), after removing
anything a failed attempt left.  On an error the temporary directory is
removed and nothing appears at the target.

The workers need the package and libparq.so: the same PYTHONPATH /
PARQ_LIBRARY (LocalCluster's worker processes inherit the environment), or
the package installed on every worker machine.
"""
from __future__ import annotations

import os
import shutil
import urllib.parse
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

from . import _import
from ._lib import InvalidArgumentError
from ._reader import Dataset, ParquetFile, PathLike

HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"


def _partition_dtype(kind: str) -> Any:
    return {"int64": "Int64", "double": "Float64", "date": object, "string": object}[kind]


def _partition_value(text: Optional[str], kind: str) -> Any:
    if text is None:
        return None
    if kind == "int64":
        return int(text)
    if kind == "double":
        return float(text)
    if kind == "date":
        return pd.Timestamp(text).date()
    return text


def _read_split(path: str, offset: int, length: int, file_columns: Optional[List[str]], filter: Optional[str],
                partition: Dict[str, Any], meta: pd.DataFrame, options: Dict[str, bool]) -> pd.DataFrame:
    """One split on a worker: its rows, the partition columns added, cast to meta's dtypes."""
    with ParquetFile(path) as f:
        df = f.read(file_columns, filter, (offset, length), **options) if file_columns != [] else \
            pd.DataFrame(index=range(_count_rows(f, filter, offset, length)))
    for name, value in partition.items():  # one value repeated: no list of len(df) items
        df[name] = pd.Series([value], dtype=meta[name].dtype).repeat(len(df)).set_axis(df.index)
    for name in meta.columns:
        if name not in df.columns:  # a field this file lacks: null
            df[name] = pd.Series([None] * len(df), dtype=meta[name].dtype if meta[name].dtype != object else object)
        elif df[name].dtype != meta[name].dtype:
            df[name] = df[name].astype(meta[name].dtype)  # widened as the dataset's unified schema says
    return df[list(meta.columns)]


def _count_rows(f: ParquetFile, filter: Optional[str], offset: int, length: int) -> int:
    return sum(1 for _ in f.iter_rows(None, filter, (offset, length)))


def _meta_of(ds: Dataset, columns: Optional[List[str]], options: _import.Options) -> pd.DataFrame:
    """An empty DataFrame of the dataset's unified types (its Arrow schema)."""
    fields, _ = _import.read_stream(ds._stream(columns, None), max_batches=0)
    from ._reader import pandas_column
    return pd.DataFrame({f.name: pd.Series(pandas_column(_import.empty_column(f, options), f)) for f in fields},
                        columns=[f.name for f in fields])


def read_parquet(source: Union[PathLike, Sequence[PathLike]], columns: Optional[Sequence[str]] = None,
                 filter: Optional[str] = None, split_size: int = 128 << 20, hive_partitioning: bool = True,
                 decimal_as_float: bool = False, date_as_datetime64: bool = False) -> Any:
    """A Dask DataFrame of a file, a directory, a glob or a list of files,
    one partition per parq split (consecutive row groups of at least
    split_size compressed bytes, by the midpoint rule).

    columns: top-level names (file or partition columns), None for all.
    filter: docs/filter.md's syntax on the file and partition columns: its
    parts on partition columns are decided on the client from each file's
    path (a file they exclude makes no partition), the rest applied by each
    split's reader (row groups and pages it excludes are not read).
    decimal_as_float, date_as_datetime64: as parq.ParquetFile.read's."""
    import dask
    import dask.dataframe as dd

    if split_size < 1:
        raise InvalidArgumentError(f"split_size {split_size}: want at least 1 byte", -1)
    cols = None if columns is None else list(columns)
    with Dataset(source, hive_partitioning=hive_partitioning) as ds:
        parts = ds.partition_columns
        part_names = [p[0] for p in parts]
        options = dict(decimal_as_float=decimal_as_float, date_as_datetime64=date_as_datetime64)
        meta = _meta_of(ds, cols, _import.Options(**options))
        files = ds.files
        # Checked here, on the client (a bad filter fails early), and folded
        # with each file's partition values.
        file_filters = ds.file_filters(filter) if filter is not None else [(None,)] * len(files)
    file_columns = None if cols is None else [c for c in cols if c not in part_names]
    tasks = []
    read = dask.delayed(_read_split, pure=True)
    for f, folded in zip(files, file_filters):
        if folded is None:  # its path excludes every row
            continue
        file_filter = folded[0]
        partition = {name: _partition_value(f.partition.get(name), kind) for name, kind in parts
                     if name in meta.columns}
        with ParquetFile(f.path) as pf:
            present = [fl.name for fl in _import.read_stream(pf._stream(None, None, None, 1), max_batches=0)[0]]
            mine = [c for c in (file_columns if file_columns is not None else meta.columns) if c in present]
            if file_columns is None and len(mine) == len(present):
                mine = None  # every column: no projection
            for s in pf.splits(split_size):
                if s.num_rows == 0:
                    continue
                tasks.append(read(s.path, s.offset, s.length, mine, file_filter, partition, meta, options,
                                  dask_key_name=f"parq-split-{uuid.uuid5(uuid.NAMESPACE_URL, repr((s, cols, filter)))}"))
    if not tasks:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_delayed(tasks, meta=meta, verify_meta=False)


def _hive_dir(keys: Sequence[str], values: Tuple[Any, ...]) -> str:
    out = []
    for k, v in zip(keys, values):
        if v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and np.isnan(v)):
            text = HIVE_NULL
        elif hasattr(v, "isoformat") and not isinstance(v, pd.Timestamp):
            text = v.isoformat()
        else:
            text = str(v)
        out.append(f"{k}={urllib.parse.quote(text, safe='')}")
    return os.path.join(*out)


def _write_partition(df: pd.DataFrame, root: str, index: int, partition_on: List[str],
                     options: Dict[str, Any]) -> List[str]:
    """One partition on a worker: its files under root (relative paths returned)."""
    from ._reader import write_parquet
    name = f"part-{index:05d}.parquet"
    written = []
    if not partition_on:
        if len(df):
            write_parquet(df.reset_index(drop=True), os.path.join(root, name), **options)
            written.append(name)
        return written
    by = partition_on[0] if len(partition_on) == 1 else partition_on  # one key: scalar group names
    for values, group in df.groupby(by, dropna=False, sort=True):
        values = values if isinstance(values, tuple) else (values,)
        rel = os.path.join(_hive_dir(partition_on, values), name)
        os.makedirs(os.path.join(root, os.path.dirname(rel)), exist_ok=True)
        write_parquet(group.drop(columns=partition_on).reset_index(drop=True), os.path.join(root, rel), **options)
        written.append(rel)
    return written


def to_parquet(ddf: Any, path: PathLike, partition_on: Optional[Sequence[str]] = None, overwrite: bool = False,
               **options: Any) -> List[str]:
    """Writes every partition of `ddf` with parq on the workers and commits
    the dataset at `path` (a directory) only when all succeeded.

    partition_on: columns whose values become Hive directories
    (``key=value``, percent-encoded; null: __HIVE_DEFAULT_PARTITION__).
    options: parq.write_parquet's writer options (codec="zstd", ...).
    overwrite: replace an existing `path` (else it is an error).  Returns the
    files written, relative to `path`."""
    import dask

    target = os.path.abspath(os.fspath(path))
    if os.path.exists(target) and not overwrite:
        raise FileExistsError(f"parq: {target} exists (overwrite=True replaces it)")
    keys = list(partition_on or [])
    for k in keys:
        if k not in ddf.columns:
            raise InvalidArgumentError(f"partition_on: no column '{k}'", -1)
    staging = f"{target}.parq-tmp-{uuid.uuid4().hex}"
    os.makedirs(staging)
    try:
        write = dask.delayed(_write_partition, pure=False)
        tasks = [write(part, staging, i, keys, options) for i, part in enumerate(ddf.to_delayed())]
        results = dask.compute(*tasks)
        written = sorted(rel for files in results for rel in files)
        _keep_only(staging, set(written))
        with open(os.path.join(staging, "_SUCCESS"), "w"):
            pass
        if os.path.exists(target):
            old = f"{target}.parq-old-{uuid.uuid4().hex}"
            os.rename(target, old)
            os.rename(staging, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(staging, target)
        return written
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _keep_only(root: str, keep: set) -> None:
    """Removes what attempts that did not succeed left (a killed worker's
    temporary file), and directories left empty."""
    for dirpath, _, filenames in os.walk(root, topdown=False):
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), root)
            if rel not in keep:
                os.remove(os.path.join(dirpath, name))
        if dirpath != root and not os.listdir(dirpath):
            os.rmdir(dirpath)
