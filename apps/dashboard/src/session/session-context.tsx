import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SessionClients } from './clients.js';

/** What every page of a signed-in dashboard reads: the session, its clients, and a way to end it. */
export interface SessionState extends SessionClients {
  /** Signs out on the server and returns to the sign-in page. */
  signOut(): Promise<void>;
  /** Returns to the sign-in page after the server said the session is over (a 401). */
  sessionEnded(): void;
}

/** The signed-in session; provided by the app around every page but sign-in. */
export const SessionContext = createContext<SessionState | null>(null);

/**
 * The signed-in session of the page.
 *
 * @throws {Error} outside the signed-in part of the app (a programming error)
 */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (state === null) throw new Error('useSession() needs the signed-in app around it');
  return state;
}
