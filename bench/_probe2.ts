import { bareClient, benchEntry } from './lib/setup';

const bare = await bareClient(benchEntry());
const args = { text: 'hello from the benchmark' };
const t = performance.now();
for (let i = 0; i < 4000; i++) await bare.callTool({ name: 'echo', arguments: args });
console.log('bare per call', ((performance.now() - t) / 4000).toFixed(3));
await bare.close();
