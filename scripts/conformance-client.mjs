// Entry for the MCP conformance runner: `node scripts/conformance-client.mjs <server-url>` (build first).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../out/main/conformance.js', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('The conformance client is not built yet: run `npm run build` first.\n');
  process.exit(1);
}
await import(built);
