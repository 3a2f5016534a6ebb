// The sandbox library as one module of its own: the host loads it, and the worker for any network loads a second copy of it.
export { SandboxManager } from '@anthropic-ai/sandbox-runtime';
