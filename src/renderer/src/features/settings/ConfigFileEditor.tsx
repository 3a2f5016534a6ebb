// The Edit config file dialog: the whole config.json text, saved only if the host accepts it.
import { useState } from 'react';
import { z } from 'zod';
import { configShapeSchema } from '../../../../shared/configSchema';
import type { ConfigProblem } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { actions, useConfig } from '../../store';
import { problemLocation } from './ConfigProblem';

const configJsonSchema: object = z.toJSONSchema(configShapeSchema, { io: 'input' });
const EMPTY_CONFIG = '{\n  "mcpServers": {}\n}\n';

/** Saves through `config.save`; the host's verdict is shown in place. */
export function ConfigFileEditor({ onClose }: { onClose: () => void }) {
  const config = useConfig();
  const [text, setText] = useState(() => (config?.text ? config.text : EMPTY_CONFIG));
  const [problem, setProblem] = useState<ConfigProblem | null>(config?.problem ?? null);
  const { run, pending, error } = useCommand();

  const save = async () => {
    setProblem(null);
    const outcome = await run((host) => host.invoke('config.save', { text }));
    if (!outcome.ok) return;
    actions.configChanged(outcome.value);
    if (outcome.value.problem) setProblem(outcome.value.problem);
    else onClose();
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
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        schema={configJsonSchema}
        height="55vh"
        ariaLabel="Config file JSON"
      />
      {problem ? (
        <p className="inline-error" role="alert">
          {problem.message}
          {where ? ` (${where})` : ''}
        </p>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          The file was not saved: {error}
        </p>
      ) : null}
    </Dialog>
  );
}
