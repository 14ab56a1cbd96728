"""Files, splits and datasets read through libparq's C API into numpy and
pandas (docs/python.md).

Thread-safety: a ParquetFile or Dataset is used by one thread at a time
(the C handles are); open one per thread or per worker.  Ownership: each
object owns its C handle and closes it on close(), on leaving a ``with``
block, or when collected; arrays read keep their own memory alive.
"""
from __future__ import annotations

import ctypes
import dataclasses
import json
import os
from ctypes import c_char_p, c_int64, c_size_t, c_void_p
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

from . import _import
from ._arrow_c import ArrowArrayStream
from ._export import Exporter
from ._lib import (PARQ_ARROW_DECIMAL64, PARQ_ARROW_DICTIONARY, PARQ_ARROW_ONE_BATCH, PARQ_DATASET_NO_HIVE,
                   PARQ_DATASET_SKIP_INVALID, InvalidArgumentError, check, code_of, columns_arg, decode, encode,
                   error_for, lib, path_arg)

Columns = Union[None, str, Sequence[str]]
PathLike = Union[str, "os.PathLike[str]"]


class Split(NamedTuple):
    """Bytes [offset, offset + length) of the file at `path`: the row groups
    whose midpoint lies there (every row of the file in exactly one split)."""

    path: str
    offset: int
    length: int
    num_rows: int


def _error_buffer() -> ctypes.Array:
    return ctypes.create_string_buffer(1024)


def _options(decimal_as_float: bool, date_as_datetime64: bool) -> _import.Options:
    return _import.Options(decimal_as_float=decimal_as_float, date_as_datetime64=date_as_datetime64)


def _stream_to_pandas(stream: ArrowArrayStream, options: _import.Options) -> pd.DataFrame:
    fields, chunks = _import.read_stream(stream, options=dataclasses.replace(options, datetime_ns=True))
    return frame([f.name for f in fields], [pandas_column(c, f) for f, c in zip(fields, chunks)])


def frame(names: List[str], columns: List[Any]) -> pd.DataFrame:
    """A DataFrame of these columns, taken as they are: no copy and no
    consolidation into 2-D blocks (one row group's fixed-width columns stay
    views), and object columns as Series of dtype object, which spares
    pandas' scan of every value for dates or times to infer."""
    if not columns:
        return pd.DataFrame(columns=names)
    index = pd.RangeIndex(len(columns[0]))
    return pd.DataFrame({name: pd.Series(col, index=index, copy=False,
                                         dtype=object if getattr(col, "dtype", None) == object else None)
                         for name, col in zip(names, columns)}, copy=False)


def _stream_to_numpy(stream: ArrowArrayStream, options: _import.Options) -> Dict[str, np.ndarray]:
    fields, chunks = _import.read_stream(stream, options=options)
    return {f.name: numpy_column(c) for f, c in zip(fields, chunks)}


def numpy_column(c: _import.Chunk) -> np.ndarray:
    """A column as numpy: a masked array where a fixed-width column has
    nulls, None in object arrays."""
    if c.mask is None or not c.mask.any():
        return c.values
    if c.values.dtype == object:
        return _import._with_nulls(c)
    return np.ma.MaskedArray(c.values, mask=c.mask)


_NULLABLE_INT = {np.dtype(t): d for t, d in [
    ("int8", "Int8"), ("uint8", "UInt8"), ("int16", "Int16"), ("uint16", "UInt16"), ("int32", "Int32"),
    ("uint32", "UInt32"), ("int64", "Int64"), ("uint64", "UInt64")]}


