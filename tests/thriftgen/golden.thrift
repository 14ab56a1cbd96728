# golden.thrift — exercises every IDL feature thriftgen supports.  Its
# generated code is checked in as golden_types.{h,cc}.expected.

namespace cpp golden_oracle
namespace java org.example.golden

/* A block comment
 * documenting Color. */
enum Color {
  RED = 1,
  GREEN = 2;  // a trailing comment
  BLUE = 7
}

// Values without "=" continue from the previous one.
enum Counter { ZERO, ONE, TEN = 10, ELEVEN }

struct Inner {
  1: required i32 a
  2: optional string s;
  3: i64 plain = 42,
}

/** A union: one member set. */
union Choice {
  1: Inner inner
  2: i32 number;
  3: string text
  5: bool flag
}

struct Empty {}

// Fields are listed out of id order on purpose: Write must sort them.
struct Outer {
  1: required bool req_bool
  2: optional bool opt_bool = true
  3: byte b8
  4: i8 i8v = -5
  6: required i32 i32v
  5: i16 i16v = 300
  7: optional i64 i64v = 1234567890123
  8: double d = 1.5
  9: string str = "hi \"there\""
  10: binary bin
  11: Color color = Color.GREEN
  12: optional Color opt_color
  13: list<i32> ints
  14: optional list<string> strs
  15: set<i64> longs
  16: map<string, i32> counts
  17: optional map<i32, Inner> by_id
  18: list<list<i16>> nested
  19: required Inner inner
  20: optional Choice choice
  21: list<Choice> choices
  22: list<bool> bools
  23: list<double> doubles
  24: required list<Color> colors
  25: optional Later later  // defined below: structs are emitted in dependency order
  26: double neg = -2
  27: optional Empty empty
  28: optional bool is_default = 1
  29: Counter counter = 10
}

struct Later {
  1: required string name
}
