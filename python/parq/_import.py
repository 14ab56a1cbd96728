"""Arrow record batches (an ArrowArrayStream from libparq) into numpy arrays
and pandas columns.

Fixed-width columns (integers, floats, timestamps in ns, durations) are
numpy views of the Arrow buffers, without a copy, when a column comes in one
batch (a read of flat columns spanning row groups, PARQ_ARROW_ONE_BATCH; a
file or split of one row group); each batch's columns are moved into
``_Batch``es of their own, and a column's views keep its own buffers alive
(its ``release`` runs when the last view is gone).  A column of several
batches is written batch after batch into one array (one copy), and its
decimals and dates made into objects once for the whole column.  Strings,
binaries, decimals, dates, times, lists, maps and structs become Python
objects.

Ownership: every ArrowArray imported here is released exactly once, by the
``_Batch`` that owns it, when nothing points into it any more.
Thread-safety: a stream is read by one thread; the arrays made are ordinary
numpy / pandas objects.
"""
from __future__ import annotations

import ctypes
import datetime
import decimal
import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

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

    def take_child(self, i: int) -> "_Batch":
        """Child i moved out into a _Batch of its own (the C Data Interface's
        move: the struct copied, the parent's copy marked released), so that
        each column's buffers live as long as that column's views alone."""
        child = _Batch()
        src = self.array.children[i]
        ctypes.memmove(ctypes.byref(child.array), src, ctypes.sizeof(ArrowArray))
        ctypes.memset(ctypes.addressof(src.contents) + ArrowArray.release.offset, 0, ctypes.sizeof(ctypes.c_void_p))
        return child


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
    datetime64[D] instead of datetime.date objects (datetime_ns: as
    datetime64[ns], pandas' unit, for a column of several batches: the days
    multiplied as they are written)."""

    decimal_as_float: bool = False
    date_as_datetime64: bool = False
    datetime_ns: bool = False


@dataclass
class Chunk:
    """One batch's part of a column, or a whole column: values (numpy,
    maybe object) and a null mask (None: no null)."""

    values: np.ndarray
    mask: Optional[np.ndarray]


# A table indexed by value - min, instead of a sort, when the values span at
# most this many times their count (the usual: prices, quantities, days).
_TABLE_SPAN = 4


def _by_distinct(values: np.ndarray, make: Callable[[np.ndarray], List[Any]]) -> np.ndarray:
    """Objects for integer `values`: make(distinct values, ascending) called
    once, the objects shared by every slot of the same value."""
    n = len(values)
    out = np.empty(n, dtype=object)
    if n == 0:
        return out
    lo, hi = int(values.min()), int(values.max())
    if hi - lo < max(_TABLE_SPAN * n, 1 << 16):
        index = (values - lo).astype(np.intp) if lo else values.astype(np.intp, copy=False)
        present = np.zeros(hi - lo + 1, dtype=bool)
        present[index] = True
        distinct = np.flatnonzero(present)
        table = np.empty(hi - lo + 1, dtype=object)
        table[distinct] = make(distinct + lo)
        return table.take(index)
    distinct, where = np.unique(values, return_inverse=True)
    made = np.empty(len(distinct), dtype=object)
    made[:] = make(distinct)
    return made.take(where)


def _decimals_of(unscaled: np.ndarray, scale: int) -> np.ndarray:
    """int64 unscaled values as Decimals of `scale` (each distinct one made once)."""
    suffix = f"e-{scale}" if scale else ""
    return _by_distinct(unscaled, lambda d: [decimal.Decimal(f"{v}{suffix}") for v in d.tolist()])


def _dates_of(days: np.ndarray) -> np.ndarray:
    """int32 days since the epoch as datetime.date objects (each distinct day made once)."""
    return _by_distinct(days, lambda d: d.astype("datetime64[D]").astype(object).tolist())


def _decimal_words(raw: np.ndarray, width: int, n: int) -> Optional[np.ndarray]:
    """The values as int64 when every one fits (else None)."""
    words = raw.view("<i8").reshape(n, width // 8)
    low = words[:, 0]
    if width == 8 or (words[:, 1:] == (low >> 63)[:, None]).all():
        return low
    return None


def _decimal_values(raw: np.ndarray, width: int, scale: int, n: int) -> np.ndarray:
    """Little-endian two's complement integers of `width` bytes as Decimals of `scale`."""
    if n == 0:
        return np.empty(0, dtype=object)
    low = _decimal_words(raw, width, n)
    if low is not None:
        return _decimals_of(low, scale)
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
    low = _decimal_words(raw, width, n)
    if low is not None:
        return low / 10.0 ** scale
    return np.array([float(d) for d in _decimal_values(raw, width, scale, n)], dtype=np.float64)


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


