/**
 * The request id of the last API call that failed with an answer (issue 28 item 3): the error
 * screen's small print shows it, so a support call can find that request's log lines.
 */
/** The window event the error boundary sends a screen's failure with (detail: the error). */
export const BOUNDARY_ERROR_EVENT = 'hamkke:boundary-error';

let lastRequestId: string | null = null;

export function rememberFailedCall(requestId: string | undefined): void {
  if (requestId) lastRequestId = requestId;
}

export function lastFailedRequestId(): string | null {
  return lastRequestId;
}
