// The store's public face: hooks, the stable actions object and connectStore. The store itself stays private.

export { type ChatDelta, type ChatEntry, type ChatOptions, NO_TOOLS_OFF } from './chatEntries';
export type { Section, SettingsTab } from './chatSlice';
export { connectStore } from './connectStore';
export { type ConsentDraft, decidedInDialog, waitingElsewhere } from './consentSlice';
export * from './hooks';
export { type Actions, actions } from './store';
export type { DialogState, TabId } from './uiSlice';
