// CJSONBlocks is its header (include/CJSONBlocks.h), inlined where Swift calls it; a target
// needs one source file.
#include "CJSONBlocks.h"

/// The width of a block, in bytes (one bit of each mask a byte).
const int mbml_json_block_bytes = 64;
