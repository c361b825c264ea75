import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_PROCESS_ENV, withBuildProcessEnv } from '../../../../core/build/build-process-env.ts';

const root = resolve(import.meta.dirname, '../../../..');

describe('BUILD_PROCESS_ENV', () => {
  it('is what `npm run build` starts Node with, unless the caller set a value of its own', () => {
    const scripts = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, value] of Object.entries(BUILD_PROCESS_ENV)) expect(scripts.build).toContain(`${name}=\${${name}:-${value}} node `);
  });

  it('is added under the caller environment, never over it', () => {
    expect(withBuildProcessEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...BUILD_PROCESS_ENV });
    expect(withBuildProcessEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});