def pandas_column(c: _import.Chunk, f: _import.Field) -> Any:
    """A column as pandas: optional integers, floats and booleans as the
    nullable dtypes (Int64, Float64, boolean), whether or not this read met
    a null; timestamps as datetime64[ns] (with the time zone of the Arrow
    type, "UTC" for isAdjustedToUTC); the rest as objects, None for null."""
    values, mask = c.values, c.mask
    kind = values.dtype.kind
    n = len(values)
    if kind in "iu":
        if not f.nullable:
            return values
        return pd.arrays.IntegerArray(values, mask if mask is not None else np.zeros(n, dtype=bool))
    if kind == "f":
        if values.dtype == np.float16:
            values = values.astype(np.float32)
        if not f.nullable:
            return values
        return pd.arrays.FloatingArray(values, mask if mask is not None else np.zeros(n, dtype=bool))
    if kind == "b":
        if not f.nullable:
            return values
        return pd.arrays.BooleanArray(values, mask if mask is not None else np.zeros(n, dtype=bool))
    if kind in "Mm":
        return _pandas_time(values, mask, f)
    return _import._with_nulls(c)


def _pandas_time(values: np.ndarray, mask: Optional[np.ndarray], f: _import.Field) -> Any:
    """datetime64 / timedelta64 of any unit as pandas' ns (objects when out of its range)."""
    unit = np.datetime_data(values.dtype)[0]
    target = values.dtype.str[1] + "8[ns]"
    if unit != "ns":
        raw = values.view(np.int64)
        per = {"D": 86_400_000_000_000, "s": 1_000_000_000, "ms": 1_000_000, "us": 1000}[unit]
        bound = np.iinfo(np.int64).max // per
        live = raw if mask is None else raw[~mask]
        if len(live) and (live.max() > bound or live.min() < -bound):
            out = values.astype(object)
            if mask is not None:
                out[mask] = None
            return out
        values = (raw * per).view(target)
    if mask is not None and mask.any():
        values = values.copy()
        values[mask] = np.datetime64("NaT") if values.dtype.kind == "M" else np.timedelta64("NaT")
    if values.dtype.kind == "M" and ":" in f.format and f.format.split(":", 1)[1]:
        tz = f.format.split(":", 1)[1]
        return pd.DatetimeIndex(values).tz_localize("UTC").tz_convert(tz).array
    return values


class _Filter:
    """A parsed filter handle, freed when done (a context manager)."""

    def __init__(self, handle: Optional[int]) -> None:
        self.handle = handle

    def __enter__(self) -> Optional[int]:
        return self.handle

    def __exit__(self, *exc: Any) -> None:
        if self.handle:
            lib.parq_filter_free(self.handle)


class _Handle:
    """A C handle owned by a Python object: freed by close(), at the end of
    a ``with`` block, or when the object is collected (data already read
    stays valid)."""

    _close: Any = None       # the C function that frees the handle
    _last_error: Any = None  # the C function giving its last error

    def __init__(self) -> None:
        self._h: Optional[int] = None
        self._what = "handle"

    def _handle(self) -> int:
        if not self._h:
            raise ValueError(f"parq: {self._what} is closed")
        return self._h

    def _message(self) -> str:
        return decode(self._last_error(self._h))

    def _check(self, code: int) -> None:
        check(code, self._message())

    def _int(self, fn: Any, *args: Any) -> int:
        out = c_int64()
        self._check(fn(self._handle(), *args, ctypes.byref(out)))
        return out.value

    def close(self) -> None:
        if self._h:
            self._close(self._h)
            self._h = None

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


