// Siblings: encoding may not use compression.
#include "compression/codec.h"
