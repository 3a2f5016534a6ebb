// Loads the extra editor grammars once; the preview waits for them so a model is never created before its language.
import { useEffect, useState } from 'react';

let loading: Promise<boolean> | null = null;
let loaded = false;

function load(): Promise<boolean> {
  loading ??= import('./editorLanguages').then(
    () => {
      loaded = true;
      return true;
    },
    (error: unknown) => {
      // i18n-ignore: a log line for developers
      console.error('Syntax colouring could not load; resource text shows as plain text.', error);
      loaded = true;
      return false;
    },
  );
  return loading;
}

/** True once the grammars are registered (or failed to load, in which case text shows uncoloured). */
export function useEditorLanguages(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void load().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