class ParquetFile(_Handle):
    """An open Parquet file (its footer read and checked).

    >>> with ParquetFile("data.parquet") as f:
    ...     df = f.read(columns=["id", "name"], filter="id > 10")
    """

    _close = staticmethod(lib.parq_reader_close)
    _last_error = staticmethod(lib.parq_reader_last_error)

    def __init__(self, path: PathLike, threads: int = 1) -> None:
        """`threads`: the reads of this file decode columns and the next row
        group on that many threads (the caller's included); 1 reads on the
        caller's thread alone (docs/threads.md)."""
        super().__init__()
        self.path = os.fspath(path)
        self._what = self.path
        err = _error_buffer()
        handle = lib.parq_reader_open(path_arg(self.path), err, len(err))
        if not handle:
            raise error_for(code_of(err.value), decode(err.value))
        self._h = handle
        if threads != 1:
            self._check(lib.parq_reader_set_threads(handle, threads))

    # -- metadata
    @property
    def num_rows(self) -> int:
        return self._int(lib.parq_reader_num_rows)

    @property
    def num_row_groups(self) -> int:
        return self._int(lib.parq_reader_num_row_groups)

    def row_group_num_rows(self, row_group: int) -> int:
        return self._int(lib.parq_reader_row_group_num_rows, row_group)

    @property
    def columns(self) -> List[str]:
        """The dotted paths of the leaf columns."""
        out = []
        for i in range(self._int(lib.parq_reader_num_columns)):
            p = c_char_p()
            self._check(lib.parq_reader_column_path(self._handle(), i, ctypes.byref(p)))
            out.append(decode(p.value))
        return out

    @property
    def schema(self) -> str:
        """The schema as message-type text (as `parq schema` prints it)."""
        p = c_char_p()
        self._check(lib.parq_reader_schema(self._handle(), ctypes.byref(p)))
        return decode(p.value)

    @property
    def created_by(self) -> Optional[str]:
        p = c_char_p()
        self._check(lib.parq_reader_created_by(self._handle(), ctypes.byref(p)))
        return None if p.value is None else decode(p.value)

    @property
    def metadata(self) -> Dict[str, Optional[bytes]]:
        """The key-value metadata (values as bytes; None for an entry without one)."""
        out: Dict[str, Optional[bytes]] = {}
        for i in range(self._int(lib.parq_reader_num_key_values)):
            k, v, klen, vlen = c_void_p(), c_void_p(), c_size_t(), c_size_t()
            self._check(lib.parq_reader_key_value(self._handle(), i, ctypes.byref(k), ctypes.byref(klen),
                                                  ctypes.byref(v), ctypes.byref(vlen)))
            key = ctypes.string_at(k.value, klen.value).decode("utf-8", "replace")
            out[key] = None if not v.value else ctypes.string_at(v.value, vlen.value)
        return out

    # -- splits
    def splits(self, target_bytes: int = 128 << 20) -> List[Split]:
        """The file cut into byte ranges of at least target_bytes (compressed), aligned to row groups."""
        n = self._int(lib.parq_reader_splits, target_bytes)
        out = []
        for i in range(n):
            off, length, rows = c_int64(), c_int64(), c_int64()
            self._check(lib.parq_reader_split(self._handle(), i, ctypes.byref(off), ctypes.byref(length),
                                              ctypes.byref(rows)))
            out.append(Split(self.path, off.value, length.value, rows.value))
        return out

    # -- reading
    def _filter(self, text: Optional[str]) -> _Filter:
        if text is None:
            return _Filter(None)
        handle = lib.parq_filter_parse(self._handle(), encode(text))
        if not handle:
            raise error_for(-1, self._message())
        return _Filter(handle)

    def _stream(self, columns: Columns, filter: Optional[str], byte_range: Optional[Tuple[int, int]],
                batch_rows: int) -> ArrowArrayStream:
        stream = ArrowArrayStream()
        cols = columns_arg(columns)
        # Whole file: every row group's midpoint lies in [0, INT64_MAX).  String
        # columns come as dictionary arrays: one str object per distinct value.
        # Flat columns, unfiltered, come as one batch spanning the row groups:
        # fixed-width ones are wrapped as they are, without a copy.  DECIMALs
        # on INT64 come as their 8 stored bytes (decimal64).
        offset, length = (0, 2**63 - 1) if byte_range is None else (int(byte_range[0]), int(byte_range[1]))
        with self._filter(filter) as f:
            code = lib.parq_reader_to_arrow_range(self._handle(), cols, f, offset, length, batch_rows,
                                                  PARQ_ARROW_DICTIONARY | PARQ_ARROW_ONE_BATCH | PARQ_ARROW_DECIMAL64,
                                                  ctypes.byref(stream))
        self._check(code)
        return stream

    def read(self, columns: Columns = None, filter: Optional[str] = None,
             byte_range: Optional[Tuple[int, int]] = None, *, decimal_as_float: bool = False,
             date_as_datetime64: bool = False) -> pd.DataFrame:
        """The rows as a pandas DataFrame.

        columns: dotted paths (a group selects its leaves; a list or "a,b"),
        None for all.  filter: docs/filter.md's syntax ("x > 3 AND name IN
        ('a', 'b')"); row groups and pages it excludes are not read.
        byte_range: (offset, length): only the row groups whose midpoint lies
        there (a Split's range).  decimal_as_float: DECIMAL columns as
        float64 (else decimal.Decimal objects); date_as_datetime64: DATE
        columns as datetime64[ns] (else datetime.date objects)."""
        return _stream_to_pandas(self._stream(columns, filter, byte_range, _WHOLE_ROW_GROUPS),
                                 _options(decimal_as_float, date_as_datetime64))

    def read_numpy(self, columns: Columns = None, filter: Optional[str] = None,
                   byte_range: Optional[Tuple[int, int]] = None, *, decimal_as_float: bool = False,
                   date_as_datetime64: bool = False) -> Dict[str, np.ndarray]:
        """The columns as numpy arrays, by top-level field name: fixed-width
        ones wrapped without a copy when the read comes in one batch (no
        filter and no nested field, or one row group), masked arrays where
        nulls are; object arrays (None for null)
        for strings, decimals, dates, lists, maps and structs (the two
        options as read()'s; dates as datetime64[D])."""
        return _stream_to_numpy(self._stream(columns, filter, byte_range, _WHOLE_ROW_GROUPS),
                                _options(decimal_as_float, date_as_datetime64))

    def read_split(self, split: Split, columns: Columns = None, filter: Optional[str] = None,
                   **options: bool) -> pd.DataFrame:
        """The rows of one split (see splits()); options as read()'s."""
        return self.read(columns, filter, (split.offset, split.length), **options)

    def iter_rows(self, columns: Columns = None, filter: Optional[str] = None,
                  byte_range: Optional[Tuple[int, int]] = None) -> Iterator[str]:
        """The rows as canonical JSON text (docs/rows-as-json.md), one str a row."""
        cols = columns_arg(columns)
        with self._filter(filter) as f:
            if byte_range is None:
                rows = lib.parq_rows_open_filtered(self._handle(), cols, f)
            else:
                rows = lib.parq_rows_open_range(self._handle(), cols, f, int(byte_range[0]), int(byte_range[1]))
        if not rows:
            raise error_for(code_of(self._message().encode()), self._message())
        yield from _rows(rows)


