"""A pandas DataFrame as an ArrowArrayStream for parq_write_arrow: the
columns' buffers (numpy arrays, zero-copy where the dtype already is Arrow's
layout) described by ctypes ArrowSchema / ArrowArray structs.

Types (docs/python.md has the table): numpy and pandas nullable integers,
unsigned integers, floats and booleans; datetime64[ns] with or without a time
zone; strings (object of str, or the "string" dtype); bytes; datetime.date;
decimal.Decimal (decimal128 of precision 38 and the column's largest
scale); lists of any of these (object columns of lists or numpy arrays);
categoricals as their values.  Anything else raises TypeError naming the
column.

Ownership: every buffer and struct lives in the Exporter, which the caller
keeps until parq_write_arrow returns; the release callbacks only mark the
structs released (the C Data Interface lets the producer free memory when
it likes).  Thread-safety: one Exporter per write.
"""
from __future__ import annotations

import ctypes
import datetime
import decimal
import errno
from typing import Any, List, Optional, Tuple

import numpy as np
import pandas as pd

from ._arrow_c import (ARROW_FLAG_NULLABLE, ArrayReleaseFn, ArrowArray, ArrowArrayStream, ArrowSchema,
                       GetLastErrorFn, GetNextFn, GetSchemaFn, SchemaReleaseFn, StreamReleaseFn)

_NUMPY_FORMATS = {"i1": "c", "u1": "C", "i2": "s", "u2": "S", "i4": "i", "u4": "I", "i8": "l", "u8": "L",
                  "f2": "e", "f4": "f", "f8": "g"}


def _release_schema(ptr: Any) -> None:
    ptr.contents.release = SchemaReleaseFn()


def _release_array(ptr: Any) -> None:
    ptr.contents.release = ArrayReleaseFn()


_RELEASE_SCHEMA = SchemaReleaseFn(_release_schema)
_RELEASE_ARRAY = ArrayReleaseFn(_release_array)


class _Node:
    """One array and its field: buffers (numpy arrays or None), children."""

    def __init__(self, fmt: str, name: str, nullable: bool, length: int, null_count: int,
                 buffers: List[Optional[np.ndarray]], children: Optional[List["_Node"]] = None) -> None:
        self.fmt, self.name, self.nullable = fmt, name, nullable
        self.length, self.null_count = length, null_count
        self.buffers = buffers
        self.children = children or []


def _validity(mask: Optional[np.ndarray]) -> Tuple[Optional[np.ndarray], int]:
    """A bitmap (1: valid) of a null mask, and the null count."""
    if mask is None:
        return None, 0
    nulls = int(mask.sum())
    if nulls == 0:
        return None, 0
    return np.packbits(~mask, bitorder="little"), nulls


def _binary(values: List[Optional[bytes]], fmt_small: str, fmt_large: str, name: str, nullable: bool,
            mask: np.ndarray) -> _Node:
    lengths = np.fromiter((0 if v is None else len(v) for v in values), dtype=np.int64, count=len(values))
    offsets = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    data = np.frombuffer(b"".join(v for v in values if v is not None), dtype=np.uint8)
    large = offsets[-1] > np.iinfo(np.int32).max
    bitmap, nulls = _validity(mask)
    return _Node(fmt_large if large else fmt_small, name, nullable, len(values), nulls,
                 [bitmap, offsets if large else offsets.astype(np.int32), data])


def _is_null(v: Any) -> bool:
    if v is None or v is pd.NA or v is pd.NaT:
        return True
    return isinstance(v, float) and v != v


def _objects(values: np.ndarray, name: str, nullable: bool) -> _Node:
    """An object array: the type of its first non-null value decides."""
    mask = np.fromiter((_is_null(v) for v in values), dtype=bool, count=len(values))
    sample = next((v for v, m in zip(values, mask) if not m), None)
    n = len(values)
    if sample is None:
        return _Node("n", name, True, n, n, [])
    if isinstance(sample, str):
        return _binary([None if m else v.encode("utf-8") for v, m in zip(values, mask)], "u", "U", name, nullable,
                       mask)
    if isinstance(sample, (bytes, bytearray, memoryview)):
        return _binary([None if m else bytes(v) for v, m in zip(values, mask)], "z", "Z", name, nullable, mask)
    if isinstance(sample, decimal.Decimal):
        return _decimals(values, mask, name, nullable)
    if isinstance(sample, datetime.datetime) or isinstance(sample, pd.Timestamp):
        return _column(pd.Series(pd.to_datetime(values)), name)
    if isinstance(sample, datetime.date):
        epoch = datetime.date(1970, 1, 1)
        days = np.fromiter((0 if m else (v - epoch).days for v, m in zip(values, mask)), dtype=np.int32, count=n)
        bitmap, nulls = _validity(mask)
        return _Node("tdD", name, nullable, n, nulls, [bitmap, days])
    if isinstance(sample, (list, tuple, np.ndarray)):
        lengths = np.fromiter((0 if m else len(v) for v, m in zip(values, mask)), dtype=np.int64, count=n)
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        flat = np.empty(int(offsets[-1]), dtype=object)
        pos = 0
        for v, m in zip(values, mask):
            if not m:
                flat[pos:pos + len(v)] = list(v)
                pos += len(v)
        child = _objects(flat, "element", True) if len(flat) else _Node("n", "element", True, 0, 0, [])
        large = offsets[-1] > np.iinfo(np.int32).max
        bitmap, nulls = _validity(mask)
        return _Node("+L" if large else "+l", name, nullable, n, nulls,
                     [bitmap, offsets if large else offsets.astype(np.int32)], [child])
    if isinstance(sample, (bool, np.bool_, int, np.integer, float, np.floating)):
        # Python numbers (a list's elements): through pandas' inference.
        inferred = pd.array([None if m else v for v, m in zip(values, mask)])
        if inferred.dtype == object:
            raise TypeError(f"parq: column '{name}' mixes value types ({type(sample).__name__} first)")
        return _column(pd.Series(inferred), name, nullable=True)
    raise TypeError(f"parq: column '{name}': values of type {type(sample).__name__} have no Parquet form")


