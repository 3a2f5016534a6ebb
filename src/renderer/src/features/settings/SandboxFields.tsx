// The server form's Sandbox fields: the switch, and where the server may connect.
import { type ReactNode, useId } from 'react';
import { defaultHosts } from '../../../../shared/sandboxNetwork';
import { useT } from '../../i18n';
import type { SandboxDraft } from './sandboxDraft';

/** Props of `SandboxFields`: the draft, and the command and arguments its default list is derived from. */
export type SandboxFieldsProps = {
  draft: SandboxDraft;
  command: string;
  args: string[];
  onChange: (draft: SandboxDraft) => void;
};

export function SandboxFields({ draft, command, args, onChange }: SandboxFieldsProps): ReactNode {
  const t = useT();
  const networkName = `${useId()}-network`;
  const set = (change: Partial<SandboxDraft>) => onChange({ ...draft, ...change });
  const defaults = defaultHosts({ command, args });
  const option = (value: SandboxDraft['network'], label: string) => (
    <label>
      <input
        type="radio"
        name={networkName}
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
      <legend>{t('serverEditor.sandbox.legend')}</legend>
      <label>
        <input type="checkbox" checked={draft.on} onChange={(event) => set({ on: event.target.checked })} />{' '}
        {t('serverEditor.sandbox.run')}
      </label>
      <p className="muted hint">
        {draft.on ? t('serverEditor.sandbox.onHint') : t('serverEditor.sandbox.offHint')}
      </p>
      <fieldset className="kind-field" disabled={!draft.on}>
        <legend>{t('serverEditor.sandbox.network')}</legend>
        {option(
          'default',
          t('serverEditor.sandbox.default', {
            hosts: defaults.length > 0 ? defaults.join(', ') : t('serverEditor.sandbox.noHosts'),
          }),
        )}
        {option('none', t('serverEditor.sandbox.none'))}
        {option('hosts', t('serverEditor.sandbox.onlyHosts'))}
        {draft.network === 'hosts' ? (
          <label className="field">
            <span>{t('serverEditor.sandbox.hosts')}</span>
            <textarea
              value={draft.hosts}
              rows={4}
              spellCheck={false}
              // i18n-ignore: example host names
              placeholder={'registry.npmjs.org\napi.example.com\n127.0.0.1:8080'}
              onChange={(event) => set({ hosts: event.target.value })}
            />
          </label>
        ) : null}
        {option('any', t('serverEditor.sandbox.anyHost'))}
      </fieldset>
    </fieldset>
  );
}
