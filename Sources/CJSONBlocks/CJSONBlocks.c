// The run-time choice of the widest classification the CPU has (include/CJSONBlocks.h).
#include "CJSONBlocks.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// `mbml_json_classify_block` in two 32-byte halves: half the instructions of SSE2's four quarters.
__attribute__((target("avx2"))) static mbml_json_block classify_avx2(const uint8_t *bytes) {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i lastControl = _mm256_set1_epi8(0x1F);
    mbml_json_block block = {0, 0};
    for (int half = 0; half < 2; half++) {
        const __m256i chunk = _mm256_loadu_si256((const __m256i *)(const void *)(bytes + 32 * half));
        const __m256i quotes = _mm256_cmpeq_epi8(chunk, quote);
        const __m256i controls = _mm256_cmpeq_epi8(_mm256_min_epu8(chunk, lastControl), chunk);
        const __m256i specials =
            _mm256_or_si256(_mm256_or_si256(quotes, controls), _mm256_cmpeq_epi8(chunk, backslash));
        block.quotes |= (uint64_t)(uint32_t)_mm256_movemask_epi8(quotes) << (32 * half);
        block.specials |= (uint64_t)(uint32_t)_mm256_movemask_epi8(specials) << (32 * half);
    }
    return block;
}
#endif

mbml_json_block mbml_json_classify_block_widest(const uint8_t *bytes) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    // Reads the CPU's features the C runtime found at start-up (no state of ours).
    if (__builtin_cpu_supports("avx2")) return classify_avx2(bytes);
#endif
    return mbml_json_classify_block(bytes);
}
