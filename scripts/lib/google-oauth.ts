import { PullError } from './pull-error.ts';
import { parseJsonBody, providerMessage, requestWithRetry, type PullHttpDeps, type RetrySettings } from './pull-http.ts';

/** Refresh this long before the token's stated expiry, so a page is never requested with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/** The steps `npm run import -- google --auth-help` prints. */
export const GOOGLE_AUTH_HELP = `Connect Shingle to your Google Business Profile once (details: docs/import.md, "Connect once"):

1. In the Google Cloud console (https://console.cloud.google.com), create a project, enable the
   "Google My Business API" (Business Profile API access must be approved for the project), and create an
   OAuth client ID of type "Desktop app". Copy its client ID and client secret.
2. Get a refresh token for the Google account that owns or manages the business profile, with the scope
   https://www.googleapis.com/auth/business.manage — e.g. in the OAuth 2.0 Playground
   (https://developers.google.com/oauthplayground): gear icon → "Use your own OAuth credentials", authorize
   that scope, then "Exchange authorization code for tokens". Publish the consent screen to "In production":
   refresh tokens of apps left in "Testing" expire after 7 days.
3. Put the three values in .env (never in content/ or the repository):
     GOOGLE_CLIENT_ID=…
     GOOGLE_CLIENT_SECRET=…
     GOOGLE_REFRESH_TOKEN=…
4. Name your locations in content/business.json, "pull": {"google": {"locations": ["accounts/…/locations/…"]}},
   or pass --location accounts/…/locations/… . Then: npm run import -- google`;

/** Reads the three values from the environment; a PullError naming the missing ones otherwise. */
export function googleCredentialsFromEnv(env: NodeJS.ProcessEnv): GoogleCredentials {
  const missing = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN'].filter((k) => !env[k]);
  if (missing.length > 0)
    throw new PullError(
      'config',
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (environment or .env): run npm run import -- google --auth-help`,
    );
  return { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET!, refreshToken: env.GOOGLE_REFRESH_TOKEN! };
}

export interface AccessTokenSource {
  /** A current access token, refreshed when it expired (or was invalidated). */
  get(): Promise<string>;
  /** The API answered 401: the next get() refreshes. */
  invalidate(): void;
}

/**
 * Google's OAuth 2.0 refresh-token grant (POST tokenUrl, grant_type=refresh_token): access tokens are
 * kept in memory only, refreshed when expired or when the API answers 401. invalid_grant (revoked or
 * expired refresh token) and invalid_client end the pull with what to do.
 */
export function createGoogleTokenSource(creds: GoogleCredentials, tokenUrl: string, settings: RetrySettings, deps: PullHttpDeps): AccessTokenSource {
  let token: { value: string; expiresAt: number } | null = null;
  const refresh = async () => {
    const body = new URLSearchParams({
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      refresh_token: creds.refreshToken,
      grant_type: 'refresh_token',
    }).toString();
    const what = 'Google OAuth token refresh';
    const res = await requestWithRetry(
      { url: tokenUrl, what, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      settings,
      deps,
    );
    if (res.status !== 200) {
      const code = (() => {
        try {
          return String((JSON.parse(res.text) as { error?: unknown }).error ?? '');
        } catch {
          return '';
        }
      })();
      if (code === 'invalid_grant')
        throw new PullError(
          'auth',
          `${what}: Google refused GOOGLE_REFRESH_TOKEN (invalid_grant: expired or revoked — access removed, unused for 6 months, or an app in "Testing"). Create a new refresh token: npm run import -- google --auth-help`,
        );
      if (code === 'invalid_client' || code === 'unauthorized_client')
        throw new PullError(
          'auth',
          `${what}: Google refused GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET (${code}): check both values (npm run import -- google --auth-help)`,
        );
      throw new PullError('http', `${what}: HTTP ${res.status}${providerMessage(res.text) ? ` (${providerMessage(res.text)})` : ''}`);
    }
    const json = parseJsonBody(res, what) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== 'string' || json.access_token === '')
      throw new PullError('malformed', `${what}: the answer has no access_token`);
    const lifetimeMs = (typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600) * 1000;
    token = { value: json.access_token, expiresAt: deps.now() + lifetimeMs - EXPIRY_MARGIN_MS };
    return token.value;
  };
  return {
    async get() {
      if (token && deps.now() < token.expiresAt) return token.value;
      return refresh();
    },
    invalidate() {
      token = null;
    },
  };
}
