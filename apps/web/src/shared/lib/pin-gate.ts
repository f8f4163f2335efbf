/**
 * The pin gate (spec §5: creating a team and managing children are for verified parents) is never
 * silent: its redirect to `/` names what the person came to do, `/home` explains it and offers the
 * verification screen, and that screen sends them on to what they came for once verified.
 */

/** What the person came to do when the gate stopped them. */
export type PinGate = 'team' | 'children';
export const PIN_GATE_PARAM = 'gate';
/** The verification screen's param: which gate sent the person there. */
export const VERIFY_PARAM = 'verify';

const PIN_GATES: readonly PinGate[] = ['team', 'children'];

function gateIn(search: string, param: string): PinGate | null {
  const value = new URLSearchParams(search).get(param);
  return PIN_GATES.find((gate) => gate === value) ?? null;
}

/** The gate a redirect to `/` carries in its search (`?gate=team`), or `null`. */
export function pinGateOf(search: string): PinGate | null {
  return gateIn(search, PIN_GATE_PARAM);
}

/** The gate the verification screen was opened for (`?verify=team`), or `null`. */
export function verifyGateOf(search: string): PinGate | null {
  return gateIn(search, VERIFY_PARAM);
}

/** The verification screen (회원 인증 under /my/userinfo), opened for a gate or on its own. */
export function verifyPathFor(gate: PinGate | null): string {
  return gate ? `/my/userinfo?${VERIFY_PARAM}=${gate}` : `/my/userinfo?${VERIFY_PARAM}=1`;
}

/** Where a person goes once verified: what the gate stopped them from doing. */
export function gateTarget(gate: PinGate): string {
  return gate === 'team' ? '/team/create' : '/my/children';
}

/** Whether the verification screen was opened to verify (any value of `?verify`). */
export function wantsVerify(search: string): boolean {
  return new URLSearchParams(search).has(VERIFY_PARAM);
}
