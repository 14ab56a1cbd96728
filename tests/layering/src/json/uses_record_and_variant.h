// Allowed: json uses record and variant, and reaches util through both.
#include "record/leaf_buffer.h"
#include "util/crc32.h"
#include "variant/value.h"
