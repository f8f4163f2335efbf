// `npm run dev`: the server with reload on change (port 8080) and Vite's dev server (port 5173).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@hamkke/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@hamkke/web'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
