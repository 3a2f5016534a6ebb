// How far a remembered permission reaches, shared by the consent and flow types.

/**
 * How far a remembered permission reaches: one tool always; one tool in one conversation; every tool
 * the server had when it was given, in one conversation; or the tools a server marks read-only.
 */
export type GrantScope = 'always' | 'conversation' | 'server-conversation' | 'read-only';
