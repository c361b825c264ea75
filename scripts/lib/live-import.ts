import { ContentError } from '../../core/content/content-error.ts';
import { GoogleLocationSchema, TrustpilotBusinessUnitSchema } from '../../core/import/pull/pull-pages.ts';
import { GOOGLE_AUTH_HELP } from './google-oauth.ts';
import { acquireContentLock } from './content-lock.ts';
import { PullError } from './pull-error.ts';
import { createProgress } from './progress.ts';
import { configuredSources, pullSource, type PullSource } from './run-pull.ts';

/** The options `npm run import` adds for the live pulls. */
export const LIVE_IMPORT_OPTIONS = {
  location: { type: 'string', multiple: true },
  'business-unit': { type: 'string' },
  full: { type: 'boolean' },
  'auth-help': { type: 'boolean' },
  quiet: { type: 'boolean' },
} as const;

export const LIVE_IMPORT_USAGE = `       npm run import -- google [--location accounts/…/locations/…]… [--full] [--quiet] [--auth-help]
       npm run import -- trustpilot [--business-unit ID] [--full] [--quiet]`;

/** A live pull is asked for: `google` (always live), or `trustpilot` without a path. */
export function isLiveImport(source: string | undefined, path: string | undefined): source is 'google' | 'trustpilot' {
  return source === 'google' || (source === 'trustpilot' && path === undefined);
}

interface LiveValues {
  location?: string[];
  'business-unit'?: string;
  full?: boolean;
  'auth-help'?: boolean;
  quiet?: boolean;
  today?: string;
}

/** The sources to pull: those named on the command line, else those of business.json. */
function pickSources(fail: (message: string) => never, kind: 'google' | 'trustpilot', values: LiveValues, contentDir: string): PullSource[] {
  if (kind === 'google' && values.location?.length) {
    return values.location.map((l) => {
      if (!GoogleLocationSchema.safeParse(l).success) fail(`--location "${l}" must be written accounts/<account id>/locations/<location id>`);
      return { kind: 'google', location: l };
    });
  }
  if (kind === 'trustpilot' && values['business-unit'] !== undefined) {
    if (!TrustpilotBusinessUnitSchema.safeParse(values['business-unit']).success)
      fail(`--business-unit "${values['business-unit']}" is not a business unit id`);
    return [{ kind: 'trustpilot', businessUnitId: values['business-unit']! }];
  }
  const named = configuredSources(contentDir).filter((s) => s.kind === kind);
  if (named.length === 0)
    fail(
      kind === 'google'
        ? 'no location: pass --location accounts/…/locations/… or name them in business.json ("pull": {"google": {"locations": […]}})'
        : 'no business unit: pass --business-unit ID or name it in business.json ("pull": {"trustpilot": {"businessUnitId": …}})',
    );
  return named;
}

/**
 * `npm run import -- google|trustpilot` without a path: pulls the live API into the content folder under the
 * content lock (content-lock.ts). `fail` answers a wrong command line (exit 2). Returns the exit code: 1 when a source failed.
 */
export async function runLiveImport(
  fail: (message: string) => never,
  kind: 'google' | 'trustpilot',
  values: LiveValues,
  contentDir: string,
): Promise<number> {
  if (values['auth-help']) {
    console.log(
      kind === 'google'
        ? GOOGLE_AUTH_HELP
        : 'Set TRUSTPILOT_API_KEY in .env (Trustpilot Business → Integrations → API); see docs/import.md, "Connect once".',
    );
    return 0;
  }
  let sources: PullSource[];
  try {
    sources = pickSources(fail, kind, values, contentDir);
  } catch (e) {
    if (e instanceof ContentError) return (console.error(e.message), 1);
    throw e;
  }
  let release: () => void;
  try {
    release = acquireContentLock(contentDir, 'import');
  } catch (e) {
    return (console.error((e as Error).message), 1);
  }
  const progress = createProgress({ quiet: values.quiet ?? false });
  let failed = 0;
  try {
    for (const source of sources) {
      try {
        const r = await pullSource(source, {
          contentDir,
          env: process.env,
          full: values.full ?? false,
          progress,
          ...(values.today && { today: values.today }),
        });
        console.log(`${r.source}: ${r.new} new, ${r.updated} updated, ${r.unchanged} unchanged (${r.pages} page${r.pages === 1 ? '' : 's'})`);
      } catch (e) {
        failed++;
        console.error(e instanceof ContentError || e instanceof PullError ? e.message : String(e));
      }
    }
  } finally {
    release();
  }
  return failed > 0 ? 1 : 0;
}
