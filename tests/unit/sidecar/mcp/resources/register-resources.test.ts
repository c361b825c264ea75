import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../../../../../core/schemas/review-schema.ts';
import { RESOURCE_PAGE_SIZE } from '../../../../../sidecar/mcp/resources/register-resources.ts';
import { record } from '../../../../helpers/sample-model.ts';
import { createFakeSnapshot, INJECTION_TEXT } from '../../../../helpers/mcp/fake-snapshot.ts';
import { linkedClient } from '../../../../helpers/mcp/linked-client.ts';

function manyRecords(n: number): ReviewRecord[] {
  return Array.from({ length: n }, (_, i) =>
    record({ id: `r-${String(i).padStart(4, '0')}`, date: new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10) }),
  );
}

describe('resources', () => {
  it('lists the business, the insights and every review (newest first), paged with nextCursor', async () => {
    const snapshot = createFakeSnapshot(manyRecords(250));
    const { client, close } = await linkedClient(snapshot);
    const pages: Resource[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      pages.push(page.resources);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([RESOURCE_PAGE_SIZE, RESOURCE_PAGE_SIZE, 52]);
    const uris = pages.flat().map((r) => r.uri);
    expect(uris.slice(0, 3)).toEqual(['reviews://business', 'reviews://insights', `reviews://reviews/${snapshot.reviewsDocument.reviews[0]!.id}`]);
    expect(new Set(uris).size).toBe(252);
    for (const r of pages.flat()) expect(r.mimeType).toBe('application/json');
    await expect(client.listResources({ cursor: 'bogus' })).rejects.toMatchObject({ code: -32602 });
    await close();
  });

  it('reads the business, the insights and a review through the template; unknown URIs are -32002', async () => {
    const snapshot = createFakeSnapshot();
    const { client, close } = await linkedClient(snapshot);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'reviews://reviews/{id}', mimeType: 'application/json' })]);
    const read = async (uri: string) => {
      const { contents } = await client.readResource({ uri });
      expect(contents).toEqual([expect.objectContaining({ uri, mimeType: 'application/json' })]);
      return JSON.parse((contents[0] as { text: string }).text);
    };
    expect((await read('reviews://business')).aggregateRating).toEqual(snapshot.reviewsDocument.aggregateRating);
    expect(await read('reviews://insights')).toEqual(snapshot.insights);
    expect((await read('reviews://reviews/r-injection')).text).toBe(INJECTION_TEXT);
    for (const uri of ['reviews://reviews/nope', 'reviews://nothing', 'https://evil.example/', 'reviews://reviews/%E0%A4%A']) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32002 });
    }
    const listing = JSON.stringify(await client.listResources());
    expect(listing).not.toContain('IGNORE ALL');
    await close();
  });
});
