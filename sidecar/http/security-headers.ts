import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with the two changes this service needs: Cross-Origin-Resource-Policy: cross-origin (the
 * data is public and meant to be fetched from other origins), and a Content-Security-Policy the
 * static Astro pages can live with (inline styles and small inline scripts, review photos from
 * other hosts). upgrade-insecure-requests is dropped so http://localhost keeps working.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
  }) as unknown as RequestHandler;
}

/**
 * The headers a middleware sets on every response, captured once by running it against a
 * recording response. The fast path for data documents sends these without running helmet.
 */
export function captureHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let synchronous = false;
  middleware({ method: 'GET', url: '/', headers: {} } as never, recorder as never, () => (synchronous = true));
  if (!synchronous) throw new Error('captureHeaders: middleware did not complete synchronously');
  return [...headers.values()];
}
