#!/usr/bin/env node
// Entry point for `qarx`: runs the TypeScript CLI through tsx, so there is no separate build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/qarx.ts');
process.exitCode = await main(process.argv.slice(2));
