// The classification of 64 bytes of JSON text into bit masks, one bit a byte (bit i for byte i),
// for the structural pass of MBMLEngine (JSONStructureIndexer+Blocks.swift).
//
// Swift has no portable way to turn a vector comparison into a bit mask (x86's pmovmskb), so this
// is in C. On x86-64 `mbml_json_classify_block` uses SSE2, which every x86-64 CPU has, and
// `mbml_json_classify_block_widest` AVX2 when the CPU has it (chosen at run time); elsewhere
// (aarch64, ...) a plain loop: the same masks every way (the tests compare them).
#ifndef CJSONBLOCKS_H
#define CJSONBLOCKS_H

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The masks of 64 bytes of JSON text.
typedef struct {
    /// The bytes that are `"`.
    uint64_t quotes;
    /// The bytes that end a plain run of a string: `"`, `\` and the control characters (below 0x20).
    uint64_t specials;
} mbml_json_block;

/// The masks of the 64 bytes at `bytes` byte by byte: the portable way, and the reference tests
/// compare ``mbml_json_classify_block`` against.
static inline mbml_json_block mbml_json_classify_block_bytewise(const uint8_t *bytes) {
    mbml_json_block block = {0, 0};
    for (int at = 0; at < 64; at++) {
        const uint8_t byte = bytes[at];
        const uint64_t bit = (uint64_t)1 << at;
        if (byte == '"') block.quotes |= bit;
        if (byte == '"' || byte == '\\' || byte < 0x20) block.specials |= bit;
    }
    return block;
}

/// The masks of the 64 bytes at `bytes` (all 64 must be readable; no alignment is needed).
static inline mbml_json_block mbml_json_classify_block(const uint8_t *bytes) {
    mbml_json_block block = {0, 0};
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    for (int part = 0; part < 4; part++) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * part));
        const __m128i quotes = _mm_cmpeq_epi8(chunk, quote);
        // Unsigned `chunk <= 0x1F`: the minimum of the two is the byte itself.
        const __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(chunk, lastControl), chunk);
        const __m128i specials = _mm_or_si128(_mm_or_si128(quotes, controls), _mm_cmpeq_epi8(chunk, backslash));
        block.quotes |= (uint64_t)(uint16_t)_mm_movemask_epi8(quotes) << (16 * part);
        block.specials |= (uint64_t)(uint16_t)_mm_movemask_epi8(specials) << (16 * part);
    }
#else
    block = mbml_json_classify_block_bytewise(bytes);
#endif
    return block;
}

/// `mbml_json_classify_block` with the widest vectors the CPU has (AVX2 when it has them, chosen
/// at run time), in CJSONBlocks.c.
mbml_json_block mbml_json_classify_block_widest(const uint8_t *bytes);

#endif
