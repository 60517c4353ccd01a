// The body of one chunk of a stock import (cli-spec 3), written item by item into one buffer
// reused for every chunk of the import (the memory bound of bench/stock-memory).
import type { CredentialChunk, CredentialFormat, StockItem } from './credentials.js';
import { type ChunkReadOptions, chunkItems } from './credentials.js';

/**
 * Writes the request body of each chunk of an import: `head`, the chunk's items as a JSON
 * array, `tail`. Memory (bench/stock-memory): a chunk is up to ~10 MB; its bytes are read in
 * small blocks, and its body goes into one buffer allocated once per import and reused, while each item is
 * encoded as it is read: no array of items, no JSON text of the whole chunk, no new 10 MB
 * buffer per chunk for the allocator to keep. The body is a view that is valid until the next
 * call: the job engine sends one chunk at a time (its concurrency is 1 for stock).
 */
export class ChunkBodyWriter {
  private body = Buffer.alloc(0);
  private used = 0;

  constructor(
    private readonly path: string,
    private readonly format: CredentialFormat,
    private readonly opts: ChunkReadOptions = {},
  ) {}

  /** `{...head "items": [ item, item, ... ] ...tail}` for `chunk`, checked as readCredentialChunk checks it. */
  /**
   * `onItem` sees each item before it is written (its pool id for the account's ledger)
   * and may return the item to send instead (svc decision "one identity": its ref with the pool
   * tag).
   */
  async write(
    chunk: CredentialChunk,
    head: string,
    tail: string,
    onItem?: (item: StockItem) => StockItem | undefined,
  ): Promise<Buffer> {
    const size = chunk.endOffset - chunk.startOffset;
    this.used = 0;
    this.reserve(size + chunk.count * 64 + head.length + tail.length); // escapes and keys: grown if short
    this.put(head);
    let first = true;
    for await (const read of chunkItems(this.path, this.format, chunk, this.opts)) {
      const item = onItem?.(read) ?? read;
      this.put(first ? JSON.stringify(item) : `,${JSON.stringify(item)}`);
      first = false;
    }
    this.put(tail);
    return this.body.subarray(0, this.used);
  }

  private put(text: string): void {
    this.reserve(this.used + Buffer.byteLength(text));
    this.used += this.body.write(text, this.used);
  }

  private reserve(size: number): void {
    if (size <= this.body.length) return;
    const grown = Buffer.allocUnsafe(Math.max(size, Math.ceil(this.body.length * 1.5)));
    this.body.copy(grown, 0, 0, this.used);
    this.body = grown;
  }
}
