// The Run dialog: arguments (form or JSON editor), the call to the host, and its result.
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { showsView } from '../../../../shared/apps';
import type { Json, ToolView } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { SchemaForm } from '../../components/SchemaForm';
import {
  type FieldErrors,
  type FormValues,
  initialValues,
  isFlatSchema,
  validateValues,
  valuesToArguments,
} from '../../components/schemaFields';
import { Message, useT } from '../../i18n';
import { useServer } from '../../store';
import { createArgsValidator } from '../consent/argsValidation';
import { RunStatus } from './RunStatus';
import { argumentsToJson, argumentsToValues, initialJson, parseArguments } from './runArguments';
import { argumentsSkeleton } from './schemaSkeleton';
import { toolDisplayName } from './toolList';
import { useToolRun } from './useToolRun';
import './tools.css';

/** Props of `RunToolDialog`; mount it to open it. */
export type RunToolDialogProps = { server: string; tool: ToolView; canRun: boolean; onClose: () => void };

/** Asks for a tool's arguments, calls it through the host and shows what came back. */
export function RunToolDialog({ server, tool, canRun, onClose }: RunToolDialogProps): ReactNode {
  const t = useT();
  const formId = useId();
  const schema = tool.inputSchema;
  const [flat] = useState(() => isFlatSchema(schema));
  const [useForm, setUseForm] = useState(flat);
  const [values, setValues] = useState<FormValues>(() => initialValues(schema));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [jsonText, setJsonText] = useState(() => initialJson(schema));
  /** The editor's text as of its last change, which a Run right after a paste must see (a render may not have come). */
  const latestJson = useRef(jsonText);
  const editJson = (text: string): void => {
    latestJson.current = text;
    setJsonText(text);
  };
  const validateJson = useMemo(() => createArgsValidator(schema), [schema]);
  const jsonCheck = useMemo(() => validateJson(jsonText), [validateJson, jsonText]);
  const [argsProblem, setArgsProblem] = useState<string>();
  const view = useServer(server);
  const { state, run, cancel } = useToolRun(server, tool.name, !showsView(view, tool));
  const pending = state.kind === 'running';
  const formRef = useRef<HTMLFormElement>(null);

  const readArguments = (): Record<string, Json> | undefined => {
    if (useForm) {
      const errors = validateValues(schema, values);
      setFieldErrors(errors);
      const first = Object.keys(errors)[0];
      if (first !== undefined) {
        setArgsProblem(t('tools.run.fieldsNeedAttention'));
        const input = formRef.current?.elements.namedItem(first);
        if (input instanceof HTMLElement) input.focus();
        return undefined;
      }
      return valuesToArguments(schema, values);
    }
    const text = latestJson.current;
    const parsed = parseArguments(text);
    if (!parsed.ok) {
      setArgsProblem(parsed.error);
      return undefined;
    }
    if (!validateJson(text).ok) {
      // The list under the editor shows the same text's problems once it renders.
      setJsonText(text);
      setArgsProblem(t('tools.run.fixProblemsFirst'));
      return undefined;
    }
    return parsed.args;
  };

  const toggleJson = (): void => {
    setArgsProblem(undefined);
    if (useForm) {
      editJson(argumentsToJson({ ...argumentsSkeleton(schema), ...valuesToArguments(schema, values) }));
      setUseForm(false);
      return;
    }
    const parsed = parseArguments(latestJson.current);
    if (!parsed.ok) {
      setArgsProblem(parsed.error);
      return;
    }
    setValues(argumentsToValues(schema, parsed.args));
    setFieldErrors({});
    setUseForm(true);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (pending || !canRun) return;
    setArgsProblem(undefined);
    const args = readArguments();
    if (!args) return;
    await run(args);
  };

  const footer = (
    <>
      <button type="button" onClick={onClose}>
        {t('tools.run.close')}
      </button>
      {pending ? (
        <button type="button" onClick={() => void cancel()} disabled={state.cancelling}>
          {state.cancelling ? t('tools.run.cancelling') : t('tools.run.cancel')}
        </button>
      ) : null}
      <button type="submit" form={formId} className="primary" disabled={pending || !canRun}>
        {t('tools.run.run')}
      </button>
    </>
  );

  return (
    <Dialog title={toolDisplayName(tool)} onClose={onClose} footer={footer} wide>
      <div className="run-tool">
        <p className="run-tool-meta">
          <Message
            id="tools.run.toolOn"
            values={{
              tool: tool.name,
              server,
              code: (chunks: ReactNode) => <code>{chunks}</code>,
              strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
            }}
          />
        </p>
        {tool.description && <p className="run-tool-description">{tool.description}</p>}
        {flat && (
          <div className="run-tool-mode">
            <button type="button" className="small" aria-pressed={!useForm} onClick={toggleJson}>
              {t('tools.run.editAsJson')}
            </button>
          </div>
        )}
        <form id={formId} ref={formRef} className="run-tool-form" noValidate onSubmit={submit}>
          {useForm ? (
            <SchemaForm
              schema={schema}
              values={values}
              errors={fieldErrors}
              onChange={(next) => {
                setValues(next);
                if (Object.keys(fieldErrors).length > 0) setFieldErrors(validateValues(schema, next));
              }}
            />
          ) : (
            <div className="run-tool-json">
              {!flat && <p className="run-tool-hint">{t('tools.run.structured')}</p>}
              <JsonEditor
                value={jsonText}
                onChange={editJson}
                schema={schema}
                height={220}
                ariaLabel={t('tools.run.argumentsLabel')}
              />
              {jsonCheck.ok ? (
                jsonCheck.note && <p className="run-tool-hint">{jsonCheck.note}</p>
              ) : (
                <ul className="run-tool-problems" aria-label={t('tools.run.problemsLabel')}>
                  {jsonCheck.errors.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </form>
        {!canRun && <p className="run-tool-note">{t('tools.run.startServer')}</p>}
        {argsProblem && (
          <p className="run-tool-error" role="alert">
            {argsProblem}
          </p>
        )}
        <RunStatus state={state} server={server} tool={tool} />
      </div>
    </Dialog>
  );
}
