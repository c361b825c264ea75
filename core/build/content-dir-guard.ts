/**
 * How a build names its content folder in the manifest: relative to the project, with `/`, so two builds
 * of the same folder are byte-identical wherever the project lies (`content`, `mine`, `../roofs`).
 */
export function projectContentDir(relativePath: string): string {
  return relativePath.split('\\').join('/') || '.';
}

/**
 * Why `npm start` must neither serve nor rebuild the dist/ it found, or null when it may: a build of another
 * content folder whose content differs from the folder in effect. Serving it would show another business
 * (the sample, typically); rebuilding would silently replace the owner's build with the sample's. A build of
 * another folder with the same bytes (a copy) is the same site and is served. (With BUILD_ON_START=never
 * the operator builds, and the sidecar only logs the reason.)
 */
export function foreignBuildReason(input: {
  /** The manifest's contentDir (undefined for a build made before it was recorded). */
  builtFrom: string | undefined;
  /** The content folder in effect (CONTENT_DIR, from the environment or .env), as projectContentDir gives it. */
  contentDir: string;
  /** True when the build's inputs hash equals that of the folder in effect. */
  sameContent: boolean;
  distDir: string;
}): string | null {
  const { builtFrom, contentDir, distDir } = input;
  if (builtFrom === undefined || builtFrom === contentDir || input.sameContent) return null;
  return (
    `${distDir}/ was built from the content folder ${builtFrom}/, but CONTENT_DIR is ${contentDir}/: ` +
    'npm start neither serves nor rebuilds over a build of another business. ' +
    `Set CONTENT_DIR=${builtFrom} in .env (npm run init writes it) to serve that build, ` +
    `or run "npm run build" to replace it with a build of ${contentDir}/.`
  );
}
