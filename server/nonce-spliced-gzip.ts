import zlib from "node:zlib";
import { piecesBetween } from "./middleware/caching.ts";

/**
 * A page compressed once, whose CSP nonce is put back in for each answer without compressing it again.
 *
 * The text between the nonce's occurrences is deflated once, each piece as a stream of its own ending in a
 * flush (RFC 1951: non-final blocks, ending on a byte boundary). An answer is these pieces with the answer's
 * nonce between them as stored blocks, a final empty block, and the gzip header and trailer (RFC 1952)
 * around them: a valid gzip member whose only per-answer work is a CRC-32. Each piece may still refer back to
 * the text before it (its preset dictionary), but never to a nonce: the dictionary has NUL bytes where the
 * nonces are, and no match can include a byte the page does not contain.
 * Brotli has no such reset of its window, so a page answered this way is gzip even where br is accepted.
 */
export class NonceSplicedGzip {
  private readonly pieces: Buffer[];
  private readonly nonceBytes: number;
  private readonly referBack: boolean;
  /**
   * Deflated when first asked for gzip, not when the page is rendered: most renders that are kept are never asked
   * for again (a used listing's filters, sorts and pages), and deflating at level 9 cost more than the render's
   * brotli.
   */
  private deflatedPieces: Buffer[] | null = null;

  /** The page's bytes split at every occurrence of `nonce` (ASCII, as every CSP nonce is). */
  constructor(page: Uint8Array, nonce: string) {
    this.pieces = compact(piecesBetween(page, nonce));
    this.nonceBytes = nonce.length;
    this.referBack = !this.pieces.some((piece) => piece.includes(0));
  }

  /** The memory it takes now (more once it has been asked for gzip). */
  get bytes(): number {
    return [...this.pieces, ...(this.deflatedPieces ?? [])].reduce((sum, piece) => sum + piece.byteLength, 0);
  }

  /** The page without its nonce, as pieces (for a validator that two renderings of the page share). */
  withoutNonce(): readonly Buffer[] {
    return this.pieces;
  }

  /** The page as it reads with `nonce` in place of the one it was rendered with. */
  text(nonce: string): Buffer {
    return Buffer.concat(this.interleave(this.pieces, Buffer.from(nonce, "latin1")));
  }

  /** The same, gzip-compressed. */
  gzip(nonce: string): Buffer {
    if (this.pieces.length > 1 && nonce.length !== this.nonceBytes) throw new Error("a nonce of another length");
    const nonceBytes = Buffer.from(nonce, "latin1");
    let crc = 0;
    for (const [index, piece] of this.pieces.entries()) {
      if (index > 0) crc = zlib.crc32(nonceBytes, crc);
      // zlib reads an empty buffer without storage as "start again" and answers 0.
      if (piece.byteLength > 0) crc = zlib.crc32(piece, crc);
    }
    const length =
      this.pieces.reduce((sum, piece) => sum + piece.byteLength, 0) + nonceBytes.byteLength * (this.pieces.length - 1);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    this.deflatedPieces ??= compact(deflatePieces(this.pieces, this.nonceBytes, this.referBack));
    return Buffer.concat([
      GZIP_HEADER,
      ...this.interleave(this.deflatedPieces, storedBlock(nonceBytes)),
      FINAL_EMPTY_BLOCK,
      trailer,
    ]);
  }

  private interleave(pieces: Buffer[], between: Buffer): Buffer[] {
    return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [between, piece]));
  }
}

/**
 * The pieces as views of one buffer of their exact total size: zlib's output and small strings' buffers are
 * slices of larger allocations, which a kept slice would hold on to whole.
 */
function compact(pieces: Buffer[]): Buffer[] {
  const whole = Buffer.concat(pieces);
  let offset = 0;
  return pieces.map((piece) => {
    const start = offset;
    offset += piece.byteLength;
    return whole.subarray(start, offset);
  });
}

/** The deflate window: how far back a match may refer. */
const WINDOW_BYTES = 32 * 1024;

function deflatePieces(pieces: Buffer[], nonceBytes: number, referBack: boolean): Buffer[] {
  const nonceMask = Buffer.alloc(nonceBytes);
  let before = Buffer.alloc(0);
  return pieces.map((piece, index) => {
    if (index > 0) before = Buffer.concat([before, nonceMask]).subarray(-WINDOW_BYTES);
    const dictionary = referBack && before.byteLength > 0 ? before : undefined;
    const deflated = zlib.deflateRawSync(piece, { level: 9, dictionary, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    before = Buffer.concat([before, piece]).subarray(-WINDOW_BYTES);
    return deflated;
  });
}

/** Deflate method, no flags, no modification time, no extra flags, unknown operating system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of a deflate stream: empty, with BFINAL set. */
const FINAL_EMPTY_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/** Bytes kept as they are (a stored block, RFC 1951 section 3.2.4), starting on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0); // BFINAL 0, BTYPE 00, then padding to the byte boundary
  header.writeUInt16LE(bytes.byteLength, 1);
  header.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
