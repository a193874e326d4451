// Re-implemented from espressif/esp-nn at the versions named in esp_nn_build.cpp:
// src/convolution/esp_nn_conv_opt.c, esp_nn_conv_esp32s3.c, esp_nn_conv_esp32p4.c,
// esp_nn_depthwise_conv_opt.c, esp_nn_depthwise_conv_s8_esp32s3.c, esp_nn_depthwise_conv_esp32p4.c,
// src/softmax/esp_nn_softmax_opt.c, esp_nn_softmax_s8_esp32s3.c, esp_nn_softmax_s8_esp32p4.c.
// Changes by version (the _opt functions never changed):
//   ESP32-S3 1.2.0 (dd785b0)          depthwise s16 paths reserve 32 alignment bytes instead of 16
//   ESP32-S3 1.2.1 (27d1f4a, f433e61) conv: im2col path, filter-row alignment and right/bottom
//                                     padding; depthwise: ch_mult 1 paths by channel count and
//                                     filter shape, tiling
//   ESP32-S3 1.2.3 (d17c031)          conv alignment reserve 32 -> 64
//   ESP32-P4 up to 1.2.2              conv: the formula ESP32-S3 had before 1.2.1; depthwise conv and
//                                     softmax: the _opt functions
//   ESP32-P4 1.2.3 (2159e8f, 2bfa080, conv: channel-padded 1x1, direct, im2col and tiled paths under a
//            f7ef6ed, 55309ab)        32 KiB L1 budget; depthwise conv: none; softmax: width x 4
#include "scratch_sizes.h"

