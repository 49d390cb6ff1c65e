/** Paths of the dashboard's pages, under the server's `/dashboard` base. */
export const ROUTES = {
  overview: '/',
  keys: '/keys',
  requests: '/requests',
  request: (requestId: string) => `/requests/${encodeURIComponent(requestId)}`,
  score: '/score',
  units: '/units',
  opportunities: '/opportunities',
} as const;
