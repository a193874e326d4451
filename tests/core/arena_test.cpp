// Arena allocators against TFLM's own allocator tests and failure messages.
// Upstream cases: tensorflow/lite/micro/arena_allocator/{single_arena,persistent_arena,
// non_persistent_arena}_buffer_allocator_test.cc (tflite-micro 5ae57ba6 / 30d41b6a),
// re-written for offsets: the arena starts 16-byte aligned, so offset 0 is aligned to any
// power of two, and what TFLM checks as a pointer difference is an offset difference here.

#include "core/arena/align.h"
#include "core/arena/single_arena.h"
#include "core/arena/split_arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace arenascope {
namespace {

constexpr std::uint64_t kArena = 1024;

template <typename T> std::string messageOf(const Result<T>& r)
{
    return r ? std::string("(succeeded)") : r.error().message;
}

// A resizable head buffer of `initial` bytes starts at offset 0; resized up, down and up again
// (alignment 1), each time exactly that much is used.
void expectHeadResizes(NonPersistentAllocator& a, std::uint64_t initial)
{
    auto head = a.allocateResizable(initial, 1);
    ASSERT_TRUE(head) << messageOf(head);
    EXPECT_EQ(head.value(), 0U);
    for (std::uint64_t size : { 100U, 10U, 1000U }) {
        ASSERT_TRUE(a.resizeBuffer(head.value(), size, 1)) << size;
        EXPECT_EQ(a.nonPersistentUsedBytes(), size);
    }
}

// `r` failed for want of memory, with TFLM's `message`.
template <typename T> void expectOutOfMemory(const Result<T>& r, const std::string& message)
{
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::OutOfMemory);
    EXPECT_EQ(r.error().message, message);
}

// Two temp buffers of 100 bytes, one after the other: their offsets in t1 and t2.
void allocateTwoTemps(SingleArena& a, std::uint64_t& t1, std::uint64_t& t2)
{
    auto first = a.allocateTemp(100, 1);
    auto second = a.allocateTemp(100, 1);
    ASSERT_TRUE(first);
    ASSERT_TRUE(second);
    t1 = first.value();
    t2 = second.value();
}

// A 100-byte temp buffer allocated, released and the temps reset: `offset` is where it was.
void useOneTemp(NonPersistentAllocator& a, std::uint64_t& offset)
{
    auto temp = a.allocateTemp(100, 1);
    ASSERT_TRUE(temp);
    a.deallocateTemp(temp.value());
    ASSERT_TRUE(a.resetTemp());
    offset = temp.value();
}

// After `a` has given `used` bytes, one more allocation of the rest fills it to offset 0.
void expectFillsToTheStart(PersistentAllocator& a, std::uint64_t used)
{
    auto r = a.allocatePersistent(kArena - used, 1);
    ASSERT_TRUE(r) << messageOf(r);
    EXPECT_EQ(r.value(), 0U);
    EXPECT_EQ(a.persistentUsedBytes(), kArena);
}

const std::string kNotResizable
    = "Internal error: either buffer is not resizable or ResetTempAllocations() is not called before ResizeBuffer().";

// ---- single_arena_buffer_allocator_test.cc ----

TEST(SingleArena, HeadResizesUpAndDown)
{
    SingleArena a(kArena);
    expectHeadResizes(a, 0);
}

TEST(SingleArena, HeadResizeWithOddAlignment)
{
    // Upstream allows up to alignment - 1 bytes of slack at the real arena address; offset
    // 0 is a multiple of 12, so here there is none.
    SingleArena a(kArena);
    auto head = a.allocateResizable(0, 12);
    ASSERT_TRUE(head);
    for (std::uint64_t size : { 100U, 10U, 1000U }) {
        ASSERT_TRUE(a.resizeBuffer(head.value(), size, 12)) << size;
        EXPECT_GE(a.nonPersistentUsedBytes(), size);
        EXPECT_LE(a.nonPersistentUsedBytes(), size + 11);
        EXPECT_EQ(a.nonPersistentUsedBytes(), size);
        const std::uint64_t available = a.availableMemory(12);
        EXPECT_LE(available, kArena - size);
        EXPECT_GE(available, kArena - size - 24);
    }
}

TEST(SingleArena, AvailableMemoryCountsHeadAndTail)
{
    SingleArena a(kArena);
    auto head = a.allocateResizable(0, 1);
    ASSERT_TRUE(head);
    ASSERT_TRUE(a.resizeBuffer(head.value(), 100, 1));
    ASSERT_TRUE(a.allocatePersistent(100, 1));
    EXPECT_EQ(a.availableMemory(1), kArena - 200);
    EXPECT_EQ(a.persistentUsedBytes() + a.nonPersistentUsedBytes(), 200U);
}