namespace arenascope::kernels::esp {

namespace {

// A C int on the 32-bit chip: sums and products wrap modulo 2^32, as the compiled code does.
struct CInt {
    std::int32_t v = 0;
    CInt() = default;
    CInt(std::int32_t value)
        : v(value)
    {
    }
    friend CInt operator+(CInt a, CInt b)
    {
        return wrap(static_cast<std::uint32_t>(a.v) + static_cast<std::uint32_t>(b.v));
    }
    friend CInt operator-(CInt a, CInt b)
    {
        return wrap(static_cast<std::uint32_t>(a.v) - static_cast<std::uint32_t>(b.v));
    }
    friend CInt operator*(CInt a, CInt b)
    {
        return wrap(static_cast<std::uint32_t>(a.v) * static_cast<std::uint32_t>(b.v));
    }
    static CInt wrap(std::uint32_t u) { return CInt(static_cast<std::int32_t>(u)); }
};

// esp-nn reads most dimensions into uint16_t locals; in arithmetic they promote back to int.
CInt u16(std::int32_t value)
{
    return CInt(static_cast<std::int32_t>(static_cast<std::uint16_t>(value)));
}

// (x + 15) & ~15 and (x + 7) & ~7 on an int.
CInt roundUp(CInt x, std::int32_t to)
{
    return CInt((x + CInt(to - 1)).v & ~(to - 1));
}

CInt maxZero(CInt x)
{
    return x.v > 0 ? x : CInt(0);
}

bool atLeast(EspNnVersion v, EspNnVersion since)
{
    return static_cast<int>(v) >= static_cast<int>(since);
}

std::int32_t convS3(EspNnVersion version, const Dims& in, const Dims& filter, const Dims& out, const ConvParams& p)
{
    const CInt iw = u16(in.width), ih = u16(in.height), ic = u16(in.channels);
    const CInt fw = u16(filter.width), fh = u16(filter.height);
    const CInt oc = u16(out.channels);
    const CInt pw = u16(p.padW), ph = u16(p.padH), sw = u16(p.strideW), sh = u16(p.strideH);
    const CInt align = atLeast(version, EspNnVersion::V1_2_3) ? 64 : 32;

    const bool pointwise = fw.v == 1 && fh.v == 1 && pw.v == 0 && ph.v == 0 && sw.v == 1 && sh.v == 1;
    if (pointwise) {
        const CInt channels8 = roundUp(ic, 8);
        const CInt transpose = (iw * ih).v < 8 ? CInt(0) : CInt(2) * (CInt(8) * channels8);
        const CInt inputCopy = ic.v % 8 != 0 ? iw * ih * channels8 : CInt(0);
        return (inputCopy + channels8 * oc + transpose + align).v;
    }
    const CInt rowLength = fw * ic;
    const CInt window = fw * fh * ic;
    if (atLeast(version, EspNnVersion::V1_2_1) && rowLength.v < 16 && window.v >= 16) {
        // im2col: per-channel filter sums, the aligned filter copy and one aligned window
        const CInt windowAligned = roundUp(window, 16);
        return (oc * CInt(4) + CInt(16) + oc * windowAligned + CInt(16) + windowAligned + align).v;
    }
    const CInt channels16 = roundUp(ic, 16);
    const CInt paddedInput = pw.v == 0 && ph.v == 0 ? CInt(0) : (iw + CInt(2) * pw) * (ih + CInt(2) * ph) * ic;
    CInt total = paddedInput + fw * fh * channels16 * oc;
    if (atLeast(version, EspNnVersion::V1_2_1)) {
        // C's truncating division, as written: ((row + 15) / 16) * 16
        const CInt alignedRow = CInt(((rowLength + CInt(15)).v / 16)) * CInt(16);
        total = total + alignedRow * fh * oc;
        const CInt padRight = maxZero(CInt(out.width) * sw + fw - CInt(1) - iw);
        const CInt padBottom = maxZero(CInt(out.height) * sh + fh - CInt(1) - ih);
        if (padRight.v > 0 || padBottom.v > 0)
            total = total + (iw + padRight) * (ih + padBottom) * ic;
    }
    return (total + align + oc * CInt(4)).v;
}

std::int32_t depthwiseS3(EspNnVersion version, const Dims& in, const Dims& filter, const Dims& out, const ConvParams& p)
{
    const CInt iw = u16(in.width), ih = u16(in.height), ch = u16(in.channels);
    const CInt fw = u16(filter.width), fh = u16(filter.height);
    const CInt mult = u16(p.channelMultiplier);
    const CInt ow = u16(out.width), oh = u16(out.height);
    const CInt pw = u16(p.padW), ph = u16(p.padH), sw = u16(p.strideW), sh = u16(p.strideH);
    const CInt filterSize = fw * fh * ch * mult;
    const CInt inputSize = iw * ih * ch;
    const bool newPaths = atLeast(version, EspNnVersion::V1_2_1);
    // the s16 paths: filter and input widened to 16 bits, plus an alignment reserve
    const CInt s16Reserve = atLeast(version, EspNnVersion::V1_2_0) ? 32 : 16;
    const CInt s16 = CInt(2) * (filterSize + inputSize) + s16Reserve;

    const bool mult1Ch8 = mult.v == 1 && ch.v % 8 == 0;
    const bool filter3x3 = fw.v == 3 && fh.v == 3;
    if (mult1Ch8 && (filter3x3 || newPaths)) {
        if (!filter3x3) { // 1.2.1+: any other filter shape, tiled above 48 KiB
            const CInt widened = CInt(2) * (filterSize + inputSize);
            if (widened.v <= 48 * 1024)
                return (widened + CInt(32)).v;
            return (CInt(2) * filterSize + CInt(2) * iw * fh * ch + CInt(32)).v;
        }
        if (ch.v % 16 == 0) {
            CInt padWidth = CInt(2) * pw, padHeight = CInt(2) * ph;
            if (pw.v == 0 && ph.v == 0) { // pad right and bottom when the output needs it
                padWidth = ow * sw + fw - CInt(1) - iw;
                padHeight = oh * sh + fh - CInt(1) - ih;
            }
            if (padWidth.v == 0 && padHeight.v == 0)
                return (filterSize + CInt(16)).v;
            const CInt fullInput = (iw + padWidth) * (ih + padHeight) * ch;
            if (!newPaths || fullInput.v <= 40 * 1024)
                return (filterSize + fullInput + CInt(16)).v;
            return (filterSize + (iw + padWidth) * fh * ch + CInt(16)).v; // a strip of filter_ht rows
        }
        if (newPaths && ch.v >= 12) { // channels padded to 16, s8 path with compaction
            const CInt channels16 = roundUp(ch, 16);
            const CInt padWidth = CInt(2) * pw + maxZero(ow * sw + CInt(2) - iw);
            const CInt padHeight = CInt(2) * ph + maxZero(oh * sh + CInt(2) - ih);
            return (CInt(9) * channels16 + (iw + padWidth) * (ih + padHeight) * channels16 + ow * oh * channels16
                + CInt(64))
                .v;
        }
        return s16.v;
    }
    if (newPaths && mult.v == 1 && ch.v > 3) {
        // channels padded to 8; filter, input, output and per-channel arrays laid out at
        // 16-byte boundaries, in size_t (32-bit unsigned) arithmetic
        const CInt channels8 = roundUp(ch, 8);
        const auto z = [](CInt x) { return static_cast<std::uint32_t>(x.v); };
        const auto up16 = [](std::uint32_t x) { return (x + 15u) & ~15u; };
        const std::uint32_t filterBytes = z(fw * fh * channels8) * 2u;
        const std::uint32_t inputStart = up16(filterBytes);
        const std::uint32_t outStart = up16(inputStart + z(iw * ih * channels8) * 2u);
        const std::uint32_t biasStart = up16(outStart + z(ow * oh * channels8));
        const std::uint32_t total = biasStart + 3u * (z(channels8) * 4u);
        return CInt::wrap(total + 16u).v;
    }
    if (mult.v % 4 == 0)
        return s16.v;
    return 32;
}

// C's int division as the ESP32-P4's RISC-V DIV computes it: truncating, x / 0 == -1 and
// INT_MIN / -1 == INT_MIN, where C leaves both undefined and the chip does not trap.
CInt riscvDiv(CInt a, CInt b)
{
    if (b.v == 0)
        return -1;
    if (b.v == -1)
        return CInt(0) - a;
    return a.v / b.v;
}

// esp_nn_get_conv_scratch_size_esp32p4 of 1.2.3: the 1x1 path pads fewer than 16 channels, the
// other paths keep within the 32 KiB the data cache holds (L1D_BUDGET), tiling the padded input by
// output rows when it would not fit.
std::int32_t convP4(const Dims& in, const Dims& filter, const Dims& out, const ConvParams& p)
{
    constexpr std::int32_t kL1Budget = 32768;
    const CInt iw = u16(in.width), ih = u16(in.height), ic = u16(in.channels);
    const CInt fw = u16(filter.width), fh = u16(filter.height);
    const CInt oc = u16(out.channels);
    const CInt pw = u16(p.padW), ph = u16(p.padH), sw = u16(p.strideW), sh = u16(p.strideH);
    const CInt align = 32;

    const bool pointwise = fw.v == 1 && fh.v == 1 && pw.v == 0 && ph.v == 0 && sw.v == 1 && sh.v == 1;
    if (pointwise) {
        if (ic.v < 16) // filter sums, the filter padded to 16 channels, one padded input pixel
            return (oc * CInt(4) + CInt(16) * oc + CInt(32) + align).v;
        const CInt channels8 = roundUp(ic, 8);
        const CInt transpose = (iw * ih).v < 8 ? CInt(0) : CInt(2) * (CInt(8) * channels8);
        const CInt inputCopy = ic.v % 8 != 0 ? iw * ih * channels8 : CInt(0);
        return (inputCopy + channels8 * oc + transpose + align).v;
    }
    const CInt channels16 = roundUp(ic, 16);
    const CInt offsets = oc * CInt(4);
    const bool unpadded = pw.v == 0 && ph.v == 0;
    const CInt rowLength = fw * ic;
    if (unpadded && rowLength.v >= 16) // direct
        return (fw * fh * channels16 * oc + align + offsets).v;
    const CInt window = fw * fh * ic;
    if (window.v >= 16) // im2col: one window
        return (offsets + window + align).v;
    // a window of fewer than 16 values: channels widened so that a filter row fills 16 bytes
    const CInt wideChannels = roundUp(riscvDiv(CInt(16) + fw - CInt(1), fw), 16);
    if (unpadded) // tiled
        return (offsets + fw * fh * wideChannels * oc + iw * ih * wideChannels + align).v;
    const CInt paddedWidth = iw + CInt(2) * pw;
    const CInt fullInput = paddedWidth * (ih + CInt(2) * ph) * ic;
    if ((fullInput + offsets).v <= kL1Budget) // the whole padded input
        return (fullInput + fw * fh * channels16 * oc + align + offsets).v;
    // tiled by output rows: as many as the budget holds beside the offsets and filter
    CInt channels = ic, alignedFilter = 0;
    if (rowLength.v < 16) {
        channels = wideChannels;
        alignedFilter = fw * fh * wideChannels * oc;
    }
    const CInt rowBytes = paddedWidth * channels;
    const CInt budget = CInt(kL1Budget) - offsets - alignedFilter;
    CInt rows = 1;
    if (budget.v > 0 && (fh * rowBytes).v <= budget.v) {
        rows = riscvDiv(budget - fh * rowBytes, sh * rowBytes) + CInt(1);
        if (rows.v > out.height)
            rows = out.height;
    }
    const CInt tileRows = (rows - CInt(1)) * sh + fh + CInt(2) * ph;
    return (tileRows * rowBytes + alignedFilter + align + offsets).v;
}

} // namespace

std::int32_t convScratchSize(EspNnFamily family, EspNnVersion version, const Dims& input, const Dims& filter,
    const Dims& output, const ConvParams& p)
{
    if (family == EspNnFamily::Esp32S3)
        return convS3(version, input, filter, output, p);
    if (family == EspNnFamily::Esp32P4) // until 1.2.3 the formula ESP32-S3 had before its 1.2.1 paths
        return atLeast(version, EspNnVersion::V1_2_3) ? convP4(input, filter, output, p)
                                                      : convS3(EspNnVersion::V1_2_0, input, filter, output, p);
    return 0; // esp_nn_get_conv_scratch_size_opt: the generic kernels need none
}

std::int32_t depthwiseConvScratchSize(EspNnFamily family, EspNnVersion version, const Dims& input, const Dims& filter,
    const Dims& output, const ConvParams& p)
{
    if (family == EspNnFamily::Esp32S3)
        return depthwiseS3(version, input, filter, output, p);
    return 0; // _opt, and ESP32-P4's own function of 1.2.3: no scratch
}

std::int32_t softmaxScratchSize(EspNnFamily family, EspNnVersion version, std::int32_t width, std::int32_t height)
{
    // _opt (every family in 1.1.2), _esp32s3 (1.2.1+) and _esp32p4 (1.2.3) alike: one int32 per
    // element of a row.
    (void)family;
    (void)version;
    (void)height;
    return (CInt(width) * CInt(4)).v;
}

} // namespace arenascope::kernels::esp