def _decimals(values: np.ndarray, mask: np.ndarray, name: str, nullable: bool) -> _Node:
    scale = 0
    for v, m in zip(values, mask):
        if not m:
            exp = v.as_tuple().exponent
            if not isinstance(exp, int):
                raise TypeError(f"parq: column '{name}': {v} is not a finite decimal")
            scale = max(scale, -exp)
    if scale > 38:
        raise TypeError(f"parq: column '{name}': a scale of {scale} is over 38 digits")
    n = len(values)
    raw = bytearray(16 * n)
    for i, (v, m) in enumerate(zip(values, mask)):
        if not m:
            unscaled = int(v.scaleb(scale, context=decimal.Context(prec=80)))
            raw[16 * i:16 * i + 16] = unscaled.to_bytes(16, "little", signed=True)
    bitmap, nulls = _validity(mask)
    return _Node(f"d:38,{scale}", name, nullable, n, nulls, [bitmap, np.frombuffer(bytes(raw), dtype=np.uint8)])


def _column(s: pd.Series, name: str, nullable: Optional[bool] = None) -> _Node:
    """One pandas column as an Arrow array."""
    dtype = s.dtype
    n = len(s)
    if isinstance(dtype, pd.CategoricalDtype):
        return _column(pd.Series(np.asarray(s)), name, nullable)
    if isinstance(dtype, pd.core.arrays.masked.BaseMaskedDtype):  # Int64, UInt8, Float64, boolean
        arr = s.array
        mask = np.asarray(arr._mask)
        data = np.ascontiguousarray(arr._data)
        bitmap, nulls = _validity(mask)
        if data.dtype == bool:
            return _Node("b", name, True, n, nulls, [bitmap, np.packbits(data, bitorder="little")])
        return _Node(_NUMPY_FORMATS[data.dtype.str[1:]], name, True, n, nulls, [bitmap, data])
    if isinstance(dtype, pd.DatetimeTZDtype):
        ns = np.ascontiguousarray(s.array.asi8)  # nanoseconds since the epoch, UTC
        mask = np.asarray(s.isna())
        bitmap, nulls = _validity(mask)
        return _Node(f"tsn:{dtype.tz}", name, True, n, nulls, [bitmap, ns.astype(np.int64)])
    if isinstance(dtype, pd.StringDtype):
        return _objects(np.asarray(s.astype(object)), name, True)
    if not isinstance(dtype, np.dtype):
        raise TypeError(f"parq: column '{name}': dtype {dtype} has no Parquet form")
    if dtype.kind == "M":
        values = np.ascontiguousarray(s.to_numpy().astype("datetime64[ns]"))
        mask = np.isnat(values)
        bitmap, nulls = _validity(mask)
        return _Node("tsn:", name, True, n, nulls, [bitmap, values.view(np.int64)])
    if dtype.kind == "b":
        values = np.ascontiguousarray(s.to_numpy())
        return _Node("b", name, bool(nullable), n, 0, [None, np.packbits(values, bitorder="little")])
    if dtype.str[1:] in _NUMPY_FORMATS:
        values = np.ascontiguousarray(s.to_numpy())
        if values.dtype.byteorder == ">":
            values = values.astype(values.dtype.newbyteorder("<"))
        return _Node(_NUMPY_FORMATS[values.dtype.str[1:]], name, bool(nullable), n, 0, [None, values])
    if dtype == object:
        return _objects(s.to_numpy(), name, True if nullable is None else nullable)
    raise TypeError(f"parq: column '{name}': dtype {dtype} has no Parquet form")


