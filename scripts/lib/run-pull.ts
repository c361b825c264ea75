import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../../core/content/content-error.ts';
import { calendarDateInZone } from '../../core/import/calendar-date-in-zone.ts';
import { IMPORT_SOURCES } from '../../core/import/import-sources.ts';
import type { SourcePullReport as SourceReport } from '../../core/import/pull/pull-report.ts';
import { PullSettingsSchema, type PullSettings } from '../../core/import/pull/pull-settings.ts';
import { formatPullState, fullPullDue, laterTime, parsePullState, PULL_STATE_FILE } from '../../core/import/pull/pull-state.ts';
import { applyImport } from './apply-import.ts';
import { createGoogleTokenSource, googleCredentialsFromEnv } from './google-oauth.ts';
import { PullError, redactSecrets, secretsOf } from './pull-error.ts';
import { fetchGoogleLocation, type FetchedPages } from './pull-google.ts';
import { defaultPullHttpDeps, type PullHttpDeps } from './pull-http.ts';
import { fetchTrustpilotUnit, trustpilotKeyFromEnv } from './pull-trustpilot.ts';
import { readContentFiles, shownPath } from '../../site/lib/read-content-dir.ts';
import type { Progress } from './progress.ts';

/** One live source: a Google location or a Trustpilot business unit. */
export type PullSource = { kind: 'google'; location: string } | { kind: 'trustpilot'; businessUnitId: string };

/** The key of a source in the pull state and in reports. */
export const sourceKey = (s: PullSource): string => (s.kind === 'google' ? `google:${s.location}` : `trustpilot:${s.businessUnitId}`);

export interface PullOptions {
  contentDir: string;
  /** Re-read everything instead of stopping at the last pull's newest review. */
  full?: boolean;
  /** Environment: credentials and the PULL_* / *_BASE_URL settings. */
  env: NodeJS.ProcessEnv;
  today?: string;
  deps?: Partial<PullHttpDeps>;
  progress?: Progress;
}

/** The pull settings from an environment, or a PullError listing the bad ones. */
export function pullSettingsFromEnv(env: NodeJS.ProcessEnv): PullSettings {
  const picked = Object.fromEntries(Object.keys(PullSettingsSchema.shape).flatMap((k) => (env[k] ? [[k, env[k]]] : [])));
  const parsed = PullSettingsSchema.safeParse(picked);
  if (!parsed.success) throw new PullError('config', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

function readState(contentDir: string) {
  const path = join(contentDir, PULL_STATE_FILE);
  try {
    return { path, state: parsePullState(existsSync(path) ? readFileSync(path, 'utf8') : null) };
  } catch (e) {
    throw new ContentError([{ file: shownPath(path), message: (e as Error).message }]);
  }
}

/**
 * Pulls one source into the content folder: reads every new page (retries, token refresh), maps them with
 * the file importer's mapper, merges (idempotent), then writes the changed review files and the new
 * watermark. Any failure throws before a byte is written. Messages never contain a credential.
 */
export async function pullSource(source: PullSource, opts: PullOptions): Promise<SourceReport> {
  const secrets = secretsOf(opts.env);
  try {
    return await pullSourceUnsafe(source, opts);
  } catch (e) {
    if (e instanceof ContentError) throw new ContentError(e.issues.map((i) => ({ ...i, message: redactSecrets(i.message, secrets) })));
    if (e instanceof PullError) throw new PullError(e.kind, redactSecrets(e.message, secrets));
    throw new PullError('http', redactSecrets(e instanceof Error ? e.message : String(e), secrets));
  }
}

async function pullSourceUnsafe(source: PullSource, opts: PullOptions): Promise<SourceReport> {
  const settings = pullSettingsFromEnv(opts.env);
  const secrets = secretsOf(opts.env);
  const base = defaultPullHttpDeps();
  const deps: PullHttpDeps = { ...base, ...opts.deps, log: (l) => (opts.deps?.log ?? base.log)(redactSecrets(l, secrets)) };
  const content = readContentFiles(opts.contentDir);
  const timeZone = content.parsed.business.timeZone;
  const { path: statePath, state } = readState(opts.contentDir);
  const key = sourceKey(source);
  const today = opts.today ?? calendarDateInZone(new Date(deps.now()).toISOString(), timeZone)!;
  // --full, or due by itself (the first pull, or a week after the last full one): no watermark, every page.
  const full = opts.full === true || fullPullDue(state.sources[key], today);
  const watermark = full ? undefined : state.sources[key]?.newest;
  opts.progress?.start(0, `pulling ${key}: reviews`);
  const onPage = (n: number) => opts.progress?.tick(n);
  let fetched: FetchedPages;
  if (source.kind === 'google') {
    const tokens = createGoogleTokenSource(googleCredentialsFromEnv(opts.env), settings.GOOGLE_TOKEN_URL, settings, deps);
    fetched = await fetchGoogleLocation(source.location, { apiBaseUrl: settings.GOOGLE_API_BASE_URL, tokens, watermark, settings, deps, onPage });
  } else {
    const apiKey = trustpilotKeyFromEnv(opts.env);
    fetched = await fetchTrustpilotUnit(source.businessUnitId, {
      apiBaseUrl: settings.TRUSTPILOT_API_BASE_URL,
      apiKey,
      watermark,
      settings,
      deps,
      onPage,
    });
  }
  opts.progress?.done();
  // The one mapping: the file importers' parsers read the pages exactly as they read saved responses.
  const parse = source.kind === 'google' ? IMPORT_SOURCES['google-api'].parse : IMPORT_SOURCES.trustpilot.parse;
  const parsed = parse(fetched.files, { timeZone });
  if (parsed.issues.length > 0) throw new ContentError(parsed.issues);
  const before = state.sources[key];
  const newest = laterTime(before?.newest, fetched.newest);
  const fullOn = full ? today : before?.fullOn;
  const entry = newest === undefined ? undefined : { newest, ...(fullOn !== undefined && { fullOn }) };
  const extra =
    entry !== undefined && (entry.newest !== before?.newest || entry.fullOn !== before?.fullOn)
      ? [{ path: statePath, text: formatPullState({ version: 1, sources: { ...state.sources, [key]: entry } }) }]
      : [];
  const { report } = applyImport(content, parsed.reviews, today, extra);
  return {
    source: key,
    new: report.new.length,
    updated: report.updated.length,
    unchanged: report.unchanged.length,
    pages: fetched.pages,
    full,
    error: null,
  };
}

/** The sources business.json names (`pull.google.locations`, `pull.trustpilot.businessUnitId`). */
export function configuredSources(contentDir: string): PullSource[] {
  const pull = readContentFiles(contentDir).parsed.business.pull;
  return [
    ...(pull?.google?.locations ?? []).map((location): PullSource => ({ kind: 'google', location })),
    ...(pull?.trustpilot ? [{ kind: 'trustpilot', businessUnitId: pull.trustpilot.businessUnitId } as PullSource] : []),
  ];
}
