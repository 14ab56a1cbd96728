"""pandas DataFrames of every supported dtype written by parq.write_parquet
and read back equal (docs/python.md's table), with writer options; numpy
reads wrap fixed-width buffers without a copy."""
import datetime
import decimal

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

import parq

N = 1000
rng = np.random.default_rng(7)


def nullable(values, dtype):
    arr = pd.array(values, dtype=dtype)
    arr[::7] = pd.NA
    return arr


def objects_with_nulls(values):
    out = np.array(values, dtype=object)
    out[::5] = None
    return out


NUMPY_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"]


def frame():
    cols = {}
    for dt in NUMPY_DTYPES:
        info = np.iinfo(dt) if dt[0] in "iu" else None
        if info is not None:
            cols[dt] = rng.integers(info.min, info.max, size=N, dtype=dt, endpoint=True)
        else:
            cols[dt] = rng.standard_normal(N).astype(dt)
    cols["bool"] = rng.integers(0, 2, N).astype(bool)
    for dt in ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64"]:
        cols[dt] = nullable(rng.integers(0, 100, N), dt)
    cols["Float32"] = nullable(rng.standard_normal(N), "Float32")
    cols["Float64"] = nullable(rng.standard_normal(N), "Float64")
    cols["boolean"] = nullable(rng.integers(0, 2, N).astype(bool), "boolean")
    cols["str"] = objects_with_nulls([f"s{i}é" * (i % 4) for i in range(N)])
    cols["bytes"] = objects_with_nulls([bytes([i % 256]) * (i % 3) for i in range(N)])
    cols["date"] = objects_with_nulls([datetime.date(1900, 1, 1) + datetime.timedelta(days=int(d))
                                       for d in rng.integers(0, 80000, N)])
    cols["decimal"] = objects_with_nulls([decimal.Decimal(int(v)).scaleb(-3) for v in rng.integers(-10**12, 10**12, N)])
    # Beyond int64 unscaled: not the vectorized path.
    cols["decimal_wide"] = objects_with_nulls([decimal.Decimal(int(v) * 10**20 + i).scaleb(-3)
                                               for i, v in enumerate(rng.integers(-10**12, 10**12, N))])
    cols["label"] = [f"row {i}" for i in range(N)]  # distinct, no null
    ts = pd.Series(pd.to_datetime(rng.integers(-2 * 10**18, 2 * 10**18, N)))
    ts[::9] = pd.NaT
    cols["timestamp"] = ts
    cols["timestamp_tz"] = ts.dt.tz_localize("UTC")
    cols["list_int"] = objects_with_nulls([list(range(i % 4)) for i in range(N)])
    cols["list_str"] = objects_with_nulls([[f"x{j}" for j in range(i % 3)] for i in range(N)])
    return pd.DataFrame(cols)


EXPECTED_BACK = {"string": object}


@pytest.mark.parametrize("options", [{}, dict(row_group_rows=97), dict(row_group_rows=97, dictionary=False)])
def test_every_dtype_round_trips(tmp_path, options):
    df = frame()
    path = tmp_path / "all.parquet"
    parq.write_parquet(df, path, **options)
    back = parq.read_parquet(path)
    assert list(back.columns) == list(df.columns)
    for name in df.columns:
        a, b = df[name], back[name]
        if a.dtype == object:
            assert b.dtype == object, name
            assert [None if (x is None) else x for x in a] == list(b), name
        else:
            pdt.assert_series_equal(a, b, check_names=False, obj=name)


def test_string_dtype_and_categorical_read_back_as_objects(tmp_path):
    df = pd.DataFrame({"s": pd.array(["a", None, "c"], dtype="string"), "c": pd.Categorical(["x", "y", "x"])})
    parq.write_parquet(df, tmp_path / "s.parquet")
    back = parq.read_parquet(tmp_path / "s.parquet")
    assert list(back["s"]) == ["a", None, "c"]
    assert list(back["c"]) == ["x", "y", "x"]


def test_time_zone_kept_as_the_instant(tmp_path):
    ts = pd.Series(pd.to_datetime(["2024-03-10 01:30", "2024-11-04 01:30"]).tz_localize("US/Eastern"))
    parq.write_parquet(pd.DataFrame({"t": ts}), tmp_path / "tz.parquet")
    back = parq.read_parquet(tmp_path / "tz.parquet")["t"]
    assert str(back.dtype) == "datetime64[ns, UTC]"  # Parquet keeps isAdjustedToUTC, not the zone
    pdt.assert_series_equal(back, ts.dt.tz_convert("UTC"), check_names=False)


