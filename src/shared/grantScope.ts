// How far a remembered permission reaches, shared by the consent and flow types.

/**
 * How far a remembered permission reaches: one tool always; one tool in one conversation; every tool
 * the server had when it was given, in one conversation; the tools a server marks read-only; the
 * tools only its views may call, for calls from its views; one tool, for calls from one open view; or
 * every tool of a server while it runs in the sandbox with no network.
 */
export type GrantScope =
  | 'always'
  | 'conversation'
  | 'server-conversation'
  | 'read-only'
  | 'app-only'
  | 'view'
  | 'sandboxed';
