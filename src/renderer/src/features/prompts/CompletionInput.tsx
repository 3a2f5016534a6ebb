// A text field that asks the server for suggestions as the person types: an ARIA combobox over a listbox.
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { CompletionResult } from '../../../../shared/resources';
import { isComposing } from '../../components/composing';
import { describeError } from '../../components/format';
import { translate, useT } from '../../i18n';
import { moreText } from './contentText';
import { createLatest, type Latest } from './latest';
import './prompts.css';

export const COMPLETION_DELAY_MS = 150;

export type CompletionInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Asks the server for suggestions; absent when the server cannot complete. */
  complete?: (value: string) => Promise<CompletionResult>;
  required?: boolean;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
};

/** With `complete`, a combobox whose suggestions come debounced and latest-wins; without, a plain text box. */
export function CompletionInput(props: CompletionInputProps): ReactNode {
  const { id, value, onChange, complete, required, describedBy, invalid, autoFocus } = props;
  const t = useT();
  const listId = useId();
  const [result, setResult] = useState<CompletionResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const focused = useRef(false);
  const completeRef = useRef(complete);
  completeRef.current = complete;
  const runner = useRef<Latest<string> | null>(null);

  if (runner.current === null) {
    runner.current = createLatest<string, CompletionResult>({
      delayMs: COMPLETION_DELAY_MS,
      run: (text) => completeRef.current?.(text) ?? Promise.resolve({ values: [] }),
      onResult: (next) => {
        setProblem(null);
        setResult({ ...next, values: [...new Set(next.values)] });
        setActive(-1);
        setOpen(focused.current && next.values.length > 0);
      },
      onError: (error) => {
        setResult(null);
        setOpen(false);
        setProblem(translate('prompts.completion.failed', { error: describeError(error) }));
      },
    });
  }

  useEffect(() => () => runner.current?.cancel(), []);

  const values = result?.values ?? [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const ask = (text: string, now = false) => {
    if (!completeRef.current) return;
    runner.current?.request(text);
    if (now) runner.current?.flush();
  };

  const pick = (index: number) => {
    const chosen = values[index];
    if (chosen === undefined) return;
    runner.current?.cancel();
    onChange(chosen);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!complete || isComposing(event)) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        if (values.length > 0) setOpen(true);
        else ask(value, true);
        return;
      }
      const count = values.length;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
      );
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const more = result && open ? moreText(result) : null;
  const shared = {
    id,
    type: 'text',
    className: 'completion-input',
    value,
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    autoComplete: 'off',
    spellCheck: false,
    autoFocus,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onChange(event.target.value);
      ask(event.target.value);
    },
  } as const;
  if (!complete) return <input {...shared} />;
  return (
    <div className="completion">
      <input
        {...shared}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          setOpen(false);
        }}
      />
      <div className="completion-popup" hidden={!open}>
        <div
          className="completion-list"
          role="listbox"
          id={listId}
          aria-label={t('prompts.completion.label')}
        >
          {open
            ? values.map((option, index) => (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
                <div
                  key={option}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'completion-option active' : 'completion-option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(index)}
                >
                  {option}
                </div>
              ))
            : null}
        </div>
        {more ? <p className="completion-more">{more}</p> : null}
      </div>
      {problem ? <p className="completion-problem">{problem}</p> : null}
    </div>
  );
}
