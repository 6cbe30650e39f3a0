/**
 * The spec's token shape (section 5): three dot-separated parts, the first two decoding to JSON
 * objects, the third of URL-safe characters; and a token only counts when longer than 5 characters.
 */
function decodePart(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return JSON.parse(decodeURIComponent(escape(atob(padded))));
}

export function isTokenShaped(token: string | null | undefined): token is string {
  if (!token || token.length <= 5) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(signature)) return false;
  try {
    const h = decodePart(header);
    const p = decodePart(payload);
    return !!h && typeof h === 'object' && !Array.isArray(h) && !!p && typeof p === 'object' && !Array.isArray(p);
  } catch {
    return false;
  }
}
