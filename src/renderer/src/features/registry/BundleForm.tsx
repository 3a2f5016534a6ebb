// An opened .mcpb bundle: who made it, whether it is signed, its user_config values, and Add for approval.
import { useState } from 'react';
import type { BundleView } from '../../../../shared/bundles';
import type { BringInResult } from '../../../../shared/registry';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { BringInForm } from './BringInForm';
import { FieldInput } from './FieldInput';
import { ServerNameInput } from './ServerNameInput';

type Translate = ReturnType<typeof useT>;

const SIGNATURE_TEXT = {
  signed: (t: Translate, publisher?: string) =>
    publisher ? t('registry.bundle.signedBy', { publisher }) : t('registry.bundle.signedUnknown'),
  'self-signed': (t: Translate, publisher?: string) =>
    publisher ? t('registry.bundle.selfSignedBy', { publisher }) : t('registry.bundle.selfSignedMaker'),
  unsigned: (t: Translate) => t('registry.bundle.unsigned'),
  invalid: (t: Translate) => t('registry.bundle.invalid'),
} as const;

export function BundleForm({ bundle, onDone }: { bundle: BundleView; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState(bundle.suggestedName);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(bundle.fields.map((field) => [field.key, field.default ?? ''])),
  );
  const [result, setResult] = useState<BringInResult | null>(null);
  const { run, pending, error } = useCommand();

  const install = async () => {
    const outcome = await run((host) =>
      host.invoke('bundles.install', { id: bundle.id, serverName: name.trim(), values }),
    );
    if (outcome.ok) setResult(outcome.value);
  };

  return (
    <section
      aria-label={t('registry.bundle.label', { name: bundle.displayName ?? bundle.name })}
      className="bundle-form"
    >
      <h3>
        {bundle.displayName ?? bundle.name} <span className="muted">{bundle.version}</span>
      </h3>
      <p className="selectable">{bundle.description}</p>
      <p className="muted">
        {t('registry.bundle.meta', { author: bundle.author, type: bundle.serverType, source: bundle.source })}
      </p>
      <p className={bundle.signature.status === 'signed' ? 'bundle-signature' : 'bundle-signature warning'}>
        {SIGNATURE_TEXT[bundle.signature.status](t, bundle.signature.publisher)}
      </p>
      <BringInForm
        result={result}
        onDone={onDone}
        onSubmit={() => void install()}
        error={error}
        submit={t('registry.addForApproval')}
        submitDisabled={pending || !name.trim()}
      >
        <ServerNameInput value={name} onChange={setName} />
        {bundle.fields.map((field) => (
          <FieldInput
            key={field.key}
            field={{
              key: field.key,
              label: field.title,
              description: field.description,
              required: field.required,
              secret: field.sensitive,
            }}
            value={values[field.key] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
          />
        ))}
      </BringInForm>
    </section>
  );
}