TEST(SingleArena, TempAllocationsAreReturnedByReset)
{
    SingleArena a(kArena);
    auto temp = a.allocateTemp(100, 1);
    ASSERT_TRUE(temp);
    EXPECT_EQ(a.availableMemory(1), kArena - 100);
    EXPECT_EQ(a.persistentUsedBytes() + a.nonPersistentUsedBytes(), 100U);
    a.deallocateTemp(temp.value());
    ASSERT_TRUE(a.resetTemp());
    EXPECT_EQ(a.availableMemory(1), kArena);
    EXPECT_EQ(a.persistentUsedBytes() + a.nonPersistentUsedBytes(), 0U);
}

TEST(SingleArena, PersistentJustFits)
{
    SingleArena a(kArena);
    expectFillsToTheStart(a, 0);
}

TEST(SingleArena, PersistentIsAligned)
{
    SingleArena a(kArena);
    auto first = a.allocatePersistent(1, 1);
    ASSERT_TRUE(first);
    EXPECT_EQ(first.value(), kArena - 1);
    auto second = a.allocatePersistent(16, 4);
    ASSERT_TRUE(second);
    EXPECT_EQ(second.value() % 4, 0U);
    EXPECT_EQ(second.value(), 1004U);
}

TEST(SingleArena, SecondLargePersistentFailsWithTflmMessage)
{
    SingleArena a(kArena);
    auto first = a.allocatePersistent(768, 1);
    ASSERT_TRUE(first);
    EXPECT_EQ(first.value(), 256U);
    expectOutOfMemory(
        a.allocatePersistent(768, 1), "Failed to allocate tail memory. Requested: 768, available 256, missing: 512");
    EXPECT_EQ(a.tailOffset(), 256U) << "a failed allocation must not move the tail";
}

TEST(SingleArena, TempBuffersStackUp)
{
    SingleArena a(kArena);
    std::uint64_t t1 = 0;
    std::uint64_t t2 = 0;
    ASSERT_NO_FATAL_FAILURE(allocateTwoTemps(a, t1, t2));
    EXPECT_EQ(t2 - t1, 100U);
}

TEST(SingleArena, ResetTempStartsAgainAtTheSameOffset)
{
    SingleArena a(kArena);
    std::uint64_t first = 0;
    ASSERT_NO_FATAL_FAILURE(useOneTemp(a, first));
    auto again = a.allocateTemp(100, 1);
    ASSERT_TRUE(again);
    EXPECT_EQ(again.value(), first);
}

TEST(SingleArena, HeadCannotResizeWhileTempIsLive)
{
    SingleArena a(kArena);
    auto head = a.allocateResizable(0, 1);
    ASSERT_TRUE(head);
    auto temp = a.allocateTemp(100, 1);
    ASSERT_TRUE(temp);
    const Status refused = a.resizeBuffer(head.value(), 100, 1);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message, kNotResizable);
    a.deallocateTemp(temp.value());
    ASSERT_TRUE(a.resetTemp());
    ASSERT_TRUE(a.resizeBuffer(head.value(), 0, 1));
    // The overlay (where the plan goes) starts where the temp buffer was.
    EXPECT_EQ(a.overlayOffset(), temp.value());
}

TEST(SingleArena, ResetTempReportsBuffersStillAllocated)
{
    SingleArena a(kArena);
    std::uint64_t t1 = 0;
    std::uint64_t t2 = 0;
    ASSERT_NO_FATAL_FAILURE(allocateTwoTemps(a, t1, t2));
    Status s = a.resetTemp();
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message, "Number of allocated temp buffers: 2. Checksum passing status: 0");
    a.deallocateTemp(t1);
    s = a.resetTemp();
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message, "Number of allocated temp buffers: 1. Checksum passing status: 0");
    a.deallocateTemp(t2);
    EXPECT_TRUE(a.resetTemp());
}

TEST(SingleArena, ResetTempReportsAWrongDeallocation)
{
    SingleArena a(kArena);
    std::uint64_t t1 = 0;
    std::uint64_t t2 = 0;
    ASSERT_NO_FATAL_FAILURE(allocateTwoTemps(a, t1, t2));
    a.deallocateTemp(t2);
    a.deallocateTemp(t2 + 16); // the count balances, the checksum does not
    EXPECT_EQ(messageOf(a.resetTemp()), "Number of allocated temp buffers: 0. Checksum passing status: 0");
}

TEST(SingleArena, ResizeFailureMessage)
{
    SingleArena a(kArena);
    ASSERT_TRUE(a.allocatePersistent(100, 1));
    expectOutOfMemory(
        a.allocateResizable(2000, 1), "Failed to resize buffer. Requested: 2000, available 924, missing: 1076");
    EXPECT_EQ(a.headOffset(), 0U);
}

