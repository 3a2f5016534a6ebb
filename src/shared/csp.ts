// The one Content-Security-Policy for the renderer, in Electron and in browser mode.

/**
 * The renderer's policy. `frameSources` are the only pages it may frame: the app view sandbox's
 * origin and nothing else; without them it frames nothing.
 */
export function contentSecurityPolicy(frameSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-src ${frameSources.length > 0 ? frameSources.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}
