// Which addresses may be handed to the person's browser: plain https links of sane length, nothing else.

/** Longer addresses are refused: no real link needs more, and the confirmation must show all of it. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

export type ExternalLinkCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Checks an address before the person is asked to open it outside the app. Refused: anything but
 * `https:` (`file:`, `javascript:`, custom app protocols, `http:` …), a user name or password in the
 * address, spaces or control characters (which the URL parser would silently drop), and addresses
 * longer than `MAX_EXTERNAL_URL_LENGTH`. The accepted address is the parsed, normalised one.
 */
export function checkExternalLink(candidate: unknown): ExternalLinkCheck {
  if (typeof candidate !== 'string' || candidate.length === 0) return refuse('The link is empty.');
  if (candidate.length > MAX_EXTERNAL_URL_LENGTH) return refuse('The link is too long to show and check.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(candidate))
    return refuse('The link contains spaces or control characters.');
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return refuse('The link is not a valid address.');
  }
  if (url.protocol !== 'https:') return refuse('Only https links are opened outside Switchboard.');
  if (url.username || url.password) return refuse('The link carries a user name or password.');
  if (!url.hostname) return refuse('The link names no site.');
  if (url.href.length > MAX_EXTERNAL_URL_LENGTH) return refuse('The link is too long to show and check.');
  return { ok: true, url: url.href };
}

function refuse(reason: string): ExternalLinkCheck {
  return { ok: false, reason };
}
