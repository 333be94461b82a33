"""heckel.diff over NumPy and Arrow inputs: every result checked against the data."""
import numpy as np
import pyarrow as pa
import pytest

import heckel
from checks import check_diff, edited, rows

SIZES = [0, 1, 7, 100, 5_000, 40_000, 100_000]  # the core's direct, small and partitioned paths


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ignore_order", [False, True])
def test_int64_numpy(size, ignore_order):
    rng = np.random.default_rng(size)
    old = rng.integers(0, 2 * size + 1, size=size)  # duplicates included
    new = edited(rng, old)
    d = heckel.diff(old, new, ignore_order=ignore_order)
    check_diff(old.tolist(), new.tolist(), d, ignore_order)


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.uint64, "datetime64[s]", "S3", "U2", np.bool_])
def test_numpy_dtypes(dtype):
    rng = np.random.default_rng(1)
    old = rng.integers(0, 50, size=3_000).astype(dtype)
    new = edited(rng, rng.integers(0, 50, size=3_000)).astype(dtype)
    check_diff(old.tolist(), new.tolist(), heckel.diff(old, new))


def test_numpy_strided_and_2d():
    rng = np.random.default_rng(2)
    base_old = rng.integers(0, 30, size=(4_000, 3))
    base_new = rng.integers(0, 30, size=(4_100, 3))
    # A column of a 2-D array (8-byte keys read at a stride), a reversed view, rows as records.
    check_diff(base_old[:, 1].tolist(), base_new[:, 1].tolist(), heckel.diff(base_old[:, 1], base_new[:, 1]))
    check_diff(base_old[::-1, 0].tolist(), base_new[:, 0].tolist(), heckel.diff(base_old[::-1, 0], base_new[:, 0]))
    as_rows = lambda a: [tuple(r) for r in a.tolist()]
    check_diff(as_rows(base_old), as_rows(base_new), heckel.diff(base_old, base_new))
    small_old, small_new = base_old.astype(np.int16)[:, ::2], base_new.astype(np.int16)
    check_diff(small_old[:, 0].tolist(), small_new[:, 0].tolist(), heckel.diff(small_old[:, 0], small_new[:, 0]))


def test_structured_records():
    dtype = np.dtype([("a", np.int32), ("b", "S4")])
    old = np.array([(1, b"x"), (2, b"y"), (1, b"x"), (3, b"z")], dtype=dtype)
    new = np.array([(1, b"x"), (3, b"z"), (4, b"w"), (1, b"x")], dtype=dtype)
    check_diff(old.tolist(), new.tolist(), heckel.diff(old, new))


def test_floats_compare_by_bit_pattern():
    old = np.array([0.0, np.nan, 1.5, -0.0])
    new = np.array([-0.0, 1.5, np.nan, 0.0])
    d = heckel.diff(old, new)
    bits = lambda a: a.view(np.uint64).tolist()
    check_diff(bits(old), bits(new), d)
    assert d.new_to_old.tolist() == [3, 2, 1, 0]


def test_duplicates_pair_in_order():
    old = np.array([5, 5, 5, 7, 5])
    new = np.array([5, 7, 5])
    d = heckel.diff(old, new)
    assert d.new_to_old.tolist() == [0, 3, 1]
    check_diff(old.tolist(), new.tolist(), d)


def test_empty_inputs():
    empty = np.array([], dtype=np.int64)
    full = np.arange(5)
    for old, new in [(empty, empty), (empty, full), (full, empty)]:
        check_diff(old.tolist(), new.tolist(), heckel.diff(old, new))
    table = pa.table({"id": pa.array([], pa.int64()), "s": pa.array([], pa.string())})
    check_diff([], [], heckel.diff(table, table, key=["id", "s"]))
    other = pa.table({"id": [1, 2], "s": ["a", None]})
    check_diff([], rows(other), heckel.diff(table, other, key=["id", "s"]))
    check_diff(rows(other), [], heckel.diff(other, table))


def random_strings(rng, count, alphabet=8, longest=20):
    lengths = rng.integers(0, longest, size=count)
    return ["".join(chr(97 + c) for c in rng.integers(0, alphabet, size=n)) for n in lengths]


