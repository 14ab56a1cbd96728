# wide.thrift — a struct with more required fields (70) than one 64-bit
# mask holds: its generated reader tracks them in an array of words.  Read
# by wide_test.cc; the types vary so that bool headers, strings and i64
# land in both words.

struct Wide {
  1: required i32 f1
  2: required bool f2
  3: required i32 f3
  4: required i32 f4
  5: required i32 f5
  6: required i32 f6
  7: required string f7
  8: required i32 f8
  9: required i32 f9
  10: required i64 f10
  11: required i32 f11
  12: required i32 f12
  13: required i32 f13
  14: required i32 f14
  15: required i32 f15
  16: required i32 f16
  17: required i32 f17
  18: required i32 f18
  19: required i32 f19
  20: required i64 f20
  21: required i32 f21
  22: required i32 f22
  23: required i32 f23
  24: required i32 f24
  25: required i32 f25
  26: required i32 f26
  27: required i32 f27
  28: required i32 f28
  29: required i32 f29
  30: required i64 f30
  31: required i32 f31
  32: required i32 f32
  33: required i32 f33
  34: required i32 f34
  35: required i32 f35
  36: required i32 f36
  37: required i32 f37
  38: required i32 f38
  39: required i32 f39
  40: required i64 f40
  41: required i32 f41
  42: required i32 f42
  43: required i32 f43
  44: required i32 f44
  45: required i32 f45
  46: required i32 f46
  47: required i32 f47
  48: required i32 f48
  49: required i32 f49
  50: required i64 f50
  51: required i32 f51
  52: required i32 f52
  53: required i32 f53
  54: required i32 f54
  55: required i32 f55
  56: required i32 f56
  57: required i32 f57
  58: required i32 f58
  59: required i32 f59
  60: required i64 f60
  61: required i32 f61
  62: required i32 f62
  63: required i32 f63
  64: required string f64
  65: required string f65
  66: required bool f66
  67: required i32 f67
  68: required i32 f68
  69: required i32 f69
  70: required i64 f70
}
