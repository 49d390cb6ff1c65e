/**
 * Seconds to wait before each webhook delivery attempt (docs/api.md): at once,
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts over about 28 hours
 * (the Standard Webhooks/Svix schedule). `LOCSCORE_WEBHOOK_RETRY_SCHEDULE`
 * replaces it (`SETTINGS.webhookRetrySchedule`).
 */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];
