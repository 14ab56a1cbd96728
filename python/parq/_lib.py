"""libparq.so loaded with ctypes: the C API's prototypes (parq/c_api.h) and
its errors turned into Python exceptions.

The library is found, in this order: the path in the environment variable
``PARQ_LIBRARY``; a ``libparq.so`` copied next to this file; the system's
loader (``libparq.so.0`` of ``cmake --install``, through ldconfig or
``LD_LIBRARY_PATH``).  Loading happens at import time of :mod:`parq`.

Thread-safety: the functions are those of the C API: one thread at a time
per handle; ctypes releases the GIL during each call.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import POINTER, c_char_p, c_int, c_int64, c_size_t, c_void_p
from pathlib import Path
from typing import Optional

from ._arrow_c import ArrowArrayStream

PARQ_OK = 0
PARQ_DATASET_NO_HIVE = 1
PARQ_DATASET_SKIP_INVALID = 2
PARQ_ARROW_DICTIONARY = 1
PARQ_ARROW_ONE_BATCH = 2
PARQ_ARROW_DECIMAL64 = 4


class ParqError(Exception):
    """An error of libparq: ``code`` is the C API's PARQ_ERROR_* code (negative),
    ``str(e)`` parq's message ("Corrupt: ...", "IO error: ...")."""

    def __init__(self, message: str, code: int = -6) -> None:
        super().__init__(message)
        self.code = code


class InvalidArgumentError(ParqError, ValueError):
    """PARQ_ERROR_INVALID_ARGUMENT: the caller's mistake (an unknown column, a bad filter)."""


class CorruptFileError(ParqError):
    """PARQ_ERROR_CORRUPT: the file is not valid Parquet."""


class UnsupportedError(ParqError):
    """PARQ_ERROR_UNSUPPORTED: valid, but a feature parq lacks."""


class ParqIOError(ParqError, OSError):
    """PARQ_ERROR_IO: the operating system failed a read or a write."""


class LimitExceededError(ParqError):
    """PARQ_ERROR_LIMIT_EXCEEDED: a safety limit of the reader was hit."""


_ERRORS = {-1: InvalidArgumentError, -2: CorruptFileError, -3: UnsupportedError, -4: ParqIOError,
           -5: LimitExceededError, -7: MemoryError}


def error_for(code: int, message: str) -> Exception:
    """The exception of a C API error code with parq's message."""
    cls = _ERRORS.get(code, ParqError)
    if cls is MemoryError:
        return MemoryError(message or "parq: out of memory")
    return cls(message, code)


def code_of(message: bytes) -> int:
    """The code of a message whose kind leads it ("Corrupt: ..."), for errors
    that come as text only (an error buffer, an Arrow stream's get_last_error)."""
    kinds = [(b"Invalid argument", -1), (b"Corrupt", -2), (b"Unsupported", -3), (b"IO error", -4),
             (b"Limit exceeded", -5), (b"Out of memory", -7)]
    for prefix, code in kinds:
        if message.startswith(prefix):
            return code
    return -6


def error_from_message(message: bytes) -> Exception:
    """The exception of an error known only by its message."""
    return error_for(code_of(message), message.decode("utf-8", "replace"))


def _find_library() -> str:
    env = os.environ.get("PARQ_LIBRARY")
    if env:
        return env
    here = Path(__file__).resolve().parent
    for name in ("libparq.so", "libparq.so.0"):
        if (here / name).exists():
            return str(here / name)
    found = ctypes.util.find_library("parq")
    if found:
        return found
    raise ImportError("parq: libparq.so not found: set PARQ_LIBRARY to its path "
                      "(build/lib/libparq.so of a parq build) or install parq with cmake --install")


