// parq/parq.h — the whole public API in one include.
//
//   #include "parq/parq.h"
//
// Every header of include/parq/, nothing else: like each of them it brings
// only the standard library and parq/ (no generated Thrift structs, no
// compression library).  Include a single header instead to build less.
#ifndef PARQ_PARQ_H_
#define PARQ_PARQ_H_

#include "parq/arrow_c.h"          // ArrowSchema, ArrowArray, ArrowArrayStream (Arrow's C ABI)
#include "parq/arrow_reader.h"     // ExportArrowSchema, ExportArrowStream: a file as Arrow record batches
#include "parq/arrow_writer.h"     // WriteArrowStream, SchemaFromArrow: Arrow record batches → Parquet
#include "parq/bloom_filter.h"     // BloomFilter: a chunk's split block Bloom filter
#include "parq/buffer.h"           // Buffer: a growable byte buffer
#include "parq/c_api.h"            // parq_reader_open ...: the C API (plain C)
#include "parq/column_reader.h"    // ColumnReader, TypedColumnReader<T>: levels and values
#include "parq/column_writer.h"    // ColumnWriter, TypedColumnWriter<T>
#include "parq/columnar.h"         // ColumnarReader: nested values as columns
#include "parq/columnar_writer.h"  // ColumnarWriter, ColumnView: Arrow-layout columns → levels
#include "parq/encryption.h"       // DecryptionProperties, KeyRetriever: keys of encrypted files
#include "parq/dataset.h"          // Dataset, DatasetRowReader, DatasetColumnarReader: many files as one table
#include "parq/dataset_arrow.h"    // ExportArrowSchema, ExportArrowStream: a Dataset as Arrow record batches
#include "parq/diff.h"             // DiffFiles: what differs between two files (schema, metadata, rows)
#include "parq/file_copy.h"        // MergeFiles, DropColumns, CopyRowGroups: row groups copied without decoding
#include "parq/file_reader.h"      // FileReader::Open
#include "parq/file_writer.h"      // FileWriter::Open
#include "parq/csv.h"              // CsvRowWriter, CsvRowParser, InferCsvSchema: rows as CSV
#include "parq/filter.h"           // Filter, Literal, BoundFilter: row filters
#include "parq/footer_json.h"      // FooterToJson: the raw Thrift footer as JSON
#include "parq/http_file.h"        // OpenHttpFile: a RandomAccessFile over HTTP(S) range requests
#include "parq/io.h"               // RandomAccessFile, OutputStream and their implementations
#include "parq/json.h"             // JsonRowReader, JsonRowParser: rows as canonical JSON
#include "parq/logical_type.h"     // LogicalType, ConvertedType
#include "parq/logical_value_access.h"  // DecimalOf, TimestampOf, ..., ToValue: typed values of rows
#include "parq/logical_values.h"   // Decimal, Date, Time, Timestamp, Uuid, Float16
#include "parq/metadata.h"         // FileMetaData, RowGroupMetaData, ColumnChunkMetaData
#include "parq/options.h"          // ReaderOptions, WriterOptions
#include "parq/page_index.h"       // ColumnIndex, OffsetIndex
#include "parq/page_info.h"        // PageInfo, ReadPageInfos: a chunk's page headers and CRC status
#include "parq/partitioned_writer.h"  // PartitionedWriter: rows as a Hive-partitioned directory tree
#include "parq/record.h"           // Value, RowReader
#include "parq/rare_string.h"      // RareString: a mostly empty text, one pointer wide
#include "parq/result.h"           // Result<T>
#include "parq/row_writer.h"       // RowWriter
#include "parq/schema.h"           // Schema, SchemaNode, ColumnDescriptor
#include "parq/schema_helpers.h"   // parq::schema::Struct, List, Map, Message, leaves
#include "parq/splits.h"           // Splits, SplitRowSource: byte ranges of a file for distributed workers
#include "parq/status.h"           // Status, StatusCode
#include "parq/thread_pool.h"      // ThreadPool: worker threads shared by readers and writers
#include "parq/types.h"            // PhysicalType, Encoding, Compression, ...
#include "parq/verify.h"           // VerifyFile: a deep conformance check, every finding with its rule
#include "parq/variant.h"          // Variant, EncodeVariant, DecodeVariant: typed Variant values
#include "parq/version.h"          // kVersion, kCreatedBy
#include "parq/writer_options_text.h"  // ParseWriterOptions: "codec=zstd;page_version=2" to WriterOptions

#endif  // PARQ_PARQ_H_
