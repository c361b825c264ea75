import { describe, expect, it } from 'vitest';
import type { ManifestDocument } from '../../../../core/build/build-manifest-schema.ts';
import { documentHeaders } from '../../../../core/build/render-headers-file.ts';
import { tableHeaders } from '../../../../core/http/response-headers.ts';
import { DYNAMIC_ROUTES } from '../../../../core/model/published-paths.ts';
import { renderNginxConf } from '../../../../core/build/render-nginx-conf.ts';
import { SidecarConfigSchema } from '../../../../sidecar/config.ts';

const file = (name: string, etag: string) => ({ file: name, etag, bytes: 1, sha256: 'x' });
const doc = (path: string, lastModified: string | null): ManifestDocument => ({
  path,
  kind: path.endsWith('.xml') ? 'atom' : 'reviews',
  contentType: path.endsWith('.xml') ? 'application/atom+xml; charset=utf-8' : 'application/json; charset=utf-8',
  lastModified,
  identity: file(path.slice(1), `"${path}-id"`),
  gzip: file(`${path.slice(1)}.gz`, `"${path}-gz"`),
  br: file(`${path.slice(1)}.br`, `"${path}-br"`),
});

describe('renderNginxConf', () => {
  const documents = [doc('/reviews.json', 'Wed, 11 Nov 2026 00:00:00 GMT'), doc('/feed.xml', null)];
  const conf = renderNginxConf({
    baseUrl: 'https://roofs.example',
    root: '/srv/shingle/dist',
    documents,
    upstreams: ['10.0.0.1:4321', '10.0.0.2:4321'],
    listen: '8080',
  });

  it('gives every document the headers of the shared model, its build ETag per encoding and its Last-Modified (or none)', () => {
    for (const d of documents) {
      const block = conf.slice(conf.indexOf(`location = ${d.path} {`));
      const body = block.slice(0, block.indexOf('\n  }'));
      for (const [name, value] of documentHeaders('https://roofs.example', d.path).slice(1)) expect(body).toContain(`add_header ${name} '${value}';`);
      for (const [name, value] of tableHeaders(d.path)) expect(body).toContain(`add_header ${name} '${value.replace(/'/g, "\\'")}' always;`);
      expect(body).toContain(`default_type '${documentHeaders('https://roofs.example', d.path)[0]![1]}';`);
      expect(body).toContain(`add_header Last-Modified '${d.lastModified ?? ''}';`);
      for (const c of ['identity', 'gzip', 'br'] as const) expect(conf).toContain(`'${d.path}|${c}' '${d[c].etag}';`);
    }
  });

  it('lists the upstreams and proxies only the dynamic paths', () => {
    expect(conf).toContain('server 10.0.0.1:4321 max_fails=0;');
    expect(conf).toContain('server 10.0.0.2:4321 max_fails=0;');
    for (const p of ['/api/reviews/search', '/api/reviews/find', '/api/websub/hub', '/mcp', '/healthz'])
      expect(conf).toContain(`location = ${p} {\n    proxy_pass http://shingle_sidecars;`);
    expect(conf).toContain('location ^~ /api/reviews/since/ {\n    proxy_pass http://shingle_sidecars;');
    expect(conf.match(/proxy_pass/g)).toHaveLength(DYNAMIC_ROUTES.length);
    expect(conf).toContain("root '/srv/shingle/dist';");
  });

  it('replaces X-Forwarded-For with the address nginx was connected from, never appends to what the client sent', () => {
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    expect(conf.match(/proxy_set_header X-Forwarded-For \$remote_addr;/g)).toHaveLength(DYNAMIC_ROUTES.length);
  });

  it('closes idle upstream connections before the sidecar would (else a POST can meet a closing connection and get 502)', () => {
    const upstream = conf.slice(conf.indexOf('upstream shingle_sidecars {'));
    const seconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream.slice(0, upstream.indexOf('\n}')))?.[1]);
    expect(seconds * 1000).toBeLessThan(SidecarConfigSchema.parse({}).KEEP_ALIVE_TIMEOUT_MS);
  });
});
