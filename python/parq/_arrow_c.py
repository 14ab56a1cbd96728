"""The Arrow C Data Interface's structs (parq/arrow_c.h) as ctypes
Structures, shared by the reader (import) and the writer (export)."""
from __future__ import annotations

import ctypes
from ctypes import CFUNCTYPE, POINTER, c_char_p, c_int, c_int64, c_void_p

ARROW_FLAG_NULLABLE = 2


class ArrowSchema(ctypes.Structure):
    pass


ArrowSchema._fields_ = [
    ("format", c_char_p),
    ("name", c_char_p),
    ("metadata", c_void_p),
    ("flags", c_int64),
    ("n_children", c_int64),
    ("children", POINTER(POINTER(ArrowSchema))),
    ("dictionary", POINTER(ArrowSchema)),
    ("release", CFUNCTYPE(None, POINTER(ArrowSchema))),
    ("private_data", c_void_p),
]


class ArrowArray(ctypes.Structure):
    pass


ArrowArray._fields_ = [
    ("length", c_int64),
    ("null_count", c_int64),
    ("offset", c_int64),
    ("n_buffers", c_int64),
    ("n_children", c_int64),
    ("buffers", POINTER(c_void_p)),
    ("children", POINTER(POINTER(ArrowArray))),
    ("dictionary", POINTER(ArrowArray)),
    ("release", CFUNCTYPE(None, POINTER(ArrowArray))),
    ("private_data", c_void_p),
]


class ArrowArrayStream(ctypes.Structure):
    pass


GetSchemaFn = CFUNCTYPE(c_int, POINTER(ArrowArrayStream), POINTER(ArrowSchema))
GetNextFn = CFUNCTYPE(c_int, POINTER(ArrowArrayStream), POINTER(ArrowArray))
# c_void_p, not c_char_p: a Python callback must return an address that stays valid.
GetLastErrorFn = CFUNCTYPE(c_void_p, POINTER(ArrowArrayStream))
StreamReleaseFn = CFUNCTYPE(None, POINTER(ArrowArrayStream))
SchemaReleaseFn = CFUNCTYPE(None, POINTER(ArrowSchema))
ArrayReleaseFn = CFUNCTYPE(None, POINTER(ArrowArray))

ArrowArrayStream._fields_ = [
    ("get_schema", GetSchemaFn),
    ("get_next", GetNextFn),
    ("get_last_error", GetLastErrorFn),
    ("release", StreamReleaseFn),
    ("private_data", c_void_p),
]
