/**
 * A throw-away certificate authority made at run time with node:crypto (ECDSA P-256, X.509 v3
 * written as DER by hand — no fixtures, no openssl needed); its certificate goes to a temp file for
 * NODE_EXTRA_CA_CERTS or HUB_CA_FILE. Used by the hub tests and the hub benchmark.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A minimal DER writer (X.690): just what one CA and its leaf certificates need.

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : n < 0x10000
          ? Buffer.from([0x82, n >> 8, n & 0xff])
          : Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, content]);
}
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const explicit = (n: number, inner: Buffer) => der(0xa0 + n, inner);
const octets = (b: Buffer) => der(0x04, b);
const bits = (b: Buffer, unused = 0) => der(0x03, Buffer.concat([Buffer.from([unused]), b]));
const bool = (v: boolean) => der(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string) => der(0x0c, Buffer.from(s, 'utf8'));
function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0 && b[i + 1]! < 0x80) i++;
  const v = b.subarray(i);
  return der(0x02, v[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}
function time(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return der(0x17, Buffer.from(s, 'ascii'));
}
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))));
const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function ipBytes(ip: string): Buffer {
  if (ip.includes(':')) {
    const [head = '', tail = ''] = ip.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
    return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
  }
  return Buffer.from(ip.split('.').map(Number));
}

const toPem = (label: string, body: Buffer) =>
  `-----BEGIN ${label}-----\n${body.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;

interface CertSpec {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signingKey: KeyObject;
  ca: boolean;
  dnsNames?: string[];
  ips?: string[];
  authorityKeyId?: Buffer;
}

const spkiCache = new WeakMap<KeyObject, Buffer>();

function buildCertificate(spec: CertSpec): Buffer {
  let spki = spkiCache.get(spec.publicKey);
  if (!spki) spkiCache.set(spec.publicKey, (spki = spec.publicKey.export({ type: 'spki', format: 'der' })));
  const keyId = createHash('sha1').update(spki).digest();
  const now = Date.now();
  const extensions = [
    extension('2.5.29.19', true, spec.ca ? seq(bool(true)) : seq()),
    // keyUsage: CA → digitalSignature, keyCertSign, cRLSign; leaf → digitalSignature
    extension('2.5.29.15', true, spec.ca ? bits(Buffer.from([0x86]), 1) : bits(Buffer.from([0x80]), 7)),
    extension('2.5.29.14', false, octets(keyId)),
  ];
  if (spec.authorityKeyId) extensions.push(extension('2.5.29.35', false, seq(der(0x80, spec.authorityKeyId))));
  if (!spec.ca) {
    extensions.push(extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))));
    const alt = [...(spec.dnsNames ?? []).map((d) => der(0x82, Buffer.from(d, 'ascii'))), ...(spec.ips ?? []).map((ip) => der(0x87, ipBytes(ip)))];
    extensions.push(extension('2.5.29.17', false, seq(...alt)));
  }
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name(spec.issuer),
    seq(time(new Date(now - 3_600_000)), time(new Date(now + 7 * 86_400_000))),
    name(spec.subject),
    spki,
    explicit(3, seq(...extensions)),
  );
  return seq(tbs, ECDSA_SHA256, bits(sign('sha256', tbs, spec.signingKey)));
}

export interface IssuedCertificate {
  cert: string;
  key: string;
}

export interface TestCa {
  /** The CA certificate (PEM). */
  certPem: string;
  /** A file holding certPem: point NODE_EXTRA_CA_CERTS or HUB_CA_FILE at it. */
  caFile: string;
  /** A server certificate for these DNS names and IP addresses, signed by the CA. */
  issue(dnsNames: string[], ips?: string[]): IssuedCertificate;
  dispose(): void;
}

/** A fresh test CA. Leaf certificates share one key pair (issuing stays cheap for 10,000 hosts). */
export function createTestCa(commonName = 'Shingle Test CA'): TestCa {
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const leafKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const caDer = buildCertificate({ subject: commonName, issuer: commonName, publicKey: caKeys.publicKey, signingKey: caKeys.privateKey, ca: true });
  const caKeyId = createHash('sha1')
    .update(caKeys.publicKey.export({ type: 'spki', format: 'der' }))
    .digest();
  const certPem = toPem('CERTIFICATE', caDer);
  new X509Certificate(certPem); // fail early if the encoding were wrong
  const dir = mkdtempSync(join(tmpdir(), 'shingle-test-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certPem);
  const leafKeyPem = leafKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    certPem,
    caFile,
    issue(dnsNames, ips = []) {
      const leaf = buildCertificate({
        subject: dnsNames[0] ?? ips[0] ?? 'subscriber',
        issuer: commonName,
        publicKey: leafKeys.publicKey,
        signingKey: caKeys.privateKey,
        ca: false,
        dnsNames,
        ips,
        authorityKeyId: caKeyId,
      });
      return { cert: toPem('CERTIFICATE', leaf), key: leafKeyPem };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
