"""DuckDB as the tests' oracle, through its C API with ctypes: the
libduckdb.so of the interop peers (tests/interop/install_peers.sh puts it in
build/interop/peers; PARQ_DUCKDB_LIB names another), as the C++ interop tests
load it (tests/testing/duckdb_capi.cc).  Results come back as text cells."""
import ctypes
import os
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "build/interop/peers/node_modules/@duckdb/node-bindings-linux-x64/libduckdb.so"


def library_path() -> Optional[str]:
    p = os.environ.get("PARQ_DUCKDB_LIB") or str(DEFAULT)
    return p if Path(p).exists() else None


class _Result(ctypes.Structure):  # duckdb_result: six words the caller provides
    _fields_ = [("w", ctypes.c_uint64 * 6)]


class DuckDB:
    """An in-memory DuckDB; query() returns rows of text cells (None for NULL)."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        vp = ctypes.c_void_p
        lib.duckdb_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(vp)]
        lib.duckdb_connect.argtypes = [vp, ctypes.POINTER(vp)]
        lib.duckdb_query.argtypes = [vp, ctypes.c_char_p, ctypes.POINTER(_Result)]
        lib.duckdb_result_error.argtypes = [ctypes.POINTER(_Result)]
        lib.duckdb_result_error.restype = ctypes.c_char_p
        lib.duckdb_row_count.argtypes = [ctypes.POINTER(_Result)]
        lib.duckdb_row_count.restype = ctypes.c_uint64
        lib.duckdb_column_count.argtypes = [ctypes.POINTER(_Result)]
        lib.duckdb_column_count.restype = ctypes.c_uint64
        lib.duckdb_value_is_null.argtypes = [ctypes.POINTER(_Result), ctypes.c_uint64, ctypes.c_uint64]
        lib.duckdb_value_is_null.restype = ctypes.c_bool
        lib.duckdb_value_varchar.argtypes = [ctypes.POINTER(_Result), ctypes.c_uint64, ctypes.c_uint64]
        lib.duckdb_value_varchar.restype = vp
        lib.duckdb_free.argtypes = [vp]
        lib.duckdb_destroy_result.argtypes = [ctypes.POINTER(_Result)]
        lib.duckdb_disconnect.argtypes = [ctypes.POINTER(vp)]
        lib.duckdb_close.argtypes = [ctypes.POINTER(vp)]
        self.lib = lib
        self.db, self.con = vp(), vp()
        if lib.duckdb_open(None, ctypes.byref(self.db)) != 0:
            raise RuntimeError("duckdb_open failed")
        if lib.duckdb_connect(self.db, ctypes.byref(self.con)) != 0:
            raise RuntimeError("duckdb_connect failed")

    def query(self, sql: str) -> List[List[Optional[str]]]:
        r = _Result()
        lib = self.lib
        try:
            if lib.duckdb_query(self.con, sql.encode(), ctypes.byref(r)) != 0:
                raise RuntimeError(f"duckdb: {lib.duckdb_result_error(ctypes.byref(r)).decode()}\n{sql}")
            rows = []
            for i in range(lib.duckdb_row_count(ctypes.byref(r))):
                row = []
                for c in range(lib.duckdb_column_count(ctypes.byref(r))):
                    if lib.duckdb_value_is_null(ctypes.byref(r), c, i):
                        row.append(None)
                        continue
                    p = lib.duckdb_value_varchar(ctypes.byref(r), c, i)
                    row.append(ctypes.string_at(p).decode())
                    lib.duckdb_free(p)
                rows.append(row)
            return rows
        finally:
            lib.duckdb_destroy_result(ctypes.byref(r))

    def close(self) -> None:
        self.lib.duckdb_disconnect(ctypes.byref(self.con))
        self.lib.duckdb_close(ctypes.byref(self.db))
