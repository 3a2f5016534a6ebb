// Where each `${env:…}` and `${input:…}` of a server's entry is filled from, by whose entry it is.

/**
 * Whose entry an approval covers: the person's own (written in the app, at the first run, or in a file named
 * with --config), or one that came from elsewhere and was approved in the dialog.
 */
export type ApprovedFrom = 'own' | 'outside';

/** A reference as `referencesIn` finds it. */
export type Reference = { kind: 'input' | 'env'; name: string };

/**
 * Where a reference's value comes from: Switchboard's own environment, or a value kept for this one server
 * (asked of the person when there is none yet). An entry that came from elsewhere never reads Switchboard's
 * environment: its `${env:NAME}` is a value the person is asked for, with the variable's name as the hint.
 */
export type FillSource = { from: 'environment'; name: string } | { from: 'server-value'; id: string };

/** The id under which a value asked for in place of the environment variable `name` is kept for a server. */
export function envValueId(name: string): string {
  return `env:${name}`;
}

/** The environment variable an id of `envValueId` stands for, else undefined. */
export function envNameOf(id: string): string | undefined {
  return id.startsWith('env:') ? id.slice(4) : undefined;
}

/** Where `reference` of an entry approved `from` is filled from (see `FillSource`). */
export function fillSource(reference: Reference, from: ApprovedFrom): FillSource {
  if (reference.kind === 'input') return { from: 'server-value', id: reference.name };
  return from === 'own'
    ? { from: 'environment', name: reference.name }
    : { from: 'server-value', id: envValueId(reference.name) };
}

/** What filling needs: Switchboard's environment, and the values kept for one server (asked for when missing). */
export type FillDeps = {
  environment: (name: string) => string | undefined;
  serverValue: (id: string) => Promise<string>;
};

/** The sources `fillEnv` and `fillVariables` read for a server whose approval is `from` (unknown: from elsewhere). */
export function referenceSources(
  from: ApprovedFrom | undefined,
  deps: FillDeps,
): {
  env: (name: string) => Promise<string | undefined>;
  input: (id: string) => Promise<string | undefined>;
} {
  const fill = async (reference: Reference) => {
    const source = fillSource(reference, from ?? 'outside');
    return source.from === 'environment' ? deps.environment(source.name) : deps.serverValue(source.id);
  };
  return {
    env: (name) => fill({ kind: 'env', name }),
    input: (id) => fill({ kind: 'input', name: id }),
  };
}
