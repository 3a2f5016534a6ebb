// Whether a key press belongs to an input method's composition (Enter that picks a candidate must not send or submit).
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

export function isComposing(event: KeyboardEvent | ReactKeyboardEvent): boolean {
  const native = 'nativeEvent' in event ? event.nativeEvent : event;
  // Some browsers end the composition before the Enter's keydown; its keyCode is still 229 then.
  return native.isComposing || native.keyCode === 229;
}
