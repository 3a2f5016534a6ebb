// The store's public face: hooks, the stable actions object and connectStore. The store itself stays private.
export { connectStore } from './connectStore';
export * from './hooks';
export { type Actions, actions } from './store';
export type { DialogState, TabId } from './uiSlice';
