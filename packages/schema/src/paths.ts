/**
 * Paths of the API, the admin API and the dashboard, one source for the
 * server's routes, the SDK and the OpenAPI document. A path with a
 * parameter is written here without it; append `/<id>` (URL-encoded).
 */

/** `POST`: score an address; `GET /{requestId}`: status of an asynchronous request. */
export const SCORE_PATH = '/api/franchisor/score';
/** `GET`: the calling key's usage in the current quota period. */
export const USAGE_PATH = '/api/franchisor/usage';
/** `GET ?month=YYYY-MM`: the calling key's usage report (`UsageReport`) for a month. */
export const USAGE_REPORT_PATH = '/api/franchisor/usage-report';
/** `GET`: the calling key's requests, newest first; `GET /{requestId}`: one with its deliveries; `POST /{requestId}/redeliver`. */
export const FRANCHISOR_REQUESTS_PATH = '/api/franchisor/requests';
/** `GET ?lat=&lng=&radius=&category=`: roads, stations and competitors near a point, as GeoJSON. */
export const MAP_PATH = '/api/franchisor/map';

/** `POST`: add a unit; `GET`: the account's units, a page at a time; `GET|PATCH|DELETE /{id}`. */
export const UNITS_PATH = '/api/franchisor/units';
/** `POST`: add many units in one request, each row created or refused on its own (`UnitImportResult`). */
export const UNITS_IMPORT_PATH = `${UNITS_PATH}/import`;
/** `POST`: check a proposed territory (costs one evaluation). */
export const TERRITORY_CHECK_PATH = '/api/franchisor/territories/check';

/** Prefix of every admin route; each answers 404 when the server has no admin token. */
export const ADMIN_PATH = '/api/admin';
/** `POST`: create an account; `GET`: list accounts. */
export const ADMIN_ACCOUNTS_PATH = `${ADMIN_PATH}/accounts`;
/** `POST`: create a key; `GET`: list keys; `PATCH|DELETE /{prefix}`; `POST /{prefix}/rotate-secret`. */
export const ADMIN_KEYS_PATH = `${ADMIN_PATH}/keys`;
/** `GET ?month=YYYY-MM`: usage of every key in a month. */
export const ADMIN_USAGE_PATH = `${ADMIN_PATH}/usage`;
/** `GET`: every key's requests; `GET /{requestId}`; `POST /{requestId}/redeliver`. */
export const ADMIN_REQUESTS_PATH = `${ADMIN_PATH}/requests`;

/** Where the server serves the dashboard (single-page app). */
export const DASHBOARD_PATH = '/dashboard';
/** `POST`: sign in (sets the session cookie); `GET`: the session; `DELETE`: sign out. */
export const DASHBOARD_SESSION_PATH = `${DASHBOARD_PATH}/session`;
/** Name of the dashboard's session cookie (`HttpOnly; SameSite=Strict; Path=/`, `Secure` behind https). */
export const SESSION_COOKIE = 'locscore_session';
