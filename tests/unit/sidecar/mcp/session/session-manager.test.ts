import { createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryRevocationStore } from '../../../../../sidecar/mcp/session/revocation-store.ts';
import { CLOCK_SKEW_SECONDS, createSessionManager } from '../../../../../sidecar/mcp/session/session-manager.ts';
import { signSessionId, verifySessionId } from '../../../../../sidecar/mcp/session/session-token.ts';

const key = createSecretKey(Buffer.alloc(32, 3));
const T0 = Date.UTC(2026, 10, 1);

function setup(idleSeconds = 60) {
  let now = T0;
  const revocations = createMemoryRevocationStore();
  const sessions = createSessionManager({ key, idleSeconds, revocations, now: () => now });
  return { sessions, revocations, advance: (ms: number) => void (now += ms) };
}

describe('session manager', () => {
  it('400 without an id, 404 for one it did not issue', async () => {
    const { sessions } = setup();
    expect(await sessions.sessionCheck(undefined)).toMatchObject({ ok: false, status: 400 });
    expect(await sessions.sessionCheck('')).toMatchObject({ ok: false, status: 400 });
    expect(await sessions.sessionCheck('not-a-session')).toMatchObject({ ok: false, status: 404 });
    const foreign = createSessionManager({
      key: createSecretKey(Buffer.alloc(32, 9)),
      idleSeconds: 60,
      revocations: createMemoryRevocationStore(),
      now: () => T0,
    });
    expect(await sessions.sessionCheck(foreign.sessionOpen())).toMatchObject({ ok: false, status: 404 });
  });

  it('accepts a fresh id and renews it once time has moved on', async () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: true, renewed: null });
    advance(5_000);
    const check = await sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected a renewed id');
    const before = verifySessionId(key, id)!;
    const after = verifySessionId(key, check.renewed)!;
    expect(after).toEqual({ sid: before.sid, issuedAt: before.issuedAt, seenAt: before.seenAt + 5 });
  });

  it('expires after the idle window, and renewal slides it', async () => {
    const { sessions, advance } = setup(60);
    const id = sessions.sessionOpen();
    advance(60_000);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: true });
    advance(1_000);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('more than 60 s old') });

    const second = sessions.sessionOpen();
    advance(50_000);
    const renewed = await sessions.sessionCheck(second);
    if (!renewed.ok || !renewed.renewed) throw new Error('expected renewal');
    advance(50_000);
    expect(await sessions.sessionCheck(second)).toMatchObject({ ok: false, status: 404 });
    expect(await sessions.sessionCheck(renewed.renewed)).toMatchObject({ ok: true });
  });

  it('refuses ids from the future beyond the tolerated clock skew', async () => {
    const { sessions } = setup();
    const t = Math.floor(T0 / 1000);
    const sid = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(await sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS }))).toMatchObject({ ok: true });
    expect(await sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS + 1 }))).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it('ends a session for every id of it, renewed or not', async () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    advance(2_000);
    const check = await sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected renewal');
    await sessions.sessionEnd(check.claims);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('ended') });
    expect(await sessions.sessionCheck(check.renewed)).toMatchObject({ ok: false, status: 404 });
    expect(await sessions.sessionCheck(sessions.sessionOpen())).toMatchObject({ ok: true });
  });
});