# Rows a long column is made into objects at a time: a block's text, bounds
# and objects stay in the CPU's caches (a whole 6M-row column's do not).
_BLOCK = 1 << 17


def _strings_into(a: ArrowArray, large: bool, utf8: bool, owner: _Batch, out: np.ndarray) -> None:
    """A str (utf8) or bytes per slot of a string / binary array, into `out`:
    the data copied once, each value a slice of it (a block of rows at a time)."""
    if a.length == 0:
        return
    offsets = _offsets(a, large, owner)
    addr = _buffer(a, 2)
    for start in range(0, a.length, _BLOCK):
        stop = min(a.length, start + _BLOCK)
        first = int(offsets[start])
        bounds = (offsets[start:stop + 1] - first).tolist()
        data = ctypes.string_at(addr + first, bounds[-1]) if bounds[-1] > 0 else b""
        if utf8 and data.isascii():
            text = data.decode("ascii")
            out[start:stop] = list(map(text.__getitem__, map(slice, bounds, bounds[1:])))
        elif utf8:
            out[start:stop] = [data[bounds[i]:bounds[i + 1]].decode("utf-8", "replace") for i in range(stop - start)]
        else:
            out[start:stop] = list(map(data.__getitem__, map(slice, bounds, bounds[1:])))


def _strings(a: ArrowArray, large: bool, utf8: bool, owner: _Batch) -> np.ndarray:
    out = np.empty(a.length, dtype=object)
    _strings_into(a, large, utf8, owner, out)
    return out


def _fixed_bytes(a: ArrowArray, owner: _Batch, width: int) -> np.ndarray:
    """The values buffer of an array of `width`-byte values as uint8 (no copy)."""
    return _view(_buffer(a, 1), (a.offset + a.length) * width, np.uint8, owner)[
        a.offset * width:(a.offset + a.length) * width]


def _fixed(a: ArrowArray, owner: _Batch, dtype: Any) -> np.ndarray:
    """The values buffer of a fixed-width array as a numpy view (no copy)."""
    dtype = np.dtype(dtype)
    return _view(_buffer(a, 1), (a.offset + a.length) * dtype.itemsize, dtype, owner)[a.offset:a.offset + a.length]


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
        values = _fixed(a, owner, dtype)
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
        raw = _fixed_bytes(a, owner, width)
        data = raw.tobytes()
        out = np.empty(n, dtype=object)
        out[:] = [data[i * width:(i + 1) * width] for i in range(n)]
        return Chunk(out, mask)
    if fmt.startswith("d:"):
        parts = fmt[2:].split(",")
        scale = int(parts[1])
        width = int(parts[2]) // 8 if len(parts) > 2 else 16
        raw = _fixed_bytes(a, owner, width)
        if options.decimal_as_float and not objects:
            return Chunk(_decimal_floats(raw, width, scale, n), mask)
        return Chunk(_decimal_values(raw, width, scale, n), mask)
    if fmt == "tdD":
        days = _fixed(a, owner, np.int32)
        if options.date_as_datetime64 and not objects:
            if options.datetime_ns and (n == 0 or (days.min() >= -_NS_DAYS and days.max() <= _NS_DAYS)):
                return Chunk(np.multiply(days, np.int64(86_400_000_000_000)).view("datetime64[ns]"), mask)
            return Chunk(days.astype("datetime64[D]"), mask)
        return Chunk(_dates_of(days), mask)
    if fmt.startswith("tt"):
        unit = _UNITS[fmt[2]]
        dtype = np.int32 if fmt[2] in "sm" else np.int64
        raw = _fixed(a, owner, dtype)
        return Chunk(_time_values(raw, unit), mask)
    if fmt.startswith("ts"):
        unit = _UNITS[fmt[2]]
        raw = _fixed(a, owner, np.int64)
        values = raw.view(f"datetime64[{unit}]")
        if objects:
            return Chunk(values.astype(object), mask)
        return Chunk(values, mask)
    if fmt.startswith("tD"):
        unit = _UNITS[fmt[2]]
        raw = _fixed(a, owner, np.int64)
        return Chunk(raw.view(f"timedelta64[{unit}]"), mask)
    if fmt == "tin":
        raw = _fixed_bytes(a, owner, 16)
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
    out = np.empty(n, dtype=object)
    _dictionary_into(a, f, owner, mask, out)
    return out


