export { AdminAccounts } from './accounts.js';
export type { AdminClientOptions, AdminRequestListParams } from './admin-client.js';
export { AdminClient } from './admin-client.js';
export type { CreateKeyParams } from './keys.js';
export { AdminKeys } from './keys.js';
