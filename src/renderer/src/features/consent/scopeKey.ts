// How a grant's scope is named as a `select` key in the consent messages (ICU keys hold no hyphens).
import type { GrantScope } from '../../../../shared/grantScope';

export const SCOPE_KEY: Record<GrantScope, string> = {
  always: 'always',
  conversation: 'conversation',
  'server-conversation': 'serverConversation',
  'read-only': 'readOnly',
  'app-only': 'appOnly',
  view: 'view',
  sandboxed: 'sandboxed',
};
