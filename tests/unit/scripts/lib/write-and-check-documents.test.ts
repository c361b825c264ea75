import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkDist } from '../../../../scripts/lib/check-dist.ts';
import { startDocumentWriter, writeAndCheckDocuments } from '../../../../scripts/lib/write-and-check-documents.ts';
import { writeDocuments } from '../../../../scripts/lib/write-documents.ts';
import { jsonDocument } from '../../../helpers/json-document.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-wcd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Every variant is made here, not taken from the machine's compression cache (a cached one would hide how it is made:
// on the pool, or on the writer's own thread).
vi.stubEnv('SHINGLE_COMPRESSION_CACHE', 'off');
afterAll(() => vi.unstubAllEnvs());

const openapi = (path: string, value: object) => jsonDocument(path, { openapi: '3.1.0', ...value });
const good = openapi('/openapi.json', { info: { title: 'Señor Núñez’s roofs ✓' }, pad: 'x'.repeat(2000) });
const other = openapi('/api/other.json', { n: 2 });
const message = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error) => e.message,
  );

describe('writeAndCheckDocuments (the build writes and checks its documents on a worker thread)', () => {
  it('writes the same files and manifest entries as writeDocuments, non-ASCII text intact', async () => {
    const [inThread, inWorker] = [join(scratch, 'thread'), join(scratch, 'worker')];
    const expected = await writeDocuments(inThread, [good, other], { effort: 'best' });
    const { documents, checkMs } = await writeAndCheckDocuments(inWorker, [good, other]);
    expect(documents).toEqual(expected);
    expect(checkMs).toBeGreaterThanOrEqual(0);
    for (const file of ['openapi.json', 'openapi.json.br', 'api/other.json', 'api/other.json.gz'])
      expect(readFileSync(join(inWorker, file)).equals(readFileSync(join(inThread, file)))).toBe(true);
    expect(readFileSync(join(inWorker, 'openapi.json'), 'utf8')).toBe(good.body);
  });

  it('rejects a document that fails its check with the message checkDist gives for the same files', async () => {
    const bad = { ...other, body: JSON.stringify({ openapi: '2.0' }) };
    const dir = join(scratch, 'bad');
    const problem = await message(writeAndCheckDocuments(dir, [good, bad]));
    expect(problem).toMatch(/^dist check failed \(1\):\n\/api\/other.json: openapi must be 3.1.0$/);
    const again = join(scratch, 'bad-in-thread');
    const documents = await writeDocuments(again, [good, bad], { effort: 'best' });
    expect(await message(checkDist(again, { documents }))).toBe(problem);
  });

  it('rejects with the error of a write that fails', async () => {
    const blocked = join(scratch, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    await expect(writeAndCheckDocuments(blocked, [good])).rejects.toThrow(/EEXIST|ENOTDIR/);
  });

  it('takes the documents in batches, as the build hands them over, and answers with every entry in that order', async () => {
    const dir = join(scratch, 'batches');
    const writer = startDocumentWriter(dir);
    writer.write([other]);
    writer.write([good]);
    const { documents } = await writer.finish();
    expect(documents.map((d) => d.path)).toEqual(['/api/other.json', '/openapi.json']);
    expect(readFileSync(join(dir, 'openapi.json'), 'utf8')).toBe(good.body);
  });

  it('reports a problem of an early batch once it is finished, with the problems of the later ones', async () => {
    const writer = startDocumentWriter(join(scratch, 'early-bad'));
    writer.write([{ ...other, body: JSON.stringify({ openapi: '2.0' }) }]);
    writer.write([{ ...good, path: '/later.json', body: JSON.stringify({ openapi: '1.0' }) }]);
    expect(await message(writer.finish())).toMatch(
      /^dist check failed \(2\):\n\/api\/other.json: openapi must be 3.1.0\n\/later.json: openapi must be 3.1.0$/,
    );
  });

  it('stops its thread when the build fails elsewhere, before the last batch', async () => {
    const writer = startDocumentWriter(join(scratch, 'aborted'));
    writer.write([good]);
    await writer.abort();
    expect(await message(writer.finish())).toMatch(/document writer stopped/);
  });

  it('answers in the order it is given (the build puts insights.json, handed over last, second), problems too', async () => {
    const writer = startDocumentWriter(join(scratch, 'ordered'), (xs) => [...xs].reverse());
    writer.write([{ ...other, body: JSON.stringify({ openapi: '2.0' }) }, good]);
    writer.write([{ ...good, path: '/last.json', body: JSON.stringify({ openapi: '1.0' }) }]);
    expect(await message(writer.finish())).toMatch(/^dist check failed \(2\):\n\/last.json: .*\n\/api\/other.json: /);
    const fine = startDocumentWriter(join(scratch, 'ordered-fine'), (xs) => [...xs].reverse());
    fine.write([other, good]);
    expect((await fine.finish()).documents.map((d) => d.path)).toEqual(['/openapi.json', '/api/other.json']);
  });

  it('a batch that cannot be written stops the writer at once, names it, and keeps the problems found before', async () => {
    const dir = join(scratch, 'late-write');
    const writer = startDocumentWriter(dir);
    writer.write([{ ...other, body: JSON.stringify({ openapi: '2.0' }) }]);
    writeFileSync(join(scratch, 'late-write-blocker'), 'a file');
    writer.write([{ ...good, path: '/../late-write-blocker/x.json' }]);
    await expect.poll(() => message(Promise.resolve().then(() => writer.throwIfFailed())), { timeout: 5000 }).toMatch(/^document writer: /);
    const problem = await message(writer.finish());
    expect(problem).toMatch(/^document writer: .*(EEXIST|ENOTDIR)/);
    expect(problem).toContain('/api/other.json: openapi must be 3.1.0');
  });
});
