// The Edit config file dialog: the whole config.json text, saved only if the host accepts it and the file did not change meanwhile.
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { configShapeSchema } from '../../../../shared/configSchema';
import type { ConfigProblem, ConfigView } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useConfig } from '../../store';
import { problemLocation } from './ConfigProblem';
import { problemMessage } from './schemaProblems';

const configJsonSchema: object = z.toJSONSchema(configShapeSchema, { io: 'input' });
const EMPTY_CONFIG = '{\n  "mcpServers": {}\n}\n';

const textOf = (config: ConfigView | null) => (config?.text ? config.text : EMPTY_CONFIG);

/** The file's problem, else the problem of its first entry with an error. */
const firstProblem = (config: ConfigView | null): ConfigProblem | null =>
  config?.problem ?? config?.entryProblems?.[0]?.problem ?? null;

/** Where the editor opens: at `at`, else at the file's problem, else at its first entry with an error. */
function startOf(config: ConfigView | null, at?: { line: number; column?: number }) {
  const problem = firstProblem(config);
  if (at) return at;
  return problem?.line ? { line: problem.line, column: problem.column } : undefined;
}

/** Saves through `config.save` with the version it was opened at; the host's verdict is shown in place. */
export function ConfigFileEditor({
  onClose,
  at,
}: {
  onClose: () => void;
  /** Where the cursor starts, e.g. the line of an entry's error. */
  at?: { line: number; column?: number };
}) {
  const config = useConfig();
  const [start] = useState(() => startOf(config, at));
  const [text, setText] = useState(() => textOf(config));
  const [basedOn, setBasedOn] = useState(() => config?.version ?? '');
  const [problem, setProblem] = useState<ConfigProblem | null>(() => firstProblem(config));
  /** The person's text, kept aside when they reloaded the file over it. */
  const [putAside, setPutAside] = useState<string | null>(null);
  const { run, pending, error, errorCode, clearError } = useCommand();
  const changedOnDisk = errorCode === 'config_changed';
  const t = useT();

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
    setProblem(firstProblem(outcome.value));
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
      title={t('serverEditor.config.title')}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('serverEditor.cancel')}
          </button>
          <button type="button" disabled={pending} onClick={() => void reload()}>
            {t('serverEditor.config.reload')}
          </button>
          <button type="button" className="primary" disabled={pending} onClick={() => void save()}>
            {pending ? t('serverEditor.saving') : t('serverEditor.save')}
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
        at={start}
        ariaLabel={t('serverEditor.config.ariaLabel')}
      />
      {putAside !== null ? (
        <p className="muted" role="status">
          <Message
            id="serverEditor.config.putAside"
            values={{
              button: (chunks: ReactNode[]) => (
                <button type="button" className="small" onClick={restoreMine}>
                  {chunks}
                </button>
              ),
            }}
          />
        </p>
      ) : null}
      {problem ? (
        <p className="inline-error" role="alert">
          {where
            ? t('serverEditor.config.problem', { message: problemMessage(problem), where })
            : problemMessage(problem)}
        </p>
      ) : null}
      {error ? (
        <div className="inline-error" role="alert">
          <p>{t('serverEditor.config.notSaved', { error })}</p>
          {changedOnDisk ? (
            <button type="button" className="small" disabled={pending} onClick={() => void reload()}>
              {t('serverEditor.config.reloadFromDisk')}
            </button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