TEST(SingleArena, TempFailureMessage)
{
    SingleArena a(kArena);
    ASSERT_TRUE(a.allocateTemp(24, 1));
    expectOutOfMemory(a.allocateTemp(1000, 16),
        "Failed to allocate temp memory. Requested: 1000, available 992, missing: 8"); // starts at 32 after alignment
}

TEST(SingleArena, TailFailureWhenTheHeadIsInTheWay)
{
    SingleArena a(kArena);
    ASSERT_TRUE(a.allocateResizable(1000, 16));
    auto r = a.allocatePersistent(30, 16); // 1024 - 30 = 994, aligned down to 992 < 1000
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "Failed to allocate tail memory. Requested: 30, available 22, missing: 8");
}

// Corner cases of TFLM's pointer arithmetic that its failure messages show.

TEST(SingleArena, TailFailurePrintsNegativeAvailableAs32BitUnsigned)
{
    // TFLM prints `size - missing` with %u: when more is missing than was requested the
    // number wraps at 32 bits (../shared/oracle: "Requested: 8, available 4294967288, missing: 16").
    SingleArena a(128);
    ASSERT_TRUE(a.allocateResizable(112, 16));
    ASSERT_TRUE(a.allocatePersistent(16, 16)); // head == tail == 112
    auto r = a.allocatePersistent(8, 16); // 104, aligned down to 96: 16 below the head
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "Failed to allocate tail memory. Requested: 8, available 4294967288, missing: 16");
}

TEST(SingleArena, TailFailureBelowTheArenaStartIsAlignedDown)
{
    // TFLM aligns tail - size down even when it lies below the arena start: 1024 - 1030 = -6
    // becomes -16, so 16 bytes are missing and 1014 available.
    SingleArena a(kArena);
    EXPECT_EQ(messageOf(a.allocatePersistent(1030, 16)),
        "Failed to allocate tail memory. Requested: 1030, available 1014, missing: 16");
}

// ---- persistent_arena_buffer_allocator_test.cc ----

TEST(PersistentArena, UsedBytesAddUp)
{
    PersistentArena a(kArena);
    ASSERT_TRUE(a.allocatePersistent(10, 1));
    EXPECT_EQ(a.persistentUsedBytes(), 10U);
    ASSERT_TRUE(a.allocatePersistent(15, 1));
    EXPECT_EQ(a.persistentUsedBytes(), 25U);
}

TEST(PersistentArena, FailsOneByteOverTheLimit)
{
    PersistentArena a(kArena);
    ASSERT_TRUE(a.allocatePersistent(10, 1));
    expectOutOfMemory(a.allocatePersistent(kArena - 10 + 1, 1),
        "Failed to allocate tail memory. Requested: 1015, available 1014, missing: 1");
}

TEST(PersistentArena, FillsExactlyToTheLimit)
{
    PersistentArena a(kArena);
    ASSERT_TRUE(a.allocatePersistent(10, 1));
    expectFillsToTheStart(a, 10);
}

TEST(PersistentArena, Aligns)
{
    PersistentArena a(kArena);
    auto p1 = a.allocatePersistent(10, 16);
    ASSERT_TRUE(p1);
    EXPECT_EQ(p1.value() % 16, 0U);
    EXPECT_GE(a.persistentUsedBytes(), 10U);
    auto p2 = a.allocatePersistent(16, 16);
    ASSERT_TRUE(p2);
    EXPECT_EQ(p2.value() % 16, 0U);
    EXPECT_EQ(p1.value() - p2.value(), 16U);
}

TEST(PersistentArena, FailureBelowTheArenaStartIsAlignedDown)
{
    // Tail at 1008 after a 16-aligned 10-byte buffer; 1008 - 1010 = -2 aligns down to -16.
    PersistentArena a(kArena);
    ASSERT_TRUE(a.allocatePersistent(10, 16));
    EXPECT_EQ(messageOf(a.allocatePersistent(1010, 16)),
        "Failed to allocate tail memory. Requested: 1010, available 994, missing: 16");
}

// ---- non_persistent_arena_buffer_allocator_test.cc ----

TEST(NonPersistentArena, ResizableBuffer)
{
    NonPersistentArena a(kArena);
    expectHeadResizes(a, 10);
}

TEST(NonPersistentArena, TempBuffer)
{
    NonPersistentArena a(kArena);
    auto temp = a.allocateTemp(100, 1);
    ASSERT_TRUE(temp);
    EXPECT_EQ(a.nonPersistentUsedBytes(), 100U);
    EXPECT_EQ(a.availableMemory(1), kArena - 100);
    a.deallocateTemp(temp.value());
    ASSERT_TRUE(a.resetTemp());
    EXPECT_EQ(a.nonPersistentUsedBytes(), 0U);
    EXPECT_EQ(a.availableMemory(1), kArena);
}