def _load(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    p = ctypes.c_void_p  # opaque handles
    cpp = POINTER(c_char_p)
    i64p = POINTER(c_int64)
    stream = POINTER(ArrowArrayStream)
    protos = {
        "parq_version": (c_char_p, []),
        "parq_error_name": (c_char_p, [c_int]),
        "parq_reader_open": (p, [c_char_p, c_char_p, c_size_t]),
        "parq_reader_close": (None, [p]),
        "parq_reader_set_threads": (c_int, [p, c_int]),
        "parq_reader_last_error": (c_char_p, [p]),
        "parq_reader_num_rows": (c_int, [p, i64p]),
        "parq_reader_num_row_groups": (c_int, [p, i64p]),
        "parq_reader_row_group_num_rows": (c_int, [p, c_int64, i64p]),
        "parq_reader_num_columns": (c_int, [p, i64p]),
        "parq_reader_column_path": (c_int, [p, c_int64, cpp]),
        "parq_reader_schema": (c_int, [p, cpp]),
        "parq_reader_created_by": (c_int, [p, cpp]),
        "parq_reader_num_key_values": (c_int, [p, i64p]),
        "parq_reader_key_value": (c_int, [p, c_int64, POINTER(c_void_p), POINTER(c_size_t), POINTER(c_void_p),
                                          POINTER(c_size_t)]),
        "parq_rows_open_filtered": (p, [p, c_char_p, p]),
        "parq_rows_next": (c_int, [p, POINTER(c_void_p), POINTER(c_size_t)]),
        "parq_rows_last_error": (c_char_p, [p]),
        "parq_rows_close": (None, [p]),
        "parq_filter_parse": (p, [p, c_char_p]),
        "parq_filter_text": (c_char_p, [p]),
        "parq_filter_free": (None, [p]),
        "parq_reader_to_arrow_filtered": (c_int, [p, c_char_p, p, c_int64, stream]),
        "parq_write_arrow": (c_int, [c_char_p, stream, c_char_p, c_char_p, c_size_t]),
        "parq_reader_splits": (c_int, [p, c_int64, i64p]),
        "parq_reader_split": (c_int, [p, c_int64, i64p, i64p, i64p]),
        "parq_rows_open_range": (p, [p, c_char_p, p, c_int64, c_int64]),
        "parq_reader_to_arrow_range": (c_int, [p, c_char_p, p, c_int64, c_int64, c_int64, c_int, stream]),
        "parq_dataset_open": (p, [c_char_p, c_int, c_char_p, c_size_t]),
        "parq_dataset_open_files": (p, [POINTER(c_char_p), c_size_t, c_int, c_char_p, c_size_t]),
        "parq_dataset_close": (None, [p]),
        "parq_dataset_set_threads": (c_int, [p, c_int]),
        "parq_dataset_last_error": (c_char_p, [p]),
        "parq_dataset_schema": (c_int, [p, cpp]),
        "parq_dataset_num_rows": (c_int, [p, i64p]),
        "parq_dataset_num_files": (c_int, [p, i64p]),
        "parq_dataset_file": (c_int, [p, c_int64, cpp, i64p]),
        "parq_dataset_num_partition_columns": (c_int, [p, i64p]),
        "parq_dataset_partition_column": (c_int, [p, c_int64, cpp, cpp]),
        "parq_dataset_partition_value": (c_int, [p, c_int64, c_int64, cpp]),
        "parq_dataset_filter_parse": (p, [p, c_char_p]),
        "parq_dataset_file_filter": (c_int, [p, p, c_int64, POINTER(c_int), POINTER(c_void_p)]),
        "parq_dataset_rows_open": (p, [p, c_char_p, p]),
        "parq_dataset_to_arrow": (c_int, [p, c_char_p, p, c_int64, stream]),
    }
    for name, (restype, argtypes) in protos.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    return lib


LIBRARY_PATH: str = _find_library()
lib: ctypes.CDLL = _load(LIBRARY_PATH)


def encode(text: Optional[str]) -> Optional[bytes]:
    """A str argument as the C API takes it (UTF-8; None stays NULL)."""
    return None if text is None else text.encode("utf-8")


def path_arg(path: "os.PathLike[str] | str") -> bytes:
    """A file path as the C API takes it (the system's bytes)."""
    return os.fsencode(path)


def decode(raw: Optional[bytes]) -> str:
    return "" if raw is None else raw.decode("utf-8", errors="replace")


def check(code: int, last_error: str) -> None:
    """Raises the exception of a failing call's code."""
    if code != PARQ_OK:
        raise error_for(code, last_error)


def columns_arg(columns) -> Optional[bytes]:
    """A projection as the C API takes it: None (all), a str ("a,b.c") or a list of dotted paths."""
    if columns is None:
        return None
    if isinstance(columns, str):
        return columns.encode("utf-8")
    columns = list(columns)
    for c in columns:
        if not isinstance(c, str) or "," in c or not c:
            raise InvalidArgumentError(f"columns: {c!r} is not a dotted column path", -1)
    if not columns:
        raise InvalidArgumentError("columns: an empty list (None reads every column)", -1)
    return ",".join(columns).encode("utf-8")


def version() -> str:
    """The version of the libparq loaded ("0.1.0")."""
    return decode(lib.parq_version())
