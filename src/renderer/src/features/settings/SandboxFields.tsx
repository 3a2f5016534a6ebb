// The server form's Sandbox fields: the switch, and where the server may connect.
import { type ReactNode, useId } from 'react';
import { defaultHosts } from '../../../../shared/sandboxNetwork';
import type { SandboxDraft } from './sandboxDraft';

/** Props of `SandboxFields`: the draft, and the command and arguments its default list is derived from. */
export type SandboxFieldsProps = {
  draft: SandboxDraft;
  command: string;
  args: string[];
  onChange: (draft: SandboxDraft) => void;
};

export function SandboxFields({ draft, command, args, onChange }: SandboxFieldsProps): ReactNode {
  const ids = useId();
  const set = (change: Partial<SandboxDraft>) => onChange({ ...draft, ...change });
  const defaults = defaultHosts({ command, args });
  const option = (value: SandboxDraft['network'], label: string) => (
    <label>
      <input
        type="radio"
        name={`${ids}-network`}
        checked={draft.network === value}
        disabled={!draft.on}
        onChange={() =>
          set({
            network: value,
            ...(value === 'hosts' && !draft.hosts ? { hosts: defaults.join('\n') } : {}),
          })
        }
      />{' '}
      {label}
    </label>
  );
  return (
    <fieldset className="kind-field sandbox-field">
      <legend>Sandbox</legend>
      <label>
        <input type="checkbox" checked={draft.on} onChange={(event) => set({ on: event.target.checked })} />{' '}
        Run in the sandbox
      </label>
      <p className="muted hint">
        {draft.on
          ? 'It sees only the folders you share with it, the program it runs and a home of its own.'
          : 'Off: it runs as you, and sees and changes everything you can.'}
      </p>
      <fieldset className="kind-field" disabled={!draft.on}>
        <legend>Network</legend>
        {option(
          'default',
          `Default: ${defaults.length > 0 ? defaults.join(', ') : 'no hosts'} (what it installs from and the addresses its arguments name)`,
        )}
        {option('none', 'None')}
        {option('hosts', 'Only these hosts')}
        {draft.network === 'hosts' ? (
          <label className="field">
            <span>Hosts</span>
            <textarea
              value={draft.hosts}
              rows={4}
              spellCheck={false}
              placeholder={'registry.npmjs.org\napi.example.com\n127.0.0.1:8080'}
              onChange={(event) => set({ hosts: event.target.value })}
            />
          </label>
        ) : null}
        {option('any', 'Any host')}
      </fieldset>
    </fieldset>
  );
}