@pytest.mark.parametrize("options", [dict(codec="zstd", level=3), dict(codec="snappy", page_version=2),
                                     dict(codec="gzip", dictionary=False, row_group_rows=300),
                                     dict(bloom_filter=True, no_page_index=True),
                                     dict(encoding={"int64": "DELTA_BINARY_PACKED"})])
def test_writer_options(tmp_path, options):
    df = frame()[["int64", "str", "Float64"]]
    path = tmp_path / "o.parquet"
    parq.write_parquet(df, path, **options)
    with parq.ParquetFile(path) as f:
        assert f.num_row_groups == (4 if options.get("row_group_rows") == 300 else 1)
        back = f.read()
    pdt.assert_frame_equal(back, df)


def test_bad_writer_option_raises_with_parqs_message(tmp_path):
    with pytest.raises(parq.InvalidArgumentError, match="writer option 'page_size': takes a positive integer"):
        parq.write_parquet(frame()[["int64"]], tmp_path / "x.parquet", page_size=-5)
    assert not (tmp_path / "x.parquet").exists()


def test_unsupported_column_raises_type_error(tmp_path):
    with pytest.raises(TypeError, match="column 'o'"):
        parq.write_parquet(pd.DataFrame({"o": [object(), object()]}), tmp_path / "x.parquet")


def test_empty_frame(tmp_path):
    df = pd.DataFrame({"a": np.array([], dtype=np.int64), "s": np.array([], dtype=object)})
    parq.write_parquet(df, tmp_path / "e.parquet")
    back = parq.read_parquet(tmp_path / "e.parquet")
    assert len(back) == 0 and list(back.columns) == ["a", "s"]
    assert back["a"].dtype == np.int64


def test_numpy_fixed_width_is_zero_copy_and_masked(tmp_path):
    df = pd.DataFrame({"x": np.arange(10, dtype=np.int64), "y": pd.array([1.5, None] * 5, dtype="Float64")})
    parq.write_parquet(df, tmp_path / "z.parquet")
    with parq.ParquetFile(tmp_path / "z.parquet") as f:
        assert not f.read()["x"].to_numpy().flags.owndata  # pandas takes the view too
        arrays = f.read_numpy()
    x, y = arrays["x"], arrays["y"]
    assert not x.flags.owndata  # a view of the Arrow buffer
    assert np.array_equal(x, np.arange(10))
    assert isinstance(y, np.ma.MaskedArray)
    assert list(y.mask) == [False, True] * 5
    assert y.compressed().tolist() == [1.5] * 5
    del arrays, x  # the batch is released with its last view
    # Several row groups: one copy into one array.
    parq.write_parquet(df, tmp_path / "z3.parquet", row_group_rows=3)
    with parq.ParquetFile(tmp_path / "z3.parquet") as f:
        assert np.array_equal(f.read_numpy(["x"])["x"], np.arange(10))


def test_projection_and_filter(tmp_path):
    df = pd.DataFrame({"id": np.arange(100, dtype=np.int64), "name": [f"n{i}" for i in range(100)]})
    parq.write_parquet(df, tmp_path / "f.parquet", row_group_rows=10)
    with parq.ParquetFile(tmp_path / "f.parquet") as f:
        got = f.read(columns=["name"], filter="id >= 95 OR name = 'n3'")
        assert list(got.columns) == ["name"]
        assert list(got["name"]) == ["n3", "n95", "n96", "n97", "n98", "n99"]


def test_nested_lists_maps_structs_read_as_objects():
    from conftest import TESTING
    with parq.ParquetFile(TESTING / "data" / "nested_maps.snappy.parquet") as f:
        df = f.read()
    assert isinstance(df.iloc[0, 0], list)  # a map: (key, value) pairs
    assert all(isinstance(kv, tuple) and len(kv) == 2 for kv in df.iloc[0, 0])
    with parq.ParquetFile(TESTING / "data" / "nested_structs.rust.parquet") as f:
        df = f.read()
    assert isinstance(df.iloc[0, 0], dict)