@pytest.mark.parametrize("size", [0, 50, 3_000, 70_000])
@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.binary(), pa.string_view()])
def test_arrow_strings(size, arrow_type):
    rng = np.random.default_rng(size)
    pool = random_strings(rng, max(size // 3, 1), alphabet=3, longest=6)
    old = [pool[k] for k in rng.integers(0, len(pool), size=size)]
    new = [pool[k] for k in rng.integers(0, len(pool), size=size + 10)]
    encode = (lambda v: v.encode()) if arrow_type == pa.binary() else (lambda v: v)
    old, new = [encode(v) for v in old], [encode(v) for v in new]
    d = heckel.diff(pa.array(old, arrow_type), pa.array(new, arrow_type))
    check_diff(old, new, d)


def test_arrow_mixed_offsets_widths_and_slices():
    old = pa.array(["x", "y", "zz", "", "y", "w"]).slice(1)
    new = pa.chunked_array([pa.array(["zz", "y"], pa.large_string()), pa.array(["", "q", "y"], pa.large_string())])
    check_diff(old.to_pylist(), new.to_pylist(), heckel.diff(old, new))
    ints_old = pa.array(np.arange(20, dtype=np.int32)).slice(3, 10)
    ints_new = pa.chunked_array([pa.array(np.arange(8, 15, dtype=np.int32)), pa.array(np.arange(2, dtype=np.int32))])
    check_diff(ints_old.to_pylist(), ints_new.to_pylist(), heckel.diff(ints_old, ints_new))


@pytest.mark.parametrize("arrow_type", [pa.int64(), pa.int16(), pa.string(), pa.bool_(), pa.decimal128(10, 2)])
def test_arrow_nulls_equal_nulls_only(arrow_type):
    import decimal
    samples = {pa.int64(): [0, 1, 2], pa.int16(): [0, 1, 2], pa.string(): ["", "a", "b"], pa.bool_(): [False, True, True],
               pa.decimal128(10, 2): [decimal.Decimal("0.00"), decimal.Decimal("1.25"), decimal.Decimal("2.50")]}[arrow_type]
    zero, one, two = samples
    old = [None, zero, one, None, two, None]
    new = [zero, None, None, two, one, None, None]
    d = heckel.diff(pa.array(old, arrow_type), pa.array(new, arrow_type))
    check_diff(old, new, d)
    # The sliced and chunked forms of the same values give the same matching.
    sliced = pa.array([one, *old], arrow_type).slice(1)
    assert heckel.diff(sliced, pa.chunked_array([pa.array(new, arrow_type)])).new_to_old.tolist() == d.new_to_old.tolist()


def test_arrow_tables_several_key_columns():
    rng = np.random.default_rng(3)
    size = 20_000
    def table(n):
        ids = rng.integers(0, 40, size=n)
        names = pa.array([random_strings(rng, 1, 2, 3)[0] if k % 7 else None for k in rng.integers(0, 50, size=n)])
        flags = pa.array([bool(k) if k < 2 else None for k in rng.integers(0, 3, size=n)])
        return pa.table({"id": pa.array(ids, pa.int32()), "name": names, "flag": flags, "other": np.arange(n)})
    old, new = table(size), table(size + 500)
    key = ["id", "name", "flag"]
    d = heckel.diff(old, new, key=key)
    check_diff(rows(old.select(key)), rows(new.select(key)), d)
    # Record batches, and every column as the key.
    d = heckel.diff(old.to_batches()[0], new.to_batches()[0], key=["name"])
    check_diff(old.column("name").to_pylist(), new.column("name").to_pylist(), d)
    d = heckel.diff(old.slice(0, 300), new.slice(0, 300), ignore_order=True)
    check_diff(rows(old.slice(0, 300)), rows(new.slice(0, 300)), d, ignore_order=True)


def test_dictionary_and_fixed_size_binary():
    old = pa.array(["a", "b", "a", "c"]).dictionary_encode()
    new = pa.array(["c", "a", "a"])
    check_diff(old.to_pylist(), new.to_pylist(), heckel.diff(old, new))
    fsb = pa.binary(3)
    old = pa.array([b"abc", b"xyz", None, b"abc"], fsb)
    new = pa.array([b"xyz", b"abc", None], fsb)
    check_diff(old.to_pylist(), new.to_pylist(), heckel.diff(old, new))


def test_threads_give_the_same_output():
    rng = np.random.default_rng(4)
    old = rng.integers(0, 300_000, size=400_000)
    new = edited(rng, old)
    one = heckel.diff(old, new, threads=1)
    for threads in (0, 2):
        other = heckel.diff(old, new, threads=threads)
        assert np.array_equal(one.old_to_new, other.old_to_new) and np.array_equal(one.moves, other.moves)
    check_diff(old.tolist(), new.tolist(), one)


def test_version():
    assert heckel.core_version().count(".") == 2
