#pragma once
// A buffer-placement problem in MiniMalloc's interchange form: buffers with a size and a
// half-open lifetime [lower, upper), to be given offsets so that buffers alive at the same
// time never share bytes. The CSV (github.com/google/minimalloc) is
//   id,lower,upper,size[,offset]
// with a header line; ArenaScope reads and writes it so plans can be compared with external
// solvers, and converts a model's planned buffers into it (TFLM's inclusive [first, last]
// becomes [first, last + 1)).
//
// Usage:
//   auto set = readBufferCsv(text, "A.csv");          // located errors for malformed rows
//   std::string csv = writeBufferCsv(*set, offsets);  // with an offset column

#include "core/planner/buffer_request.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

struct SolverBuffer {
    std::string id;
    std::int64_t lower = 0; // first step alive
    std::int64_t upper = 0; // first step no longer alive (> lower)
    std::int64_t size = 0;
};

struct BufferSet {
    std::vector<SolverBuffer> buffers;
};

Result<BufferSet> readBufferCsv(const std::string& text, const std::string& name);
// `offsets` empty: id,lower,upper,size; else one offset per buffer in a fifth column.
std::string writeBufferCsv(const BufferSet& set, std::span<const std::int64_t> offsets = {});

// A model's planned buffers (sizes aligned, lifetimes inclusive) as a buffer set; ids are the
// request indices.
BufferSet bufferSetFromRequests(std::span<const BufferRequest> requests);

// The most bytes alive at one time: no placement uses less.
std::int64_t lowerBound(const BufferSet& set);
// The end of the highest buffer with these offsets.
std::int64_t peakOf(const BufferSet& set, std::span<const std::int64_t> offsets);
// The first pair of buffers alive together that share bytes, as "a and b", or empty.
std::string firstConflict(const BufferSet& set, std::span<const std::int64_t> offsets);

} // namespace arenascope
