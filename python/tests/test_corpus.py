"""Every corpus file with expected rows (parquet-testing/expected/MANIFEST.tsv)
read through Python equals the expected rows, by docs/rows-as-json.md's
equality: the C API's JSON rows for every file, and the pandas DataFrame
(converted to canonical JSON here) for the columns of plain types."""
import base64
import datetime
import json
import math
import struct

import pandas as pd
import pytest

import parq
from conftest import TESTING


def manifest():
    lines = (TESTING / "expected" / "MANIFEST.tsv").read_text().splitlines()[1:]
    return [l.split("\t")[0] for l in lines if len(l.split("\t")) >= 5 and l.split("\t")[4] != "none"]


CASES = manifest()


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def same(a, b, loose_float):
    """rows-as-json.md equality: numbers as numbers, FLOAT rounded to binary32."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a == b:
            return True
        if isinstance(a, float) or isinstance(b, float):
            if math.isnan(a) and math.isnan(b):
                return True
            return loose_float and f32(float(a)) == f32(float(b))
        return False
    if isinstance(a, list) and isinstance(b, list):
        if a and isinstance(a[0], tuple) or b and isinstance(b[0], tuple):  # object pairs
            if len(a) != len(b):
                return False
            da, db = sorted(a, key=lambda kv: kv[0]), sorted(b, key=lambda kv: kv[0])
            return all(ka == kb and same(va, vb, loose_float) for (ka, va), (kb, vb) in zip(da, db))
        return len(a) == len(b) and all(same(x, y, loose_float) for x, y in zip(a, b))
    return a == b


def pairs(text):
    return json.loads(text, object_pairs_hook=lambda p: list(p) if p else [("{}", None)])


def expected_rows(case):
    return (TESTING / "expected" / (case + ".jsonl")).read_text().splitlines()


def has_float(schema_text):
    return " float " in schema_text or "FLOAT16" in schema_text


@pytest.mark.parametrize("case", CASES)
def test_json_rows_equal_expected(case):
    path = TESTING / case
    expected = expected_rows(case)
    with parq.ParquetFile(path) as f:
        loose = has_float(f.schema)
        if "corrupt-checksum" in case or "corrupt_checksum" in case:
            # parq verifies page CRCs on every read through the C API: the
            # damaged pages are an error naming the checksum, not wrong rows.
            with pytest.raises(parq.CorruptFileError, match="(?i)crc|checksum"):
                list(f.iter_rows())
            return
        actual = list(f.iter_rows())
    assert len(actual) == len(expected)
    for i, (a, e) in enumerate(zip(actual, expected)):
        pa, pe = pairs(a), pairs(e)
        assert len(pa) == len(pe), f"row {i}: {a} != {e}"
        for (ka, va), (ke, ve) in zip(pa, pe):
            assert ka == ke and same(va, ve, loose), f"row {i} field {ka}: {a} != {e}"


def test_manifest_has_cases():
    assert len(CASES) > 150


# The pandas path, for top-level columns of these Arrow formats: their
# canonical JSON made here from the DataFrame's values.
def canonical(value, fmt, logical):
    if value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and math.isnan(value) and fmt not in "efg"):
        return None
    if fmt in ("c", "C", "s", "S", "i", "I", "l", "L"):
        return int(value)
    if fmt in ("e", "f", "g"):
        v = float(value)
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "Infinity" if v > 0 else "-Infinity"
        return v
    if fmt == "b":
        return bool(value)
    if fmt in ("u", "U"):
        return value
    if fmt in ("z", "Z") or fmt.startswith("w:"):
        return base64.b64encode(value).decode()
    if fmt.startswith("d:"):
        return str(value)
    if fmt == "tdD":
        return value.isoformat() if isinstance(value, datetime.date) else None
    if fmt.startswith("ts"):
        ts = pd.Timestamp(value)
        digits = {"m": 3, "u": 6, "n": 9}[fmt[2]]
        if ts.tzinfo is not None:
            ts = ts.tz_convert("UTC").tz_localize(None)
        frac = f"{ts.nanosecond + 1000 * (ts.microsecond):09d}"[:digits]
        return ts.strftime("%Y-%m-%dT%H:%M:%S") + "." + frac + ("Z" if fmt.split(":", 1)[1] else "")
    raise KeyError(fmt)


PLAIN = ("c", "C", "s", "S", "i", "I", "l", "L", "e", "f", "g", "b", "u", "U", "z", "Z")


def pandas_cases():
    out = []
    for case in CASES:
        if "corrupt" in case or "shredded_variant" in case or "geospatial" in case:
            continue
        out.append(case)
    return out


@pytest.mark.parametrize("case", pandas_cases())
def test_pandas_plain_columns_equal_expected(case):
    from parq import _import
    path = TESTING / case
    with parq.ParquetFile(path) as f:
        schema = f.schema
        stream = f._stream(None, None, None, 1 << 62)
        fields, chunks = _import.read_stream(stream)
        df = f.read()
    for fl in fields:  # string columns come as dictionary arrays: check their values' type
        if fl.dictionary is not None:
            fl.format = fl.dictionary.format
    names = [fl.name for fl in fields]
    if len(set(names)) != len(names):
        pytest.skip("two top-level fields of one name")
    checked = [fl for fl in fields
               if fl.format in PLAIN or fl.format.startswith(("d:", "w:")) or fl.format == "tdD"
               or (fl.format.startswith("ts") and fl.format[2] in "mun")]
    checked = [fl for fl in checked if not fl.extension]  # JSON, UUID, WKB: other text forms
    if not checked:
        pytest.skip("no column of a plain type")
    expected = [dict(pairs(l)) for l in expected_rows(case)]
    assert len(df) == len(expected)
    loose = has_float(schema)
    for fl in checked:
        col = df[fl.name]
        if fl.format.startswith("ts") and fl.format[2] == "n" and "int96" in schema.lower():
            continue
        got = [canonical(v, fl.format, None) for v in col.astype(object)]
        want = [row[fl.name] for row in expected]
        for i, (g, w) in enumerate(zip(got, want)):
            assert same(g, w, loose), f"{fl.name} row {i}: {g!r} != {w!r}"
