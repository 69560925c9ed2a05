// Base64 and UTF-8 without Buffer, for code that also runs in browsers: HTTP Basic credentials
// (RFC 7617, UTF-8) and the `data` of merchant webhooks (M3). atob/btoa exist in Node >= 16 and
// in every browser; they work on "binary strings" (one char per byte), hence the conversions.

/** Base64 of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 of the UTF-8 bytes of `text`. */
export const utf8ToBase64 = (text: string): string => bytesToBase64(new TextEncoder().encode(text));

/**
 * The bytes of a canonical base64 string (padded, no whitespace, unused bits zero), else
 * undefined: decoding then encoding again must give the same string, so a string that only
 * decodes leniently (missing padding, stray characters) is refused.
 */
export function base64ToBytes(data: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytesToBase64(bytes) === data ? bytes : undefined;
}