# A batch never spans row groups: with this many rows a batch is a whole row
# group, so a one-row-group file's columns are views of one batch.
_WHOLE_ROW_GROUPS = 1 << 62


def _rows(rows: int) -> Iterator[str]:
    try:
        line, length = c_void_p(), c_size_t()
        while True:
            got = lib.parq_rows_next(rows, ctypes.byref(line), ctypes.byref(length))
            if got == 0:
                return
            if got < 0:
                raise error_for(got, decode(lib.parq_rows_last_error(rows)))
            yield ctypes.string_at(line.value, length.value).decode("utf-8")
    finally:
        lib.parq_rows_close(rows)


@dataclass
class DatasetFile:
    """One file of a Dataset: its path, rows and partition values (by partition column)."""

    path: str
    num_rows: int
    partition: Dict[str, Optional[str]] = field(default_factory=dict)


class Dataset(_Handle):
    """Many Parquet files as one table: a directory (walked recursively),
    a glob (``sales/**/*.parquet``), or a list of files; Hive partitions
    (``key=value`` directories) as typed columns after the file columns;
    schemas unified by name (docs/dataset.md)."""

    _close = staticmethod(lib.parq_dataset_close)
    _last_error = staticmethod(lib.parq_dataset_last_error)

    def __init__(self, source: Union[PathLike, Sequence[PathLike]], hive_partitioning: bool = True,
                 skip_invalid: bool = False, threads: int = 1) -> None:
        """`threads` as ParquetFile's: each file's columns, and the next
        file, read on that many threads."""
        super().__init__()
        self._what = "the dataset"
        flags = (0 if hive_partitioning else PARQ_DATASET_NO_HIVE) | (PARQ_DATASET_SKIP_INVALID if skip_invalid else 0)
        err = _error_buffer()
        if isinstance(source, (str, os.PathLike)):
            handle = lib.parq_dataset_open(path_arg(source), flags, err, len(err))
        else:
            paths = [path_arg(p) for p in source]
            arr = (c_char_p * max(len(paths), 1))(*paths)
            handle = lib.parq_dataset_open_files(arr, len(paths), flags, err, len(err))
        if not handle:
            raise error_for(code_of(err.value), decode(err.value))
        self._h = handle
        if threads != 1:
            self._check(lib.parq_dataset_set_threads(handle, threads))

    @property
    def schema(self) -> str:
        """The unified schema as message-type text, partition columns last."""
        p = c_char_p()
        self._check(lib.parq_dataset_schema(self._handle(), ctypes.byref(p)))
        return decode(p.value)

    @property
    def num_rows(self) -> int:
        return self._int(lib.parq_dataset_num_rows)

    @property
    def partition_columns(self) -> List[Tuple[str, str]]:
        """(name, type) of each partition column; type "int64", "double", "date" or "string"."""
        out = []
        for i in range(self._int(lib.parq_dataset_num_partition_columns)):
            name, typ = c_char_p(), c_char_p()
            self._check(lib.parq_dataset_partition_column(self._handle(), i, ctypes.byref(name), ctypes.byref(typ)))
            out.append((decode(name.value), decode(typ.value)))
        return out

    @property
    def files(self) -> List[DatasetFile]:
        parts = self.partition_columns
        out = []
        for i in range(self._int(lib.parq_dataset_num_files)):
            path, rows = c_char_p(), c_int64()
            self._check(lib.parq_dataset_file(self._handle(), i, ctypes.byref(path), ctypes.byref(rows)))
            f = DatasetFile(os.fsdecode(path.value), rows.value)
            for k, (name, _) in enumerate(parts):
                v = c_char_p()
                self._check(lib.parq_dataset_partition_value(self._handle(), i, k, ctypes.byref(v)))
                f.partition[name] = None if v.value is None else decode(v.value)
            out.append(f)
        return out

    def _filter(self, text: Optional[str]) -> _Filter:
        if text is None:
            return _Filter(None)
        handle = lib.parq_dataset_filter_parse(self._handle(), encode(text))
        if not handle:
            raise error_for(-1, self._message())
        return _Filter(handle)

    def file_filters(self, filter: str) -> List[Optional[Tuple[Optional[str]]]]:
        """`filter` (which may name partition columns) as each file sees it,
        its path deciding the parts on partition columns: per file, None when
        the path excludes every row of it, else a 1-tuple of the filter text
        on the file's own columns to read it with (None: every row passes).
        An engine reading the files by splits applies these."""
        out: List[Optional[Tuple[Optional[str]]]] = []
        with self._filter(filter) as f:
            for i in range(self._int(lib.parq_dataset_num_files)):
                pruned, folded = ctypes.c_int(), c_void_p()
                self._check(lib.parq_dataset_file_filter(self._handle(), f, i, ctypes.byref(pruned),
                                                         ctypes.byref(folded)))
                if pruned.value:
                    out.append(None)
                    continue
                with _Filter(folded.value) as g:
                    out.append((decode(lib.parq_filter_text(g)) if g else None,))
        return out

    def _stream(self, columns: Columns, filter: Optional[str]) -> ArrowArrayStream:
        stream = ArrowArrayStream()
        with self._filter(filter) as f:
            code = lib.parq_dataset_to_arrow(self._handle(), columns_arg(columns), f, _WHOLE_ROW_GROUPS,
                                             ctypes.byref(stream))
        self._check(code)
        return stream

    def read(self, columns: Columns = None, filter: Optional[str] = None, *, decimal_as_float: bool = False,
             date_as_datetime64: bool = False) -> pd.DataFrame:
        """All files' rows as one DataFrame (as ParquetFile.read; partition
        columns included; a filter on them skips whole files)."""
        return _stream_to_pandas(self._stream(columns, filter), _options(decimal_as_float, date_as_datetime64))

    def read_numpy(self, columns: Columns = None, filter: Optional[str] = None, *, decimal_as_float: bool = False,
                   date_as_datetime64: bool = False) -> Dict[str, np.ndarray]:
        """All files' columns as numpy (as ParquetFile.read_numpy)."""
        return _stream_to_numpy(self._stream(columns, filter), _options(decimal_as_float, date_as_datetime64))

    def iter_rows(self, columns: Columns = None, filter: Optional[str] = None) -> Iterator[str]:
        """The rows as canonical JSON text, file after file."""
        with self._filter(filter) as f:
            rows = lib.parq_dataset_rows_open(self._handle(), columns_arg(columns), f)
        if not rows:
            raise error_for(code_of(self._message().encode()), self._message())
        yield from _rows(rows)


