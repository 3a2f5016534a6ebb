// The Edit config file dialog: the whole config.json text, saved only if the host accepts it and the file did not change meanwhile.
import { useState } from 'react';
import { z } from 'zod';
import { configShapeSchema } from '../../../../shared/configSchema';
import type { ConfigProblem, ConfigView } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { actions, useConfig } from '../../store';
import { problemLocation } from './ConfigProblem';

const configJsonSchema: object = z.toJSONSchema(configShapeSchema, { io: 'input' });
const EMPTY_CONFIG = '{\n  "mcpServers": {}\n}\n';

const textOf = (config: ConfigView | null) => (config?.text ? config.text : EMPTY_CONFIG);

/** Saves through `config.save` with the version it was opened at; the host's verdict is shown in place. */
export function ConfigFileEditor({ onClose }: { onClose: () => void }) {
  const config = useConfig();
  const [text, setText] = useState(() => textOf(config));
  const [basedOn, setBasedOn] = useState(() => config?.version ?? '');
  const [problem, setProblem] = useState<ConfigProblem | null>(config?.problem ?? null);
  /** The person's text, kept aside when they reloaded the file over it. */
  const [putAside, setPutAside] = useState<string | null>(null);
  const { run, pending, error, errorCode, clearError } = useCommand();
  const changedOnDisk = errorCode === 'config_changed';

  const save = async () => {
    setProblem(null);
    const outcome = await run((host) => host.invoke('config.save', { text, version: basedOn }));
    if (!outcome.ok) return;
    actions.configChanged(outcome.value);
    if (outcome.value.problem) setProblem(outcome.value.problem);
    else onClose();
  };

  const reload = async () => {
    const mine = text;
    const outcome = await run((host) => host.invoke('config.reload', {}));
    if (!outcome.ok) return;
    actions.configChanged(outcome.value);
    setText(textOf(outcome.value));
    setBasedOn(outcome.value.version);
    setProblem(outcome.value.problem ?? null);
    setPutAside(mine);
  };

  const restoreMine = () => {
    if (putAside === null) return;
    setText(putAside);
    setPutAside(null);
    clearError();
  };

  const where = problem ? problemLocation(problem) : null;
  return (
    <Dialog
      title="Edit config file"
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" disabled={pending} onClick={() => void reload()}>
            Reload
          </button>
          <button type="button" className="primary" disabled={pending} onClick={() => void save()}>
            {pending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      {config ? (
        <p className="muted">
          <code className="selectable">{config.path}</code>
        </p>
      ) : null}
      <JsonEditor
        key={basedOn}
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        schema={configJsonSchema}
        height="55vh"
        ariaLabel="Config file JSON"
      />
      {putAside !== null ? (
        <p className="muted" role="status">
          The file as it is on disk now is shown.{' '}
          <button type="button" className="small" onClick={restoreMine}>
            Put my text back
          </button>{' '}
          (saving it then replaces the changes made outside).
        </p>
      ) : null}
      {problem ? (
        <p className="inline-error" role="alert">
          {problem.message}
          {where ? ` (${where})` : ''}
        </p>
      ) : null}
      {error ? (
        <div className="inline-error" role="alert">
          <p>The file was not saved: {error}</p>
          {changedOnDisk ? (
            <button type="button" className="small" disabled={pending} onClick={() => void reload()}>
              Reload the file from disk
            </button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
