// Large contents as they cross to the page: a capped start, and where to fetch the rest in pieces.

/** What is missing from contents the host sent only in part. */
export type Truncated = {
  /** Fetch the whole with `payloads.read`; absent when it was too large for the host to keep. */
  id?: string;
  /** Characters in the whole text (or base64 data). */
  length: number;
};

/** One piece of a kept text. */
export type PayloadChunk = { data: string; offset: number; total: number };

/** The most characters one `payloads.read` answers with. */
export const PAYLOAD_CHUNK_CHARS = 4 * 1024 * 1024;