def read_parquet(source: Union[PathLike, Sequence[PathLike]], columns: Columns = None,
                 filter: Optional[str] = None, threads: int = 1, **options: bool) -> pd.DataFrame:
    """A file, a directory, a glob or a list of files as one DataFrame
    (options: decimal_as_float, date_as_datetime64, as ParquetFile.read's),
    read on `threads` threads."""
    if isinstance(source, (str, os.PathLike)) and os.path.isfile(source):
        with ParquetFile(source, threads=threads) as f:
            return f.read(columns, filter, **options)
    with Dataset(source, threads=threads) as ds:
        return ds.read(columns, filter, **options)


def write_parquet(df: pd.DataFrame, path: PathLike, **options: Any) -> None:
    """Writes `df` (its columns; not its index) as a Parquet file at `path`,
    replacing it only once complete (nothing is left on an error).

    options: the writer options of `parq rewrite` (parq/writer_options_text.h):
    codec="zstd", level=9, page_version=2, row_group_rows=100_000,
    row_group_size=..., page_size=..., dictionary=False, bloom_filter=True,
    no_page_index=True, column_order="ieee754", encoding={"col": "DELTA_BINARY_PACKED"},
    threads=2 (encode and compress on 2 threads; the same file)."""
    text = []
    for key, value in options.items():
        if key == "encoding" and isinstance(value, dict):
            text += [f"encoding={col}={enc}" for col, enc in value.items()]
            continue
        if isinstance(value, bool):
            value = "on" if value else "off"
        text.append(f"{key}={value}")
    for t in text:
        if ";" in t:
            raise InvalidArgumentError(f"writer option {t!r}: ';' separates options", -1)
    exporter = Exporter(df)
    err = _error_buffer()
    code = lib.parq_write_arrow(path_arg(path), ctypes.byref(exporter.stream), encode(";".join(text)), err, len(err))
    del exporter  # the stream was released by parq_write_arrow
    check(code, decode(err.value))


def rows_as_json(source: PathLike, columns: Columns = None, filter: Optional[str] = None) -> List[Dict[str, Any]]:
    """The rows of a file as parsed canonical JSON (json.loads of iter_rows)."""
    with ParquetFile(source) as f:
        return [json.loads(line) for line in f.iter_rows(columns, filter)]
