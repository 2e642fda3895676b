import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, the bytes saved do not pay for the work and the headers (a typical small answer). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Compresses what is made per request (API JSON, the metrics text, an SVG answer) with brotli or
 * gzip, as the client accepts. Brotli at quality 4 costs about what gzip does and still packs
 * tighter; the top qualities are for the build, which precompresses the web app's files once
 * (decision 021). Those, and the pages web-app.ts sends already encoded, carry a
 * Content-Encoding and are passed through untouched. Request bodies are never inflated: a small
 * compressed body could otherwise unpack past its endpoint's size limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