def test_decimal_as_float_and_date_as_datetime64(tmp_path):
    df = pd.DataFrame({"d": [decimal.Decimal("1.25"), None, decimal.Decimal("-0.50")],
                       "day": [datetime.date(2024, 2, 29), datetime.date(1969, 12, 31), None]})
    parq.write_parquet(df, tmp_path / "o.parquet")
    with parq.ParquetFile(tmp_path / "o.parquet") as f:
        plain = f.read()
        fast = f.read(decimal_as_float=True, date_as_datetime64=True)
        arrays = f.read_numpy(decimal_as_float=True, date_as_datetime64=True)
    assert list(plain["d"]) == [decimal.Decimal("1.25"), None, decimal.Decimal("-0.50")]
    assert str(fast["d"].dtype) == "Float64" and list(fast["d"].astype(object)) == [1.25, pd.NA, -0.5]
    assert str(fast["day"].dtype) == "datetime64[ns]"
    assert list(fast["day"]) == [pd.Timestamp("2024-02-29"), pd.Timestamp("1969-12-31"), pd.NaT]
    assert arrays["day"].dtype == np.dtype("datetime64[D]") and arrays["day"].mask.tolist() == [False, False, True]


@pytest.mark.parametrize("options", [{}, dict(decimal_as_float=True, date_as_datetime64=True)])
def test_row_groups_read_as_one_batch_reads(tmp_path, options):
    # A column of many batches is written batch by batch into one array
    # (decimals and dates made once); one batch is converted as it is.
    df = frame()
    parq.write_parquet(df, tmp_path / "one.parquet")
    parq.write_parquet(df, tmp_path / "many.parquet", row_group_rows=97)
    with parq.ParquetFile(tmp_path / "one.parquet") as one, parq.ParquetFile(tmp_path / "many.parquet") as many:
        assert (one.num_row_groups, many.num_row_groups) == (1, 11)
        pdt.assert_frame_equal(many.read(**options), one.read(**options))
        a, b = many.read_numpy(**options), one.read_numpy(**options)
    assert list(a) == list(b)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        if isinstance(b[name], np.ma.MaskedArray):
            assert (a[name].mask == b[name].mask).all(), name
        assert [x for x in a[name].tolist()] == [x for x in b[name].tolist()], name


def test_dates_beyond_nanoseconds_stay_objects_in_any_row_group(tmp_path):
    days = [datetime.date(2024, 1, 1)] * 6 + [None, datetime.date(1, 1, 1), datetime.date(9999, 12, 31)]
    df = pd.DataFrame({"day": np.array(days, dtype=object)})
    for rows in (None, 3):  # one row group; three, the first two in datetime64[ns]'s range
        path = tmp_path / f"days{rows}.parquet"
        parq.write_parquet(df, path, **({} if rows is None else dict(row_group_rows=rows)))
        back = parq.read_parquet(path, date_as_datetime64=True)["day"]
        assert back.dtype == object and list(back) == days, rows


@pytest.mark.parametrize("threads", [1, 3])
def test_flat_columns_of_many_row_groups_come_as_one_batch(tmp_path, threads):
    # An unfiltered read of flat columns is one batch spanning the row
    # groups: fixed-width columns are views of it, not copies; the values
    # are those of a filtered read (one batch a row group, written into one
    # array), in both forms.
    df = frame().drop(columns=["list_int", "list_str"])
    parq.write_parquet(df, tmp_path / "many.parquet", row_group_rows=97)
    with parq.ParquetFile(tmp_path / "many.parquet", threads=threads) as f:
        assert f.num_row_groups == 11
        arrays = f.read_numpy(["int64", "Int64", "float64"])
        assert not arrays["int64"].flags.owndata and not arrays["float64"].flags.owndata
        assert np.array_equal(arrays["int64"], df["int64"].to_numpy())
        assert (arrays["Int64"].mask == df["Int64"].isna().to_numpy()).all()
        every_row = "label IS NOT NULL"
        for options in ({}, dict(decimal_as_float=True, date_as_datetime64=True)):
            pdt.assert_frame_equal(f.read(**options), f.read(filter=every_row, **options))
        a, b = f.read_numpy(), f.read_numpy(filter=every_row)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        assert a[name].tolist() == b[name].tolist(), name


def test_int64_decimals_read_from_their_stored_bytes():
    # DECIMAL on INT64 comes as Arrow decimal64 (the stored int64s): the
    # same Decimals and floats as the JSON rows say.
    from conftest import TESTING
    with parq.ParquetFile(TESTING / "data" / "int64_decimal.parquet") as f:
        expected = [decimal.Decimal(r["value"]) for r in parq.rows_as_json(f.path)]
        objects = f.read()["value"]
        floats = f.read(decimal_as_float=True)["value"]
        arrays = f.read_numpy(decimal_as_float=True)
    assert list(objects) == expected and all(str(a) == str(b) for a, b in zip(objects, expected))
    assert list(floats.astype(float)) == [float(d) for d in expected]
    assert arrays["value"].dtype == np.float64
