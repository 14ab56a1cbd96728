// Upward: variant may not use json.
#include "json/json_format.h"
