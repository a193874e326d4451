// The one compiled piece of FlatBuffers the core uses: the "C" locale flexbuffers parses numbers
// in (flatbuffers/util.h declares it; libflatbuffers defines it, and Debian ships that library
// for the host only). In WebAssembly the C library has no other locale than "C".
#include <flatbuffers/util.h>

#include <clocale>

namespace flatbuffers {

ClassicLocale::ClassicLocale()
    : locale_(newlocale(LC_ALL_MASK, "C", nullptr))
{
}

ClassicLocale::~ClassicLocale()
{
    freelocale(locale_);
}

ClassicLocale ClassicLocale::instance_;

} // namespace flatbuffers
