// An opened .mcpb bundle: who made it, whether it is signed, its user_config values, and Add for approval.
import { useState } from 'react';
import type { BundleView } from '../../../../shared/bundles';
import type { BringInResult } from '../../../../shared/registry';
import { useCommand } from '../../components/useCommand';
import { BringInForm } from './BringInForm';
import { FieldInput } from './FieldInput';
import { ServerNameInput } from './ServerNameInput';

const SIGNATURE_TEXT = {
  signed: (publisher?: string) => `Signed by ${publisher ?? 'an unknown publisher'}.`,
  'self-signed': (publisher?: string) =>
    `Signed by ${publisher ?? 'its maker'} with a certificate nobody else vouches for.`,
  unsigned: () =>
    'Unsigned: nothing says who made this bundle. Install it only if you trust where you got it.',
  invalid: () =>
    'It carries a signature that does not check out: the file may have been changed after signing. Do not install it unless you know why.',
} as const;

export function BundleForm({ bundle, onDone }: { bundle: BundleView; onDone: () => void }) {
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
    <section aria-label={`Bundle ${bundle.displayName ?? bundle.name}`} className="bundle-form">
      <h3>
        {bundle.displayName ?? bundle.name} <span className="muted">{bundle.version}</span>
      </h3>
      <p className="selectable">{bundle.description}</p>
      <p className="muted">
        By {bundle.author} · {bundle.serverType} server · from {bundle.source}
      </p>
      <p className={bundle.signature.status === 'signed' ? 'bundle-signature' : 'bundle-signature warning'}>
        {SIGNATURE_TEXT[bundle.signature.status](bundle.signature.publisher)}
      </p>
      <BringInForm
        result={result}
        onDone={onDone}
        onSubmit={() => void install()}
        error={error}
        submit="Add for approval"
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
