import { readPersistedSession, type PersistedSession } from '../stores/persisted-session.ts';
import { isLoggedIn, useSessionStore } from '../stores/session-store.ts';

/**
 * Sessions across the tabs of one browser (decision 023). The session stays in each tab's
 * sessionStorage (spec §3); a tab that opens without one asks the others over a BroadcastChannel
 * (same origin only, nothing kept) and takes the session a signed-in tab answers with, so a link
 * opened in a new tab does not ask for a login again. Closing every tab still ends the session: no
 * tab is left to answer. Tabs holding the same session also share its extensions and its end by
 * logout or withdrawal.
 */

const CHANNEL_NAME = 'hamkke.session';
/** How long a tab without a session waits for another tab's answer before it counts as alone. */
export const ASK_TIMEOUT_MS = 250;

type EndReason = 'logged_out' | 'withdrawn';

type ChannelMessage =
  | { type: 'ask'; from: string }
  | { type: 'session'; to: string; session: PersistedSession }
  | { type: 'extended'; userId: string; token: string; expires: number }
  | { type: 'ended'; userId: string; reason: EndReason };

const tabId = Math.random().toString(36).slice(2, 12);
let channel: BroadcastChannel | null = null;
let asking: Promise<boolean> | null = null;
let askSettled = true;

function post(message: ChannelMessage): void {
  try {
    channel?.postMessage(message);
  } catch (error) {
    console.warn('[session] could not reach the other tabs', error);
  }
}

/** This tab's session as another tab may take it: signed in and not yet expired. */
function liveSession(): PersistedSession | null {
  const { userInfo, tokens, kakaoToken, pinUser } = useSessionStore.getState();
  if (!isLoggedIn({ userInfo, tokens }) || !tokens || tokens.access.expires <= Date.now()) return null;
  return { userInfo, tokens, kakaoToken, pinUser };
}

/**
 * Opens the channel once, at the app's start. `onEnded` ends this tab's session when another tab
 * holding the same one logs out or withdraws.
 */
export function startSessionChannel(onEnded: (reason: EndReason) => void): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  let answered: ((taken: boolean) => void) | null = null;

  channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
    const message = event.data;
    const state = useSessionStore.getState();
    switch (message.type) {
      case 'ask': {
        const session = liveSession();
        if (session) post({ type: 'session', to: message.from, session });
        return;
      }
      case 'session': {
        if (message.to !== tabId || isLoggedIn(state)) return;
        const session = readPersistedSession({ ...message.session });
        if (!session?.tokens || session.tokens.access.expires <= Date.now()) return;
        useSessionStore.setState(session);
        answered?.(true);
        return;
      }
      case 'extended': {
        const tokens = state.tokens;
        if (state.userInfo?.userId !== message.userId || tokens?.access.token !== message.token) return;
        if (message.expires > tokens.access.expires) state.extendAccess(message.expires);
        return;
      }
      case 'ended': {
        if (state.userInfo?.userId === message.userId) onEnded(message.reason);
        return;
      }
    }
  };

  // Extensions this tab gets from the server (or from another tab) are told to the others; a tab
  // that already has that expiry ignores it, so nothing goes round.
  useSessionStore.subscribe((state, previous) => {
    const expires = state.tokens?.access.expires;
    if (
      expires === undefined ||
      !state.userInfo ||
      !previous.tokens ||
      previous.tokens.access.token !== state.tokens?.access.token ||
      expires <= previous.tokens.access.expires
    ) {
      return;
    }
    post({ type: 'extended', userId: state.userInfo.userId, token: state.tokens.access.token, expires });
  });

  if (isLoggedIn(useSessionStore.getState())) return;
  askSettled = false;
  asking = new Promise<boolean>((resolve) => {
    const timer = window.setTimeout(() => finish(false), ASK_TIMEOUT_MS);
    function finish(taken: boolean) {
      window.clearTimeout(timer);
      answered = null;
      askSettled = true;
      resolve(taken);
    }
    answered = finish;
  });
  post({ type: 'ask', from: tabId });
}

/** Whether this tab is still waiting for another tab's session (then the login page waits too). */
export function askingOtherTabs(): boolean {
  return !askSettled;
}

/** True once a session came from another tab; false when none answered in time (or no channel). */
export function sessionFromOtherTabs(): Promise<boolean> {
  return asking ?? Promise.resolve(false);
}

/** A logout or withdrawal in this tab ends the same session in every other tab. */
export function announceSessionEnd(userId: string, reason: EndReason): void {
  post({ type: 'ended', userId, reason });
}
