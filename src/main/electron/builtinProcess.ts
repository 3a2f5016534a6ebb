// Runs a built-in server in an Electron utility process: a Node child of the app that needs no run-as-node.
import { utilityProcess } from 'electron';
import type { ForkBuiltin } from '../servers/transport/builtin';

/** Forks `script` as a utility process with piped output; messages go through its parent port. */
export const forkUtilityProcess: ForkBuiltin = (script, options, events) => {
  const child = utilityProcess.fork(script, options.args, {
    env: options.env,
    cwd: options.cwd,
    stdio: 'pipe',
    serviceName: 'Switchboard built-in server',
  });
  child.once('spawn', () => {
    if (child.pid) events.spawned(child.pid);
    else events.failed(new Error('it started without a process id'));
  });
  child.on('message', (data: unknown) => events.message(data));
  child.on('error', (type, location) => events.failed(new Error(`${type} at ${location}`)));
  child.once('exit', (code) => events.exited(code));
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    post: (text) => child.postMessage(text),
  };
};