def _dictionary_into(a: ArrowArray, f: Field, owner: _Batch, mask: Optional[np.ndarray], out: np.ndarray) -> None:
    """A dictionary array's values, as objects, into `out`: the dictionary's
    converted once, then taken by index (the objects shared, not copied).  A
    dictionary of each slot's own value (a batch of plain pages) is read
    as the strings it is, without the take."""
    n = a.length
    codes = _fixed(a, owner, _FIXED[f.format])
    d = a.dictionary.contents
    fmt = f.dictionary.format
    if (mask is None and d.length == n and d.null_count == 0 and fmt in ("u", "U", "z", "Z") and n
            and codes[0] == 0 and codes[-1] == n - 1 and not (np.diff(codes) != 1).any()):
        _strings_into(d, fmt.isupper(), fmt in ("u", "U"), owner, out)
        return
    values = _with_nulls(convert(d, f.dictionary, owner, objects=True))
    if len(values) == 0:
        out[:] = None
        return
    if mask is not None:
        codes = np.where(mask, 0, codes)  # a null slot's index may be anything
    for start in range(0, n, _BLOCK):
        np.take(values, codes[start:start + _BLOCK], out=out[start:start + _BLOCK])
    if mask is not None:
        out[mask] = None


def _with_nulls(c: Chunk) -> np.ndarray:
    """The values as objects, None where null."""
    values = c.values if c.values.dtype == object else c.values.astype(object)
    if c.mask is not None and c.mask.any():
        values = values.copy()
        values[c.mask] = None
    return values


def read_stream(stream: ArrowArrayStream, max_batches: Optional[int] = None,
                options: Options = Options()) -> Tuple[List[Field], List[Chunk]]:
    """Every batch of `stream` (at most max_batches; 0: the schema alone),
    released here, as one Chunk per top-level field."""
    try:
        schema = ArrowSchema()
        rc = stream.get_schema(ctypes.byref(stream), ctypes.byref(schema))
        if rc != 0:
            raise _stream_error(stream, rc)
        try:
            fields = field_of(schema).children
        finally:
            schema.release(ctypes.byref(schema))
        batches: List[_Batch] = []
        while max_batches is None or len(batches) < max_batches:
            batch = _Batch()
            rc = stream.get_next(ctypes.byref(stream), ctypes.byref(batch.array))
            if rc != 0:
                raise _stream_error(stream, rc)
            if not batch.array.release:
                break
            batches.append(batch)
        columns = [[b.take_child(i) for b in batches] for i in range(len(fields))]
        del batches  # the structs alone: each column's children are their own now
        return fields, [_column([c.array for c in owners], owners, f, options)
                        for owners, f in zip(columns, fields)]
    finally:
        if stream.release:
            stream.release(ctypes.byref(stream))


def _stream_error(stream: ArrowArrayStream, rc: int) -> Exception:
    """The exception of a failing get_schema / get_next: parq's message, its kind's class."""
    addr = stream.get_last_error(ctypes.byref(stream))
    return error_from_message(ctypes.string_at(addr) if addr else f"IO error: Arrow stream error {rc}".encode())


def empty_column(f: Field, options: Options = Options()) -> Chunk:
    """A column of no row, of the dtype `f` reads as."""
    return Chunk(np.empty(0, dtype=_empty_dtype(f, options)), None)


def _column(arrays: List[ArrowArray], owners: List[_Batch], f: Field, options: Options) -> Chunk:
    """One top-level column of a stream's batches.  One batch: converted
    as it is (fixed-width values are views of it).  Several: each batch
    written into the column's one array (no per-batch array, then a
    concatenation), values made into objects after (a decimal or a date
    made once however many row groups hold it); types without such a writer
    converted per batch and concatenated."""
    if not arrays:
        return empty_column(f, options)
    if len(arrays) == 1:
        return convert(arrays[0], f, owners[0], options=options)
    write, dtype, finish = _writer(f, options)
    if write is not None:
        masks = [_validity(a, o) for a, o in zip(arrays, owners)]
        out = np.empty(sum(a.length for a in arrays), dtype=dtype)
        pos = 0
        for a, o, m in zip(arrays, owners, masks):
            if not write(a, o, m, out[pos:pos + a.length]):
                break
            pos += a.length
        else:
            return Chunk(out if finish is None else finish(out), _concat_masks(masks, arrays))
    chunks = [convert(a, f, o, options=options) for a, o in zip(arrays, owners)]
    return Chunk(np.concatenate([c.values for c in chunks]), _concat_masks([c.mask for c in chunks], arrays))


