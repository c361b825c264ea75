import { z } from 'zod';

const EncodedFileSchema = z.object({ file: z.string(), etag: z.string(), bytes: z.int().min(0), sha256: z.string() }).strict();

export const ManifestDocumentSchema = z
  .object({
    path: z.string().meta({ description: 'URL path, e.g. /reviews.json' }),
    kind: z.enum(['reviews', 'insights', 'json-feed', 'atom', 'openapi', 'since', 'widget', 'widget-script']),
    contentType: z.string(),
    /** Last-Modified value (IMF-fixdate) derived from the data, or null. */
    lastModified: z.string().nullable(),
    identity: EncodedFileSchema,
    gzip: EncodedFileSchema,
    br: EncodedFileSchema,
  })
  .strict();
export type ManifestDocument = z.infer<typeof ManifestDocumentSchema>;

/**
 * dist/build-manifest.json: written last by every build. The sidecar loads a build only through it,
 * and checks each file's hash, so it never serves half of one build and half of another.
 */
export const BuildManifestSchema = z
  .object({
    version: z.literal(1),
    baseUrl: z.string(),
    /** Hash of the build inputs (content, code, settings): equal hashes mean dist/ is up to date. */
    inputsHash: z.string(),
    /**
     * The content folder the build read, relative to the project (`content`, `mine`, `../roofs`): `npm start`
     * refuses to serve or rebuild over a build of another folder. Absent in builds made before it was recorded.
     */
    contentDir: z.string().optional(),
    reviewCount: z.int().min(0),
    heldBack: z.int().min(0),
    updated: z.string().nullable(),
    sinceWindow: z.object({ from: z.string(), to: z.string() }).strict().nullable(),
    documents: z.array(ManifestDocumentSchema),
  })
  .strict();
export type BuildManifest = z.infer<typeof BuildManifestSchema>;

export const BUILD_MANIFEST_FILE = 'build-manifest.json';
