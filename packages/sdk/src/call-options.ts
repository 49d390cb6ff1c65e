/** Options of a single call of any client (`LocScoreClient`, `FranchisorClient`, `AdminClient`, `SessionClient`). */
export interface CallOptions {
  /** Cancels the call (and any retry it would make); it then rejects with `AbortedError`. */
  signal?: AbortSignal | undefined;
}