TEST(NonPersistentArena, NoResizableBufferBeforeTempIsReset)
{
    NonPersistentArena a(kArena);
    auto temp = a.allocateTemp(100, 1);
    ASSERT_TRUE(temp);
    a.deallocateTemp(temp.value()); // not reset yet
    auto head = a.allocateResizable(100, 1);
    ASSERT_FALSE(head);
    EXPECT_EQ(head.error().message, kNotResizable);
}

TEST(NonPersistentArena, ResizableBufferAfterTempIsReset)
{
    NonPersistentArena a(kArena);
    std::uint64_t temp = 0;
    ASSERT_NO_FATAL_FAILURE(useOneTemp(a, temp));
    auto head = a.allocateResizable(100, 1);
    ASSERT_TRUE(head) << messageOf(head);
    EXPECT_EQ(head.value(), 0U);
}

TEST(NonPersistentArena, OnlyOneResizableBuffer)
{
    NonPersistentArena a(kArena);
    ASSERT_TRUE(a.allocateResizable(100, 1));
    EXPECT_EQ(
        messageOf(a.allocateResizable(100, 1)), "Cannot allocate a new resizable buffer when one is already allocated");
}

TEST(NonPersistentArena, ResetTempFailsWhileTempIsLive)
{
    NonPersistentArena a(kArena);
    ASSERT_TRUE(a.allocateTemp(100, 1));
    const Status s = a.resetTemp();
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().message.rfind("Number of allocated temp buffers: 1. Checksum passing status: ", 0), 0U)
        << s.error().message;
}

// Known divergence (reported, not fixed here): enable once core/arena checksums a non-zero
// value per buffer. TFLM XORs addresses, never 0, so one live temp buffer always fails its
// checksum; XORing offsets makes a buffer at offset 0 invisible to it.
TEST(NonPersistentArena, ChecksumFailsForALiveTempBufferAtOffsetZero)
{
    NonPersistentArena a(kArena);
    ASSERT_TRUE(a.allocateTemp(100, 1));
    EXPECT_EQ(messageOf(a.resetTemp()), "Number of allocated temp buffers: 1. Checksum passing status: 0");
}

TEST(NonPersistentArena, TempLargerThanTheArenaFails)
{
    NonPersistentArena a(kArena);
    EXPECT_EQ(messageOf(a.allocateTemp(kArena + 1, 1)),
        "Failed to allocate temp memory. Requested: 1025, available 1024, missing: 1");
}

TEST(NonPersistentArena, ResizableLargerThanTheArenaFails)
{
    NonPersistentArena a(kArena);
    EXPECT_EQ(messageOf(a.allocateResizable(kArena + 1, 1)),
        "Failed to resize buffer. Requested: 1025, available 1024, missing: 1");
    auto head = a.allocateResizable(100, 1);
    ASSERT_TRUE(head) << messageOf(head);
    EXPECT_EQ(head.value(), 0U);
    EXPECT_EQ(messageOf(a.resizeBuffer(head.value(), kArena + 1, 1)),
        "Failed to resize buffer. Requested: 1025, available 1024, missing: 1");
}

TEST(NonPersistentArena, UsedBytesCountHeadAndTemp)
{
    NonPersistentArena a(kArena);
    auto head = a.allocateResizable(100, 1);
    ASSERT_TRUE(head);
    EXPECT_EQ(head.value(), 0U);
    ASSERT_TRUE(a.allocateTemp(kArena - 100, 1));
    EXPECT_EQ(a.nonPersistentUsedBytes(), kArena);
    EXPECT_EQ(a.availableMemory(1), 0U);
}

// ---- alignment helpers (memory_helpers.cc) ----

TEST(Align, UpAndDown)
{
    EXPECT_EQ(alignUp(0, 16), 0U);
    EXPECT_EQ(alignUp(1, 16), 16U);
    EXPECT_EQ(alignUp(16, 16), 16U);
    EXPECT_EQ(alignUp(17, 4), 20U);
    EXPECT_EQ(alignDown(31, 16), 16U);
    EXPECT_EQ(alignDown(32, 16), 32U);
    EXPECT_EQ(alignDown(3, 4), 0U);
    // Below the arena start (a negative offset) TFLM's pointer alignment still floors.
    EXPECT_EQ(alignDownSigned(-6, 16), -16);
    EXPECT_EQ(alignDownSigned(-16, 16), -16);
    EXPECT_EQ(alignDownSigned(-17, 16), -32);
    EXPECT_EQ(alignDownSigned(37, 4), 36);
    EXPECT_EQ(kArenaBufferAlignment, 16U);
}

} // namespace
} // namespace arenascope
