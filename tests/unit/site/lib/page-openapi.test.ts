import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const url = (p: string) => JSON.stringify(pathToFileURL(resolve(root, p)).href);

/** The developers page's schema tables, in order, as a Node started with LANG=`lang` lists them. */
function schemaOrder(lang: string): string[] {
  const module = `
    import { viewOpenApi } from ${url('site/lib/page-openapi.ts')};
    import { buildOpenApiDocument } from ${url('core/openapi/build-openapi-document.ts')};
    console.log(JSON.stringify(viewOpenApi(JSON.parse(JSON.stringify(buildOpenApiDocument('http://localhost:4321')))).schemas.map((s) => s.name)));
  `;
  const env = { ...process.env, LANG: lang, LC_ALL: lang };
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', module], { encoding: 'utf8', env });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as string[];
}

describe('the developers page', () => {
  it('lists the schemas in the same order whatever the machine’s language (Azerbaijani puts Q before M)', () => {
    const order = schemaOrder('en_US.UTF-8');
    expect(order.length).toBeGreaterThan(10);
    expect(order).toEqual([...order].sort());
    for (const lang of ['az_AZ.UTF-8', 'haw_US.UTF-8', 'sq_AL.UTF-8']) expect(schemaOrder(lang), lang).toEqual(order);
  });
});
