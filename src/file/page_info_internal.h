// One walked page (page::RawPage) as the public PageInfo, with its stored CRC
// checked: what ReadPageInfos lists, for other walks of the same pages
// (parq/verify.h).  Thread-safety: a pure function.
#ifndef PARQ_FILE_PAGE_INFO_INTERNAL_H_
#define PARQ_FILE_PAGE_INFO_INTERNAL_H_

#include "page/page_walk.h"
#include "parq/page_info.h"

namespace parq {

PageInfo ToPageInfo(const page::RawPage& raw);

}  // namespace parq

#endif  // PARQ_FILE_PAGE_INFO_INTERNAL_H_
