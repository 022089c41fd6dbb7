package dev.cesrj.cli;

import dev.cesrj.CesrException;

/**
 * The typed error that stopped an inspection, with its stream offset (the push parser reports
 * offsets from its offset base; this one counts from the start of the input).
 *
 * @param error what the parser raised
 * @param offset stream offset of the failing frame or byte
 */
record Failure(CesrException error, long offset) {}
