import { describe, expect, it } from 'vitest';
import { BUNDLER_ALLOCATOR_SETTINGS, boundBundlerMemory } from '../../../../scripts/lib/bundler-memory.ts';

describe('boundBundlerMemory (the native bundler allocator’s settings, set before Astro loads it)', () => {
  it('sets every setting an environment lacks', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(boundBundlerMemory(env)).toEqual(Object.keys(BUNDLER_ALLOCATOR_SETTINGS));
    expect(env).toEqual({ MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_RESERVE: '65536', MIMALLOC_ARENA_EAGER_COMMIT: '0' });
  });

  it('leaves a value the user set, even an empty one', () => {
    const env: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: '50', MIMALLOC_ARENA_RESERVE: '' };
    expect(boundBundlerMemory(env)).toEqual(['MIMALLOC_ARENA_EAGER_COMMIT']);
    expect(env.MIMALLOC_PURGE_DELAY).toBe('50');
    expect(env.MIMALLOC_ARENA_RESERVE).toBe('');
  });
});