class Exporter:
    """A DataFrame's batches as a C ArrowArrayStream (``stream``), alive as
    long as this object."""

    def __init__(self, df: pd.DataFrame, batch_rows: int = 1 << 20) -> None:
        names = [str(c) for c in df.columns]
        if len(set(names)) != len(names):
            raise ValueError("parq: the DataFrame has two columns of the same name")
        self._keep: List[Any] = []
        self._batches: List[_Node] = []
        for start in range(0, max(len(df), 1), batch_rows):
            part = df.iloc[start:start + batch_rows]
            if len(df) == 0:
                part = df
            cols = [_column(part.iloc[:, i].reset_index(drop=True), names[i]) for i in range(len(names))]
            self._batches.append(_Node("+s", "", False, len(part), 0, [None], cols))
        self._schema_node = self._unify_schema()
        self._next = 0
        self._error = b""
        self.stream = ArrowArrayStream()
        self._callbacks = (GetSchemaFn(self._get_schema), GetNextFn(self._get_next),
                           GetLastErrorFn(self._get_last_error), StreamReleaseFn(self._release))
        (self.stream.get_schema, self.stream.get_next, self.stream.get_last_error,
         self.stream.release) = self._callbacks

    def _unify_schema(self) -> _Node:
        """The first batch's types, with a column nullable when any batch is,
        and a type that differs between batches (a column all null in one)
        taken from the batch that has one."""
        first = self._batches[0]
        for b in self._batches[1:]:
            for i, c in enumerate(b.children):
                f = first.children[i]
                if f.fmt == "n" and c.fmt != "n":
                    first.children[i] = c
                elif c.fmt != f.fmt and c.fmt != "n" and not (f.fmt[0] in "uzUZ+" and c.fmt[0] == f.fmt[0]):
                    raise TypeError(f"parq: column '{f.name}' is {f.fmt} in one batch and {c.fmt} in another")
                f.nullable = f.nullable or c.nullable
        return first

    # The schema: built on each get_schema (the consumer releases it).
    def _fill_schema(self, node: _Node, out: ArrowSchema) -> None:
        fmt = node.fmt.encode()
        name = node.name.encode("utf-8")
        self._keep += [fmt, name]
        out.format, out.name, out.metadata = fmt, name, None
        out.flags = ARROW_FLAG_NULLABLE if node.nullable else 0
        out.n_children = len(node.children)
        out.children = self._children(node.children, ArrowSchema, self._fill_schema)
        out.dictionary = None
        out.release = _RELEASE_SCHEMA
        out.private_data = None

    def _children(self, nodes: list, struct: Any, fill: Any) -> Any:
        """A C array of pointers to `struct`s filled from `nodes` (kept alive), or None."""
        if not nodes:
            return None
        kids = (ctypes.POINTER(struct) * len(nodes))()
        for i, c in enumerate(nodes):
            child = struct()
            fill(c, child)
            self._keep.append(child)
            kids[i] = ctypes.pointer(child)
        self._keep.append(kids)
        return kids

    def _fill_array(self, node: _Node, out: ArrowArray) -> None:
        out.length, out.null_count, out.offset = node.length, node.null_count, 0
        bufs = (ctypes.c_void_p * max(len(node.buffers), 1))()
        for i, b in enumerate(node.buffers):
            if b is None:
                bufs[i] = None
            elif b.size == 0:
                pad = np.zeros(8, dtype=np.uint8)  # a valid address for an empty buffer
                self._keep.append(pad)
                bufs[i] = pad.ctypes.data
            else:
                bufs[i] = b.ctypes.data
        self._keep.append(bufs)
        out.n_buffers = len(node.buffers)
        out.buffers = bufs
        out.n_children = len(node.children)
        out.children = self._children(node.children, ArrowArray, self._fill_array)
        out.dictionary = None
        out.release = _RELEASE_ARRAY
        out.private_data = None

    def _get_schema(self, stream: Any, out: Any) -> int:
        try:
            self._fill_schema(self._schema_node, out.contents)
            return 0
        except Exception as e:  # noqa: BLE001 — reported through get_last_error
            self._error = f"parq (Python): {e}".encode()
            return errno.EIO

    def _get_next(self, stream: Any, out: Any) -> int:
        try:
            if self._next >= len(self._batches) or self._batches[self._next].length == 0:
                out.contents.release = ArrayReleaseFn()  # the end (an empty DataFrame: no batch)
                return 0
            node = self._batches[self._next]
            self._next += 1
            self._fill_array(node, out.contents)
            return 0
        except Exception as e:  # noqa: BLE001
            self._error = f"parq (Python): {e}".encode()
            return errno.EIO

    def _get_last_error(self, stream: Any) -> Optional[int]:
        if not self._error:
            return None
        buf = ctypes.create_string_buffer(self._error)
        self._keep.append(buf)
        return ctypes.addressof(buf)

    def _release(self, stream: Any) -> None:
        stream.contents.release = StreamReleaseFn()
