// Installing one option of a registry entry: the values it asks for, what it will run, and Add for approval.
import { useEffect, useState } from 'react';
import type { BundleView } from '../../../../shared/bundles';
import type {
  BringInResult,
  InstallChoice,
  InstallPreview,
  RegistryServerView,
} from '../../../../shared/registry';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { BringInForm } from './BringInForm';
import { BundleForm } from './BundleForm';
import { entryLine } from './commandLine';
import { FieldInput } from './FieldInput';
import { ServerNameInput } from './ServerNameInput';

export type InstallFormProps = {
  server: RegistryServerView;
  choice: InstallChoice;
  onBack: () => void;
  onDone: () => void;
};

export function InstallForm({ server, choice, onBack, onDone }: InstallFormProps) {
  const t = useT();
  const [prepared, setPrepared] = useState<{ preview: InstallPreview } | { bundle: BundleView } | null>(null);
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<BringInResult | null>(null);
  const preparing = useCommand();
  const installing = useCommand();

  // biome-ignore lint/correctness/useExhaustiveDependencies: prepared once per entry and option.
  useEffect(() => {
    void preparing
      .run((host) => host.invoke('registry.prepare', { name: server.name, version: server.version, choice }))
      .then((outcome) => {
        if (!outcome.ok) return;
        if (outcome.value.kind === 'bundle') return setPrepared({ bundle: outcome.value.bundle });
        const preview = outcome.value.preview;
        setName(preview.suggestedName);
        setValues(Object.fromEntries(preview.fields.map((field) => [field.key, field.default ?? ''])));
        setPrepared({ preview });
      });
  }, [server.name, server.version, choice.kind, choice.index]);

  const install = async () => {
    const outcome = await installing.run((host) =>
      host.invoke('registry.install', {
        name: server.name,
        version: server.version,
        choice,
        serverName: name.trim(),
        values,
      }),
    );
    if (outcome.ok) setResult(outcome.value);
  };

  const title = server.title ?? server.name;
  return (
    <section aria-label={t('registry.install.label', { title })} className="install-form">
      <button type="button" className="small" onClick={onBack}>
        {t('registry.install.back')}
      </button>
      <h3>
        <Message
          id="registry.install.heading"
          values={{
            title,
            version: server.version,
            muted: (chunks) => <span className="muted">{chunks}</span>,
          }}
        />
      </h3>
      {preparing.pending ? <p className="muted">{t('registry.install.preparing')}</p> : null}
      {preparing.error ? (
        <p className="inline-error" role="alert">
          {preparing.error}
        </p>
      ) : null}
      {prepared && 'bundle' in prepared ? <BundleForm bundle={prepared.bundle} onDone={onDone} /> : null}
      {prepared && 'preview' in prepared ? (
        <BringInForm
          result={result}
          onDone={onDone}
          onSubmit={() => void install()}
          error={installing.error}
          submit={t('registry.addForApproval')}
          submitDisabled={installing.pending || !name.trim()}
        >
          {prepared.preview.entry ? (
            <div className="form-row">
              <span>{t('registry.install.willRun')}</span>
              <code className="selectable install-command">{entryLine(prepared.preview.entry)}</code>
            </div>
          ) : null}
          {prepared.preview.notes.map((note) => (
            <p key={note} className="warning" role="note">
              {note}
            </p>
          ))}
          <ServerNameInput value={name} onChange={setName} />
          {prepared.preview.fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
        </BringInForm>
      ) : null}
    </section>
  );
}
