/**
 * `npm run build`: content → dist/. Validates content (failing with file, line and field), renders the
 * HTML pages with Astro and every data document with the core renderers, compresses them, writes
 * _headers and the build manifest, then checks every output against the schemas.
 * Builds into a staging folder and swaps it in, so a running sidecar never sees a half-written dist/.
 */
import type { build as AstroBuild } from 'astro';
import { cp, lstat, mkdir, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { assembleManifest } from '../core/build/assemble-manifest.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../core/build/build-manifest-schema.ts';
import { buildOptionsFromEnv } from '../core/build/build-options.ts';
import { INSIGHTS_DOCUMENTS, inManifestOrder, renderInsightsDocuments, renderReviewDocuments } from '../core/build/render-documents.ts';
import { renderHeadersFile } from '../core/build/render-headers-file.ts';
import { renderNginxConf } from '../core/build/render-nginx-conf.ts';
import { projectContentDir } from '../core/build/content-dir-guard.ts';
import { ContentError } from '../core/content/content-error.ts';
import { escapeControl } from '../core/text/escape-control.ts';
import { ratingOrToneIn, ratingOrToneMessage } from '../core/schemas/rating-or-tone.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import type { SiteModel } from '../core/model/build-site-model.ts';
import { prepareSiteModel } from './lib/prepare-site-model.ts';
import { contentLine } from './lib/announce-content.ts';
import { CHANGED_DURING_BUILD, computeCodeHash, computeInputsHash, contentFingerprint } from '../sidecar/build/build-inputs.ts';
import { providePageReuse, type PageReusePlan } from '../site/lib/page-reuse.ts';
import { linkReusedPages, planPageReuse, type LinkedPage } from './lib/page-reuse-plan.ts';
import { compressPages, PAGE_VARIANT_SETTINGS, type PrecompressedPage } from './lib/compress-pages.ts';
import { startPagePrecompressor } from './lib/precompress-pages.ts';
import { sharedCompressionCache } from './lib/compression-cache.ts';
import { buildsFolder, pruneBuildsAhead, swapIn } from './lib/swap-in.ts';
import { isOwn, isOwnFolder } from './lib/is-own-folder.ts';
import { compareDist, readFileRecord, writeChanges, writeFileRecord } from './lib/diff-dist.ts';
import { changedFileCount, type BuildChanges } from '../core/build/build-changes.ts';
import { compileWidget } from './lib/compile-widget.ts';
import { boundBundlerMemory } from './lib/bundler-memory.ts';
import { disableAstroTelemetry } from './lib/astro-telemetry.ts';
import { startDocumentWriter } from './lib/write-and-check-documents.ts';
import { defineCommand } from './lib/cli.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { isRunning } from './lib/is-running.ts';

const root = resolve(import.meta.dirname, '..');

/** Astro's builder option that skips its content sync (AstroBuilderOptions.sync, passed on by `build()`). */
const SKIP_SYNC = { sync: false } as Parameters<typeof AstroBuild>[1];

/**
 * Renders the pages into `outDir` (which must not exist yet). Astro keeps its prerender chunks in
 * `<outDir>/.prerender` when `outDir` is inside the working directory, but otherwise in
 * `<cwd>/.astro/.prerender`, one folder for every build started from there: two builds at once (a
 * scheduled rebuild and a manual one, a DIST_DIR outside the project, parallel tests) overwrote each
 * other's chunks and failed or mixed their pages. So Astro always gets a private folder inside the
 * project (not the working directory: its chunks import the project's packages, found only from inside it), and
 * the pages are moved to `outDir` afterwards.
 */
async function runAstro(outDir: string): Promise<Map<string, PrecompressedPage> | undefined> {
  boundBundlerMemory(); // before the bundler's library is loaded: its allocator reads the environment once
  disableAstroTelemetry();
  const { build } = await import('astro');
  const privateDirs = join(root, '.astro', 'builds');
  await removeAbandoned(privateDirs, '');
  const own = join(privateDirs, `${process.pid}-${Date.now()}`);
  // Astro's cache folder is private to this build too, and removed with it: Astro reads nothing from it for this site,
  // and one per DIST_DIR in the shared temporary folder was predictable to others and never removed.
  const cacheDir = `${own}.cache`;
  // The archive pages are compressed as Astro writes them, on the core it leaves idle (precompress-pages.ts); not with
  // SHINGLE_COMPRESSION_CACHE=off, which turns every reuse off (the reuse tests compare a build made so).
  const precompressor = sharedCompressionCache() ? startPagePrecompressor(own) : null;
  try {
    // No content collections or generated types to sync (the site has none; `astro check` makes the types for the
    // lint): Astro's sync started a Vite server of its own for them, and Astro's whole build went 1.39–1.47 →
    // 1.11–1.20 s on a +1 at 100k reviews, the output the same bytes (2026-11-27). `sync` is an option of Astro's
    // builder that `build()` passes on but does not declare (SKIP_SYNC): an Astro that drops it syncs again, no more.
    await build({ root, outDir: own, cacheDir, logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' }, SKIP_SYNC);
    const { pages, error } = (await precompressor?.stop()) ?? {}; // ended before the folder moves: it writes into it
    if (error) console.warn(`build: the page precompressor stopped early (${error.message}); the pages are compressed after Astro instead`);
    await mkdir(dirname(outDir), { recursive: true }); // Astro made the parents; a rename does not
    await rename(own, outDir).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EXDEV') throw e;
      await cp(own, outDir, { recursive: true }); // another file system: copy, then remove below
    });
    return pages;
  } finally {
    await precompressor?.stop();
    await Promise.all([rm(own, { recursive: true, force: true }), rm(cacheDir, { recursive: true, force: true })]);
  }
}

/**
 * Astro's pages of this build into `outDir`, leaving out the archive pages `plan` reuses (site/lib/page-reuse.ts).
 * Returns the pages compressed while they were rendered (compressPages' `precompressed`).
 */
async function renderPages(outDir: string, plan: PageReusePlan): Promise<Map<string, PrecompressedPage> | undefined> {
  providePageReuse(plan);
  try {
    return await runAstro(outDir);
  } finally {
    providePageReuse(null);
  }
}

/** Builds into `outDir` (default DIST_DIR or dist/). Returns the manifest it wrote. */
export async function buildSite(outDir = resolve(root, process.env.DIST_DIR ?? 'dist'), progress?: Progress): Promise<BuildManifest> {
  const started = performance.now();
  const options = buildOptionsFromEnv(process.env);
  const contentDir = contentDirFromEnv(process.env, root);
  const phases: Record<string, number> = {};
  /** Resident memory (MB) at the end of each phase, and the CPU time (ms, every thread) up to it: for SHINGLE_BUILD_STATS. */
  const memory: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  let mark = performance.now();
  // One progress phase per step (the helper shows one at a time): counted where the count is known
  // (pages compressed, documents written), a label only where it is not.
  progress?.start(0, 'reading the reviews');
  const phase = (name: string, next?: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    memory[name] = Math.round(process.memoryUsage.rss() / 2 ** 20);
    const used = process.cpuUsage();
    cpu[name] = Math.round((used.user + used.system) / 1000);
    mark = now;
    progress?.done();
    if (next) progress?.start(0, next);
  };
  // A change written while the build runs (a moderate, a verify beside the scheduled rebuild) must leave the build
  // stale: hashed after the build alone, the manifest named the new content while dist/ held the old, and the change
  // was never published (found by a helper). The files' sizes, times and inodes before and after tell, a stat each,
  // where hashing the content up front read its 57 MB twice per build.
  const contentBefore = contentFingerprint(contentDir);
  const staging = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}`);
  await removeAbandoned(dirname(outDir), `.${basename(outDir)}.staging-`);
  // Old builds are removed beside the pages step (pruneBuildsAhead never rejects; awaited before the swap, and on
  // failure). Not before the model step: content that fails to validate must not cost a build the swap would keep
  // (a later failure — a document's check, Astro — may leave two old builds instead of three). Tried from the start
  // (2026-11-27): its 0.45 s of removing files at 100k reviews slowed the model step by about as much as it spared the
  // pages step. Compressed variants no build used for a month are removed from the start (a stat per entry on the
  // thread pool, 11,800 at 100k: 60–110 ms of every rebuild's end before).
  let pruning: Promise<void> | undefined;
  const pruningVariants = sharedCompressionCache()?.prune();
  await rm(staging, { recursive: true, force: true });
  const docsDir = `${staging}.documents`;
  await rm(docsDir, { recursive: true, force: true });
  // The data documents are compressed, written and checked against their schemas on a worker thread
  // (startDocumentWriter) into a folder of their own, moved in once the pages are compressed (compressPages must not
  // see them: they carry their own variants). The reviews' documents need only the published reviews: they are
  // rendered and handed over before the reviews are read, and written beside the rest of the model step (on the
  // core it leaves); insights.json and widget.json follow once the insights are aggregated — last to the writer,
  // second and third in the manifest.
  // Their phases are timed on their own.
  const writer = startDocumentWriter(docsDir, (handedOver) =>
    inManifestOrder(handedOver.slice(0, -INSIGHTS_DOCUMENTS), handedOver.slice(-INSIGHTS_DOCUMENTS)),
  );
  try {
    const prepared = await prepareSiteModel(progress, (base, cacheFolder) => {
      const started = performance.now();
      writer.write(renderReviewDocuments(base, options.SINCE_WINDOW_DAYS, { widgetScript: compileWidget() }), cacheFolder ?? undefined);
      phases.render = Math.round(performance.now() - started);
    });
    const { model, reused, analysed, blocksReused } = prepared;
    phase('model', 'rendering the pages');
    pruning = pruneBuildsAhead(outDir);
    writer.throwIfFailed(); // before Astro: a writer that has stopped fails the build now, not after every page
    writer.write(renderInsightsDocuments(model));
    const checked = writer.finish().then(({ documents, writeMs, checkMs }) => {
      phases['write+compress'] = writeMs;
      phases.check = checkMs;
      const inputsHash = computeInputsHash(root, contentDir, options);
      // Changed meanwhile: a hash no content has, so the next check builds again.
      const named = contentFingerprint(contentDir) === contentBefore ? inputsHash : `${CHANGED_DURING_BUILD}${inputsHash}`;
      return assembleManifest(model, options.SINCE_WINDOW_DAYS, named, documents, projectContentDir(relative(root, contentDir)));
    });
    checked.catch(() => undefined); // awaited below; a failure of Astro first must not leave it unhandled
    // The live build (dist/ links to it) and the record of what it wrote: its unchanged archive pages and the
    // variants of unchanged pages are reused (not with SHINGLE_COMPRESSION_CACHE=off: then every page is rendered
    // and compressed), and it is what we diff against. Every page's key is recorded either way, for the next build.
    const live = await realpath(outDir).catch(() => null);
    const own = live !== null && (await isOwnBuild(outDir, live));
    const previous = await readFileRecord(outDir, own ? live : null);
    const reuseOn = own && sharedCompressionCache() !== null;
    const codeHash = computeCodeHash(root, options);
    let plan = await planPageReuse(reuseOn ? live : null, previous, codeHash);
    let precompressed = await renderPages(staging, plan);
    const linked = await linkReusedPages(plan, live ?? '', staging, previous).catch(async () => {
      // The previous build was removed while this one rendered (other builds swapped in and pruned it): its
      // pages are gone, so every page is rendered after all.
      await rm(staging, { recursive: true, force: true });
      plan = await planPageReuse(null, previous, codeHash);
      precompressed = await renderPages(staging, plan);
      return new Map<string, LinkedPage>();
    });
    phase('pages');
    const reuse = reuseOn ? { dir: live, record: previous.files, settings: previous.settings } : undefined;
    const compressed = compressPages(staging, { progress, previous: reuse, linked, precompressed });
    compressed.catch(() => undefined); // awaited below; a failed check first must not leave it unhandled
    const manifest = await checked;
    const { documents } = manifest;
    const { hashes: pageHashes, precompressedKept } = await compressed;
    phase('compress-pages', 'writing the documents');
    await moveInto(docsDir, staging);
    // Entries at the top of dist/ (sorted, so the file is the same for the same content): the CDN's framing rules.
    const topLevel = (await readdir(staging, { withFileTypes: true })).map((e) => ({ name: e.name, directory: e.isDirectory() }));
    await writeFile(join(staging, '_headers'), renderHeadersFile(model.baseUrl, topLevel));
    // The self-hosted static tier. Paths and addresses come from the environment, never from where this
    // build happens to run, so two builds of the same content stay byte-identical.
    const upstreams = (process.env.NGINX_UPSTREAMS ?? '127.0.0.1:4321')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    await writeFile(
      join(staging, 'nginx.conf'),
      renderNginxConf({
        baseUrl: model.baseUrl,
        root: process.env.NGINX_ROOT ?? '/srv/shingle/dist',
        documents,
        upstreams,
        listen: process.env.NGINX_LISTEN ?? '8080',
      }),
    );
    phase('documents', 'comparing with the previous build');
    // The manifest goes last: a dist/ without it is never loaded.
    await writeFile(join(staging, BUILD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Against the live build, before the swap replaces it; with the hashes of what this build wrote.
    const { changes, record } = await compareDist(live, staging, { known: pageHashes, previousRecord: previous.files });
    phase('diff');
    await Promise.all([pruning, pruningVariants]);
    const target = await swapIn(staging, outDir);
    writeFileRecord(outDir, target, record, PAGE_VARIANT_SETTINGS, plan.keys);
    const changesPath = writeChanges(outDir, changes);
    report(model.reviews.length, model.heldBack, outDir, performance.now() - started);
    reportChanges(changes, changesPath);
    phase('swap');
    // The published content's entries for the next build, once the pages are live: a cold build writes every piece's
    // (65 MB at 100k reviews: beside Astro they slowed its rendering on a machine both threads of the model step keep busy),
    // a nightly rebuild the piece a new review joined.
    await prepared.cache.flush();
    phase('cache');
    if (process.env.SHINGLE_BUILD_STATS)
      console.log(
        `BUILD_PHASES ${JSON.stringify({ ...phases, reviewsReused: reused, reviewsAnalysed: analysed, insightBlocksReused: blocksReused, pagesReused: plan.reused.size, pagesPrecompressed: precompressedKept })}\nBUILD_MEMORY ${JSON.stringify(memory)}\nBUILD_CPU ${JSON.stringify(cpu)}`,
      );
    return manifest;
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  } finally {
    await Promise.all([pruning, pruningVariants]);
    await writer.abort();
    await rm(docsDir, { recursive: true, force: true });
  }
}

/** Moves every file under `from` to the same place under `to` (replacing what is there), folders made as needed. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      await mkdir(join(to, entry.name), { recursive: true });
      await moveInto(join(from, entry.name), join(to, entry.name));
    } else await rename(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * Whether the finished build `live` that `outDir` links to may be trusted for reuse (its pages, its record): a
 * folder of `outDir`'s builds folder, both this user's and writable by no one else (swapIn keeps them so). In a
 * shared parent somebody else could have made the folder, or the link, and put pages there; then every page is
 * rendered, and the previous build is only compared with (the change report), its files hashed afresh.
 */
async function isOwnBuild(outDir: string, live: string): Promise<boolean> {
  const builds = await realpath(buildsFolder(outDir)).catch(() => null);
  return builds !== null && dirname(live) === builds && (await isOwnFolder(builds)) && (await isOwnFolder(live));
}

/**
 * Removes the folders that builds killed mid-way left in `dir` — named `<prefix><pid>…` — whose
 * process is gone (staging folders beside dist/, Astro's private output folders).
 */
async function removeAbandoned(dir: string, prefix: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number.parseInt(name.slice(prefix.length), 10);
    if (!name.startsWith(prefix) || !Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    // Only our own leftovers: another user's folder of the same name (a shared parent) is not ours to remove, and
    // failing on it would stop every build.
    const st = await lstat(join(dir, name)).catch(() => null);
    if (st && isOwn(st.uid)) await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function report(count: number, heldBack: SiteModel['heldBack'], outDir: string, ms: number): void {
  console.log(`built ${count} verified reviews into ${outDir} in ${(ms / 1000).toFixed(1)} s`);
  if (heldBack.length === 0) return;
  const reasons = new Map<string, number>();
  for (const h of heldBack) reasons.set(`${h.status}: ${h.reason}`, (reasons.get(`${h.status}: ${h.reason}`) ?? 0) + 1);
  console.log(`held back ${heldBack.length} review(s) that are not verified:`);
  // Reasons are the owner's free text: escaped, so a control character in content cannot drive the terminal.
  for (const [reason, n] of [...reasons].sort()) console.log(escapeControl(`  ${n} × ${reason}`));
  // A ground that names the rating or the tone is what 16 CFR 465 forbids: said at every build, not refused (a word
  // list has false positives, and must not stop a business's builds).
  for (const h of heldBack) {
    const found = ratingOrToneIn(`${h.reason} ${h.note ?? ''}`);
    if (found)
      console.warn(
        escapeControl(`warning: ${h.file}:${h.line} (${h.id}) ${h.status === 'rejected' ? 'note' : 'reason'} ${ratingOrToneMessage(found)}`),
      );
  }
}

/** One line: how many files a deploy must upload or delete, and where the list is. */
function reportChanges(changes: BuildChanges, path: string): void {
  const what = changes.hadPrevious
    ? `${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed, ${changes.unchanged} unchanged`
    : 'no previous build: every file is new';
  console.log(`${changedFileCount(changes)} files differ from the previous build (${what}); the list is in ${path}`);
}

/** Files 0644 and folders 0755: what a static host needs to serve them. */
const PUBLIC_UMASK = 0o022;

if (import.meta.main) {
  // Every path is the project's already (CONTENT_DIR and DIST_DIR resolve against it); Astro's own folders are
  // too only when it runs from there: started from elsewhere, its chunks could not find the project's packages.
  process.chdir(root);
  // The site is public: every file readable by the web server's user, whatever the caller's umask (under 077 the
  // pages were 0600, and `rsync -a` carried that to the server: 403 for every page). Private files (the caches)
  // are made with their own modes.
  process.umask(PUBLIC_UMASK);
  const cli = defineCommand({
    usage: 'usage: npm run build [-- --quiet]   (settings: .env or the environment, see README)',
    options: { quiet: { type: 'boolean' } },
  });
  const { values } = cli.parse();
  console.log(contentLine('build', contentDirFromEnv(process.env, root)));
  buildSite(undefined, createProgress({ quiet: values.quiet ?? false }))
    .then(() => {
      // For the benchmark harness: peak memory of this build process.
      if (process.env.SHINGLE_BUILD_STATS)
        console.log(`BUILD_STATS ${JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}`);
    })
    .catch((e: unknown) => {
      // Content errors name file, line, record and field; anything else prints its message, not a stack
      // (SHINGLE_DEBUG=1 shows it).
      if (e instanceof ContentError || !process.env.SHINGLE_DEBUG) console.error(e instanceof Error ? e.message : e);
      else console.error(e);
      process.exit(1);
    });
}
