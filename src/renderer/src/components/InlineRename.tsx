// A name edited in place: Enter or leaving the field saves, Escape cancels, errors stay beside it.
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { HostClient } from '../api';
import { useT } from '../i18n';
import { isComposing } from './composing';
import { useCommand } from './useCommand';

export type InlineRenameProps = {
  value: string;
  /** The field's accessible name. */
  label: string;
  className: string;
  /** Asks the host to rename; throwing shows the error and keeps the field open. */
  rename: (host: HostClient, next: string) => Promise<unknown>;
  onDone: () => void;
  /** Shown under the field, e.g. which keys do what. */
  hint?: ReactNode;
  /** Put before the host's error, in the page's language, e.g. `Could not rename the folder:`. */
  errorPrefix?: string;
};

export function InlineRename(props: InlineRenameProps): ReactNode {
  const { value, label, className, rename, onDone, hint, errorPrefix } = props;
  const t = useT();
  const [text, setText] = useState(value);
  const { run, pending, error } = useCommand();
  const finished = useRef(false);

  const finish = () => {
    finished.current = true;
    onDone();
  };

  const save = async () => {
    const next = text.trim();
    if (finished.current || pending) return;
    if (next === '' || next === value) {
      finish();
      return;
    }
    const outcome = await run((host) => rename(host, next));
    if (outcome.ok) finish();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isComposing(event)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    }
  };

  return (
    <div className={className}>
      <input
        type="text"
        aria-label={label}
        value={text}
        maxLength={200}
        disabled={pending}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
      />
      {hint}
      {error ? (
        <p className="inline-error" role="alert">
          {errorPrefix ? t('common.rename.failed', { prefix: errorPrefix, error }) : error}
        </p>
      ) : null}
    </div>
  );
}
