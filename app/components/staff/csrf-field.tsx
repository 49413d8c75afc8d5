/** The session's CSRF token, sent with every staff form (checked by assertStaffWrite). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
