import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../../../core/build/build-manifest-schema.ts';
import type { RenderedDocument } from '../../../../core/build/render-documents.ts';
import { checkDist, checkDistInWorker } from '../../../../scripts/lib/check-dist.ts';
import { writeDocuments } from '../../../../scripts/lib/write-documents.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const json = (path: string, value: unknown): RenderedDocument => ({
  path,
  kind: 'openapi',
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
  updated: null,
});

describe('checkDist (documents checked several at a time)', () => {
  it('passes a good build and names every bad document, in manifest order', async () => {
    const docs = Array.from({ length: 7 }, (_, i) => json(`/d${i}.json`, { openapi: '3.1.0', n: i, pad: 'x'.repeat(500) }));
    const documents = await writeDocuments(scratch, docs, 'fast');
    const manifest = { documents } as unknown as BuildManifest; // checkDist reads only the documents
    await checkDist(scratch, manifest);
    writeFileSync(join(scratch, 'd5.json.gz'), gzipSync('{"openapi":"3.1.0"}')); // a variant of other bytes
    writeFileSync(join(scratch, 'd2.json'), JSON.stringify({ openapi: '3.0.0', n: 2, pad: 'x'.repeat(500) }));
    const error = await checkDist(scratch, manifest).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/dist check failed \(5\)/);
    const lines = error!.split('\n').slice(1);
    expect(lines).toEqual([
      '/d2.json: identity bytes differ from the manifest',
      '/d2.json: gzip variant does not decompress to the document',
      '/d2.json: brotli variant does not decompress to the document',
      '/d2.json: openapi must be 3.1.0',
      '/d5.json: gzip variant does not decompress to the document',
    ]);
  });

  it('on a worker thread (as the build runs it): passes a good build, rejects a bad one with the same message', async () => {
    const dir = mkdtempSync(join(scratch, 'worker-'));
    const documents = await writeDocuments(dir, [json('/ok.json', { openapi: '3.1.0' })], 'fast');
    const manifest = { documents } as unknown as BuildManifest;
    await checkDistInWorker(dir, manifest);
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ openapi: '2.0' }));
    const inThread = await checkDist(dir, manifest).then(
      () => null,
      (e: Error) => e.message,
    );
    await expect(checkDistInWorker(dir, manifest)).rejects.toThrow(inThread!);
    expect(inThread).toMatch(/openapi must be 3.1.0/);
  });
});
