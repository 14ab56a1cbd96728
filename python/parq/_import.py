"""Arrow record batches (an ArrowArrayStream from libparq) into numpy arrays
and pandas columns.

Fixed-width columns (integers, floats, timestamps in ns, durations) are
numpy views of the Arrow buffers, without a copy, when a column comes in one
batch (a file of one row group, or a split of one); the views keep the batch
alive (its ``release`` runs when the last view is gone).  Columns of several
batches are concatenated (one copy).  Strings, binaries, decimals, dates,
times, lists, maps and structs become Python objects.

Ownership: every ArrowArray imported here is released exactly once, by the
``_Batch`` that owns it, when nothing points into it any more.
Thread-safety: a stream is read by one thread; the arrays made are ordinary
numpy / pandas objects.
"""
from __future__ import annotations

import ctypes
import datetime
import decimal
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ._arrow_c import ARROW_FLAG_NULLABLE, ArrowArray, ArrowArrayStream, ArrowSchema
from ._lib import UnsupportedError, error_from_message

_FIXED = {"c": np.int8, "C": np.uint8, "s": np.int16, "S": np.uint16, "i": np.int32, "I": np.uint32,
          "l": np.int64, "L": np.uint64, "e": np.float16, "f": np.float32, "g": np.float64}
_UNITS = {"s": "s", "m": "ms", "u": "us", "n": "ns"}


@dataclass
class Field:
    """One field of an Arrow schema: its format string, name, nullability,
    children and extension name (``ARROW:extension:name``, or "")."""

    format: str
    name: str
    nullable: bool
    children: List["Field"] = field(default_factory=list)
    extension: str = ""
    dictionary: Optional["Field"] = None  # a dictionary array's value type (format: its index type)


def _metadata(addr: Optional[int]) -> Dict[str, bytes]:
    """Arrow's metadata encoding: int32 count, then (int32 len, bytes) key / value pairs."""
    out: Dict[str, bytes] = {}
    if not addr:
        return out
    n = ctypes.c_int32.from_address(addr).value
    pos = addr + 4
    for _ in range(n):
        parts = []
        for _ in range(2):
            length = ctypes.c_int32.from_address(pos).value
            parts.append(ctypes.string_at(pos + 4, length))
            pos += 4 + length
        out[parts[0].decode("utf-8", "replace")] = parts[1]
    return out


def field_of(schema: ArrowSchema) -> Field:
    """The Field tree of an ArrowSchema (which stays the caller's to release)."""
    meta = _metadata(schema.metadata)
    f = Field(schema.format.decode(), (schema.name or b"").decode("utf-8", "replace"),
              bool(schema.flags & ARROW_FLAG_NULLABLE),
              extension=meta.get("ARROW:extension:name", b"").decode("utf-8", "replace"))
    for i in range(schema.n_children):
        f.children.append(field_of(schema.children[i].contents))
    if schema.dictionary:
        f.dictionary = field_of(schema.dictionary.contents)
    return f


class _Batch:
    """Owns one imported ArrowArray: released when the last view into it is gone."""

    def __init__(self) -> None:
        self.array = ArrowArray()

    def __del__(self) -> None:
        if self.array.release:
            self.array.release(ctypes.byref(self.array))


def _view(addr: Optional[int], nbytes: int, dtype: Any, owner: _Batch) -> np.ndarray:
    """A numpy view of nbytes at addr, keeping `owner` alive (no copy)."""
    if not addr or nbytes <= 0:
        return np.empty(0, dtype=dtype)
    raw = (ctypes.c_char * nbytes).from_address(addr)
    raw._owner = owner  # the view's base is `raw`, which holds the batch
    return np.frombuffer(raw, dtype=dtype)


def _buffer(a: ArrowArray, i: int) -> Optional[int]:
    return a.buffers[i] if a.n_buffers > i else None


