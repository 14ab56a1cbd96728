// Allowed: record reaches column, schema and util.
#include "column/column_reader_impl.h"
#include "schema/schema_text.h"
