/**
 * A token the client takes for a live session (or an expired one, for a negative `seconds`): the
 * client reads only its `exp`; the signature is the server's business, so a placeholder stands in.
 */
export function tokenExpiringIn(seconds = 3600): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: 'u', sid: 's', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}