def _validity(a: ArrowArray, owner: _Batch) -> Optional[np.ndarray]:
    """True where a slot is null, or None when none is."""
    if a.null_count == 0 or not _buffer(a, 0):
        return None
    bits = _view(_buffer(a, 0), (a.offset + a.length + 7) // 8, np.uint8, owner)
    valid = np.unpackbits(bits, bitorder="little")[a.offset:a.offset + a.length]
    return valid == 0


def _offsets(a: ArrowArray, large: bool, owner: _Batch) -> np.ndarray:
    dtype = np.int64 if large else np.int32
    return _view(_buffer(a, 1), (a.offset + a.length + 1) * np.dtype(dtype).itemsize, dtype, owner)[
        a.offset:a.offset + a.length + 1]


@dataclass(frozen=True)
class Options:
    """How top-level columns become numpy: DECIMAL as float64 (rounded to
    the nearest double) instead of decimal.Decimal objects, DATE as
    datetime64[D] instead of datetime.date objects."""

    decimal_as_float: bool = False
    date_as_datetime64: bool = False


@dataclass
class Chunk:
    """One batch's part of a column: values (numpy, maybe object) and a
    null mask (None: no null)."""

    values: np.ndarray
    mask: Optional[np.ndarray]


def _decimal_values(raw: np.ndarray, width: int, scale: int, n: int) -> np.ndarray:
    """Little-endian two's complement integers of `width` bytes as Decimals
    of `scale`, each distinct value made once (a column's values repeat)."""
    if n == 0:
        return np.empty(0, dtype=object)
    words = raw.view("<i8").reshape(n, width // 8)
    low = words[:, 0]
    if (words[:, 1:] == (low >> 63)[:, None]).all():  # every value fits in an int64
        distinct, where = np.unique(low, return_inverse=True)
        suffix = f"e-{scale}" if scale else ""
        made = np.empty(len(distinct), dtype=object)
        made[:] = [decimal.Decimal(f"{v}{suffix}") for v in distinct.tolist()]
        return made[where]
    out = np.empty(n, dtype=object)
    data = raw.tobytes()
    suffix = f"e-{scale}" if scale else ""
    for i in range(n):
        unscaled = int.from_bytes(data[i * width:(i + 1) * width], "little", signed=True)
        out[i] = decimal.Decimal(f"{unscaled}{suffix}")
    return out


def _decimal_floats(raw: np.ndarray, width: int, scale: int, n: int) -> np.ndarray:
    """The same values as float64 (vectorized when every one fits in an int64)."""
    if n == 0:
        return np.empty(0, dtype=np.float64)
    words = raw.view("<i8").reshape(n, width // 8)
    low = words[:, 0]
    if (words[:, 1:] == (low >> 63)[:, None]).all():
        return low / 10.0 ** scale
    return np.array([float(d) for d in _decimal_values(raw, width, scale, n)], dtype=np.float64)


def _dates(days: np.ndarray) -> np.ndarray:
    """int32 days since the epoch as datetime.date objects (each distinct day made once)."""
    distinct, where = np.unique(days, return_inverse=True)
    return distinct.astype("datetime64[D]").astype(object)[where]


def _time_values(raw: np.ndarray, unit: str) -> np.ndarray:
    micros = raw.astype(np.int64) * {"s": 1_000_000, "ms": 1000, "us": 1, "ns": 1}[unit]
    if unit == "ns":
        micros //= 1000  # datetime.time holds microseconds
    out = np.empty(len(raw), dtype=object)
    for i, us in enumerate(micros.tolist()):
        if 0 <= us < 86_400_000_000:
            out[i] = (datetime.datetime.min + datetime.timedelta(microseconds=us)).time()
        else:
            out[i] = datetime.timedelta(microseconds=us)  # outside one day: no datetime.time holds it
    return out


def _strings(a: ArrowArray, large: bool, utf8: bool, owner: _Batch) -> np.ndarray:
    offsets = _offsets(a, large, owner)
    n = a.length
    out = np.empty(n, dtype=object)
    if n == 0:
        return out
    end = int(offsets[-1])
    data = ctypes.string_at(_buffer(a, 2), end) if end > 0 else b""
    if utf8 and data.isascii():
        text = data.decode("ascii")
        out[:] = list(map(text.__getitem__, map(slice, offsets[:-1].tolist(), offsets[1:].tolist())))
    elif utf8:
        bounds = offsets.tolist()
        out[:] = [data[bounds[i]:bounds[i + 1]].decode("utf-8", "replace") for i in range(n)]
    else:
        out[:] = list(map(data.__getitem__, map(slice, offsets[:-1].tolist(), offsets[1:].tolist())))
    return out


def convert(a: ArrowArray, f: Field, owner: _Batch, objects: bool = False, options: Options = Options()) -> Chunk:
    """Array `a` of field `f` as a Chunk.  `objects`: Python objects for every
    type (list elements, struct fields), numpy scalars never; else `options`
    apply."""
    fmt = f.format
    n = a.length
    mask = _validity(a, owner)
    if f.dictionary is not None:
        return Chunk(_decode_dictionary(a, f, owner, n, mask), mask)
    if fmt in _FIXED:
        dtype = np.dtype(_FIXED[fmt])
        values = _view(_buffer(a, 1), (a.offset + n) * dtype.itemsize, dtype, owner)[a.offset:a.offset + n]
        return Chunk(values.astype(object) if objects else values, mask)
    if fmt == "b":
        bits = _view(_buffer(a, 1), (a.offset + n + 7) // 8, np.uint8, owner)
        values = np.unpackbits(bits, bitorder="little")[a.offset:a.offset + n].astype(bool)
        return Chunk(values.astype(object) if objects else values, mask)
    if fmt == "n":
        return Chunk(np.full(n, None, dtype=object), np.ones(n, dtype=bool))
    if fmt in ("u", "U", "z", "Z"):
        return Chunk(_strings(a, fmt.isupper(), fmt in ("u", "U"), owner), mask)
    if fmt.startswith("w:"):
        width = int(fmt[2:])
        raw = _view(_buffer(a, 1), (a.offset + n) * width, np.uint8, owner)[a.offset * width:(a.offset + n) * width]
        data = raw.tobytes()
        out = np.empty(n, dtype=object)
        out[:] = [data[i * width:(i + 1) * width] for i in range(n)]
        return Chunk(out, mask)
    if fmt.startswith("d:"):
        parts = fmt[2:].split(",")
        scale = int(parts[1])
        width = int(parts[2]) // 8 if len(parts) > 2 else 16
        raw = _view(_buffer(a, 1), (a.offset + n) * width, np.uint8, owner)[a.offset * width:(a.offset + n) * width]
        if options.decimal_as_float and not objects:
            return Chunk(_decimal_floats(raw, width, scale, n), mask)
        return Chunk(_decimal_values(raw, width, scale, n), mask)
    if fmt == "tdD":
        days = _view(_buffer(a, 1), (a.offset + n) * 4, np.int32, owner)[a.offset:a.offset + n]
        if options.date_as_datetime64 and not objects:
            return Chunk(days.astype("datetime64[D]"), mask)
        return Chunk(_dates(days), mask)
    if fmt.startswith("tt"):
        unit = _UNITS[fmt[2]]
        dtype = np.int32 if fmt[2] in "sm" else np.int64
        raw = _view(_buffer(a, 1), (a.offset + n) * np.dtype(dtype).itemsize, dtype, owner)[a.offset:a.offset + n]
        return Chunk(_time_values(raw, unit), mask)
    if fmt.startswith("ts"):
        unit = _UNITS[fmt[2]]
        raw = _view(_buffer(a, 1), (a.offset + n) * 8, np.int64, owner)[a.offset:a.offset + n]
        values = raw.view(f"datetime64[{unit}]")
        if objects:
            return Chunk(values.astype(object), mask)
        return Chunk(values, mask)
    if fmt.startswith("tD"):
        unit = _UNITS[fmt[2]]
        raw = _view(_buffer(a, 1), (a.offset + n) * 8, np.int64, owner)[a.offset:a.offset + n]
        return Chunk(raw.view(f"timedelta64[{unit}]"), mask)
    if fmt == "tin":
        raw = _view(_buffer(a, 1), (a.offset + n) * 16, np.uint8, owner)[a.offset * 16:(a.offset + n) * 16]
        rec = raw.view(np.dtype([("months", "<i4"), ("days", "<i4"), ("nanoseconds", "<i8")]))
        out = np.empty(n, dtype=object)
        out[:] = [tuple(int(x) for x in r) for r in rec]
        return Chunk(out, mask)
    if fmt in ("+l", "+L", "+m"):
        offsets = _offsets(a, fmt == "+L", owner)
        child = convert(a.children[0].contents, f.children[0], owner, objects=True)
        items = _with_nulls(child)
        if fmt == "+m":  # entries: struct<key, value> → (key, value) tuples
            items = np.array([None if e is None else tuple(e.values()) for e in items] + [None],
                             dtype=object)[:-1]
        bounds = offsets.tolist()
        out = np.empty(n, dtype=object)
        out[:] = [items[bounds[i]:bounds[i + 1]].tolist() for i in range(n)]
        return Chunk(out, mask)
    if fmt.startswith("+w:"):
        size = int(fmt[3:])
        child = _with_nulls(convert(a.children[0].contents, f.children[0], owner, objects=True))
        out = np.empty(n, dtype=object)
        out[:] = [child[(a.offset + i) * size:(a.offset + i + 1) * size].tolist() for i in range(n)]
        return Chunk(out, mask)
    if fmt == "+s":
        # Children are whole: the struct's offset applies to them.
        cols = []
        for i, cf in enumerate(f.children):
            c = a.children[i].contents
            whole = _with_nulls(convert(c, cf, owner, objects=True))
            cols.append(whole[a.offset:a.offset + n])
        names = [cf.name for cf in f.children]
        out = np.empty(n, dtype=object)
        out[:] = [dict(zip(names, vals)) for vals in zip(*cols)] if cols else [{} for _ in range(n)]
        return Chunk(out, mask)
    raise UnsupportedError(f"Unsupported: Arrow format '{fmt}' of field '{f.name}' has no Python form", -3)


def _decode_dictionary(a: ArrowArray, f: Field, owner: _Batch, n: int, mask: Optional[np.ndarray]) -> np.ndarray:
    """A dictionary array's values, as objects: the dictionary's converted
    once, then taken by index (the objects shared, not copied)."""
    dtype = np.dtype(_FIXED[f.format])
    codes = _view(_buffer(a, 1), (a.offset + n) * dtype.itemsize, dtype, owner)[a.offset:a.offset + n]
    values = _with_nulls(convert(a.dictionary.contents, f.dictionary, owner, objects=True))
    if len(values) == 0:
        return np.full(n, None, dtype=object)
    if mask is not None:
        codes = np.where(mask, 0, codes)  # a null slot's index may be anything
    out = values[codes]
    if mask is not None:
        out[mask] = None
    return out


def _with_nulls(c: Chunk) -> np.ndarray:
    """The values as objects, None where null."""
    values = c.values if c.values.dtype == object else c.values.astype(object)
    if c.mask is not None and c.mask.any():
        values = values.copy()
        values[c.mask] = None
    return values


def read_stream(stream: ArrowArrayStream, max_batches: Optional[int] = None,
                options: Options = Options()) -> Tuple[List[Field], List[List[Chunk]]]:
    """Every batch of `stream` (at most max_batches; 0: the schema alone),
    released here, as Chunks per top-level field."""
    try:
        schema = ArrowSchema()
        rc = stream.get_schema(ctypes.byref(stream), ctypes.byref(schema))
        if rc != 0:
            raise _stream_error(stream, rc)
        try:
            fields = field_of(schema).children
        finally:
            schema.release(ctypes.byref(schema))
        columns: List[List[Chunk]] = [[] for _ in fields]
        batches = 0
        while max_batches is None or batches < max_batches:
            batches += 1
            batch = _Batch()
            rc = stream.get_next(ctypes.byref(stream), ctypes.byref(batch.array))
            if rc != 0:
                raise _stream_error(stream, rc)
            if not batch.array.release:
                break
            for i, f in enumerate(fields):
                columns[i].append(convert(batch.array.children[i].contents, f, batch, options=options))
        return fields, columns
    finally:
        if stream.release:
            stream.release(ctypes.byref(stream))


def _stream_error(stream: ArrowArrayStream, rc: int) -> Exception:
    """The exception of a failing get_schema / get_next: parq's message, its kind's class."""
    addr = stream.get_last_error(ctypes.byref(stream))
    return error_from_message(ctypes.string_at(addr) if addr else f"IO error: Arrow stream error {rc}".encode())


def concat(chunks: List[Chunk], f: Field, options: Options = Options()) -> Chunk:
    """One Chunk of a column's batches (no copy for a single batch)."""
    if len(chunks) == 1:
        return chunks[0]
    if not chunks:
        return Chunk(np.empty(0, dtype=_empty_dtype(f, options)), None)
    values = np.concatenate([c.values for c in chunks])
    if all(c.mask is None for c in chunks):
        return Chunk(values, None)
    mask = np.concatenate([c.mask if c.mask is not None else np.zeros(len(c.values), dtype=bool) for c in chunks])
    return Chunk(values, mask)


def _empty_dtype(f: Field, options: Options = Options()) -> Any:
    if f.dictionary is not None:
        return object
    fmt = f.format
    if fmt.startswith("d:") and options.decimal_as_float:
        return np.float64
    if fmt == "tdD" and options.date_as_datetime64:
        return "datetime64[D]"
    if fmt in _FIXED:
        return _FIXED[fmt]
    if fmt == "b":
        return bool
    if fmt.startswith("ts"):
        return f"datetime64[{_UNITS[fmt[2]]}]"
    if fmt.startswith("tD"):
        return f"timedelta64[{_UNITS[fmt[2]]}]"
    return object
