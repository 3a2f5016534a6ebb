// Settings → Sampling: per running server, ask every time or allow without asking this session up to a token budget.
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import type { SamplingPolicy } from '../../../../shared/requests';
import { useHost } from '../../api';
import { isComposing } from '../../components/composing';
import { describeError } from '../../components/format';
import { useT } from '../../i18n';
import { useEpoch, useRequestCount, useRequestsSettledCount, useRunningServers } from '../../store';
import { budgetProblem, DEFAULT_BUDGET, policyFor } from './samplingPolicy';
import '../settings/settings-models.css';
import './requests.css';
import './requestsExtra.css';

type Save = (server: string, mode: SamplingPolicy['mode'], tokenBudget: number) => Promise<string | null>;

function PolicyRow({ policy, onSave }: { policy: SamplingPolicy; onSave: Save }): ReactNode {
  const t = useT();
  const ids = useId();
  const part = (name: string) => `${ids}-${name}`;
  const { server } = policy;
  const [budget, setBudget] = useState(String(policy.tokenBudget || DEFAULT_BUDGET));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = budgetProblem(budget);

  useEffect(() => setBudget(String(policy.tokenBudget || DEFAULT_BUDGET)), [policy.tokenBudget]);

  const save = async (mode: SamplingPolicy['mode'], tokenBudget: number) => {
    setSaving(true);
    setError(await onSave(server, mode, tokenBudget));
    setSaving(false);
  };
  const commitBudget = () => {
    if (problem || Number(budget) === policy.tokenBudget) return;
    void save(policy.mode, Number(budget));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isComposing(event)) return;
    if (event.key === 'Enter') commitBudget();
  };

  return (
    <li className="sampling-policy">
      <div className="request-field">
        <label htmlFor={part('mode')}>{t('requests.settings.samplingFor', { server })}</label>
        <select
          id={part('mode')}
          value={policy.mode}
          disabled={saving}
          onChange={(event) => {
            const mode = event.target.value === 'session' ? 'session' : 'ask';
            void save(mode, problem ? policy.tokenBudget || DEFAULT_BUDGET : Number(budget));
          }}
        >
          <option value="ask">{t('requests.settings.ask')}</option>
          <option value="session">{t('requests.settings.session')}</option>
        </select>
      </div>
      {policy.mode === 'session' ? (
        <div className="request-field">
          <label htmlFor={part('budget')}>{t('requests.settings.budgetFor', { server })}</label>
          <input
            id={part('budget')}
            type="number"
            min={0}
            max={10_000_000}
            step={1}
            value={budget}
            disabled={saving}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${part('used')} ${part('err')}` : part('used')}
            onChange={(event) => setBudget(event.target.value)}
            onBlur={commitBudget}
            onKeyDown={onKeyDown}
          />
          {problem ? (
            <p id={part('err')} className="request-field-error">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <p id={part('used')} className="muted request-hint sampling-used">
        {t('requests.settings.used', {
          mode: policy.mode,
          used: policy.tokensUsed,
          budgetUsed: policy.budgetUsed,
          budget: policy.tokenBudget,
        })}
      </p>
      {error ? (
        <p className="request-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The Sampling tab of Settings. */
export function SamplingSettings(): ReactNode {
  const t = useT();
  const host = useHost();
  const epoch = useEpoch();
  const waiting = useRequestCount();
  const settled = useRequestsSettledCount();
  const running = useRunningServers();
  const titleId = useId();
  const [policies, setPolicies] = useState<SamplingPolicy[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on reconnect and when requests come and go (tokens used change)
  useEffect(() => {
    let live = true;
    host.invoke('sampling.policies', {}).then(
      (list) => {
        if (!live) return;
        setPolicies(list);
        setLoadError(null);
      },
      (error: unknown) => live && setLoadError(describeError(error)),
    );
    return () => {
      live = false;
    };
  }, [host, epoch, waiting, settled]);

  const save = useCallback<Save>(
    async (server, mode, tokenBudget) => {
      try {
        setPolicies(await host.invoke('sampling.setPolicy', { server, mode, tokenBudget }));
        return null;
      } catch (error) {
        return t('requests.settings.notSaved', { server, error: describeError(error) });
      }
    },
    [host, t],
  );

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={titleId}>
        <header className="settings-panel-header">
          <h2 id={titleId}>{t('requests.settings.title')}</h2>
        </header>
        <p className="muted hint">{t('requests.settings.hint')}</p>
        {loadError ? (
          <p className="field-error" role="alert">
            {t('requests.settings.loadFailed', { error: loadError })}
          </p>
        ) : null}
        {running.length === 0 ? (
          <p className="settings-empty">{t('requests.settings.noServer')}</p>
        ) : policies === null && !loadError ? (
          <p className="muted">{t('requests.settings.loading')}</p>
        ) : (
          <ul className="sampling-policies">
            {running.map((view) => (
              <PolicyRow key={view.name} policy={policyFor(policies ?? [], view.name)} onSave={save} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