def _concat_masks(masks: List[Optional[np.ndarray]], arrays: List[ArrowArray]) -> Optional[np.ndarray]:
    if all(m is None for m in masks):
        return None
    return np.concatenate([m if m is not None else np.zeros(a.length, dtype=bool) for m, a in zip(masks, arrays)])


# The days datetime64[ns] holds (int64 nanoseconds: about 292 years each side of 1970).
_NS_DAYS = np.iinfo(np.int64).max // 86_400_000_000_000

Writer = Callable[[ArrowArray, _Batch, Optional[np.ndarray], np.ndarray], bool]


def _writer(f: Field, options: Options) -> Tuple[Optional[Writer], Any, Optional[Callable[[np.ndarray], np.ndarray]]]:
    """How a batch of field `f` is written into its slice of the column: the
    writer (false when it cannot: a decimal beyond int64), the column's
    dtype, and what makes the column's values once written (or None).
    (None, None, None) for the types converted per batch."""
    fmt = f.format
    if f.dictionary is not None:
        def dictionary(a: ArrowArray, o: _Batch, m: Optional[np.ndarray], out: np.ndarray) -> bool:
            _dictionary_into(a, f, o, m, out)
            return True
        return dictionary, object, None
    if fmt in ("u", "U", "z", "Z"):
        def strings(a: ArrowArray, o: _Batch, m: Optional[np.ndarray], out: np.ndarray) -> bool:
            _strings_into(a, fmt.isupper(), fmt in ("u", "U"), o, out)
            return True
        return strings, object, None
    raw: Any = None
    if fmt in _FIXED:
        raw, dtype = _FIXED[fmt], _FIXED[fmt]
    elif fmt.startswith("ts"):
        raw, dtype = np.int64, f"datetime64[{_UNITS[fmt[2]]}]"
    elif fmt.startswith("tD"):
        raw, dtype = np.int64, f"timedelta64[{_UNITS[fmt[2]]}]"
    elif fmt == "tdD":
        if options.date_as_datetime64 and options.datetime_ns:
            def nanoseconds(a: ArrowArray, o: _Batch, m: Optional[np.ndarray], out: np.ndarray) -> bool:
                days = _fixed(a, o, np.int32)
                if len(days) and (days.min() < -_NS_DAYS or days.max() > _NS_DAYS):
                    return False  # beyond datetime64[ns]: per batch, then objects
                np.multiply(days, np.int64(86_400_000_000_000), out=out.view(np.int64))
                return True
            return nanoseconds, "datetime64[ns]", None
        if not options.date_as_datetime64:
            raw, dtype = np.int32, np.int32
        else:
            raw, dtype = np.int32, "datetime64[D]"
    if raw is not None:
        def fixed(a: ArrowArray, o: _Batch, m: Optional[np.ndarray], out: np.ndarray) -> bool:
            (out.view(np.int64) if out.dtype.kind in "Mm" else out)[:] = _fixed(a, o, raw)
            return True
        return fixed, dtype, (_dates_of if fmt == "tdD" and not options.date_as_datetime64 else None)
    if fmt.startswith("d:"):
        parts = fmt[2:].split(",")
        scale = int(parts[1])
        width = int(parts[2]) // 8 if len(parts) > 2 else 16

        def decimals(a: ArrowArray, o: _Batch, m: Optional[np.ndarray], out: np.ndarray) -> bool:
            n = a.length
            raw = _fixed_bytes(a, o, width)
            low = _decimal_words(raw, width, n) if n else out[:0]
            if options.decimal_as_float:
                if low is None:
                    out[:] = _decimal_floats(raw, width, scale, n)
                else:
                    np.divide(low, 10.0 ** scale, out=out)
                return True
            if low is None:
                return False
            out[:] = low
            return True
        return decimals, (np.float64 if options.decimal_as_float else np.int64), \
            (None if options.decimal_as_float else functools.partial(_decimals_of, scale=scale))
    return None, None, None


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
